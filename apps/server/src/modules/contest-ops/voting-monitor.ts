/**
 * The voting monitor (Contest Management page, issue 15 item 5): per live contest, votes per minute
 * over the last 10 and 60 minutes, the paid share, the share cast by accounts younger than 7 days,
 * the share of the top 5 voters, and flags from VOTING_MONITOR_THRESHOLDS (packages/shared).
 *
 * The flags are a list any signal can add to: `extraFlags` (per contest) lets the fraud module's
 * figures (held votes, high-risk share) join those computed here without this file knowing them.
 */
import {
  VOTING_MONITOR_THRESHOLDS as T,
  paths,
  type TVotingFlag,
  type TVotingMonitor,
  type TVotingMonitorContest,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { liveContestVoteFigures, type VoteMonitorRow } from '../votes/vote-monitor.repository.js';

/** Live contests shown at most (the busiest platform has a handful at once). */
export const MONITOR_LIMIT = 50;
const DAY_MS = 24 * 60 * 60_000;

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
const perMinute = (votes: number, minutes: number) => Math.round((votes / minutes) * 10) / 10;
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The flags the figures raise (pure: unit-tested through the endpoint). */
export function flagsOf(f: VoteMonitorRow): TVotingFlag[] {
  const flags: TVotingFlag[] = [];
  const rate10 = f.votesLast10 / 10;
  const rate60 = f.votesLast60 / 60;
  if (f.votesLast10 >= T.minVotes && rate10 >= T.spikeRatio * rate60 && f.votesLast60 > f.votesLast10) {
    flags.push({
      code: 'vote_spike',
      severity: 'warning',
      message: `Votes in the last 10 minutes run at ${(rate10 / rate60).toFixed(1)}× the hour's rate`,
    });
  } else if (f.votesLast10 >= T.minVotes && f.votesLast60 === f.votesLast10 && f.votesLast10 >= 3 * T.minVotes) {
    // Everything of the last hour came in the last 10 minutes: a burst from a standstill.
    flags.push({ code: 'vote_spike', severity: 'warning', message: `${f.votesLast10} votes in the last 10 minutes after a quiet hour` });
  }
  if (f.totalVotes < T.minVotes) return flags;
  const newShare = f.newAccountVotes / f.totalVotes;
  if (newShare >= T.newAccountShare) {
    flags.push({
      code: 'new_accounts',
      severity: newShare >= 0.8 ? 'critical' : 'warning',
      message: `${pct(newShare)} of votes come from accounts younger than ${T.newAccountDays} days`,
    });
  }
  const topShare = f.topVoterVotes / f.totalVotes;
  if (topShare >= T.topVotersShare && f.uniqueVoters > T.topVoters) {
    flags.push({
      code: 'concentrated_voters',
      severity: topShare >= 0.8 ? 'critical' : 'warning',
      message: `The top ${T.topVoters} voters cast ${pct(topShare)} of the votes`,
    });
  }
  const paidShare = f.paidVotes / f.totalVotes;
  if (paidShare >= T.paidShare) {
    flags.push({ code: 'paid_heavy', severity: 'warning', message: `${pct(paidShare)} of votes are paid` });
  }
  return flags;
}

/** GET /api/admin-tools/contests/voting-monitor */
export async function votingMonitor(
  ctx: AppContext,
  extraFlags?: (contestIds: string[]) => Promise<Map<string, TVotingFlag[]>>,
): Promise<TVotingMonitor> {
  const at = now();
  const rows = await liveContestVoteFigures(ctx.db, at, {
    newAccountSince: new Date(at.getTime() - T.newAccountDays * DAY_MS),
    topVoters: T.topVoters,
    limit: MONITOR_LIMIT,
  });
  const more = extraFlags ? await extraFlags(rows.map((r) => r.contestId)) : new Map<string, TVotingFlag[]>();
  const contests: TVotingMonitorContest[] = rows.map((r) => ({
    contestId: r.contestId,
    title: r.title,
    votingEndDate: r.votingEndDate.toISOString(),
    totalVotes: r.totalVotes,
    uniqueVoters: r.uniqueVoters,
    votesLast10Min: r.votesLast10,
    votesLast60Min: r.votesLast60,
    perMinute10: perMinute(r.votesLast10, 10),
    perMinute60: perMinute(r.votesLast60, 60),
    paidShare: share(r.paidVotes, r.totalVotes),
    newAccountShare: share(r.newAccountVotes, r.totalVotes),
    topVotersShare: share(r.topVoterVotes, r.totalVotes),
    flags: [...flagsOf(r), ...(more.get(r.contestId) ?? [])],
    reviewPath: paths.dashboard.contestReview(r.contestId),
  }));
  return { contests, generatedAt: at.toISOString() };
}
