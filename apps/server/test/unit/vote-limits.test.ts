/** The pure limits of a vote (no database): what a voter may still cast and which limit a vote breaks. */
import { describe, expect, it } from 'vitest';
import { DAILY_FREE_VOTE_LIMIT, refusalOf, remainingOf, type VoteLimits } from '../../src/modules/votes/vote-limits.js';

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

describe('refusalOf', () => {
  it('refuses the wrong kind of vote first', () => {
    expect(refusalOf({ ...both, votingType: 'paid' }, none, 'free', 1)).toEqual({ kind: 'paidOnly' });
    expect(refusalOf({ ...both, votingType: 'free' }, none, 'paid', 1)).toEqual({ kind: 'freeOnly' });
  });

  it('then the contest cap, saying how many are left', () => {
    expect(refusalOf(both, { ...none, usedTotal: 10 }, 'paid', 1)).toEqual({ kind: 'maxReached', max: 10 });
    expect(refusalOf(both, { ...none, usedTotal: 8 }, 'paid', 3)).toEqual({ kind: 'maxLeft', left: 2 });
    expect(refusalOf(both, { ...none, usedTotal: 8 }, 'paid', 2)).toBeNull();
  });

  it("then the contest's free votes, then the day's", () => {
    expect(refusalOf(both, { ...none, usedTotal: 2, usedFree: 2 }, 'free', 1)).toEqual({ kind: 'freeContestLimit' });
    expect(refusalOf(both, { ...none, freeToday: DAILY_FREE_VOTE_LIMIT }, 'free', 1)).toEqual({ kind: 'freeDailyLimit' });
    expect(refusalOf(both, { ...none, freeToday: DAILY_FREE_VOTE_LIMIT - 1 }, 'free', 1)).toBeNull();
    // Paid votes are not free votes: neither limit applies to them.
    expect(refusalOf(both, { usedTotal: 2, usedFree: 2, freeToday: DAILY_FREE_VOTE_LIMIT }, 'paid', 1)).toBeNull();
  });
});
