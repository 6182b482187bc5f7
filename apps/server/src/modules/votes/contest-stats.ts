/**
 * GET /api/contests/:id/stats: a contest's entries by status, its active votes by type, voters,
 * participants and top entries. Vote totals are the votes module's; what votes cost (creditsSpent)
 * follows the one policy rule like every other vote answer.
 */
import { unitsToCredits, type Actor, type TContestStats } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { can } from '../../lib/policy.js';
import { canSee } from '../contests/contest-access.js';
import { contestNotFound, findContest } from '../contests/contests.repository.js';
import { phaseAt, statusForDates } from '../contests/phase.js';
import { entryStatusCounts, participantCount, topApprovedEntries } from '../entries/entries.repository.js';
import { contestVoteTotals } from './votes.repository.js';

export async function contestOverviewStats(ctx: AppContext, id: string, viewer: Actor | undefined): Promise<TContestStats> {
  const row = await findContest(ctx.db, id);
  if (!row || !canSee(row, viewer)) throw contestNotFound();
  const at = now();
  const [byStatus, totals, participants, top] = await Promise.all([
    entryStatusCounts(ctx.db, id),
    contestVoteTotals(ctx.db, id),
    participantCount(ctx.db, id),
    topApprovedEntries(ctx.db, id, 5),
  ]);
  const status = (s: string) => byStatus.get(s) ?? 0;
  const total = totals.free.votes + totals.paid.votes;
  const approved = status('approved');
  return {
    contestId: row.id,
    status: statusForDates(row, at),
    phase: phaseAt(row, at),
    entries: {
      total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
      pending: status('pending'),
      approved,
      rejected: status('rejected'),
      disqualified: status('disqualified'),
    },
    votes: {
      total,
      free: totals.free.votes,
      paid: totals.paid.votes,
      weighted: totals.free.weighted + totals.paid.weighted,
      creditsSpent: can(viewer, 'votes.see_credits', row) ? unitsToCredits(totals.paid.creditUnits) : null,
    },
    uniqueVoters: totals.uniqueVoters,
    participants,
    averageVotesPerEntry: approved === 0 ? 0 : Math.round((total / approved) * 100) / 100,
    topEntries: top.map((e, i) => ({
      _id: e.id,
      title: e.title,
      votesCount: e.votesCount,
      weightedVotes: e.weightedVotes,
      ranking: i + 1,
      participant: { _id: e.participantId, fullName: e.participantName },
    })),
  };
}
