import type { CreditUnits, Kobo } from '@contesthub/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { CREDIT_USE_KINDS, MESSAGES, type LedgerKind } from '@contesthub/shared';
import { accounts, type AccountSpec, type Asset } from './accounts.js';

export interface PostLine {
  account: AccountSpec;
  /** Signed minor units: positive raises the account's balance. */
  amount: number;
}

export interface PostInput {
  /** Unique idempotency key; a repeat post with the same reference has no further effect. */
  reference: string;
  /** What the movement is (the one list: shared LEDGER_KINDS). */
  kind: LedgerKind;
  description: string;
  metadata?: Record<string, unknown>;
  lines: PostLine[];
  /**
   * The caller minted the reference just now (from a new UUID), so no earlier or concurrent post
   * can hold it: the two look-ups for a replay are skipped. The unique reference still guards.
   */
  newReference?: boolean;
}

export interface PostResult {
  transactionId: string;
  reference: string;
  /** True when the reference had already been posted and nothing new was written. */
  replayed: boolean;
  /** Balance after the transaction for each account code involved (current balance on a replay). */
  balances: Record<string, number>;
}

export class LedgerError extends Error {}

function validate(input: PostInput): void {
  if (!input.reference || input.reference.length > 200) throw new LedgerError('reference is required (max 200 characters)');
  if (input.lines.length < 2) throw new LedgerError('a transaction needs at least two lines');
  const sums = new Map<Asset, number>();
  const seen = new Set<string>();
  for (const { account, amount } of input.lines) {
    if (!Number.isSafeInteger(amount) || amount === 0) throw new LedgerError(`amount must be a non-zero integer, got ${amount}`);
    if (seen.has(account.code)) throw new LedgerError(`account ${account.code} appears twice`);
    seen.add(account.code);
    sums.set(account.asset, (sums.get(account.asset) ?? 0) + amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0) throw new LedgerError(`transaction ${input.reference} does not balance for ${asset} (off by ${sum})`);
  }
}

import {
  findPosted,
  insertMissingAccounts,
  integrityRows,
  ownedBalances,
  balancesOfOwners,
  netOfKinds,
  postInOneStatement,
  type PostingRow,
} from './ledger.repository.js';

// The read API other modules use instead of joining the ledger tables (SQL in ledger.repository.ts).
export {
  accountByCode,
  accountLinesSql,
  balanceOf,
  balancesByKind,
  findPosting,
  flowsByAsset,
  gatewayInBySubject,
  gatewayMovements,
  inflowOfKind,
  isPosted,
  kindTotalsOnAccounts,
  latestFlaggedPostingOn,
  movements,
  netOfKinds,
  openAccount,
  ownedAccounts,
  ownedFlowsByKind,
  ownedLinesOfKind,
  paymentsInto,
  platformRevenueBetween,
  platformRevenueTotal,
  postedAccount,
  postedAmount,
  postingsByReference,
  postingsInRange,
  type AccountRow,
  type DateRange,
  type KindTotalRow,
  type KindFlowRow,
  type MovementFilter,
  type MovementRow,
  type OwnedLineRow,
  type PostingSummaryRow,
} from './ledger.repository.js';

function replayOf(input: PostInput, posted: PostingRow): PostResult {
  const wanted = new Map(input.lines.map((l) => [l.account.code, l.amount]));
  const same =
    posted.existing.kind === input.kind &&
    posted.lines.length === wanted.size &&
    posted.lines.every((l) => wanted.get(l.code) === l.amount);
  if (!same) {
    // The same key reused for a different movement is a client bug, never something to apply.
    throw new AppError(409, 'This request reference was already used for a different operation', 'IDEMPOTENCY_CONFLICT');
  }
  return {
    transactionId: posted.existing.id,
    reference: input.reference,
    replayed: true,
    balances: Object.fromEntries(posted.lines.map((l) => [l.code, l.balance])),
  };
}

/** Create missing accounts in code order (a stable order avoids deadlocks between inserters). */
async function ensureAccounts(tx: Tx, specs: AccountSpec[]): Promise<void> {
  await insertMissingAccounts(
    tx,
    [...specs].sort((a, b) => a.code.localeCompare(b.code)),
  );
}

/**
 * Post a balanced transaction inside the caller's DB transaction, so the movement commits or
 * rolls back together with the state it pays for.
 *
 * (1) A known reference returns the first result untouched (skipped for a reference the caller
 * just minted, `newReference`). (2) One statement locks, checks and writes (postInOneStatement);
 * an account used for the first time is created and the statement run again. (3) When the
 * reference was taken meanwhile by a concurrent twin, this call is a replay of it. A refusal
 * (insufficient balance) writes nothing.
 */
