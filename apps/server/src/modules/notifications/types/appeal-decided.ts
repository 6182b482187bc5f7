import { paths } from '@contesthub/shared';
import { appealDecided } from '../../standing/standing.events.js';
import { defineNotification } from '../notification-type.js';

/** appeal_decided: staff approved or rejected the person's appeal of a strike, with their note. */
export const appealDecidedNotification = defineNotification({
  type: 'appeal_decided',
  event: appealDecided,
  mail: false,
  drafts(p) {
    const approved = p.decision === 'approved';
    return [
      {
        userId: p.userId,
        title: approved ? 'Appeal approved' : 'Appeal rejected',
        message: approved
          ? `Your appeal was approved${p.kind === 'ban' ? ' and the ban on your account has been lifted' : ''}. ${p.note}`
          : `Your appeal was reviewed and the strike stands. ${p.note}`,
        priority: 'high',
        actionUrl: paths.dashboard.settings(),
        actionText: 'View account standing',
        metadata: { Decision: approved ? 'Approved' : 'Rejected' },
        key: `appeal_decided:${p.appealId}`,
      },
    ];
  },
});
