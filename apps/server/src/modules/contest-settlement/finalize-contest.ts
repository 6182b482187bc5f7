/**
 * The end of a contest: the winner, the payout, the badge, and the entry fees to the platform. Runs
 * inside ONE transaction with the status change it pays for, under the contest's row lock, with
 * ledger references derived from the contest id, so it has exactly one effect however often it is
 * attempted (the scheduler's tick, the organizer's "End contest", another instance).
 *
 * Ledger references of a contest's money (the module that owns each):
 *   contest:create:<id>:badge-fee      organizer credits → platform revenue (CREDIT)   [contests: contest-funds]
 *   contest:create:<id>:escrow         organizer wallet → contest escrow (NGN)           [contests: contest-funds]
 *   entry:fee:<entryId>                participant credits → contest escrow (CREDIT)    [entries: entry-fees]
 *   vote:<voteId>                      voter credits → platform revenue shard (CREDIT)   [votes: vote-ledger]
 *   contest:payout:<id>                escrow → winner wallet 95 % + platform revenue 5 % (NGN)   [here; or at the release of a held payout]
 *   contest:refund:<id>                escrow → organizer wallet (ended without an approved entry)
 *   contest:entry-fees:<id>            contest escrow (CREDIT) → platform revenue (CREDIT), at the end   [here]
 *   contest:cancel|delete:<id>:escrow / :badge-fee   the refunds of a cancelled or deleted contest
 *   vote:refund:<voteId>               platform revenue shard (CREDIT) → voter credits   [votes: refund-vote]
 *   entry:fee-refund:<entryId>         contest escrow (CREDIT) → participant credits     [entries: entry-fees]
 */
import { ESCROW_FEE_PERCENT } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { tryLeaderLock } from '../../lib/leader-lock.js';
import { refundEscrowToOrganizer } from '../contests/contest-funds.js';
import * as contestsRepo from '../contests/contests.repository.js';
import type { ContestRow } from '../contests/contests.repository.js';
import { pickWinner } from '../entries/entries.repository.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, post } from '../ledger/ledger.js';
import { recordEvent } from '../../lib/events/index.js';
import { contestFinalized, contestPhaseChanged } from './contest-settlement.events.js';

/** Advisory lock key of the lifecycle tick: one instance leads per tick on a shared PostgreSQL. */
export const LIFECYCLE_LOCK_KEY = 727_002;
/** Contests finalized per tick at most; the rest wait for the next tick (15 s later). */
const FINALIZE_BATCH = 50;

export interface FinalizeOutcome {
  contestId: string;
  winnerEntryId: string | null;
  winnerUserId: string | null;
  /** Kobo paid to the winner's wallet. */
  prizePaid: number;
  /** Kobo kept as the escrow fee. */
  fee: number;
  /** Kobo returned to the organizer (no approved entry). */
  refunded: number;
  badgeAwarded: boolean;
  /** True when staff held the prize payout: the prize stays in escrow until released (payout-hold.ts). */
  prizeHeld: boolean;
}

/** The payout's reference: one per contest, so finalize and a later release pay at most once between them. */
export const prizePayoutReference = (contestId: string) => `contest:payout:${contestId}`;

/**
 * Pays a cash prize from the contest's escrow: fee = floor(E × 5 / 100) to platform revenue, E − fee
 * to the winner's wallet; with no winner the escrow goes back to the organizer. Idempotent by
 * reference. Returns what moved (kobo).
 */
export async function payCashPrize(
  tx: Tx,
  row: ContestRow,
  winner: { id: string; participantId: string } | null | undefined,
): Promise<{ prizePaid: number; fee: number; refunded: number }> {
  const escrow = accounts.contestEscrow(row.id, 'NGN');
  const held = await balanceOf(tx, escrow);
  if (held > 0 && winner) {
    const fee = Math.floor((held * ESCROW_FEE_PERCENT) / 100);
    const lines = [
      { account: escrow, amount: -held },
      { account: accounts.userWallet(winner.participantId), amount: held - fee },
    ];
    if (fee > 0) lines.push({ account: accounts.platformRevenue('NGN'), amount: fee });
    await post(tx, {
      reference: prizePayoutReference(row.id),
      kind: 'contest_payout',
      description: `Prize for winning "${row.title}" (less the ${ESCROW_FEE_PERCENT}% escrow fee)`,
      metadata: { contestId: row.id, entryId: winner.id, prize: held, fee },
      lines,
    });
    return { prizePaid: held - fee, fee, refunded: 0 };
  }
  if (held > 0) return { prizePaid: 0, fee: 0, refunded: await refundEscrowToOrganizer(tx, row, 'no-winner') };
  return { prizePaid: 0, fee: 0, refunded: 0 };
}

/**
 * Ends a contest whose row the caller holds under `FOR UPDATE`: claims it and, only when the claim
 * succeeded, pays in the same transaction. Returns null when another transaction finalized it first.
 *
 * Cash prizes: the escrow balance E splits into fee = floor(E × 5 / 100) for platform revenue and
 * E − fee for the winner, so every kobo is accounted for. Badge prizes: a user_badges row.
 * Entry fees held in the contest's CREDIT escrow become platform revenue.
 */