export async function post(tx: Tx, input: PostInput): Promise<PostResult> {
  validate(input);

  if (!input.newReference) {
    const earlier = await findPosted(tx, input.reference);
    if (earlier) return replayOf(input, earlier);
  }

  let posted = await postInOneStatement(tx, input);
  if (posted.found < input.lines.length) {
    // First use of an account: nothing was locked or written; create the missing accounts (in
    // code order), then post again.
    await ensureAccounts(
      tx,
      input.lines.map((l) => l.account),
    );
    posted = await postInOneStatement(tx, input);
    if (posted.found < input.lines.length) throw new LedgerError(`accounts of ${input.reference} could not be created`);
  }

  const byCode = new Map((posted.lines ?? []).map((l) => [l.code, l]));
  for (const { account } of input.lines) {
    const line = byCode.get(account.code)!;
    if (line.asset !== account.asset) throw new LedgerError(`account ${account.code} holds ${line.asset}, not ${account.asset}`);
  }

  if (!posted.go) {
    // A retry of this very post that committed while we waited for the locks (READ COMMITTED)
    // is a replay, not a refusal against balances it already moved.
    const twin = input.newReference ? undefined : await findPosted(tx, input.reference);
    if (twin) return replayOf(input, twin);
    const short = input.lines.map(({ account }) => byCode.get(account.code)!).find((l) => !l.ok)!;
    throw new AppError(400, MESSAGES.server.insufficientBalance, short.asset === 'NGN' ? 'INSUFFICIENT_BALANCE' : 'INSUFFICIENT_CREDITS', {
      shortBy: -Number(short.balance),
      asset: short.asset,
    });
  }
  if (!posted.transactionId) {
    const twin = await findPosted(tx, input.reference);
    if (!twin) throw new LedgerError(`reference ${input.reference} conflicted but was not found`);
    return replayOf(input, twin);
  }
  return {
    transactionId: posted.transactionId,
    reference: input.reference,
    replayed: false,
    balances: Object.fromEntries(input.lines.map(({ account }) => [account.code, Number(byCode.get(account.code)!.balance)])),
  };
}

/** A user's naira (kobo) and vote credits (hundredths), read from the ledger. */
export async function userBalances(db: DbOrTx, userId: string): Promise<{ walletKobo: Kobo; creditUnits: CreditUnits }> {
  const rows = await ownedBalances(db, userId, ['user_wallet', 'user_credits']);
  return {
    walletKobo: rows.find((r) => r.kind === 'user_wallet')?.balance ?? 0,
    creditUnits: rows.find((r) => r.kind === 'user_credits')?.balance ?? 0,
  };
}

/**
 * A user's credits used, in hundredths (CREDIT_USE_KINDS: spent on paid votes and entry fees, less
 * their refunds): the one figure every "credits used" shows.
 */
export async function creditUnitsUsed(db: DbOrTx, userId: string): Promise<CreditUnits> {
  const net = await netOfKinds(db, accounts.userCredits(userId).code, [...CREDIT_USE_KINDS.spend, ...CREDIT_USE_KINDS.refund]);
  // Spends are negative lines on the user's account; 0 - x, never -0.
  return Math.max(0, 0 - net);
}

/** Credit balances of many users at once (lists), keyed by user id. */
export function creditBalances(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  return balancesOfOwners(db, userIds, 'user_credits');
}

export interface IntegrityReport {
  ok: boolean;
  problems: string[];
  totals: Record<string, number>;
  transactions: number;
  accounts: number;
}

/**
 * Whole-ledger checks shared by the property tests and the reconciliation report:
 * every transaction balances per asset, each asset sums to zero, no owned balance is negative,
 * and every cached balance equals the sum of its journal lines.
 */
export async function checkLedgerIntegrity(db: DbOrTx): Promise<IntegrityReport> {
  const problems: string[] = [];
  const rows = await integrityRows(db);
  for (const r of rows.unbalanced) problems.push(`transaction ${r.reference} is off by ${r.total} ${r.asset}`);
  const totals: Record<string, number> = { NGN: 0, CREDIT: 0 };
  for (const r of rows.totals) {
    totals[r.asset] = Number(r.total);
    if (Number(r.total) !== 0) problems.push(`ledger total for ${r.asset} is ${r.total}, expected 0`);
  }
  for (const r of rows.negative) problems.push(`account ${r.code} is negative (${r.balance})`);
  for (const r of rows.drift) problems.push(`account ${r.code} shows ${r.balance} but its journal sums to ${r.journal}`);
  return { ok: problems.length === 0, problems, totals, transactions: rows.transactions, accounts: rows.accounts };
}

export { accounts };
