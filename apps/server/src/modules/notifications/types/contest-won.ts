import { formatNaira, paths } from '@contesthub/shared';
import { contestFinalized } from '../../contest-settlement/contest-settlement.events.js';
import { defineNotification, quoted } from '../notification-type.js';

/** contest_won: the winner learns they won, with the prize paid and the badge. */
export const contestWonNotification = defineNotification({
  type: 'contest_won',
  event: contestFinalized,
  mail: true,
  refs: (p) => ({ contests: [p.contestId] }),
  drafts(p, look) {
    const contest = look.contest(p.contestId);
    if (!contest || !p.winnerUserId) return [];
    const prize = p.prizePaidKobo > 0 ? ` ${formatNaira(p.prizePaidKobo)} was paid into your wallet.` : '';
    const badge = p.badgeAwarded ? ' The contest badge is now on your profile.' : '';
    return [
      {
        userId: p.winnerUserId,
        title: 'You won!',
        message: `Congratulations! Your entry won ${quoted(contest.title)}.${prize}${badge}`,
        priority: 'high',
        actionUrl: paths.contest(p.contestId),
        actionText: 'View contest',
        metadata: { Contest: contest.title, ...(p.prizePaidKobo > 0 ? { Prize: formatNaira(p.prizePaidKobo) } : {}) },
        key: `contest_won:${p.contestId}`,
      },
    ];
  },
});
