/**
 * The money side of a contest's life: the end (winner, payout, badge) and cancellation (refunds).
 * Each runs inside ONE database transaction together with the status change it pays for, under
 * the contest's row lock, with ledger references derived from the contest (and vote / entry) ids,
 * so it has exactly one effect however often it is attempted.
 *
 * Ledger references (agreed with the entries and votes modules):
 *   contest:create:<id>:badge-fee      organizer credits → platform revenue (CREDIT), at creation
 *   contest:create:<id>:escrow         organizer wallet → contest escrow (NGN), at creation
 *   entry:fee:<entryId>                participant credits → contest escrow (CREDIT)   [entries]
 *   vote:<voteId>                      voter credits → platform revenue (CREDIT)        [votes]
 *   contest:payout:<id>                escrow → winner wallet 95 % + platform revenue 5 % (NGN)
 *   contest:refund:<id>                escrow → organizer wallet (ended without an approved entry)
 *   contest:entry-fees:<id>            contest escrow (CREDIT) → platform revenue (CREDIT), at the end
 *   contest:cancel:<id>:escrow         escrow → organizer wallet
 *   contest:cancel:<id>:badge-fee      platform revenue (CREDIT) → organizer credits
 *   vote:refund:<voteId>               platform revenue (CREDIT) → voter credits
 *   entry:fee-refund:<entryId>         contest escrow (CREDIT) → participant credits
 *   contest:delete:<id>:escrow / :badge-fee   the same two refunds when an empty contest is deleted
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { ESCROW_FEE_PERCENT, unitsToCredits } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, entries, ledgerAccounts, ledgerEntries, ledgerTransactions, userBadges, votes } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { tryLeaderLock } from '../../lib/leader-lock.js';
import { RANKING_ORDER } from '../entries/entries.repository.js';
import { accounts, type AccountSpec } from '../ledger/accounts.js';
import { balanceOf, post } from '../ledger/ledger.js';
import { paidVoteRevenueAccount, voteRefundReference } from '../votes/vote-ledger.js';
import { getContestForUpdate, type ContestRow } from './contests.repository.js';

/** The ledger kind of a prize paid to a winner's wallet: what wallet "winnings" are. */
export const PRIZE_PAYOUT_KIND = 'contest_payout';

/** Advisory lock key of the lifecycle tick: one instance leads per tick on a shared PostgreSQL. */
export const LIFECYCLE_LOCK_KEY = 727_002;
/** Contests finalized per tick at most; the rest wait for the next tick (15 s later). */
const FINALIZE_BATCH = 50;

export const badgeFeeReference = (contestId: string) => `contest:create:${contestId}:badge-fee`;
export const escrowFundingReference = (contestId: string) => `contest:create:${contestId}:escrow`;

/** The amount a posted transaction moved on one account (signed), 0 when it was never posted. */
export async function postedAmount(db: DbOrTx, reference: string, account: AccountSpec): Promise<number> {
  const [row] = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.reference, reference), eq(ledgerAccounts.code, account.code)));
  return row?.amount ?? 0;
}

async function isPosted(db: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
  return !!row;
}

/** Whatever the contest's naira escrow holds goes back to the organizer's wallet. */
export async function refundEscrowToOrganizer(tx: Tx, row: ContestRow, reference: string, why: string): Promise<number> {
  const escrow = accounts.contestEscrow(row.id, 'NGN');
  const held = await balanceOf(tx, escrow);
  if (held <= 0) return 0;
  await post(tx, {
    reference,
    kind: 'contest_escrow_refund',
    description: `Prize money returned: ${why} "${row.title}"`,
    metadata: { contestId: row.id },
    lines: [
      { account: escrow, amount: -held },
      { account: accounts.userWallet(row.organizerId), amount: held },
    ],
  });
  return held;
}

/**
 * The badge fee charged at creation goes back to the organizer, once: a contest cancelled and then
 * deleted is refunded by the first of the two only.
 */
export async function refundBadgeFee(tx: Tx, row: ContestRow, reference: string): Promise<number> {
  const revenue = accounts.platformRevenue('CREDIT');
  const charged = await postedAmount(tx, badgeFeeReference(row.id), revenue);
  if (charged <= 0) return 0;
  for (const earlier of [`contest:cancel:${row.id}:badge-fee`, `contest:delete:${row.id}:badge-fee`]) {
    if (earlier !== reference && (await isPosted(tx, earlier))) return 0;
  }
  await post(tx, {
    reference,
    kind: 'contest_badge_fee_refund',
    description: `Badge contest fee returned for "${row.title}"`,
    metadata: { contestId: row.id },
    lines: [
      { account: revenue, amount: -charged },
      { account: accounts.userCredits(row.organizerId), amount: charged },
    ],
  });
  return charged;
}

// ---------------------------------------------------------------------------------------------
// The end of a contest

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
}