export async function finalizeLocked(tx: Tx, row: ContestRow, at: Date): Promise<FinalizeOutcome | null> {
  const winner = await pickWinner(tx, row.id);
  if (!(await contestsRepo.claimFinalize(tx, row.id, winner?.id ?? null, at))) return null;

  const outcome: FinalizeOutcome = {
    contestId: row.id,
    winnerEntryId: winner?.id ?? null,
    winnerUserId: winner?.participantId ?? null,
    prizePaid: 0,
    fee: 0,
    refunded: 0,
    badgeAwarded: false,
    prizeHeld: false,
  };

  if ((row.prizeType === 'cash' || row.prizeType === 'cashanditem') && row.payoutHeldAt) {
    // A dispute is open: the prize stays in escrow; releasing the hold pays it (payout-hold.ts).
    outcome.prizeHeld = true;
  } else if (row.prizeType === 'cash' || row.prizeType === 'cashanditem') {
    const paid = await payCashPrize(tx, row, winner);
    outcome.prizePaid = paid.prizePaid;
    outcome.fee = paid.fee;
    outcome.refunded = paid.refunded;
  }

  if (row.prizeType === 'badge' && winner) {
    outcome.badgeAwarded = await contestsRepo.awardBadge(
      tx,
      { userId: winner.participantId, contestId: row.id, title: row.badgeTitle ?? row.title },
      at,
    );
  }

  const feeEscrow = accounts.contestEscrow(row.id, 'CREDIT');
  const fees = await balanceOf(tx, feeEscrow);
  if (fees > 0) {
    await post(tx, {
      reference: `contest:entry-fees:${row.id}`,
      kind: 'contest_entry_fees',
      description: `Entry fees of "${row.title}"`,
      metadata: { contestId: row.id },
      lines: [
        { account: feeEscrow, amount: -fees },
        { account: accounts.platformRevenue('CREDIT'), amount: fees },
      ],
    });
  }
  await recordEvent(tx, contestFinalized, {
    contestId: row.id,
    organizerId: row.organizerId,
    winnerEntryId: outcome.winnerEntryId,
    winnerUserId: outcome.winnerUserId,
    prizePaidKobo: outcome.prizePaid,
    feeKobo: outcome.fee,
    refundedKobo: outcome.refunded,
    badgeAwarded: outcome.badgeAwarded,
  });
  return outcome;
}

/** Whether a contest is due to be finalized at `at` (voting over, or ended by the organizer). */
export function isDueForFinalize(row: ContestRow, at: Date): boolean {
  if (row.finalizedAt || row.status === 'draft' || row.status === 'cancelled') return false;
  return row.status === 'ended' || at >= row.votingEndDate;
}

/**
 * Finalizes one contest in its own transaction if it is due; null when it is not due or was
 * already finalized (by another instance, a tick, or the organizer's PATCH).
 */
export async function finalizeContest(ctx: AppContext, contestId: string): Promise<FinalizeOutcome | null> {
  return ctx.db.transaction(async (tx) => {
    const at = now();
    const row = await contestsRepo.getContestForUpdate(tx, contestId);
    if (!isDueForFinalize(row, at)) return null;
    return finalizeLocked(tx, row, at);
  });
}

export interface LifecycleResult {
  /** False when another instance held the lifecycle lock this tick (nothing was done). */
  leader: boolean;
  movedToVoting: number;
  finalized: FinalizeOutcome[];
  failed: string[];
}

/**
 * One lifecycle tick, also called directly by tests with a moved clock:
 * 1. contests whose entry period is over move active → voting;
 * 2. contests whose voting is over (or that were ended without being finalized) are finalized,
 *    each in its own savepoint so one failure does not hold back the others.
 *
 * Leadership: the tick runs in a transaction that first takes `pg_try_advisory_xact_lock`; an
 * instance that does not get it does nothing this tick. PGlite is a single process and always
 * gets it. Exactly-once payment does not depend on this lock: the finalize claim does that.
 */
export async function runContestLifecycle(ctx: AppContext): Promise<LifecycleResult> {
  const at = now();
  return ctx.db.transaction(async (tx) => {
    if (!(await tryLeaderLock(tx, LIFECYCLE_LOCK_KEY))) return { leader: false, movedToVoting: 0, finalized: [], failed: [] };
    const moved = await contestsRepo.moveDueToVoting(tx, at);
    for (const contestId of moved) await recordEvent(tx, contestPhaseChanged, { contestId, status: 'voting' });
    const result: LifecycleResult = { leader: true, movedToVoting: moved.length, finalized: [], failed: [] };
    for (const id of await contestsRepo.dueForFinalize(tx, at, FINALIZE_BATCH)) {
      try {
        const outcome = await tx.transaction(async (sp) => {
          const row = await contestsRepo.getContestForUpdate(sp, id);
          return isDueForFinalize(row, at) ? finalizeLocked(sp, row, at) : null;
        });
        if (outcome) result.finalized.push(outcome);
      } catch (err) {
        result.failed.push(id);
        ctx.log.error({ err, contestId: id }, 'could not finalize contest');
      }
    }
    return result;
  });
}
