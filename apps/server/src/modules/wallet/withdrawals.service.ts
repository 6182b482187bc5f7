/**
 * Withdrawals from the naira wallet to the user's bank account (spec 001 §2 Wallet, §5, §9: total
 * deducted is amount + ₦100).
 *
 *   debit:  ONE transaction writes the pending `withdrawals` row (our reference `wdr-…`, the bank
 *           details copied) and the ledger posting `withdrawal:<ref>`: wallet −total, gateway +amount,
 *           platform revenue +fee. Only then is the gateway called.
 *   pay:    a transfer recipient is ensured, then `gateway.transfer` is called with the SAME reference
 *           on every try. Each call is claimed first (attempts n → n+1 only if still n and pending), so
 *           two processes never call at once for one withdrawal.
 *   settle: success → status success. pending → stays pending (a webhook or the follow-up settles it).
 *           failed / reversed, or a refusal of the FIRST call that the gateway confirms (the reference
 *           is unknown to it) → ONE transaction under the row lock sets the final status and posts
 *           `withdrawal-reversal:<ref>`, the exact opposite lines, so the wallet gets the total back once.
 *           An inconclusive answer (timeout, network, 5xx, unreadable) is never reversed blindly: it
 *           stays pending. Nor is a refused RETRY: an earlier call with the same reference may still be
 *           landing (Paystack then refuses the retry as a duplicate before it can show the transfer).
 *
 * With an Idempotency-Key the reference is derived from the user and the key, so a repeated request
 * finds the withdrawal the first one made and answers it again instead of debiting twice.
 *
 * Only a pending row changes, except that a transfer the gateway later reports as reversed (the bank
 * sent the money back) is given back to the wallet as well. Everything is keyed by the reference, so
 * settling again has no further effect.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  PRODUCT_NAME,
  WITHDRAWAL_FEE_KOBO,
  formatNaira,
  withdrawalQuote,
  type Kobo,
  type TWithdrawAnswer,
  type TWithdrawRequest,
  type TWithdrawal,
  type TWithdrawalsPage,
  type WithdrawalStatus,
  pageOf,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { recordEvent } from '../../lib/events/index.js';
import { AppError, isAppError, sqlState } from '../../lib/errors.js';
import { runAsLeader } from '../../lib/leader-lock.js';
import { isGatewayError, type GatewayError, type TransferResult } from '../../lib/payments/index.js';
import { confirmPassword } from '../auth/login.js';
import { accounts } from '../ledger/accounts.js';
import { post, userBalances, type PostLine } from '../ledger/ledger.js';
import { withdrawalSettled } from './wallet.events.js';
import { findBankAccount, saveBankRecipientCode } from './wallet.repository.js';
import {
  claimTransferAttempt,
  dueWithdrawalReferences,
  findWithdrawal,
  insertWithdrawal,
  listUserWithdrawals,
  lockWithdrawal,
  markWithdrawalChecked,
  markWithdrawalSettled,
  setTransferCode,
  setWithdrawalError,
  setWithdrawalRecipient,
  type WithdrawalRow,
} from './withdrawals.repository.js';

export const WITHDRAWAL_MESSAGES = {
  /** The spec's success text (001 §8 Wallet); also when the bank has not confirmed yet (status pending). */
  processed: 'Withdrawal processed successfully',
  /** Not given by the spec: the transfer failed at once and the total is back in the wallet. */
  failedAndReturned: 'The bank transfer failed, so the full amount was returned to your wallet',
  /** Not given by the spec. */
  noBankAccount: 'Add a bank account before withdrawing',
  /** Not given by the spec (worded like its transfer refusals). */
  insufficient: (needKobo: Kobo, haveKobo: Kobo) =>
    `Insufficient balance. You need ${formatNaira(needKobo)} (amount plus ${formatNaira(WITHDRAWAL_FEE_KOBO)} fee) but only have ${formatNaira(haveKobo)}`,
  /** Not given by the spec (worded like the transfer's). */
  idempotencyConflict: 'This Idempotency-Key was already used for a different withdrawal',
} as const;

/** Why a withdrawal was given back, as the user reads it (the gateway's own words go to the log). */
export const WITHDRAWAL_FAILURE_REASONS = {
  failed: 'The bank transfer failed',
  reversed: 'The bank transfer was reversed',
  refused: 'The payment provider refused the transfer',
  recipientRefused: 'The payment provider could not pay to this bank account',
} as const;

/** Ledger kinds (the wallet's transaction types). */
export const WITHDRAWAL_KIND = 'withdrawal';
export const WITHDRAWAL_REVERSAL_KIND = 'withdrawal_reversal';