/**
 * The winner among approved entries: the highest weightedVotes; on a tie the entry submitted
 * EARLIER (createdAt); then the lower id. See docs/decisions/004-contest-ranking.md. An approved
 * entry wins even with no votes at all (the organizer promised the prize to the best entry, and
 * the only one is the best); a contest with no approved entry has no winner.
 */
export async function pickWinner(db: DbOrTx, contestId: string) {
  const [winner] = await db
    .select({ id: entries.id, participantId: entries.participantId, title: entries.title })
    .from(entries)
    .where(and(eq(entries.contestId, contestId), eq(entries.status, 'approved')))
    .orderBy(...RANKING_ORDER)
    .limit(1);
  return winner;
}

/**
 * Ends a contest whose row the caller holds under `FOR UPDATE`: claims it with
 * `UPDATE … WHERE finalized_at IS NULL RETURNING` and, only when the claim succeeded, pays in the
 * same transaction. Returns null when another transaction finalized it first.
 *
 * Cash prizes: the escrow balance E splits into fee = floor(E × 5 / 100) for platform revenue and
 * E − fee for the winner, so every kobo is accounted for. Badge prizes: a user_badges row.
 * Entry fees held in the contest's CREDIT escrow become platform revenue.
 */
export async function finalizeLocked(tx: Tx, row: ContestRow, at: Date): Promise<FinalizeOutcome | null> {
  const winner = await pickWinner(tx, row.id);
  const [claimed] = await tx
    .update(contests)
    .set({ status: 'ended', finalizedAt: at, winnerEntryId: winner?.id ?? null, updatedAt: at })
    .where(and(eq(contests.id, row.id), isNull(contests.finalizedAt), inArray(contests.status, ['active', 'voting', 'ended'])))
    .returning({ id: contests.id });
  if (!claimed) return null;

  const outcome: FinalizeOutcome = {
    contestId: row.id,
    winnerEntryId: winner?.id ?? null,
    winnerUserId: winner?.participantId ?? null,
    prizePaid: 0,
    fee: 0,
    refunded: 0,
    badgeAwarded: false,
  };

  if (row.prizeType === 'cash' || row.prizeType === 'cashanditem') {
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
        reference: `contest:payout:${row.id}`,
        kind: PRIZE_PAYOUT_KIND,
        description: `Prize for winning "${row.title}" (less the ${ESCROW_FEE_PERCENT}% escrow fee)`,
        metadata: { contestId: row.id, entryId: winner.id, prize: held, fee },
        lines,
      });
      outcome.prizePaid = held - fee;
      outcome.fee = fee;
    } else if (held > 0) {
      outcome.refunded = await refundEscrowToOrganizer(tx, row, `contest:refund:${row.id}`, 'no approved entries in');
    }
  }

  if (row.prizeType === 'badge' && winner) {
    const inserted = await tx
      .insert(userBadges)
      .values({ userId: winner.participantId, contestId: row.id, title: row.badgeTitle ?? row.title, awardedAt: at })
      .onConflictDoNothing({ target: userBadges.contestId })
      .returning({ id: userBadges.id });
    outcome.badgeAwarded = inserted.length > 0;
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
    const row = await getContestForUpdate(tx, contestId);
    if (!isDueForFinalize(row, at)) return null;
    return finalizeLocked(tx, row, at);
  });
}

// ---------------------------------------------------------------------------------------------
// Cancellation

export interface CancelRefunds {
  /** Kobo returned from escrow to the organizer. */
  escrowRefunded: number;
  /** Paid votes refunded and vote credits returned to their voters. */
  votesRefunded: number;
  voteCreditsRefunded: number;
  /** Entry fees refunded and vote credits returned to their participants. */
  entryFeesRefunded: number;
  entryFeeCreditsRefunded: number;
  /** Vote credits of the badge fee returned to the organizer. */
  badgeFeeRefunded: number;
}

/**
 * Cancels a contest whose row the caller holds under `FOR UPDATE` (the caller checked the
 * transition): status cancelled, then every refund in the same transaction. Active votes of the
 * contest are marked inactive (the contest no longer counts them); the paid ones get their credits
 * back. Entry-fee refunds already made by the entries module (a deleted entry) are not repeated.
 */
