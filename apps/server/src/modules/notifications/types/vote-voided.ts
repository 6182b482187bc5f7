import { paths, unitsToCredits } from '@contesthub/shared';
import { voteVoided } from '../../votes/votes.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/** vote_voided: the voter learns a held vote was voided after review, why, and that its credits came back. */
export const voteVoidedNotification = defineNotification({
  type: 'vote_voided',
  event: voteVoided,
  mail: false,
  refs: (p) => ({ contests: [p.contestId], entries: [p.entryId] }),
  drafts(p, look) {
    const contest = look.contest(p.contestId);
    const entry = look.entry(p.entryId);
    const credits = unitsToCredits(p.creditCost);
    return [
      {
        userId: p.voterId,
        title: 'Vote voided after review',
        message:
          `Your vote for ${quoted(entry?.title ?? 'an entry')} in ${quoted(contest?.title ?? 'a contest')} was voided: ${p.reason}.` +
          (credits > 0 ? ` ${credits} vote credits were returned to your balance.` : ''),
        priority: 'medium',
        actionUrl: paths.contest(p.contestId),
        actionText: 'View contest',
        metadata: { Contest: contest?.title ?? '', Reason: p.reason },
        key: `vote_voided:${p.voteId}`,
      },
    ];
  },
});
