/** The mails of the delivery channels: one notification (transactional) and the daily digest (a list one can leave). */
import { PRODUCT_NAME, paths } from '@contesthub/shared';
import type { Mail } from '../../lib/mailer.js';

const signature = ['', `The ${PRODUCT_NAME} team`].join('\n');
const settingsLine = (publicUrl: string) =>
  `Choose which emails you get under Profile > Preferences: ${publicUrl}${paths.dashboard.profile({ tab: 'preferences' })}`;

/** A notification of an important type (contest won, entry reviewed, a withdrawal's result, a failed payment). */
export function notificationMail(
  to: { email: string; fullName: string },
  n: { title: string; message: string; actionUrl: string | null; actionText: string | null },
  publicUrl: string,
): Mail {
  return {
    to: to.email,
    subject: `${n.title} - ${PRODUCT_NAME}`,
    text: [
      `Hello ${to.fullName},`,
      '',
      n.message,
      ...(n.actionUrl ? ['', `${n.actionText ?? 'Open'}: ${publicUrl}${n.actionUrl}`] : []),
      '',
      settingsLine(publicUrl),
      signature,
    ].join('\n'),
  };
}

/**
 * The daily digest. Non-transactional: it carries RFC 8058 one-click unsubscribe headers (an https
 * POST to `unsubscribeUrl` and a mailto: fallback), and the same link in its text.
 */
export function digestMail(
  to: { email: string; fullName: string },
  unread: { rows: Array<{ title: string; message: string; actionUrl: string | null }>; total: number },
  links: { publicUrl: string; unsubscribeUrl: string; unsubscribeMailto: string },
): Mail {
  const more = unread.total - unread.rows.length;
  return {
    to: to.email,
    subject: `You have ${unread.total} unread notification${unread.total === 1 ? '' : 's'} on ${PRODUCT_NAME}`,
    text: [
      `Hello ${to.fullName},`,
      '',
      `Here is what happened while you were away (${unread.total} unread):`,
      '',
      ...unread.rows.flatMap((r) => [`* ${r.title}`, `  ${r.message}`, ...(r.actionUrl ? [`  ${links.publicUrl}${r.actionUrl}`] : []), '']),
      ...(more > 0 ? [`and ${more} more.`, ''] : []),
      `See them all: ${links.publicUrl}${paths.dashboard.notifications()}`,
      '',
      `You get this daily digest because you turned it on. Stop it with one click: ${links.unsubscribeUrl}`,
      settingsLine(links.publicUrl),
      signature,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>, <${links.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
