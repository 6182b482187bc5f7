import { formatNaira, paths } from '@contesthub/shared';
import { paymentFailed } from '../../payments/payments.events.js';
import { defineNotification } from '../notification-type.js';

const WHAT = { deposit: 'deposit', credits: 'vote credit purchase', subscription: 'subscription payment' } as const;

/** payment_failed: a card payment was declined, or paid with another amount and so not applied. */
export const paymentFailedNotification = defineNotification({
  type: 'payment_failed',
  event: paymentFailed,
  mail: true,
  drafts(p) {
    const amount = formatNaira(p.amountKobo);
    const what = WHAT[p.purpose];
    const retry =
      p.purpose === 'deposit'
        ? { actionUrl: paths.dashboard.wallet({ tab: 'naira' }), actionText: 'Try again' }
        : p.purpose === 'credits'
          ? { actionUrl: paths.dashboard.voteCredits(), actionText: 'Try again' }
          : { actionUrl: paths.dashboard.subscription(), actionText: 'Try again' };
    const message =
      p.outcome === 'mismatched'
        ? `Your ${what} of ${amount} was paid with a different amount or currency, so it was not applied. Contact support with the reference to get it refunded.`
        : `Your ${what} of ${amount} did not go through${p.reason ? ` (${p.reason})` : ''}. Nothing was added; you can try again with another card.`;
    return [
      {
        userId: p.userId,
        title: 'Payment failed',
        message,
        priority: 'high',
        ...(p.outcome === 'mismatched'
          ? { actionUrl: paths.contact({ category: 'Payment Problems', subject: `Payment ${p.reference}` }), actionText: 'Contact support' }
          : retry),
        metadata: { Amount: amount, Reference: p.reference },
        key: `payment_failed:${p.reference}`,
      },
    ];
  },
});
