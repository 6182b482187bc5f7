/**
 * Withdrawals that need a person (issue 15 item 7), for holders of payouts.manage:
 *
 *   list:  pending withdrawals that are held (their owner was banned), that the gateway refused
 *          without a final answer (a refused retry: `last_error`), or that are stuck (not settled
 *          WITHDRAWAL_STUCK_AFTER_MS after they were made).
 *   retry: lifts the hold and asks the gateway again with the SAME reference (settle: verify first,
 *          call again only when the gateway has no record), so the gateway's idempotency keeps it
 *          from paying twice.
 *   fail:  after the gateway confirms it did not pay, gives amount + fee back with the same
 *          `withdrawal-reversal:<ref>` posting as an automatic give-back, in ONE transaction under
 *          the row lock with the final status, the event and the audit row: at most one refund ever.
 *   hold:  a banned user's pending withdrawals are held (subscriber of user.banned); the follow-up
 *          and every transfer claim skip held ones; an unban does not release them.
 */
import {
  CONTEST_OPS_MESSAGES,
  WITHDRAWAL_STUCK_AFTER_MS,
  pageOf,
  pageOffset,
  type PageRequest,
  type TAttentionWithdrawalsPage,
  type TWithdrawal,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isGatewayError } from '../../lib/payments/index.js';
import { appendAudit, type StaffActor } from '../audit/audit.js';
import { post } from '../ledger/ledger.js';
import {
  WITHDRAWAL_FAILURE_REASONS,
  WITHDRAWAL_REVERSAL_KIND,
  recordSettled,
  settleWithdrawal,
  withdrawalLines,
  withdrawalReversalReference,
  withdrawalView,
} from './withdrawals.service.js';
import {
  attentionWithdrawals,
  clearWithdrawalHold,
  findWithdrawal,
  findWithdrawalById,
  holdUserWithdrawals,
  lockWithdrawal,
  markWithdrawalSettled,
  type WithdrawalRow,
} from './withdrawals.repository.js';

const notFound = () => AppError.notFound(CONTEST_OPS_MESSAGES.withdrawalNotFound);
const notOpen = () => AppError.conflict(CONTEST_OPS_MESSAGES.withdrawalNotOpen);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function attentionOf(row: WithdrawalRow, stuckBefore: Date): 'held' | 'refused' | 'stuck' {
  if (row.heldAt) return 'held';
  if (row.lastError) return 'refused';
  return row.createdAt < stuckBefore ? 'stuck' : 'refused';
}

/** GET /api/admin-tools/withdrawals?status=needs_attention */
export async function listAttentionWithdrawals(ctx: AppContext, q: PageRequest): Promise<TAttentionWithdrawalsPage> {
  const stuckBefore = new Date(now().getTime() - WITHDRAWAL_STUCK_AFTER_MS);
  const { rows, total } = await attentionWithdrawals(ctx.db, stuckBefore, { limit: q.limit, offset: pageOffset(q) });
  return {
    withdrawals: rows.map(({ w, user }) => ({
      ...withdrawalView(w),
      user: { id: w.userId, ...user },
      attention: attentionOf(w, stuckBefore),
      attempts: w.attempts,
      holdReason: w.holdReason,
      heldAt: w.heldAt?.toISOString() ?? null,
      lastError: w.lastError,
      lastErrorAt: w.lastErrorAt?.toISOString() ?? null,
    })),
    pagination: pageOf(q, total),
  };
}

async function lockById(tx: Tx, id: string): Promise<WithdrawalRow> {
  if (!UUID.test(id)) throw notFound();
  const found = await findWithdrawalById(tx, id);
  const locked = found && (await lockWithdrawal(tx, found.reference));
  if (!locked) throw notFound();
  return locked;
}

const staffState = (row: WithdrawalRow) => ({
  status: row.status,
  attempts: row.attempts,
  heldAt: row.heldAt?.toISOString() ?? null,
  holdReason: row.holdReason,
  lastError: row.lastError,
});

