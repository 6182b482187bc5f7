import { countOf, paths } from '@contesthub/shared';
import { voteCast } from '../../votes/votes.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/** One row per entry per hour: later votes within the hour add to it ("12 new votes on …"). */
export const VOTE_GROUP_WINDOW_MS = 60 * 60 * 1000;

/** vote_received: the entry's owner learns of votes on it, grouped by the hour. */
export const voteReceivedNotification = defineNotification({
  type: 'vote_received',
  event: voteCast,
  mail: false,
  refs: (p) => ({ contests: [p.contestId], entries: [p.entryId] }),
  drafts(p, look) {
    const [contest, entry] = [look.contest(p.contestId), look.entry(p.entryId)];
    if (!contest || !entry || entry.participantId === p.voterId) return [];
    return [
      {
        userId: entry.participantId,
        title: 'New votes',
        message: '',
        priority: 'low',
        actionUrl: paths.contestEntry(p.contestId, p.entryId),
        actionText: 'View entry',
        metadata: { Contest: contest.title, Entry: entry.title },
        key: `vote_received:${p.entryId}`,
        count: p.amount,
      },
    ];
  },
  group: {
    windowMs: VOTE_GROUP_WINDOW_MS,
    text: (d, count) => ({
      title: count === 1 ? 'New vote' : 'New votes',
      message: `${countOf(count, 'new vote')} on ${quoted(d.metadata.Entry ?? '')}`,
      metadata: { ...d.metadata, Votes: String(count) },
    }),
  },
});
