/** The pure limits of a vote (no database): what a voter may still cast. Which limit a vote breaks is checked by cast_vote (votes.test.ts). */
import { describe, expect, it } from 'vitest';
import { DAILY_FREE_VOTE_LIMIT, remainingOf, type VoteLimits } from '../../src/modules/votes/vote-limits.js';

const both: VoteLimits = { votingType: 'both', freeVotesPerUser: 2, maxVotesPerUser: 10 };
const none = { usedTotal: 0, usedFree: 0, freeToday: 0 };

describe('remainingOf', () => {
  it('counts free votes left by the contest, the day and the contest cap, whichever is smallest', () => {
    expect(remainingOf(both, none)).toEqual({ freeVotes: 2, totalVotes: 10 });
    expect(remainingOf(both, { usedTotal: 1, usedFree: 1, freeToday: 1 })).toEqual({ freeVotes: 1, totalVotes: 9 });
    expect(remainingOf(both, { usedTotal: 0, usedFree: 0, freeToday: DAILY_FREE_VOTE_LIMIT - 1 })).toEqual({
      freeVotes: 1,
      totalVotes: 10,
    });
    expect(remainingOf(both, { usedTotal: 9, usedFree: 0, freeToday: 0 })).toEqual({ freeVotes: 1, totalVotes: 1 });
    expect(remainingOf(both, { usedTotal: 12, usedFree: 2, freeToday: 30 })).toEqual({ freeVotes: 0, totalVotes: 0 });
  });

  it('gives no free votes in a paid-only contest, and no cap when the contest has none', () => {
    expect(remainingOf({ ...both, votingType: 'paid' }, none)).toEqual({ freeVotes: 0, totalVotes: 10 });
    expect(remainingOf({ ...both, maxVotesPerUser: null }, none)).toEqual({ freeVotes: 2, totalVotes: null });
  });
});
