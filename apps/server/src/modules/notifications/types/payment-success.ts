import { formatNaira, paths } from '@contesthub/shared';
import { paymentSettled } from '../../payments/payments.events.js';
import { defineNotification } from '../notification-type.js';

/** payment_success: a card deposit or subscription payment went through (credit purchases: vote-credit-purchased.ts). */
export const paymentSuccessNotification = defineNotification({
  type: 'payment_success',
  event: paymentSettled,
  mail: false,
  drafts(p) {
    if (p.purpose === 'credits') return [];
    const amount = formatNaira(p.amountKobo);
    const deposit = p.purpose === 'deposit';
    return [
      {
        userId: p.userId,
        title: 'Payment successful',
        message: deposit ? `Your deposit of ${amount} was added to your wallet.` : `Your subscription payment of ${amount} went through.`,
        priority: 'medium',
        actionUrl: deposit ? paths.dashboard.wallet({ tab: 'naira' }) : paths.dashboard.subscription(),
        actionText: deposit ? 'View wallet' : 'View subscription',
        metadata: { Amount: amount, Reference: p.reference },
        key: `payment_success:${p.reference}`,
      },
    ];
  },
});
