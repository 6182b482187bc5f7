/**
 * Casting a vote (spec 000 §2 vote modal, §7 Votes; issue 4 item 5; issue 12 item 1).
 *
 * Rules of a vote: the entry exists, belongs to the contest and is approved; nobody votes for
 * their own entry; the contest is in its voting window at request time; votingType gates the vote
 * type; free votes count one at a time, at most freeVotesPerUser per contest and
 * DAILY_FREE_VOTE_LIMIT per WAT calendar day across the platform; maxVotesPerUser caps all of a
 * user's votes in a contest (each paid vote counts one); paid votes cost votingFeeAmount × amount
 * credits, moved from the voter to platform revenue through the ledger; weights free 1, paid 5.
 *
 * ONE database call per vote (decision 006): the `cast_vote` function (migration
 * 0013_vote_in_one_call.sql) holds the checks and the writes, so a vote costs one round trip
 * (plus the request guard's prepared session look-up), not seven. In the function:
 *
 * 1. `pg_advisory_xact_lock(727201, hashtext(voter))` serialises one voter's votes (every contest),
 *    so the limit checks (per contest, per day, idempotency key) read counts no parallel vote of the
 *    same person can change before commit. Different voters never wait for each other here.
 * 2. `pg_advisory_xact_lock_shared(727202, hashtext(contest))`: votes share it, and everything that
 *    changes a contest's status, dates or counters (cancel, finalize, edit, a vote's removal) takes
 *    it exclusively first (contests.repository.ts `lockContestChanges`). So no vote reads a contest
 *    another transaction is changing, and the contest row is not the guard any more: before, every
 *    vote on a hot contest updated it first and held it to commit.
 * 3. Each statement of the function sees what committed before it began, so the reads after the
 *    locks are exact; the checks run in the spec's order (the words stay here, in VOTE_MESSAGES and
 *    phase.ts; what a voter has left stays in vote-limits.ts).
 * 4. The charge through `ledger_post` (the ledger's one posting statement), then the entry's
 *    counters (only while it is approved), the vote, its vote.cast event, and last the contest's
 *    counters, held from there to commit only.
 */
import { randomUUID } from 'node:crypto';
import { VOTE_WEIGHTS, unitsToCredits, type Actor, type TCastVote } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError, sqlState } from '../../lib/errors.js';
import { eventRow } from '../../lib/events/index.js';
import { accounts } from '../ledger/accounts.js';
import { votingClosedError } from '../contests/phase.js';
import { DAILY_FREE_VOTE_LIMIT, freeVoteDayStart, remainingOf, type Remaining } from './vote-limits.js';
import { toVote, type TVote } from './votes.dto.js';
import { riskConfig, networkOf, type VoteClient } from './vote-risk.js';
import { voteCast, voteHeld } from './votes.events.js';
import { VOTE_MESSAGES } from './votes.messages.js';
import * as repo from './votes.repository.js';

export type { Remaining } from './vote-limits.js';

/** The risk rules as cast_vote takes them (built once). */
const RISK_CONFIG = riskConfig();

export interface CastResult {
  vote: TVote;
  entry: { _id: string; votesCount: number; weightedVotes: number };
  remaining: Remaining;
  /** True when an earlier call with the same Idempotency-Key answered (nothing new was written). */
  replayed: boolean;
  /** The vote is recorded but held for review (vote-risk.ts): not counted until a moderator counts it. */
  held?: boolean;
}

