import { PRODUCT_NAME, SUPPORT_EMAIL, formatDateTime } from '@contesthub/shared';
import type { Mail } from '../../lib/mailer.js';

export const BANK_ACCOUNT_CHANGED_SUBJECT = 'Your payout bank account was changed';

/**
 * Sent when a user replaces the payout account their withdrawals go to: someone who took over the
 * account would change it first, so the owner hears of it at once.
 */
export function bankAccountChangedMail(to: string, fullName: string, account: { bankName: string; accountLast4: string }, at: Date): Mail {
  return {
    to,
    subject: BANK_ACCOUNT_CHANGED_SUBJECT,
    text: [
      `Hello ${fullName},`,
      '',
      `The bank account your ${PRODUCT_NAME} withdrawals are paid to was changed on ${formatDateTime(at)} (WAT). Withdrawals now go to:`,
      '',
      `  Bank:    ${account.bankName}`,
      `  Account: ending in ${account.accountLast4}`,
      '',
      `If this was not you, change your password now and contact support at ${SUPPORT_EMAIL}.`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}
