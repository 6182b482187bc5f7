/**
 * The review of held votes (issue 15 item 6; ADR 030). A vote at or above the hold threshold
 * (vote-risk.ts) is recorded held: not counted, credits spent. A moderator with `votes.review`:
 *
 * - counts it: it joins its entry's counters and the contest's totals (once: only a held vote can be
 *   counted, under the vote's row lock) and its vote.cast event is recorded then, so everything that
 *   follows a cast (the entry owner's notification, the activity feed) happens as for any vote;
 * - voids it: it never counts, its paid credits go back to the voter (the one refund of
 *   refund-vote.ts, reference `vote:refund:<id>`, same transaction), the voter is told why
 *   (vote.voided → the vote_voided notification).
 *
 * The detection job (modules/fraud) holds counted votes of a flagged group with `holdVotes`.
 * Every review is audit-logged in its own transaction. A second count or void answers 409.
 */
import { FRAUD_MESSAGES, unitsToCredits, type TReviewedVote } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { lockContestChanges } from '../contests/contests.repository.js';
import { refundVote } from './refund-vote.js';
import { voteCast, voteVoided } from './votes.events.js';
import * as repo from './votes.repository.js';

async function lockHeld(tx: Tx, voteId: string) {
  const known = await repo.voteOwner(tx, voteId);
  if (!known) throw AppError.notFound(FRAUD_MESSAGES.voteNotFound);
  await repo.lockVoter(tx, known.voterId);
  await lockContestChanges(tx, known.contestId);
  const vote = await repo.voteForUpdate(tx, voteId);
  if (!vote) throw AppError.notFound(FRAUD_MESSAGES.voteNotFound);
  if (vote.reviewState !== 'held') throw AppError.conflict(FRAUD_MESSAGES.notHeld);
  return vote;
}

/** PUT /api/admin-tools/votes/{id}/count */
export async function countHeldVote(ctx: AppContext, actor: StaffActor, voteId: string): Promise<TReviewedVote> {
  return ctx.db.transaction(async (tx) => {
    const held = await lockHeld(tx, voteId);
    const vote = (await repo.setReview(tx, voteId, { state: 'counted', by: actor.userId, reason: null, at: now() }))!;
    const counters = (await repo.raiseEntryCounters(tx, vote)) ?? (await repo.entryCounters(tx, vote.entryId));
    await repo.recomputeContestTotals(tx, [vote.contestId]);
    await recordEvent(
      tx,
      voteCast,
      {
        voteId: vote.id,
        contestId: vote.contestId,
        entryId: vote.entryId,
        voterId: vote.voterId,
        voteType: vote.voteType,
        amount: vote.amount,
        weightedTotal: vote.weightedTotal,
        creditCost: vote.creditCost,
      },
      { actorId: vote.voterId },
    );
    await appendAudit(tx, actor, {
      action: 'vote.count',
      targetType: 'vote',
      targetId: vote.id,
      before: { reviewState: held.reviewState, isActive: held.isActive },
      after: { reviewState: vote.reviewState, isActive: vote.isActive, riskScore: vote.riskScore, riskReasons: vote.riskReasons },
    });
    return {
      _id: vote.id,
      reviewState: 'counted',
      creditsRefunded: 0,
      entry: { _id: vote.entryId, votesCount: counters?.votesCount ?? 0, weightedVotes: counters?.weightedVotes ?? 0 },
    };
  });
}

/** PUT /api/admin-tools/votes/{id}/void */
export async function voidHeldVote(ctx: AppContext, actor: StaffActor, voteId: string, reason: string): Promise<TReviewedVote> {
  return ctx.db.transaction(async (tx) => {
    const held = await lockHeld(tx, voteId);
    const vote = (await repo.setReview(tx, voteId, { state: 'voided', by: actor.userId, reason, at: now() }))!;
    const refunded = await refundVote(tx, vote, 'Refund of a voided vote', `voided after review: ${reason}`);
    await recordEvent(
      tx,
      voteVoided,
      {
        voteId: vote.id,
        contestId: vote.contestId,
        entryId: vote.entryId,
        voterId: vote.voterId,
        creditCost: vote.creditCost,
        reason,
        actorId: actor.userId,
      },
      { actorId: actor.userId },
    );
    await appendAudit(tx, actor, {
      action: 'vote.void',
      targetType: 'vote',
      targetId: vote.id,
      reason,
      before: { reviewState: held.reviewState },
      after: { reviewState: vote.reviewState, creditUnitsRefunded: refunded },
    });
    const counters = await repo.entryCounters(tx, vote.entryId);
    return {
      _id: vote.id,
      reviewState: 'voided',
      creditsRefunded: unitsToCredits(refunded),
      entry: { _id: vote.entryId, votesCount: counters?.votesCount ?? 0, weightedVotes: counters?.weightedVotes ?? 0 },
    };
  });
}

/**
 * Holds counted paid votes the detection job tied to a flagged group (modules/fraud): they leave
 * their entries' counters and the contest's totals until a moderator counts them again. Returns how
 * many were held. The caller's transaction; takes the contest's change lock.
 */
export async function holdVotes(tx: Tx, contestId: string, voteIds: string[], reason: string, minScore: number): Promise<number> {
  if (voteIds.length === 0) return 0;
  await lockContestChanges(tx, contestId);
  const moved = await repo.holdCountedVotes(tx, voteIds, reason, minScore);
  for (const v of moved) await repo.lowerEntryCounters(tx, v);
  if (moved.length > 0) await repo.recomputeContestTotals(tx, [contestId]);
  return moved.length;
}
