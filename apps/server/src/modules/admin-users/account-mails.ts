/** The mails of a ban and an unban (spec 002 §2.1: the user is notified by e-mail with the reason). */
import { APPEAL_WINDOW_DAYS, PRODUCT_NAME, SUPPORT_EMAIL, formatDateTime, paths } from '@contesthub/shared';
import type { Mail } from '../../lib/mailer.js';

const signature = ['', `The ${PRODUCT_NAME} team`].join('\n');

export function bannedMail(to: string, fullName: string, reason: string, at: Date, appealUrl: string | undefined, publicUrl: string): Mail {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} account has been banned`,
    text: [
      `Hello ${fullName},`,
      '',
      `Your ${PRODUCT_NAME} account was banned on ${formatDateTime(at)} (WAT) for this reason:`,
      '',
      `  ${reason}`,
      '',
      'You have been signed out everywhere and cannot sign in while the ban lasts.',
      appealUrl
        ? `You may appeal this decision once, within ${APPEAL_WINDOW_DAYS} days, at this link (it works without signing in): ${appealUrl}`
        : `You may appeal this decision once, within ${APPEAL_WINDOW_DAYS} days, by writing to ${SUPPORT_EMAIL} or through ${publicUrl}${paths.contact({ subject: 'Ban appeal' })}.`,
      'A staff member other than the one who banned you will review it, and you will be told the outcome.',
      signature,
    ].join('\n'),
  };
}

export function unbannedMail(to: string, fullName: string, publicUrl: string): Mail {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} account has been restored`,
    text: [
      `Hello ${fullName},`,
      '',
      `The ban on your ${PRODUCT_NAME} account has been lifted. You can sign in again at ${publicUrl}${paths.login()}.`,
      signature,
    ].join('\n'),
  };
}
