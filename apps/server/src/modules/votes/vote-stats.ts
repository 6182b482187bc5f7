/**
 * Vote statistics: my voting summary, an entry's votes and ranking, and a contest's vote totals
 * with its leading entries and, for a signed-in caller, what they may still cast (the vote modal).
 * Credits spent follow the one policy rule (`votes.see_credits`).
 */
import { unitsToCredits, type Actor, type TContestVoteStats } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { can } from '../../lib/policy.js';
import { rankOf, topApprovedEntries } from '../entries/entries.repository.js';
import { DAILY_FREE_VOTE_LIMIT, freeVoteDayStart, remainingOf } from './vote-limits.js';
import * as reads from './vote-reads.repository.js';
import { visibleContest, visibleEntry } from './vote-reads.js';
import { toVoteSummary } from './votes.dto.js';

/** What I did as a voter: active votes (removed or refunded ones count as refunded credits). */
export async function mySummary(ctx: AppContext, actor: Actor) {
  const row = await reads.voterSummary(ctx.db, actor.userId, freeVoteDayStart(now()));
  return {
    totalVotes: row?.votes ?? 0,
    freeVotes: row?.freeVotes ?? 0,
    paidVotes: row?.paidVotes ?? 0,
    weightedVotes: row?.weightedVotes ?? 0,
    votesCast: row?.casts ?? 0,
    creditsSpent: unitsToCredits(row?.creditUnits ?? 0),
    creditsRefunded: unitsToCredits(row?.refundedUnits ?? 0),
    contestsVotedIn: row?.contestsVotedIn ?? 0,
    entriesVotedFor: row?.entriesVotedFor ?? 0,
    lastVoteAt: row?.lastVoteAt ? new Date(row.lastVoteAt).toISOString() : null,
    freeVotesToday: row?.freeToday ?? 0,
    dailyFreeVoteLimit: DAILY_FREE_VOTE_LIMIT,
  };
}

export async function entryStats(ctx: AppContext, actor: Actor | undefined, entryId: string) {
  const e = await visibleEntry(ctx.db, entryId, actor);
  const summary = toVoteSummary(await reads.voteTotals(ctx.db, { entryId }));
  const privileged = can(actor, 'votes.see_credits', { organizerId: e.organizerId });
  return {
    entryId: e.id,
    contestId: e.contestId,
    votesCount: e.votesCount,
    weightedVotes: e.weightedVotes,
    freeVotes: summary.freeVotes,
    paidVotes: summary.paidVotes,
    uniqueVoters: summary.uniqueVoters,
    creditsSpent: privileged ? summary.creditsSpent : null,
    lastVoteAt: summary.lastVoteAt,
    // The one ranking order (entries.repository.ts: RANKING_ORDER).
    ranking: e.status === 'approved' ? await rankOf(ctx.db, e.id) : null,
  };
}

/**
 * A contest's vote statistics, its five leading entries, and for a signed-in caller their own
 * usage and what they may still cast (what the vote modal shows).
 */
export async function contestStats(ctx: AppContext, actor: Actor | undefined, contestId: string) {
  const c = await visibleContest(ctx.db, contestId, actor);
  const [row, totals, top] = await Promise.all([
    reads.contestVoting(ctx.db, contestId),
    reads.voteTotals(ctx.db, { contestId }),
    topApprovedEntries(ctx.db, contestId, 5),
  ]);
  const summary = toVoteSummary(totals);
  let me: TContestVoteStats['me'] = null;
  if (actor && row) {
    const [usage, byEntry] = await Promise.all([
      reads.voterUsage(ctx.db, contestId, actor.userId, freeVoteDayStart(now())),
      reads.voterVotesByEntry(ctx.db, contestId, actor.userId),
    ]);
    const used = usage?.used ?? 0;
    const usedFree = usage?.usedFree ?? 0;
    me = {
      votesCast: used,
      freeVotesUsed: usedFree,
      remaining: remainingOf(row, { usedTotal: used, usedFree, freeToday: usage?.freeToday ?? 0 }),
      votedEntries: byEntry,
    };
  }
  return {
    contestId: c.id,
    // From the votes table, not the contest row (whose totals follow the votes within a second).
    totalVotes: summary.weightedVotes,
    votesCount: summary.votes,
    freeVotes: summary.freeVotes,
    paidVotes: summary.paidVotes,
    uniqueVoters: summary.uniqueVoters,
    creditsSpent: can(actor, 'votes.see_credits', { organizerId: c.organizerId }) ? summary.creditsSpent : null,
    votingFee: unitsToCredits(row?.votingFeeAmount ?? 0),
    dailyFreeVoteLimit: DAILY_FREE_VOTE_LIMIT,
    lastVoteAt: summary.lastVoteAt,
    topEntries: top.map((t, i) => ({ _id: t.id, title: t.title, votesCount: t.votesCount, weightedVotes: t.weightedVotes, rank: i + 1 })),
    me,
  };
}
