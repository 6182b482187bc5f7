import { formatNaira, paths } from '@contesthub/shared';
import { paymentFailed } from '../../payments/payments.events.js';
import { defineNotification } from '../notification-type.js';

const WHAT = { deposit: 'wallet deposit', credits: 'vote credit purchase', subscription: 'subscription payment' } as const;

/** payment_failed: a card payment was declined (once per payment); nothing was taken, another card may be tried. */
export const paymentFailedNotification = defineNotification({
  type: 'payment_failed',
  event: paymentFailed,
  mail: true,
  drafts(p) {
    const amount = formatNaira(p.amountKobo);
    const reason = p.reason && p.reason !== 'Declined' ? ` (${p.reason})` : '';
    const link =
      p.purpose === 'subscription'
        ? { actionUrl: paths.dashboard.subscription(), actionText: 'View subscription' }
        : p.purpose === 'credits'
          ? { actionUrl: paths.dashboard.voteCredits(), actionText: 'Buy vote credits' }
          : { actionUrl: paths.dashboard.wallet({ tab: 'naira' }), actionText: 'View wallet' };
    return [
      {
        userId: p.userId,
        title: 'Payment failed',
        message: `Your card was declined for your ${WHAT[p.purpose]} of ${amount}${reason}. You were not charged; you can try again with another card.`,
        priority: 'high',
        ...link,
        metadata: { Amount: amount, Reference: p.reference },
        key: `payment_failed:${p.paymentId}`,
      },
    ];
  },
});
