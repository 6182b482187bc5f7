import { formatNaira, paths } from '@contesthub/shared';
import { withdrawalSettled } from '../../wallet/wallet.events.js';
import { defineNotification } from '../notification-type.js';

/** withdrawal_completed: a withdrawal was paid out to the bank account. */
export const withdrawalCompletedNotification = defineNotification({
  type: 'withdrawal_completed',
  event: withdrawalSettled,
  mail: true,
  drafts(p) {
    if (p.status !== 'success') return [];
    const amount = formatNaira(p.amountKobo);
    return [
      {
        userId: p.userId,
        title: 'Withdrawal completed',
        message: `${amount} was paid out to your bank account.`,
        priority: 'medium',
        actionUrl: paths.dashboard.wallet({ tab: 'transactions' }),
        actionText: 'View transactions',
        metadata: { Amount: amount, Reference: p.reference },
        key: `withdrawal_completed:${p.withdrawalId}`,
      },
    ];
  },
});
