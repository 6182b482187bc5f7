import { paths } from '@contesthub/shared';
import { contestFinalized } from '../../contest-settlement/contest-settlement.events.js';
import { defineNotification, quoted, type NotificationDraft } from '../notification-type.js';

/** contest_ended: the organizer and every entrant but the winner (who gets contest_won) see the result. */
export const contestEndedNotification = defineNotification({
  type: 'contest_ended',
  event: contestFinalized,
  mail: false,
  refs: (p) => ({ contests: [p.contestId], users: p.winnerUserId ? [p.winnerUserId] : [], entrantsOf: [p.contestId] }),
  drafts(p, look) {
    const contest = look.contest(p.contestId);
    if (!contest) return [];
    const winner = p.winnerUserId ? look.userName(p.winnerUserId) : undefined;
    const result = winner ? `The winner is ${winner}.` : 'It ended without a winner.';
    const common = {
      priority: 'medium',
      actionUrl: paths.contest(p.contestId),
      actionText: 'See results',
      metadata: { Contest: contest.title, ...(winner ? { Winner: winner } : {}) },
      key: `contest_ended:${p.contestId}`,
    } as const;
    const out: NotificationDraft[] = [
      { ...common, userId: p.organizerId, title: 'Your contest has ended', message: `${quoted(contest.title)} has ended. ${result}` },
    ];
    for (const userId of look.entrants(p.contestId)) {
      if (userId === p.winnerUserId || userId === p.organizerId) continue;
      out.push({ ...common, userId, title: 'Contest ended', message: `${quoted(contest.title)} has ended. ${result}` });
    }
    return out;
  },
});