export async function castVote(
  ctx: AppContext,
  voter: Actor,
  input: TCastVote,
  idempotencyKey?: string,
  client: VoteClient = { ip: null, deviceId: null, userAgent: null },
): Promise<CastResult> {
  const at = now();
  const voterId = voter.userId;
  const voteId = randomUUID();
  const isFree = input.voteType === 'free';
  const amount = isFree ? 1 : input.amount;
  const weightedTotal = VOTE_WEIGHTS[input.voteType] * amount;
  const cast = { voteId, contestId: input.contestId, entryId: input.entryId, voterId, voteType: input.voteType, amount };
  let result: repo.CastOutcome;
  try {
    result = await repo.castVoteCall(ctx.db, {
      ...cast,
      idempotencyKey,
      at,
      dayStart: freeVoteDayStart(at),
      dailyFreeLimit: DAILY_FREE_VOTE_LIMIT,
      weight: VOTE_WEIGHTS[input.voteType],
      creditsAccount: isFree ? null : accounts.userCredits(voterId).code,
      revenueAccount: isFree ? null : accounts.voteRevenue(voterId).code,
      ledgerDescription: `${amount} paid ${amount === 1 ? 'vote' : 'votes'}`,
      // creditCost is filled in by the function from the contest's fee.
      event: eventRow(voteCast, { ...cast, weightedTotal, creditCost: 0 }, { actorId: voterId }),
      heldEventName: voteHeld.name,
      client: {
        ip: client.ip,
        ipNetwork: networkOf(client.ip),
        deviceId: client.deviceId,
        userAgent: client.userAgent ? client.userAgent.slice(0, 300) : null,
      },
      risk: RISK_CONFIG,
    });
  } catch (err) {
    if (sqlState(err) === repo.ENTRY_NO_LONGER_APPROVED) throw AppError.badRequest(VOTE_MESSAGES.notApproved);
    throw err;
  }

  switch (result.outcome) {
    case 'notFound':
      throw AppError.notFound(VOTE_MESSAGES.contestNotFound);
    case 'refused':
      throw refusalError(result, at);
    case 'replay':
      return replay(result, input);
    case 'cast': {
      const vote = toVote({
        ...cast,
        id: voteId,
        amount: result.amount,
        weightedTotal: result.weightedTotal,
        creditCost: result.creditCost,
        isActive: !result.held,
        createdAt: at,
      });
      const u = result.usage;
      return {
        vote,
        entry: { _id: input.entryId, ...result.entry },
        remaining: remainingOf(limitsOf(result.contest), {
          usedTotal: u.usedTotal + amount,
          usedFree: u.usedFree + (isFree ? 1 : 0),
          freeToday: u.freeToday + (isFree ? 1 : 0),
        }),
        replayed: false,
        ...(result.held ? { held: true } : {}),
      };
    }
  }
}

const limitsOf = (c: repo.CastContest) => ({
  votingType: c.votingType,
  freeVotesPerUser: c.freeVotesPerUser,
  maxVotesPerUser: c.maxVotesPerUser,
});

/** The answer to a refused vote, in the spec's words. */
function refusalError(r: Extract<repo.CastOutcome, { outcome: 'refused' }>, at: Date): AppError {
  switch (r.reason) {
    case 'entryNotFound':
      return AppError.notFound(VOTE_MESSAGES.entryNotFound);
    case 'ownEntry':
      return AppError.forbidden(VOTE_MESSAGES.ownEntry);
    case 'votingClosed': {
      const c = r.contest!;
      const phase = {
        status: c.status,
        entryStartDate: new Date(c.entryStartDate),
        entryEndDate: new Date(c.entryEndDate),
        votingStartDate: new Date(c.votingStartDate),
        votingEndDate: new Date(c.votingEndDate),
      };
      // The function and phase.ts agree on the window; the words come from phase.ts.
      return votingClosedError(phase, at) ?? AppError.badRequest(VOTE_MESSAGES.votingClosed);
    }
    case 'insufficientCredits':
      return new AppError(
        400,
        VOTE_MESSAGES.insufficientCredits,
        'INSUFFICIENT_CREDITS',
        r.required === undefined ? undefined : { required: unitsToCredits(r.required), available: unitsToCredits(r.available ?? 0) },
      );
    case 'maxReached':
      return AppError.badRequest(VOTE_MESSAGES.maxReached(r.max!));
    case 'maxLeft':
      return AppError.badRequest(VOTE_MESSAGES.maxLeft(r.left!));
    default:
      return AppError.badRequest(VOTE_MESSAGES[r.reason]);
  }
}

/** A retry with a known Idempotency-Key: the first vote again, or 409 when the body differs. */
function replay(r: Extract<repo.CastOutcome, { outcome: 'replay' }>, input: TCastVote): CastResult {
  const prior = { ...r.vote, createdAt: new Date(r.vote.createdAt) };
  const amount = input.voteType === 'free' ? 1 : input.amount;
  if (
    prior.entryId !== input.entryId ||
    prior.contestId !== input.contestId ||
    prior.voteType !== input.voteType ||
    prior.amount !== amount
  ) {
    throw new AppError(409, VOTE_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
  }
  return {
    vote: toVote(prior),
    entry: { _id: prior.entryId, votesCount: r.entry?.votesCount ?? 0, weightedVotes: r.entry?.weightedVotes ?? 0 },
    remaining: remainingOf(limitsOf(r.contest), r.usage),
    replayed: true,
    ...(r.vote.reviewState === 'held' ? { held: true } : {}),
  };
}