export const withdrawalLedgerReference = (reference: string) => `withdrawal:${reference}`;
export const withdrawalReversalReference = (reference: string) => `withdrawal-reversal:${reference}`;

/** Ours: `wdr-` and a UUID without dashes (lowercase hex, valid as a Paystack transfer reference). */
export const newWithdrawalReference = () => `wdr-${randomUUID().replace(/-/g, '')}`;

/**
 * The reference of a withdrawal requested with an Idempotency-Key: `wdr-` and the first 32 hex of
 * sha256(userId:key), the same shape as a new one, so the same user and key always find the same row.
 */
export const idempotentWithdrawalReference = (userId: string, idempotencyKey: string) =>
  `wdr-${createHash('sha256').update(`${userId}:${idempotencyKey}`).digest('hex').slice(0, 32)}`;

/** The follow-up looks at withdrawals still pending this long after they were made. */
export const WITHDRAWAL_FOLLOW_UP_AGE_MS = 60_000;
/** A pending withdrawal is checked again after max(this, a quarter of its age) since its last check. */
export const WITHDRAWAL_RECHECK_MIN_MS = 60_000;
export const WITHDRAWAL_FOLLOW_UP_BATCH = 50;
/** Advisory lock key of the follow-up: one instance follows up at a time (see lib/leader-lock.ts). */
export const WITHDRAWAL_FOLLOW_UP_LOCK_KEY = 727_003;

const TRANSFER_REASON = `${PRODUCT_NAME} wallet withdrawal`;

// ---------- views ----------

export function withdrawalView(row: WithdrawalRow): TWithdrawal {
  return {
    id: row.id,
    reference: row.reference,
    amount: row.amountKobo,
    fee: row.feeKobo,
    total: row.amountKobo + row.feeKobo,
    status: row.status,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------- ledger ----------

/** The debit of a withdrawal: the wallet pays amount + fee, the amount leaves through the gateway, the fee is revenue. */
export function withdrawalLines(row: WithdrawalRow): PostLine[] {
  const lines: PostLine[] = [
    { account: accounts.userWallet(row.userId), amount: -(row.amountKobo + row.feeKobo) },
    { account: accounts.gateway(row.gateway), amount: row.amountKobo },
  ];
  if (row.feeKobo > 0) lines.push({ account: accounts.platformRevenue('NGN'), amount: row.feeKobo });
  return lines;
}

const insufficient = (needKobo: Kobo, haveKobo: Kobo) =>
  new AppError(400, WITHDRAWAL_MESSAGES.insufficient(needKobo, haveKobo), 'INSUFFICIENT_BALANCE', { needKobo, haveKobo });

// ---------- POST /api/wallet/withdraw ----------

export interface WithdrawOutcome {
  answer: TWithdrawAnswer;
  message: string;
}

/** The answer for a withdrawal as it stands now (a first request's answer, or a repeat's). */
async function outcomeOf(ctx: AppContext, row: WithdrawalRow): Promise<WithdrawOutcome> {
  const { walletKobo } = await userBalances(ctx.db, row.userId);
  const failed = row.status === 'failed' || row.status === 'reversed';
  return {
    answer: { withdrawal: withdrawalView(row), balance: walletKobo },
    message: failed ? WITHDRAWAL_MESSAGES.failedAndReturned : WITHDRAWAL_MESSAGES.processed,
  };
}

/**
 * POST /api/wallet/withdraw {amount (whole naira), password}: re-checks the password (it counts toward
 * the login lockout), debits the wallet (amount + ₦100) with the pending withdrawal, then pays out
 * through the gateway.
 *
 * With an Idempotency-Key, a repeat by the same user answers the withdrawal the first request made
 * (as it stands now: no second debit, no second payout call); the same key with another amount is
 * refused with 409 IDEMPOTENCY_CONFLICT.
 */
export async function withdraw(
  ctx: AppContext,
  userId: string,
  input: TWithdrawRequest,
  idempotencyKey?: string,
): Promise<WithdrawOutcome> {
  await confirmPassword(ctx, userId, input.password);
  const quote = withdrawalQuote(input.amount);
  const reference = idempotencyKey ? idempotentWithdrawalReference(userId, idempotencyKey) : newWithdrawalReference();

  /** With a key: the answer of the withdrawal made under it already, else undefined. */
  const repeated = async (): Promise<WithdrawOutcome | undefined> => {
    if (!idempotencyKey) return undefined;
    const first = await findWithdrawal(ctx.db, reference);
    if (!first) return undefined;
    if (first.userId !== userId || first.amountKobo !== quote.amountKobo) {
      throw new AppError(409, WITHDRAWAL_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
    }
    return outcomeOf(ctx, first);
  };

  const earlier = await repeated();
  if (earlier) return earlier;

  const bank = await findBankAccount(ctx.db, userId);
  if (!bank) throw AppError.badRequest(WITHDRAWAL_MESSAGES.noBankAccount);

  const before = await userBalances(ctx.db, userId);
  if (before.walletKobo < quote.totalKobo) {
    // A twin request under the same key may have just spent it: then this is its repeat.
    const twin = await repeated();
    if (twin) return twin;
    throw insufficient(quote.totalKobo, before.walletKobo);
  }

  const at = now();
  let row: WithdrawalRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const created = await insertWithdrawal(tx, {
        reference,
        userId,
        amountKobo: quote.amountKobo,
        feeKobo: quote.feeKobo,
        gateway: ctx.gateway.name,
        bankCode: bank.bankCode,
        bankName: bank.bankName,
        accountNumber: bank.accountNumber,
        accountName: bank.accountName,
        recipientCode: bank.gateway === ctx.gateway.name ? bank.recipientCode : null,
        createdAt: at,
      });
      await post(tx, {
        reference: withdrawalLedgerReference(reference),
        kind: WITHDRAWAL_KIND,
        description: `Withdrawal to ${bank.bankName} (${bank.accountNumber})`,
        metadata: { withdrawalReference: reference, gateway: created.gateway, feeKobo: quote.feeKobo },
        newReference: true,
        lines: withdrawalLines(created),
      });
      return created;
    });
  } catch (err) {
    // A twin request under the same key committed first (the reference is taken, or it spent the
    // balance): answer its withdrawal.
    if (idempotencyKey && (sqlState(err) === '23505' || (isAppError(err) && err.errorType === 'INSUFFICIENT_BALANCE'))) {
      const twin = await repeated();
      if (twin) return twin;
    }
    // Another movement spent the balance between the check and the debit: the same clear refusal.
    if (isAppError(err) && err.errorType === 'INSUFFICIENT_BALANCE') {
      throw insufficient(quote.totalKobo, (await userBalances(ctx.db, userId)).walletKobo);
    }
    throw err;
  }

  try {
    await sendTransfer(ctx, row);
  } catch (err) {
    // The debit is committed and the row pending: the follow-up finishes it; the user sees it pending.
    ctx.log.error({ err, reference }, 'withdrawal payout could not be completed now; left pending for the follow-up');
  }

  return outcomeOf(ctx, (await findWithdrawal(ctx.db, reference)) ?? row);
}

