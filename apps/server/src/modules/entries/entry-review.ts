/**
 * Organizer review (spec 001 §2 Entry Review): list and tiles, approve, reject with a reason,
 * bulk approve/reject. Only the contest's organizer or an admin; only pending entries change.
 * Each change runs under the contest's row lock with the counters recomputed, and a rejected paid
 * entry's fee goes back to its participant in the same transaction.
 */
import { REVIEW_RESULT_MESSAGES, unitsToCredits, type Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { phaseAt } from '../contests/phase.js';
import { refundEntryFee } from './entry-fees.js';
import {
  decidePending,
  entryStatus,
  loadContest,
  loadEntry,
  refreshContestCounters,
  statusCounts,
  type ContestRow,
} from './entries.repository.js';
import type { TEntry } from '@contesthub/shared';
import { ENTRY_MESSAGES } from './entries.messages.js';
import { entryPage, findEntry } from './entry-reads.repository.js';
import { recordEvent } from '../../lib/events/index.js';
import { entryReviewed } from './entries.events.js';

export const REVIEW_MESSAGES = {
  notOrganizer: 'Only the contest organizer can review entries',
  onlyPendingApprove: 'Only pending entries can be approved',
  onlyPendingReject: 'Only pending entries can be rejected',
  ended: 'This contest has ended; its entries can no longer be reviewed',
  cancelled: 'This contest has been cancelled',
  ...REVIEW_RESULT_MESSAGES,
} as const;

async function requireReviewer(db: DbOrTx, actor: Actor, contestId: string, opts: { lock?: boolean } = {}): Promise<ContestRow> {
  const contest = await loadContest(db, contestId, opts);
  if (!contest) throw AppError.notFound(ENTRY_MESSAGES.contestNotFound);
  if (actor.role !== 'admin' && contest.organizerId !== actor.userId) throw AppError.forbidden(REVIEW_MESSAGES.notOrganizer);
  return contest;
}

/** Review decisions stop once the contest is over or cancelled (its settlement takes over). */
function assertReviewable(contest: ContestRow, at: Date): void {
  const phase = phaseAt(contest, at);
  if (phase === 'cancelled') throw AppError.conflict(REVIEW_MESSAGES.cancelled);
  if (phase === 'ended' || contest.finalizedAt) throw AppError.conflict(REVIEW_MESSAGES.ended);
}

/** GET /api/entries/review/:contestId: oldest first (first come, first reviewed). */
export async function reviewList(
  ctx: AppContext,
  actor: Actor,
  contestId: string,
  q: { page: number; limit: number; status?: TEntry['status'] | undefined },
) {
  await requireReviewer(ctx.db, actor, contestId);
  const { list } = await entryPage(ctx.db, {
    filter: { contestId, status: q.status },
    sort: { by: 'oldest' },
    page: q.page,
    limit: q.limit,
    viewerId: actor.userId,
  });
  return { ...list, pagination: { ...list.pagination, current: q.page, pages: list.totalPages } };
}

/** GET /api/entries/review-stats/:contestId. */
export async function reviewStats(ctx: AppContext, actor: Actor, contestId: string) {
  await requireReviewer(ctx.db, actor, contestId);
  return statusCounts(ctx.db, contestId);
}

interface Decision {
  status: 'approved' | 'rejected';
  reason?: string;
}

/**
 * Applies a decision to the given pending entries of one contest (others are left alone) and
 * returns the changed ones with the credit units refunded. Caller holds the contest row lock.
 */
async function decide(tx: Tx, actor: Actor, contest: ContestRow, entryIds: string[], decision: Decision) {
  const at = now();
  const changed = await decidePending(tx, contest.id, entryIds, {
    status: decision.status,
    rejectionReason: decision.status === 'rejected' ? (decision.reason ?? null) : null,
    reviewedAt: at,
    reviewedBy: actor.userId,
    updatedAt: at,
  });
  let refunded = 0;
  if (decision.status === 'rejected') {
    for (const e of changed) {
      refunded += await refundEntryFee(tx, {
        entryId: e.id,
        contestId: contest.id,
        participantId: e.participantId,
        reason: 'entry rejected',
      });
    }
  }
  if (changed.length > 0) await refreshContestCounters(tx, contest.id);
  for (const e of changed) {
    await recordEvent(
      tx,
      entryReviewed,
      {
        entryId: e.id,
        contestId: contest.id,
        participantId: e.participantId,
        reviewerId: actor.userId,
        decision: decision.status,
        reason: decision.status === 'rejected' ? (decision.reason ?? null) : null,
      },
      { actorId: actor.userId },
    );
  }
  return { changed, refunded };
}

async function decideOne(ctx: AppContext, actor: Actor, entryId: string, decision: Decision) {
  const entry = await loadEntry(ctx.db, entryId);
  if (!entry) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  await requireReviewer(ctx.db, actor, entry.contestId);
  const result = await ctx.db.transaction(async (tx) => {
    const contest = await requireReviewer(tx, actor, entry.contestId, { lock: true });
    const current = await entryStatus(tx, entryId);
    if (!current) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    if (current !== 'pending') {
      throw AppError.conflict(decision.status === 'approved' ? REVIEW_MESSAGES.onlyPendingApprove : REVIEW_MESSAGES.onlyPendingReject);
    }
    assertReviewable(contest, now());
    return decide(tx, actor, contest, [entryId], decision);
  });
  const updated = await findEntry(ctx.db, entryId, actor.userId);
  if (!updated) throw AppError.notFound(ENTRY_MESSAGES.notFound);
  return { entry: updated, refundedCredits: unitsToCredits(result.refunded) };
}

/** PATCH /api/entries/:id/approve. */
export const approveEntry = (ctx: AppContext, actor: Actor, entryId: string) => decideOne(ctx, actor, entryId, { status: 'approved' });

/** PATCH /api/entries/:id/reject {reason}: a paid entry's fee is refunded. */
export const rejectEntry = (ctx: AppContext, actor: Actor, entryId: string, input: { reason: string }) =>
  decideOne(ctx, actor, entryId, { status: 'rejected', reason: input.reason });

async function decideMany(ctx: AppContext, actor: Actor, contestId: string, entryIds: string[], decision: Decision) {
  await requireReviewer(ctx.db, actor, contestId);
  const ids = [...new Set(entryIds)];
  return ctx.db.transaction(async (tx) => {
    const contest = await requireReviewer(tx, actor, contestId, { lock: true });
    assertReviewable(contest, now());
    const { changed, refunded } = await decide(tx, actor, contest, ids, decision);
    const done = new Set(changed.map((c) => c.id));
    return { count: changed.length, skipped: ids.filter((id) => !done.has(id)), refundedCredits: unitsToCredits(refunded) };
  });
}

/** PATCH /api/entries/bulk-approve {entryIds, contestId}: the pending ones among them are approved. */
export async function bulkApprove(ctx: AppContext, actor: Actor, input: { contestId: string; entryIds: string[] }) {
  const r = await decideMany(ctx, actor, input.contestId, input.entryIds, { status: 'approved' });
  return { approvedCount: r.count, skipped: r.skipped };
}

/** PATCH /api/entries/bulk-reject {entryIds, contestId, reason}. */
export async function bulkReject(ctx: AppContext, actor: Actor, input: { contestId: string; entryIds: string[]; reason: string }) {
  const r = await decideMany(ctx, actor, input.contestId, input.entryIds, { status: 'rejected', reason: input.reason });
  return { rejectedCount: r.count, skipped: r.skipped, refundedCredits: r.refundedCredits };
}
