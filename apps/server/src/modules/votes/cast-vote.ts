/**
 * Casting a vote (spec 000 §2 vote modal, §7 Votes; issue 4 item 5).
 *
 * Rules of a vote: the entry exists, belongs to the contest and is approved; nobody votes for
 * their own entry; the contest is in its voting window at request time; votingType gates the vote
 * type; free votes count one at a time, at most freeVotesPerUser per contest and
 * DAILY_FREE_VOTE_LIMIT per WAT calendar day across the platform; maxVotesPerUser caps all of a
 * user's votes in a contest (each paid vote counts one); paid votes cost votingFeeAmount × amount
 * credits, moved from the voter to platform revenue through the ledger; weights free 1, paid 5.
 *
 * Concurrency and the hot path (the vote benchmark wants 500 votes/s on 2 cores):
 *
 * 1. `pg_advisory_xact_lock(VOTE_LOCK_NAMESPACE, hashtext(voterId))` (`lockVoter` in
 *    votes.repository.ts) serialises one voter's votes (every contest), so the limit checks (per
 *    contest, per day, idempotency key) read counts no parallel vote of the same person can change
 *    before commit. A row lock could not do this: `SELECT … FROM votes WHERE contest_id = $1 AND
 *    voter_id = $2 FOR UPDATE` locks nothing before the first vote exists. Different voters never
 *    wait for each other here; a hash collision only serialises two voters, never breaks a rule.
 *    PGlite supports the same call.
 * 2. One plain statement reads the contest, the entry, the voter's usage and the idempotency key.
 *    It takes no row lock: a KEY SHARE lock on the contest row made every vote on a hot contest
 *    build a new MultiXact of all voters in flight, and the final UPDATE guards the window anyway.
 * 3. Writes: post the charge (paid only; the ledger locks the voter's credits and one of 16
 *    revenue shards in code order), then ONE statement (data-modifying CTEs) that bumps the
 *    contest's counters — only while the contest is still in its voting window — then, reading
 *    that result, the entry's counters, and inserts the vote. A contest cancelled, ended or
 *    finalised after the read matches no row there, and the vote rolls back with its charge. Every
 *    writer takes the contest row before any entry row (cancel and finalize lock it FOR UPDATE
 *    first, a cancellation then zeroes the entries' counters), so none of them deadlock; a vote
 *    that already holds the contest row makes them wait, and they then see it. The vote.cast event
 *    rides in the same statement (votes.repository.ts: `writeCast`).
 *
 * Round-trips: a free vote is BEGIN, lock, read, write, COMMIT (5); a paid vote adds the ledger
 * post (4 statements: lock accounts, insert transaction, balances, journal lines).
 */
import { randomUUID } from 'node:crypto';
import { VOTE_WEIGHTS, unitsToCredits, type Actor, type TCastVote } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { eventRow } from '../../lib/events/index.js';
import { accounts } from '../ledger/accounts.js';
import { post } from '../ledger/ledger.js';
import { assertVotingOpen } from '../contests/phase.js';
import { voteChargeReference } from './vote-ledger.js';
import { freeVoteDayStart, refusalOf, remainingOf, type LimitRefusal, type Remaining } from './vote-limits.js';
import { toVote, type TVote } from './votes.dto.js';
import { voteCast } from './votes.events.js';
import { VOTE_MESSAGES } from './votes.messages.js';
import * as repo from './votes.repository.js';

export type { Remaining } from './vote-limits.js';

export interface CastResult {
  vote: TVote;
  entry: { _id: string; votesCount: number; weightedVotes: number };
  remaining: Remaining;
  /** True when an earlier call with the same Idempotency-Key answered (nothing new was written). */
  replayed: boolean;
}

/** The spec's words for a broken limit. */
function refusalMessage(r: LimitRefusal): string {
  switch (r.kind) {
    case 'maxReached':
      return VOTE_MESSAGES.maxReached(r.max);
    case 'maxLeft':
      return VOTE_MESSAGES.maxLeft(r.left);
    default:
      return VOTE_MESSAGES[r.kind];
  }
}