export async function cancelLocked(tx: Tx, row: ContestRow, at: Date, reason: string | undefined): Promise<CancelRefunds> {
  await tx
    .update(contests)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason?.trim() || null, updatedAt: at })
    .where(eq(contests.id, row.id));

  const refunds: CancelRefunds = {
    escrowRefunded: await refundEscrowToOrganizer(tx, row, `contest:cancel:${row.id}:escrow`, 'cancelled contest'),
    votesRefunded: 0,
    voteCreditsRefunded: 0,
    entryFeesRefunded: 0,
    entryFeeCreditsRefunded: 0,
    badgeFeeRefunded: 0,
  };

  const paid = await tx
    .select({ id: votes.id, voterId: votes.voterId, creditCost: votes.creditCost })
    .from(votes)
    .where(and(eq(votes.contestId, row.id), eq(votes.isActive, true), gt(votes.creditCost, 0)))
    .orderBy(asc(votes.createdAt), asc(votes.id));
  for (const v of paid) {
    const revenue = await paidVoteRevenueAccount(tx, v.id);
    await post(tx, {
      reference: voteRefundReference(v.id),
      kind: 'vote_refund',
      description: `Vote refunded: "${row.title}" was cancelled`,
      metadata: { contestId: row.id, voteId: v.id },
      lines: [
        { account: revenue, amount: -v.creditCost },
        { account: accounts.userCredits(v.voterId), amount: v.creditCost },
      ],
    });
    refunds.votesRefunded += 1;
    refunds.voteCreditsRefunded += v.creditCost;
  }
  await tx
    .update(votes)
    .set({ isActive: false })
    .where(and(eq(votes.contestId, row.id), eq(votes.isActive, true)));
  // Counters always equal the active votes (removal does the same): a cancelled contest's votes
  // were all refunded, so nothing is left to count.
  await tx.update(entries).set({ votesCount: 0, weightedVotes: 0 }).where(eq(entries.contestId, row.id));
  await tx.update(contests).set({ totalVotes: 0, totalVoters: 0 }).where(eq(contests.id, row.id));

  // Entry fees: every `entry:fee:<entryId>` that paid into this contest's CREDIT escrow and has no
  // refund yet, back to the account that paid it.
  const feeEscrow = accounts.contestEscrow(row.id, 'CREDIT');
  const charges = await queryRows<{ reference: string; amount: string; payer: string }>(
    tx,
    sql`
      select t.reference, e.amount::text as amount, pa.owner_user_id as payer
      from ${ledgerTransactions} t
      join ${ledgerEntries} e on e.transaction_id = t.id
      join ${ledgerAccounts} a on a.id = e.account_id and a.code = ${feeEscrow.code}
      join ${ledgerEntries} p on p.transaction_id = t.id and p.amount < 0
      join ${ledgerAccounts} pa on pa.id = p.account_id and pa.kind = 'user_credits'
      where t.reference like 'entry:fee:%' and e.amount > 0
        and not exists (
          select 1 from ${ledgerTransactions} r where r.reference = 'entry:fee-refund:' || substr(t.reference, ${'entry:fee:'.length + 1})
        )
      order by t.created_at, t.reference`,
  );
  for (const charge of charges) {
    const entryId = charge.reference.slice('entry:fee:'.length);
    const amount = Number(charge.amount);
    await post(tx, {
      reference: `entry:fee-refund:${entryId}`,
      kind: 'entry_fee_refund',
      description: `Entry fee refunded: "${row.title}" was cancelled`,
      metadata: { contestId: row.id, entryId },
      lines: [
        { account: feeEscrow, amount: -amount },
        { account: accounts.userCredits(charge.payer), amount },
      ],
    });
    refunds.entryFeesRefunded += 1;
    refunds.entryFeeCreditsRefunded += amount;
  }

  refunds.badgeFeeRefunded = await refundBadgeFee(tx, row, `contest:cancel:${row.id}:badge-fee`);
  return {
    ...refunds,
    voteCreditsRefunded: unitsToCredits(refunds.voteCreditsRefunded),
    entryFeeCreditsRefunded: unitsToCredits(refunds.entryFeeCreditsRefunded),
    badgeFeeRefunded: unitsToCredits(refunds.badgeFeeRefunded),
  };
}

// ---------------------------------------------------------------------------------------------
// The scheduler's job

export interface LifecycleResult {
  /** False when another instance held the lifecycle lock this tick (nothing was done). */
  leader: boolean;
  movedToVoting: number;
  finalized: FinalizeOutcome[];
  failed: string[];
}

/**
 * One lifecycle tick, also called directly by tests with a moved clock:
 * 1. contests whose entry period is over move active → voting (statusForDates in SQL);
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

    const moved = await tx
      .update(contests)
      .set({ status: 'voting', updatedAt: at })
      .where(and(eq(contests.status, 'active'), lte(contests.entryEndDate, at), gt(contests.votingEndDate, at)))
      .returning({ id: contests.id });

    const due = await tx
      .select({ id: contests.id })
      .from(contests)
      .where(
        and(
          isNull(contests.finalizedAt),
          or(eq(contests.status, 'ended'), and(inArray(contests.status, ['active', 'voting']), lte(contests.votingEndDate, at))),
        ),
      )
      .orderBy(asc(contests.votingEndDate), asc(contests.id))
      .limit(FINALIZE_BATCH);

    const result: LifecycleResult = { leader: true, movedToVoting: moved.length, finalized: [], failed: [] };
    for (const { id } of due) {
      try {
        const outcome = await tx.transaction(async (sp) => {
          const row = await getContestForUpdate(sp, id);
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
