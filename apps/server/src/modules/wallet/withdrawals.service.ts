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
 *           failed / reversed, or a refusal the gateway confirms (the reference is unknown to it) →
 *           ONE transaction under the row lock sets the final status and posts `withdrawal-reversal:<ref>`,
 *           the exact opposite lines, so the wallet gets the total back once. An inconclusive answer
 *           (timeout, network, 5xx, unreadable) is never reversed blindly: it stays pending.
 *
 * Only a pending row changes, except that a transfer the gateway later reports as reversed (the bank
 * sent the money back) is given back to the wallet as well. Everything is keyed by the reference, so
 * settling again has no further effect.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PRODUCT_NAME,
  WITHDRAWAL_FEE_KOBO,
  formatNaira,
  nairaToKobo,
  withdrawalQuote,
  type Kobo,
  type TWithdrawAnswer,
  type TWithdrawRequest,
  type TWithdrawal,
  type TWithdrawalsPage,
  type WithdrawalStatus,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { isGatewayError, type GatewayError, type TransferResult } from '../../lib/payments/index.js';
import { accounts } from '../ledger/accounts.js';
import { post, userBalances, type PostLine } from '../ledger/ledger.js';
import { findBankAccount, saveBankRecipientCode } from './wallet.repository.js';
import {
  claimTransferAttempt,
  findWithdrawal,
  insertWithdrawal,
  listUserWithdrawals,
  lockWithdrawal,
  markWithdrawalSettled,
  pendingWithdrawalReferences,
  setTransferCode,
  setWithdrawalRecipient,
  userPasswordHash,
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

/** The follow-up looks at withdrawals still pending this long after they were made. */
export const WITHDRAWAL_FOLLOW_UP_AGE_MS = 60_000;
export const WITHDRAWAL_FOLLOW_UP_BATCH = 50;

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
function withdrawalLines(row: WithdrawalRow): PostLine[] {
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

/**
 * POST /api/wallet/withdraw {amount (whole naira), password}: re-checks the password, debits the wallet
 * (amount + ₦100) with the pending withdrawal, then pays out through the gateway.
 */
export async function withdraw(ctx: AppContext, userId: string, input: TWithdrawRequest): Promise<WithdrawOutcome> {
  const passwordHash = await userPasswordHash(ctx.db, userId);
  if (!passwordHash) throw AppError.unauthorized();
  if (!(await verifyPassword(passwordHash, input.password))) {
    throw new AppError(400, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD');
  }
  const bank = await findBankAccount(ctx.db, userId);
  if (!bank) throw AppError.badRequest(WITHDRAWAL_MESSAGES.noBankAccount);

  const quote = withdrawalQuote(nairaToKobo(input.amount));
  const before = await userBalances(ctx.db, userId);
  if (before.walletKobo < quote.totalKobo) throw insufficient(quote.totalKobo, before.walletKobo);

  const reference = newWithdrawalReference();
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

  const after = (await findWithdrawal(ctx.db, reference)) ?? row;
  const { walletKobo } = await userBalances(ctx.db, userId);
  const failed = after.status === 'failed' || after.status === 'reversed';
  return {
    answer: { withdrawal: withdrawalView(after), balance: walletKobo },
    message: failed ? WITHDRAWAL_MESSAGES.failedAndReturned : WITHDRAWAL_MESSAGES.processed,
  };
}

// ---------- GET /api/wallet/withdrawals ----------

export async function listWithdrawals(ctx: AppContext, userId: string, q: { page: number; limit: number }): Promise<TWithdrawalsPage> {
  const { rows, total } = await listUserWithdrawals(ctx.db, userId, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return {
    withdrawals: rows.map(withdrawalView),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
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
    // Refused. Before giving the money back, make sure no earlier call with this reference landed
    // (a retry is refused as a duplicate when it did).
    ctx.log.warn({ err, reference: row.reference, attempt: claimed.attempts }, 'transfer refused by the gateway');
    await settleRefused(ctx, claimed);
    return;
  }
  await applyTransferResult(ctx, claimed, result);
}

/** After a refused transfer call: the gateway's record decides; unknown to it means nothing was sent. */
async function settleRefused(ctx: AppContext, row: WithdrawalRow): Promise<void> {
  let result: TransferResult;
  try {
    result = await ctx.gateway.verifyTransfer(row.reference);
  } catch (err) {
    if (isGatewayError(err) && err.code === 'not_found') {
      await giveBack(ctx, row.reference, 'failed', WITHDRAWAL_FAILURE_REASONS.refused, null);
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
 * The scheduler's follow-up: settles withdrawals still pending a minute after they were made, oldest
 * first, WITHDRAWAL_FOLLOW_UP_BATCH at a time. `settled` counts those that reached a final status.
 */
export async function runWithdrawalFollowUp(ctx: AppContext): Promise<{ settled: number }> {
  const before = new Date(now().getTime() - WITHDRAWAL_FOLLOW_UP_AGE_MS);
  const references = await pendingWithdrawalReferences(ctx.db, before, WITHDRAWAL_FOLLOW_UP_BATCH);
  let settled = 0;
  for (const reference of references) {
    try {
      const status = await settle(ctx, reference);
      if (status !== null && status !== 'pending') settled += 1;
    } catch (err) {
      ctx.log.error({ err, reference }, 'withdrawal follow-up failed for one withdrawal');
    }
  }
  return { settled };
}