// ---------- GET /api/wallet/withdrawals ----------

export async function listWithdrawals(ctx: AppContext, userId: string, q: { page: number; limit: number }): Promise<TWithdrawalsPage> {
  const { rows, total } = await listUserWithdrawals(ctx.db, userId, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return {
    withdrawals: rows.map(withdrawalView),
    pagination: pageOf(q, total),
  };
}

// ---------- paying out ----------

/** The outcome is unknown (the call may have landed): never a reason to give the money back. */
const inconclusive = (err: GatewayError) => err.retryable || err.code === 'invalid_response';

/**
 * The gateway's transfer recipient for the withdrawal's bank details: the one saved on the row, else the
 * bank account's (same account, same gateway), else a new one (saved on both). Null when none could be
 * had now (left pending, or given back when the gateway refused the account before any transfer call).
 */
async function ensureRecipient(ctx: AppContext, row: WithdrawalRow): Promise<string | null> {
  if (row.recipientCode) return row.recipientCode;
  const bank = await findBankAccount(ctx.db, row.userId);
  const sameAccount = bank && bank.bankCode === row.bankCode && bank.accountNumber === row.accountNumber && bank.gateway === row.gateway;
  let code = sameAccount ? bank.recipientCode : null;
  if (!code) {
    try {
      code = (
        await ctx.gateway.createTransferRecipient({ name: row.accountName, accountNumber: row.accountNumber, bankCode: row.bankCode })
      ).recipientCode;
    } catch (err) {
      ctx.log.warn({ err, reference: row.reference }, 'transfer recipient could not be created');
      if (isGatewayError(err) && !inconclusive(err) && row.attempts === 0) {
        await giveBack(ctx, row.reference, 'failed', WITHDRAWAL_FAILURE_REASONS.recipientRefused, null);
      } else if (isGatewayError(err) && !inconclusive(err)) {
        await setWithdrawalError(ctx.db, row.id, `${WITHDRAWAL_FAILURE_REASONS.recipientRefused}: ${err.message}`, now());
      }
      return null;
    }
    await saveBankRecipientCode(ctx.db, row, code);
  }
  await setWithdrawalRecipient(ctx.db, row.id, code, now());
  return code;
}

/**
 * One transfer call for a pending withdrawal, with its own reference, claimed first so no other process
 * calls at the same time; then its outcome is applied.
 */
async function sendTransfer(ctx: AppContext, row: WithdrawalRow): Promise<void> {
  const recipientCode = await ensureRecipient(ctx, row);
  if (!recipientCode) return;
  const claimed = await claimTransferAttempt(ctx.db, row.id, row.attempts, now());
  if (!claimed) return;

  let result: TransferResult;
  try {
    result = await ctx.gateway.transfer({ reference: row.reference, amountKobo: row.amountKobo, recipientCode, reason: TRANSFER_REASON });
  } catch (err) {
    if (!isGatewayError(err) || inconclusive(err)) {
      ctx.log.warn({ err, reference: row.reference, attempt: claimed.attempts }, 'transfer outcome unknown; withdrawal stays pending');
      return;
    }
    // Refused. The gateway's record of the reference decides what happened (see settleRefused).
    ctx.log.warn({ err, reference: row.reference, attempt: claimed.attempts }, 'transfer refused by the gateway');
    await settleRefused(ctx, claimed, err.message);
    return;
  }
  await applyTransferResult(ctx, claimed, result);
}

/**
 * After a refused transfer call, the gateway's record of the reference decides. Only when the refused
 * call was the FIRST one (attempts 1) does "unknown to the gateway" prove nothing was sent, and the
 * total is given back. A refused retry proves nothing: an earlier call with this reference may still
 * be landing (Paystack refuses the retry as 'Duplicate Transfer Reference' before its record shows
 * the transfer), so the outcome is unknown and the withdrawal stays pending for the follow-up.
 */
async function settleRefused(ctx: AppContext, row: WithdrawalRow, refusal: string): Promise<void> {
  let result: TransferResult;
  try {
    result = await ctx.gateway.verifyTransfer(row.reference);
  } catch (err) {
    if (isGatewayError(err) && err.code === 'not_found' && row.attempts === 1) {
      await giveBack(ctx, row.reference, 'failed', WITHDRAWAL_FAILURE_REASONS.refused, null);
    } else if (isGatewayError(err) && err.code === 'not_found') {
      // Left pending, and shown to staff as refused (withdrawals that need a person): retry or mark failed.
      await setWithdrawalError(ctx.db, row.id, `${WITHDRAWAL_FAILURE_REASONS.refused}: ${refusal}`, now());
      ctx.log.warn(
        { reference: row.reference, attempt: row.attempts },
        'retry refused and the gateway has no record yet; outcome unknown, withdrawal stays pending',
      );
    } else {
      ctx.log.warn({ err, reference: row.reference }, 'refused transfer could not be checked; withdrawal stays pending');
    }
    return;
  }
  await applyTransferResult(ctx, row, result);
}

async function applyTransferResult(ctx: AppContext, row: WithdrawalRow, result: TransferResult): Promise<void> {
  switch (result.status) {
    case 'success':
      await markPaid(ctx, row.reference, result.transferCode);
      return;
    case 'pending':
      await setTransferCode(ctx.db, row.id, result.transferCode, now());
      return;
    case 'failed':
    case 'reversed':
      await giveBack(ctx, row.reference, result.status, WITHDRAWAL_FAILURE_REASONS[result.status], result.transferCode);
      return;
  }
}

async function markPaid(ctx: AppContext, reference: string, transferCode: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, reference);
    if (locked?.status !== 'pending') return;
    await markWithdrawalSettled(tx, locked.id, { status: 'success', failureReason: null, transferCode, at: now() });
    await recordSettled(tx, locked, 'success');
  });
}