export async function castVote(ctx: AppContext, voter: Actor, input: TCastVote, idempotencyKey?: string): Promise<CastResult> {
  const at = now();
  const voterId = voter.userId;
  return ctx.db.transaction(async (tx) => {
    await repo.lockVoter(tx, voterId);
    const s = await repo.readCastContext(tx, {
      contestId: input.contestId,
      entryId: input.entryId,
      voterId,
      idempotencyKey,
      dayStart: freeVoteDayStart(at),
      ...(input.voteType === 'paid' ? { creditsAccount: accounts.userCredits(voterId).code } : {}),
    });

    if (!s) throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    const c = s.contest;
    if (s.replayId) return replay(tx, s.replayId, input, remainingOf(c, s));

    const entry = s.entry;
    if (!entry) throw AppError.notFound(VOTE_MESSAGES.entryNotFound);
    if (entry.contestId !== c.id) throw AppError.badRequest(VOTE_MESSAGES.wrongContest);
    if (entry.participantId === voterId) throw AppError.forbidden(VOTE_MESSAGES.ownEntry);
    if (entry.status !== 'approved') throw AppError.badRequest(VOTE_MESSAGES.notApproved);
    assertVotingOpen(c, at);
    const isFree = input.voteType === 'free';
    const amount = isFree ? 1 : input.amount;
    const refusal = refusalOf(c, s, input.voteType, amount);
    if (refusal) throw AppError.badRequest(refusalMessage(refusal));
    const cost = isFree ? 0 : c.votingFeeAmount * amount;
    if (cost > s.creditUnits) {
      throw new AppError(400, VOTE_MESSAGES.insufficientCredits, 'INSUFFICIENT_CREDITS', {
        required: unitsToCredits(cost),
        available: unitsToCredits(s.creditUnits),
      });
    }

    const voteId = randomUUID();
    const weightedTotal = VOTE_WEIGHTS[input.voteType] * amount;
    // The charge first: the ledger locks the voter's credits and platform revenue (in code order).
    if (cost > 0) await chargeVote(tx, voterId, voteId, c.id, entry.id, amount, cost);

    // Then one statement: the contest's counters (only while it is still in its voting window),
    // then the entry's, then the vote, then the vote.cast event (the outbox row commits with the vote).
    const key = idempotencyKey ?? `auto:${voteId}`;
    const event = eventRow(
      voteCast,
      { voteId, contestId: c.id, entryId: entry.id, voterId, voteType: input.voteType, amount, weightedTotal, creditCost: cost },
      { actorId: voterId },
    );
    const cast = { voteId, contestId: c.id, entryId: entry.id, voterId, voteType: input.voteType, amount, weightedTotal };
    const written = await repo.writeCast(tx, { ...cast, creditCost: cost, idempotencyKey: key, firstVote: s.usedTotal === 0, at }, event);
    if (!written?.open) throw AppError.badRequest(VOTE_MESSAGES.votingClosed);
    if (written?.votesCount == null || written.weightedVotes == null) throw AppError.badRequest(VOTE_MESSAGES.notApproved);
    const counters = { votesCount: written.votesCount, weightedVotes: written.weightedVotes };

    return {
      vote: toVote({ ...cast, id: voteId, creditCost: cost, idempotencyKey: key, isActive: true, createdAt: at }),
      entry: { _id: entry.id, ...counters },
      remaining: remainingOf(c, {
        usedTotal: s.usedTotal + amount,
        usedFree: s.usedFree + (isFree ? 1 : 0),
        freeToday: s.freeToday + (isFree ? 1 : 0),
      }),
      replayed: false,
    };
  });
}

async function chargeVote(tx: Tx, voterId: string, voteId: string, contestId: string, entryId: string, amount: number, cost: number) {
  try {
    await post(tx, {
      reference: voteChargeReference(voteId),
      newReference: true,
      kind: 'vote_spend',
      description: `${amount} paid ${amount === 1 ? 'vote' : 'votes'}`,
      metadata: { voteId, contestId, entryId, amount },
      lines: [
        { account: accounts.userCredits(voterId), amount: -cost },
        { account: accounts.voteRevenue(voterId), amount: cost },
      ],
    });
  } catch (err) {
    // The balance moved between the pre-check and the lock (a transfer elsewhere): same answer.
    if (isAppError(err) && err.errorType === 'INSUFFICIENT_CREDITS') {
      throw new AppError(400, VOTE_MESSAGES.insufficientCredits, 'INSUFFICIENT_CREDITS');
    }
    throw err;
  }
}

/** A retry with a known Idempotency-Key: the first vote again, or 409 when the body differs. */
async function replay(tx: Tx, voteId: string, input: TCastVote, remaining: Remaining): Promise<CastResult> {
  const prior = await repo.findVote(tx, voteId);
  const amount = input.voteType === 'free' ? 1 : input.amount;
  if (
    !prior ||
    prior.entryId !== input.entryId ||
    prior.contestId !== input.contestId ||
    prior.voteType !== input.voteType ||
    prior.amount !== amount
  ) {
    throw new AppError(409, VOTE_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
  }
  const counters = await repo.entryCounters(tx, prior.entryId);
  return {
    vote: toVote(prior),
    entry: { _id: prior.entryId, votesCount: counters?.votesCount ?? 0, weightedVotes: counters?.weightedVotes ?? 0 },
    remaining,
    replayed: true,
  };
}