/** PUT /api/admin-tools/withdrawals/{id}/retry: the hold lifted (audited), then the gateway asked again with the same reference. */
export async function retryWithdrawal(ctx: AppContext, actor: StaffActor, id: string): Promise<TWithdrawal> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockById(tx, id);
    if (locked.status !== 'pending') throw notOpen();
    await clearWithdrawalHold(tx, locked.id, now());
    await appendAudit(tx, actor, {
      action: 'withdrawal.retry',
      targetType: 'withdrawal',
      targetId: locked.id,
      before: staffState(locked),
      after: { ...staffState(locked), heldAt: null, holdReason: null, lastError: null },
    });
    return locked;
  });
  try {
    await settleWithdrawal(ctx, row.reference);
  } catch (err) {
    // The hold is lifted: the follow-up finishes what this call could not.
    ctx.log.error({ err, reference: row.reference }, 'withdrawal retry could not be completed now; left pending');
  }
  return withdrawalView((await findWithdrawal(ctx.db, row.reference)) ?? row);
}

/**
 * Refuses to fail a withdrawal the gateway may have paid: when a transfer call was ever made, the
 * gateway's record must say failed or reversed, or have no record of the reference.
 */
async function assertNotPaidAtGateway(ctx: AppContext, row: WithdrawalRow): Promise<void> {
  if (row.attempts === 0 || row.gateway !== ctx.gateway.name) return;
  try {
    const result = await ctx.gateway.verifyTransfer(row.reference);
    if (result.status === 'success') throw AppError.conflict(CONTEST_OPS_MESSAGES.withdrawalPaidAtGateway);
    if (result.status === 'pending') throw AppError.conflict(CONTEST_OPS_MESSAGES.withdrawalProcessingAtGateway);
  } catch (err) {
    if (isGatewayError(err) && err.code === 'not_found') return;
    if (isGatewayError(err)) throw AppError.conflict(CONTEST_OPS_MESSAGES.withdrawalUnchecked);
    throw err;
  }
}

/**
 * PUT /api/admin-tools/withdrawals/{id}/fail {reason}: final status failed and amount + fee back to
 * the wallet, once (a second call is 409 and posts nothing; the reversal's reference is the same
 * as an automatic give-back's, so the two can never both refund).
 */
export async function failWithdrawal(ctx: AppContext, actor: StaffActor, id: string, reason: string): Promise<TWithdrawal> {
  const seen = await ctx.db.transaction((tx) => lockById(tx, id));
  if (seen.status !== 'pending') throw notOpen();
  await assertNotPaidAtGateway(ctx, seen);
  const failed = await ctx.db.transaction(async (tx) => {
    const locked = await lockById(tx, id);
    if (locked.status !== 'pending') throw notOpen();
    const at = now();
    await post(tx, {
      reference: withdrawalReversalReference(locked.reference),
      kind: WITHDRAWAL_REVERSAL_KIND,
      description: `Withdrawal returned: ${WITHDRAWAL_FAILURE_REASONS.failed}`,
      metadata: { withdrawalReference: locked.reference, gateway: locked.gateway, status: 'failed', byStaff: true },
      lines: withdrawalLines(locked).map((l) => ({ account: l.account, amount: -l.amount })),
    });
    await markWithdrawalSettled(tx, locked.id, {
      status: 'failed',
      failureReason: WITHDRAWAL_FAILURE_REASONS.failed,
      transferCode: null,
      at,
    });
    await recordSettled(tx, locked, 'failed');
    await appendAudit(tx, actor, {
      action: 'withdrawal.fail',
      targetType: 'withdrawal',
      targetId: locked.id,
      reason,
      before: staffState(locked),
      after: { status: 'failed', refundedKobo: locked.amountKobo + locked.feeKobo },
    });
    return { ...locked, status: 'failed' as const, failureReason: WITHDRAWAL_FAILURE_REASONS.failed };
  });
  return withdrawalView((await findWithdrawal(ctx.db, failed.reference)) ?? failed);
}

/** The hold of a banned user's pending withdrawals (the user.banned subscriber). */
export async function holdWithdrawalsOfBannedUser(tx: Tx, userId: string, reason: string, at: Date): Promise<number> {
  return (await holdUserWithdrawals(tx, userId, `Account banned: ${reason}`, at)).length;
}