/**
 * Gives the total back: under the row lock, a pending withdrawal (or a paid one the bank reversed)
 * gets its final status and the exact opposite of its debit, in ONE transaction. Anything else, or a
 * second call, changes nothing.
 */
async function giveBack(
  ctx: AppContext,
  reference: string,
  status: 'failed' | 'reversed',
  reason: string,
  transferCode: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, reference);
    if (!locked) return;
    const open = locked.status === 'pending' || (status === 'reversed' && locked.status === 'success');
    if (!open) return;
    await post(tx, {
      reference: withdrawalReversalReference(reference),
      kind: WITHDRAWAL_REVERSAL_KIND,
      description: `Withdrawal returned: ${reason}`,
      metadata: { withdrawalReference: reference, gateway: locked.gateway, status },
      lines: withdrawalLines(locked).map((l) => ({ account: l.account, amount: -l.amount })),
    });
    await markWithdrawalSettled(tx, locked.id, { status, failureReason: reason, transferCode, at: now() });
    await recordSettled(tx, locked, status);
  });
}

/**
 * withdrawal.settled, in the transaction that gave the withdrawal its final status: paid, or failed
 * or reversed with the total given back (a paid one the bank reverses later records a second one).
 */
export async function recordSettled(tx: Tx, row: WithdrawalRow, status: 'success' | 'failed' | 'reversed'): Promise<void> {
  await recordEvent(tx, withdrawalSettled, {
    withdrawalId: row.id,
    userId: row.userId,
    reference: row.reference,
    status,
    amountKobo: row.amountKobo,
    feeKobo: row.feeKobo,
  });
}

