/**
 * Votes per WAT day and type for a contest (its organizer or an admin) or, for admins, the whole
 * platform. Days without votes are listed with zeros so a chart needs no gap filling. Active
 * votes only. Default range: the last 30 days.
 */
import { ANALYTICS_DEFAULT_RANGE_DAYS, DAY_MS, watDate, watDayStart, type Actor, type VoteType } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import * as reads from './vote-reads.repository.js';
import { canSeeVoters } from './vote-reads.js';
import { toVoteSummary } from './votes.dto.js';
import { VOTE_MESSAGES } from './votes.messages.js';

export interface AnalyticsQuery {
  contest?: string | undefined;
  entry?: string | undefined;
  voteType?: VoteType | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export async function voteAnalytics(ctx: AppContext, actor: Actor, q: AnalyticsQuery) {
  let contestId = q.contest;
  if (q.entry) {
    const e = await reads.entryHead(ctx.db, q.entry);
    if (!e) throw AppError.notFound(VOTE_MESSAGES.entryNotFound);
    if (contestId && contestId !== e.contestId) throw AppError.badRequest(VOTE_MESSAGES.wrongContest);
    contestId = e.contestId;
  }
  if (contestId) {
    const c = await reads.contestHead(ctx.db, contestId);
    if (!c) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    if (!canSeeVoters(actor, c.organizerId)) throw AppError.forbidden();
  } else if (actor.role !== 'admin') {
    throw AppError.forbidden();
  }

  const to = q.dateTo ? new Date(q.dateTo) : now();
  const from = q.dateFrom ? new Date(q.dateFrom) : new Date(to.getTime() - ANALYTICS_DEFAULT_RANGE_DAYS * DAY_MS);
  if (from > to) throw AppError.badRequest(VOTE_MESSAGES.badRange);
  if (to.getTime() - from.getTime() > 366 * DAY_MS) throw AppError.badRequest(VOTE_MESSAGES.rangeTooLong);

  const filter = { isActive: true, contestId, entryId: q.entry, voteType: q.voteType, from, to };
  const [rows, totals] = await Promise.all([reads.dailyVotes(ctx.db, filter), reads.voteTotals(ctx.db, filter)]);
  const summary = toVoteSummary(totals);

  const byDate = new Map<string, { date: string; free: number; paid: number; weighted: number; casts: number }>();
  for (let t = watDayStart(from).getTime(); t <= to.getTime(); t += DAY_MS) {
    const date = watDate(new Date(t));
    byDate.set(date, { date, free: 0, paid: 0, weighted: 0, casts: 0 });
  }
  for (const r of rows) {
    const d = byDate.get(r.date) ?? { date: r.date, free: 0, paid: 0, weighted: 0, casts: 0 };
    d[r.voteType] += r.votes;
    d.weighted += r.weighted;
    d.casts += r.casts;
    byDate.set(r.date, d);
  }
  return {
    contestId: contestId ?? null,
    entryId: q.entry ?? null,
    voteType: q.voteType ?? null,
    range: { from: from.toISOString(), to: to.toISOString() },
    daily: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)),
    totals: {
      votes: summary.votes,
      freeVotes: summary.freeVotes,
      paidVotes: summary.paidVotes,
      weightedVotes: summary.weightedVotes,
      creditsSpent: summary.creditsSpent,
      uniqueVoters: summary.uniqueVoters,
    },
  };
}
