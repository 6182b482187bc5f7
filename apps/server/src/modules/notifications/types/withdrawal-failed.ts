import { formatNaira, paths } from '@contesthub/shared';
import { withdrawalSettled } from '../../wallet/wallet.events.js';
import { defineNotification } from '../notification-type.js';

/** withdrawal_failed: a withdrawal failed or the bank reversed it; its amount and fee are back in the wallet. */
export const withdrawalFailedNotification = defineNotification({
  type: 'withdrawal_failed',
  event: withdrawalSettled,
  mail: true,
  drafts(p) {
    if (p.status === 'success') return [];
    const amount = formatNaira(p.amountKobo);
    const what = p.status === 'reversed' ? 'was reversed by the bank' : 'could not be paid out';
    return [
      {
        userId: p.userId,
        title: 'Withdrawal failed',
        message: `Your withdrawal of ${amount} ${what}. The amount and its fee are back in your wallet.`,
        priority: 'high',
        actionUrl: paths.dashboard.wallet({ tab: 'transactions' }),
        actionText: 'View transactions',
        metadata: { Amount: amount, Reference: p.reference },
        key: `withdrawal_failed:${p.withdrawalId}:${p.status}`,
      },
    ];
  },
});
