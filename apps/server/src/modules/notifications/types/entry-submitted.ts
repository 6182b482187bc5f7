import { paths } from '@contesthub/shared';
import { entrySubmitted } from '../../entries/entries.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/** entry_submitted: the organizer of a review contest learns that an entry waits for their review. */
export const entrySubmittedNotification = defineNotification({
  type: 'entry_submitted',
  event: entrySubmitted,
  mail: false,
  refs: (p) => ({ contests: [p.contestId], entries: [p.entryId], users: [p.participantId] }),
  drafts(p, look) {
    // An open contest approves at once: nothing for the organizer to do.
    if (p.status !== 'pending') return [];
    const [contest, entry] = [look.contest(p.contestId), look.entry(p.entryId)];
    if (!contest || !entry) return [];
    const who = look.userName(p.participantId) ?? 'A participant';
    return [
      {
        userId: p.organizerId,
        title: 'New entry to review',
        message: `${who} submitted ${quoted(entry.title)} to ${quoted(contest.title)}. It is waiting for your review.`,
        priority: 'medium',
        actionUrl: paths.dashboard.contestReview(p.contestId),
        actionText: 'Review entries',
        metadata: { Contest: contest.title, Entry: entry.title },
        key: `entry_submitted:${p.entryId}`,
      },
    ];
  },
});
