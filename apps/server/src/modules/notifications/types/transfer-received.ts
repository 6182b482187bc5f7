import { paths, voteCreditsText } from '@contesthub/shared';
import { transferCompleted } from '../../transfers/transfers.events.js';
import { defineNotification } from '../notification-type.js';

/** transfer_received: the recipient of a vote-credit transfer learns who sent how many. */
export const transferReceivedNotification = defineNotification({
  type: 'transfer_received',
  event: transferCompleted,
  mail: false,
  refs: (p) => ({ users: [p.fromUserId] }),
  drafts(p, look) {
    const sender = look.userName(p.fromUserId) ?? 'A member';
    return [
      {
        userId: p.toUserId,
        title: 'Vote credits received',
        message: `${sender} sent you ${voteCreditsText(p.credits)}.`,
        priority: 'medium',
        actionUrl: paths.dashboard.voteCreditTransfer(),
        actionText: 'View transfers',
        metadata: { From: sender, Credits: String(p.credits) },
        key: `transfer_received:${p.reference}`,
      },
    ];
  },
});