// ---------- settling later (webhook, follow-up) ----------

async function settle(ctx: AppContext, reference: string): Promise<WithdrawalStatus | null> {
  const row = await findWithdrawal(ctx.db, reference);
  if (!row) {
    ctx.log.warn({ reference }, 'settle asked for an unknown withdrawal');
    return null;
  }
  if (row.status === 'failed' || row.status === 'reversed') return row.status;
  if (row.gateway !== ctx.gateway.name) {
    ctx.log.warn({ reference, gateway: row.gateway }, 'withdrawal was made through another gateway; not settled here');
    return row.status;
  }
  // updated_at is when a pending withdrawal was last checked: the follow-up backs off from it.
  if (row.status === 'pending') await markWithdrawalChecked(ctx.db, row.id, now());

  if (row.status === 'pending' && row.attempts === 0) {
    // The debit committed but no transfer call was ever claimed (the process stopped in between).
    await sendTransfer(ctx, row);
  } else {
    let result: TransferResult | undefined;
    try {
      result = await ctx.gateway.verifyTransfer(reference);
    } catch (err) {
      if (isGatewayError(err) && err.code === 'not_found' && row.status === 'pending') {
        // The transfer call never landed (e.g. it timed out on the way): call again, same reference.
        await sendTransfer(ctx, row);
      } else {
        ctx.log.warn({ err, reference }, 'transfer could not be verified; withdrawal left as it is');
      }
    }
    if (result) {
      if (row.status === 'pending') await applyTransferResult(ctx, row, result);
      else if (result.status === 'reversed')
        await giveBack(ctx, reference, 'reversed', WITHDRAWAL_FAILURE_REASONS.reversed, result.transferCode);
    }
  }
  return (await findWithdrawal(ctx.db, reference))?.status ?? null;
}

/**
 * Asks the gateway about a withdrawal and applies the outcome (idempotent, safe to run concurrently).
 * Used by the Paystack webhook (transfer.success, transfer.failed, transfer.reversed) and the follow-up.
 */
export async function settleWithdrawal(ctx: AppContext, reference: string): Promise<void> {
  await settle(ctx, reference);
}

/**
 * The scheduler's follow-up: settles withdrawals still pending a minute after they were made, least
 * recently checked first, `batch` at a time, each one checked again only after max(1 minute, a
 * quarter of its age) since its last check, so a stuck withdrawal backs off and never starves newer
 * ones. One instance at a time runs it (an advisory lock): `leader` is false, and nothing was done,
 * when another instance holds it. `settled` counts withdrawals that reached a final status.
 */
export async function runWithdrawalFollowUp(
  ctx: AppContext,
  { batch = WITHDRAWAL_FOLLOW_UP_BATCH }: { batch?: number } = {},
): Promise<{ leader: boolean; settled: number }> {
  const run = await runAsLeader(ctx, WITHDRAWAL_FOLLOW_UP_LOCK_KEY, async () => {
    const references = await dueWithdrawalReferences(ctx.db, now(), {
      minAgeMs: WITHDRAWAL_FOLLOW_UP_AGE_MS,
      minRecheckMs: WITHDRAWAL_RECHECK_MIN_MS,
      limit: batch,
    });
    let settled = 0;
    for (const reference of references) {
      try {
        const status = await settle(ctx, reference);
        if (status !== null && status !== 'pending') settled += 1;
      } catch (err) {
        ctx.log.error({ err, reference }, 'withdrawal follow-up failed for one withdrawal');
      }
    }
    return settled;
  });
  return run.leader ? { leader: true, settled: run.result } : { leader: false, settled: 0 };
}
