/**
 * What the Security & Fraud page and the contest's results read: the held votes queue, a contest's
 * vote integrity (counted / held / voided, with reasons) and the fraud signals overview.
 */
import {
  VOTE_RISK_REASONS,
  pageOf,
  pageOffset,
  unitsToCredits,
  type TFraudSignals,
  type TFraudSignalsQuery,
  type THeldVotePage,
  type THeldVotesQuery,
  type TVoteIntegrity,
  type VoteRiskReason,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './fraud.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const knownReasons = (codes: string[]) => codes.filter((c): c is VoteRiskReason => (VOTE_RISK_REASONS as readonly string[]).includes(c));

/** GET /api/admin-tools/votes/held */
export async function listHeldVotes(ctx: AppContext, q: THeldVotesQuery): Promise<THeldVotePage> {
  const { rows, total } = await repo.heldVotes(ctx.db, { contestId: q.contestId, limit: q.limit, offset: pageOffset(q) });
  return {
    votes: rows.map((r) => ({
      _id: r.id,
      contest: { _id: r.contest_id, title: r.contest_title },
      entry: { _id: r.entry_id, title: r.entry_title },
      voter: {
        _id: r.voter_id,
        fullName: r.voter_name,
        email: r.voter_email,
        createdAt: iso(r.voter_created_at),
        isVerified: r.voter_verified,
      },
      voteType: r.vote_type,
      amount: r.amount,
      weightedTotal: r.weighted_total,
      creditsSpent: unitsToCredits(Number(r.credit_cost)),
      riskScore: r.risk_score,
      riskReasons: knownReasons(r.risk_reasons),
      reviewState: 'held',
      signals: { ip: r.ip, ipNetwork: r.ip_network, deviceId: r.device_id, userAgent: r.user_agent, values: r.risk_signals ?? {} },
      createdAt: iso(r.created_at),
    })),
    pagination: pageOf(q, total),
  };
}

/** GET /api/contests/{id}/vote-integrity: public, like the contest's results. */
export async function voteIntegrity(ctx: AppContext, contestId: string): Promise<TVoteIntegrity> {
  if (!(await repo.contestExists(ctx.db, contestId))) throw AppError.notFound('Contest not found');
  const c = await repo.integrityCounts(ctx.db, contestId);
  const of = (state: 'counted' | 'held' | 'voided') => {
    const r = c.states.find((s) => s.state === state);
    return { votes: r?.votes ?? 0, weighted: r?.weighted ?? 0 };
  };
  const counted = c.states.find((s) => s.state === 'counted');
  return {
    contestId,
    counted: of('counted'),
    held: of('held'),
    voided: of('voided'),
    reasons: c.reasons
      .filter((r) => (VOTE_RISK_REASONS as readonly string[]).includes(r.code))
      .map((r) => ({ code: r.code as VoteRiskReason, held: r.held, voided: r.voided })),
    paidShare: counted && counted.weighted > 0 ? Math.round((counted.paid_weighted / counted.weighted) * 1000) / 10 : 0,
    highRisk: c.high,
    averageRisk: Math.round(c.avg * 10) / 10,
    flaggedGroups: c.groups,
  };
}

const BANDS = ['0–19', '20–39', '40–59', '60–79', '80–100'];
const SIGNALS_PERIOD_MS = 30 * 24 * 3600_000;

/** GET /api/admin-tools/fraud/signals: risk distribution, held/voided totals, findings (paged), top risky voters. */
export async function fraudSignals(ctx: AppContext, q: TFraudSignalsQuery): Promise<TFraudSignals> {
  const since = new Date(now().getTime() - SIGNALS_PERIOD_MS);
  const [bands, totals, found, top] = await Promise.all([
    repo.riskBands(ctx.db, { contestId: q.contestId, since }),
    repo.reviewTotals(ctx.db, { contestId: q.contestId }),
    repo.findings(ctx.db, { contestId: q.contestId, limit: q.limit, offset: pageOffset(q) }),
    repo.topRiskyVoters(ctx.db, { contestId: q.contestId, since, limit: 10 }),
  ]);
  return {
    riskDistribution: BANDS.map((band, i) => ({ band, votes: bands.find((b) => b.band === i)?.votes ?? 0 })),
    held: totals.held,
    voided: totals.voided,
    findings: found.rows.map((f) => ({
      _id: f.id,
      kind: f.kind,
      contest: f.contest_id ? { _id: f.contest_id, title: f.contest_title ?? '' } : null,
      voters: (f.voters ?? []).map((v) => ({ _id: v.id, fullName: v.full_name })),
      entryIds: f.entry_ids,
      voteCount: f.vote_count,
      heldCount: f.held_count,
      evidence: f.evidence,
      firstSeenAt: iso(f.first_seen_at),
      lastSeenAt: iso(f.last_seen_at),
    })),
    pagination: pageOf(q, found.total),
    topRiskyVoters: top.map((t) => ({
      _id: t.id,
      fullName: t.full_name,
      email: t.email,
      votes: t.votes,
      averageRisk: Math.round(Number(t.avg) * 10) / 10,
      maxRisk: t.max,
      held: t.held,
    })),
  };
}

/** A flag the voting monitor shows beside its own (contest-ops passes this to votingMonitor). */
export interface IntegrityFlag {
  code: 'held_votes' | 'flagged_groups' | 'high_risk_share';
  severity: 'warning' | 'critical';
  message: string;
}

/** Share of a contest's votes at or above the hold threshold that raises a flag. */
export const HIGH_RISK_SHARE_FLAG = 0.1;

/**
 * The fraud signals of live contests as voting-monitor flags: votes held for review, groups the
 * detection job found (lockstep rings, address bursts, shared cards), and a high share of risky votes.
 */
export async function integrityFlags(ctx: AppContext, contestIds: string[]): Promise<Map<string, IntegrityFlag[]>> {
  const out = new Map<string, IntegrityFlag[]>();
  for (const id of contestIds) {
    const c = await repo.integrityCounts(ctx.db, id);
    const held = c.states.find((s) => s.state === 'held')?.votes ?? 0;
    const all = c.states.reduce((n, s) => n + s.votes, 0);
    const flags: IntegrityFlag[] = [];
    if (held > 0) flags.push({ code: 'held_votes', severity: 'warning', message: `${held} vote${held === 1 ? '' : 's'} held for review` });
    if (c.groups > 0) {
      flags.push({
        code: 'flagged_groups',
        severity: 'critical',
        message: `${c.groups} suspicious group${c.groups === 1 ? '' : 's'} found by detection`,
      });
    }
    if (all > 0 && c.high / all >= HIGH_RISK_SHARE_FLAG) {
      flags.push({
        code: 'high_risk_share',
        severity: 'warning',
        message: `${Math.round((c.high / all) * 100)}% of votes scored high risk`,
      });
    }
    if (flags.length > 0) out.set(id, flags);
  }
  return out;
}
