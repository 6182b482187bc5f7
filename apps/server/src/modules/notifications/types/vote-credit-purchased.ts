import { formatNaira, paths } from '@contesthub/shared';
import { paymentSettled } from '../../payments/payments.events.js';
import { defineNotification } from '../notification-type.js';

/** vote_credit_purchased: a card payment for vote credits went through and the credits were added. */
export const voteCreditPurchasedNotification = defineNotification({
  type: 'vote_credit_purchased',
  event: paymentSettled,
  mail: false,
  drafts(p) {
    if (p.purpose !== 'credits') return [];
    const amount = formatNaira(p.amountKobo);
    return [
      {
        userId: p.userId,
        title: 'Vote credits purchased',
        message: `Your payment of ${amount} went through and the vote credits were added to your balance.`,
        priority: 'medium',
        actionUrl: paths.dashboard.wallet({ tab: 'credits' }),
        actionText: 'View credits',
        metadata: { Amount: amount, Reference: p.reference },
        key: `vote_credit_purchased:${p.reference}`,
      },
    ];
  },
});
