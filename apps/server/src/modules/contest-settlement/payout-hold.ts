/**
 * Prize payouts staff can hold while a dispute is open (issue 15 item 5), for payouts.manage:
 *
 *   hold:    under the contest's row lock, a cash or hybrid prize not paid yet is held (reason and
 *            time on the contest row, so it survives restarts). Finalize still ends the contest and
 *            picks the winner, but leaves the prize in escrow (finalize-contest.ts).
 *   release: lifts the hold; when the contest is already finalized the prize is paid then, by the
 *            same `payCashPrize` and reference (`contest:payout:<id>`) finalize uses, so it is paid
 *            exactly once whichever runs. Otherwise finalize pays it at the end as usual.
 *   list:    per cash/hybrid contest: escrow held (ledger), payout status, the hold, the winner.
 *
 * Finalize pays immediately at the end of voting (no automatic dispute window): the hold is what
 * stops a payout that has not happened yet. Each action is audited in its transaction.
 */
import {
  CONTEST_OPS_MESSAGES,
  pageOf,
  pageOffset,
  type PageRequest,
  type PayoutStatus,
  type TContestPrize,
  type TPrizesPage,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { appendAudit, type StaffActor } from '../audit/audit.js';
import * as contestsRepo from '../contests/contests.repository.js';
import type { ContestRow } from '../contests/contests.repository.js';
import { loadEntry } from '../entries/entries.repository.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, isPosted, postedAmount } from '../ledger/ledger.js';
import { recordEvent } from '../../lib/events/index.js';
import { contestPrizeReleased } from './contest-settlement.events.js';
import { payCashPrize, prizePayoutReference } from './finalize-contest.js';

const isCash = (row: Pick<ContestRow, 'prizeType'>) => row.prizeType === 'cash' || row.prizeType === 'cashanditem';
const escrowRefundReference = (contestId: string) => `contest:refund:${contestId}`;

async function lockContest(tx: Tx, id: string): Promise<ContestRow> {
  if (!contestsRepo.isUuid(id)) throw contestsRepo.contestNotFound();
  return contestsRepo.getContestForUpdate(tx, id);
}

/** Whether the prize money already left the escrow (paid, returned to the organizer, or the contest cancelled). */
async function prizeSettled(db: DbOrTx, row: ContestRow): Promise<boolean> {
  return (
    row.status === 'cancelled' || (await isPosted(db, prizePayoutReference(row.id))) || (await isPosted(db, escrowRefundReference(row.id)))
  );
}

const holdState = (row: ContestRow) => ({
  payoutHeldAt: row.payoutHeldAt?.toISOString() ?? null,
  payoutHoldReason: row.payoutHoldReason,
  finalizedAt: row.finalizedAt?.toISOString() ?? null,
});

/** PUT /api/admin-tools/contests/{id}/payout-hold {reason} */
export async function holdPayout(ctx: AppContext, actor: StaffActor, id: string, reason: string): Promise<TContestPrize> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockContest(tx, id);
    if (!isCash(row)) throw AppError.conflict(CONTEST_OPS_MESSAGES.noCashPrize);
    if (row.payoutHeldAt) throw AppError.conflict(CONTEST_OPS_MESSAGES.alreadyHeld);
    if (await prizeSettled(tx, row)) throw AppError.conflict(CONTEST_OPS_MESSAGES.alreadyPaid);
    const at = now();
    await contestsRepo.setPayoutHold(tx, row.id, { reason, at }, at);
    await appendAudit(tx, actor, {
      action: 'payout.hold',
      targetType: 'contest',
      targetId: row.id,
      reason,
      before: holdState(row),
      after: { ...holdState(row), payoutHeldAt: at.toISOString(), payoutHoldReason: reason },
    });
  });
  return prizeOf(ctx, id);
}

/** PUT /api/admin-tools/contests/{id}/payout-release {reason} */
export async function releasePayout(ctx: AppContext, actor: StaffActor, id: string, reason: string): Promise<TContestPrize> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockContest(tx, id);
    if (!row.payoutHeldAt) throw AppError.conflict(CONTEST_OPS_MESSAGES.notHeld);
    const at = now();
    await contestsRepo.setPayoutHold(tx, row.id, null, at);
    let paid = { prizePaid: 0, fee: 0, refunded: 0 };
    if (row.finalizedAt && row.status === 'ended') {
      const entry = row.winnerEntryId ? await loadEntry(tx, row.winnerEntryId) : undefined;
      paid = await payCashPrize(tx, row, entry ? { id: entry.id, participantId: entry.participantId } : null);
      await recordEvent(
        tx,
        contestPrizeReleased,
        {
          contestId: row.id,
          organizerId: row.organizerId,
          winnerUserId: entry?.participantId ?? null,
          prizePaidKobo: paid.prizePaid,
          feeKobo: paid.fee,
          refundedKobo: paid.refunded,
          actorId: actor.userId,
        },
        { actorId: actor.userId },
      );
    }
    await appendAudit(tx, actor, {
      action: 'payout.release',
      targetType: 'contest',
      targetId: row.id,
      reason,
      before: holdState(row),
      after: { ...holdState(row), payoutHeldAt: null, payoutHoldReason: null, ...paid },
    });
  });
  return prizeOf(ctx, id);
}

type PrizeRow = Awaited<ReturnType<typeof contestsRepo.cashPrizeContests>>['rows'][number];

async function prizeView(db: DbOrTx, { contest: row, winnerUserId, winnerName }: PrizeRow): Promise<TContestPrize> {
  const escrowHeld = await balanceOf(db, accounts.contestEscrow(row.id, 'NGN'));
  const winnerWallet = winnerUserId ? accounts.userWallet(winnerUserId) : null;
  const paidToWinner = winnerWallet ? await postedAmount(db, prizePayoutReference(row.id), winnerWallet) : 0;
  const paid = paidToWinner > 0 || (await isPosted(db, prizePayoutReference(row.id)));
  let payoutStatus: PayoutStatus;
  if (paid) payoutStatus = 'paid';
  else if (row.payoutHeldAt) payoutStatus = 'held';
  else if (row.status === 'cancelled' || (await isPosted(db, escrowRefundReference(row.id)))) payoutStatus = 'refunded';
  else if (row.finalizedAt && escrowHeld > 0) payoutStatus = 'failed';
  else payoutStatus = 'pending';
  return {
    contestId: row.id,
    title: row.title,
    status: row.status,
    prizeType: row.prizeType,
    prizeAmount: row.prizeAmount,
    escrowHeld,
    paidToWinner,
    payoutStatus,
    hold: row.payoutHeldAt ? { reason: row.payoutHoldReason ?? '', at: row.payoutHeldAt.toISOString() } : null,
    winner: row.winnerEntryId && winnerUserId ? { entryId: row.winnerEntryId, userId: winnerUserId, fullName: winnerName ?? '' } : null,
    votingEndDate: row.votingEndDate.toISOString(),
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
  };
}

async function prizeOf(ctx: AppContext, id: string): Promise<TContestPrize> {
  const row = await contestsRepo.cashPrizeContest(ctx.db, id);
  if (!row) throw contestsRepo.contestNotFound();
  return prizeView(ctx.db, row);
}

/** GET /api/admin-tools/contests/prizes */
export async function listPrizes(ctx: AppContext, q: PageRequest): Promise<TPrizesPage> {
  const { rows, total } = await contestsRepo.cashPrizeContests(ctx.db, { limit: q.limit, offset: pageOffset(q) });
  const prizes: TContestPrize[] = [];
  for (const row of rows) prizes.push(await prizeView(ctx.db, row));
  return { prizes, pagination: pageOf(q, total) };
}
