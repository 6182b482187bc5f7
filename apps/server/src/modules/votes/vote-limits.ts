/**
 * The limits of a vote, as pure rules (no database): the one home of "free votes per WAT day" and
 * of what a voter may still cast. Which limit a vote breaks is checked where the vote is written,
 * under the voter's lock, in the `cast_vote` function (migration 0013), which is given these
 * constants.
 */
import { watDayStart } from '@contesthub/shared';

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
