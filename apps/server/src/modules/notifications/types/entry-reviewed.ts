import { paths } from '@contesthub/shared';
import { entryReviewed } from '../../entries/entries.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/** entry_reviewed: the participant learns their entry was approved, or rejected and why. */
export const entryReviewedNotification = defineNotification({
  type: 'entry_reviewed',
  event: entryReviewed,
  mail: true,
  refs: (p) => ({ contests: [p.contestId], entries: [p.entryId] }),
  drafts(p, look) {
    const [contest, entry] = [look.contest(p.contestId), look.entry(p.entryId)];
    if (!contest || !entry) return [];
    const named = `Your entry ${quoted(entry.title)} in ${quoted(contest.title)}`;
    const key = `entry_reviewed:${p.entryId}:${p.decision}`;
    if (p.decision === 'approved') {
      return [
        {
          userId: p.participantId,
          title: 'Entry approved',
          message: `${named} was approved and is now public.`,
          priority: 'medium',
          actionUrl: paths.contestEntry(p.contestId, p.entryId),
          actionText: 'View entry',
          metadata: { Contest: contest.title, Status: 'Approved' },
          key,
        },
      ];
    }
    return [
      {
        userId: p.participantId,
        title: 'Entry rejected',
        message: p.reason ? `${named} was rejected. Reason: ${p.reason}` : `${named} was rejected.`,
        priority: 'high',
        actionUrl: paths.dashboard.entries(),
        actionText: 'View my entries',
        metadata: { Contest: contest.title, Status: 'Rejected', ...(p.reason ? { Reason: p.reason } : {}) },
        key,
      },
    ];
  },
});
