/**
 * The limits of a vote, as pure rules (no database): the one home of "free votes per WAT day", of
 * what a voter may still cast, and of which limit a vote breaks. cast-vote reads the counts under
 * the voter's lock and asks these.
 */
import { watDayStart, type VoteType } from '@contesthub/shared';

/**
 * Free votes a person may cast per WAT calendar day across all contests. 20 is well above what a
 * person casts by hand in a day (each contest allows only freeVotesPerUser, at most 10) and low
 * enough that a farm of throwaway accounts cannot sway a contest with free votes.
 */
export const DAILY_FREE_VOTE_LIMIT = 20;

/** "Today" for the daily free votes: the WAT calendar day of `at`, which starts here. */
export const freeVoteDayStart = (at: Date): Date => watDayStart(at);

export interface VoteLimits {
  votingType: 'free' | 'paid' | 'both';
  freeVotesPerUser: number;
  maxVotesPerUser: number | null;
}

/** A voter's usage: votes (of any kind) and free votes in this contest, free votes today (WAT). */
export interface VoteUsage {
  usedTotal: number;
  usedFree: number;
  freeToday: number;
}

export interface Remaining {
  /** Free votes the voter may still cast in this contest now (also bounded by today's limit). */
  freeVotes: number;
  /** Votes of any kind left in this contest; null when the contest has no cap. */
  totalVotes: number | null;
}

export function remainingOf(c: VoteLimits, u: VoteUsage): Remaining {
  const totalVotes = c.maxVotesPerUser === null ? null : Math.max(0, c.maxVotesPerUser - u.usedTotal);
  const freeVotes =
    c.votingType === 'paid'
      ? 0
      : Math.max(0, Math.min(c.freeVotesPerUser - u.usedFree, DAILY_FREE_VOTE_LIMIT - u.freeToday, totalVotes ?? Infinity));
  return { freeVotes, totalVotes };
}

export type LimitRefusal =
  | { kind: 'paidOnly' }
  | { kind: 'freeOnly' }
  | { kind: 'maxReached'; max: number }
  | { kind: 'maxLeft'; left: number }
  | { kind: 'freeContestLimit' }
  | { kind: 'freeDailyLimit' };

/** The first limit a vote of `type` × `amount` breaks, in the order the spec checks them; null when none. */
export function refusalOf(c: VoteLimits, u: VoteUsage, type: VoteType, amount: number): LimitRefusal | null {
  if (c.votingType === 'paid' && type === 'free') return { kind: 'paidOnly' };
  if (c.votingType === 'free' && type === 'paid') return { kind: 'freeOnly' };
  if (c.maxVotesPerUser !== null && u.usedTotal + amount > c.maxVotesPerUser) {
    const left = c.maxVotesPerUser - u.usedTotal;
    return left <= 0 ? { kind: 'maxReached', max: c.maxVotesPerUser } : { kind: 'maxLeft', left };
  }
  if (type === 'free' && u.usedFree >= c.freeVotesPerUser) return { kind: 'freeContestLimit' };
  if (type === 'free' && u.freeToday >= DAILY_FREE_VOTE_LIMIT) return { kind: 'freeDailyLimit' };
  return null;
}
