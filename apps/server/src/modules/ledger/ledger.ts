import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { MESSAGES } from '@contesthub/shared';
import { accounts, type AccountSpec, type Asset } from './accounts.js';

export interface PostLine {
  account: AccountSpec;
  /** Signed minor units: positive raises the account's balance. */
  amount: number;
}

export interface PostInput {
  /** Unique idempotency key; a repeat post with the same reference has no further effect. */
  reference: string;
  kind: string;
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

async function findPosted(tx: DbOrTx, reference: string) {
  const [existing] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
  if (!existing) return undefined;
  const lines = await tx
    .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount, balance: ledgerAccounts.balance })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, existing.id));
  return { existing, lines };
}

function replayOf(input: PostInput, posted: NonNullable<Awaited<ReturnType<typeof findPosted>>>): PostResult {
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
  const sorted = [...specs].sort((a, b) => a.code.localeCompare(b.code));
  await tx
    .insert(ledgerAccounts)
    .values(
      sorted.map((s) => ({
        code: s.code,
        asset: s.asset,
        kind: s.kind,
        ownerUserId: s.ownerUserId ?? null,
        allowNegative: s.allowNegative ?? false,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

/**
 * Post a balanced transaction inside the caller's DB transaction, so the movement commits or
 * rolls back together with the state it pays for.
 *
 * Order matters: (1) a known reference returns the first result untouched; (2) the accounts are
 * locked in code order, the reference is looked up again (a twin may have committed while this
 * call waited for the locks) and every balance checked, so a refusal writes nothing; (3) the
 * transaction row is inserted, and a concurrent twin that committed first turns this call into
 * a replay; (4) balances and journal lines are written.
 */
export async function post(tx: Tx, input: PostInput): Promise<PostResult> {
  validate(input);

  if (!input.newReference) {
    const earlier = await findPosted(tx, input.reference);
    if (earlier) return replayOf(input, earlier);
  }

  const specs = input.lines.map((l) => l.account);
  const lockAll = () =>
    tx
      .select()
      .from(ledgerAccounts)
      .where(
        inArray(
          ledgerAccounts.code,
          specs.map((s) => s.code),
        ),
      )
      .orderBy(asc(ledgerAccounts.code))
      .for('update');
  let locked = await lockAll();
  if (locked.length < specs.length) {
    // First use of an account: create the missing ones, then lock the whole set again.
    const known = new Set(locked.map((a) => a.code));
    await ensureAccounts(
      tx,
      specs.filter((s) => !known.has(s.code)),
    );
    locked = await lockAll();
  }
  const byCode = new Map(locked.map((a) => [a.code, a]));

  // A concurrent retry of this very post that committed while we waited for the locks is visible
  // now (READ COMMITTED). Without this look-up the retry would be judged against the balances the
  // first call already moved and refused ("insufficient balance") instead of replayed.
  if (!input.newReference) {
    const twinFirst = await findPosted(tx, input.reference);
    if (twinFirst) return replayOf(input, twinFirst);
  }

  const next = new Map<string, number>();
  for (const { account, amount } of input.lines) {
    const row = byCode.get(account.code);
    if (!row) throw new LedgerError(`account ${account.code} could not be created`);
    if (row.asset !== account.asset) throw new LedgerError(`account ${account.code} holds ${row.asset}, not ${account.asset}`);
    const after = row.balance + amount;
    if (!Number.isSafeInteger(after)) throw new LedgerError(`balance of ${account.code} out of range`);
    if (after < 0 && !row.allowNegative) {
      throw new AppError(
        400,
        MESSAGES.server.insufficientBalance,
        account.asset === 'NGN' ? 'INSUFFICIENT_BALANCE' : 'INSUFFICIENT_CREDITS',
        {
          shortBy: -after,
          asset: account.asset,
        },
      );
    }
    next.set(account.code, after);
  }

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({ reference: input.reference, kind: input.kind, description: input.description, metadata: input.metadata ?? {} })
    .onConflictDoNothing({ target: ledgerTransactions.reference })
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    const twin = await findPosted(tx, input.reference);
    if (!twin) throw new LedgerError(`reference ${input.reference} conflicted but was not found`);
    return replayOf(input, twin);
  }

  // All new balances in one statement: one round trip however many lines.
  const values = sql.join(
    [...next].map(([code, balance]) => sql`(${code}::text, ${balance}::bigint)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${ledgerAccounts} set balance = v.balance from (values ${values}) as v(code, balance) where ${ledgerAccounts.code} = v.code`,
  );
  await tx.insert(ledgerEntries).values(
    input.lines.map(({ account, amount }) => ({
      transactionId: created.id,
      accountId: byCode.get(account.code)!.id,
      asset: account.asset,
      amount,
      balanceAfter: next.get(account.code)!,
    })),
  );
  return { transactionId: created.id, reference: input.reference, replayed: false, balances: Object.fromEntries(next) };
}

/**
 * The account of `kind` that the posted transaction `reference` moved, e.g. the revenue shard a
 * paid vote credited: a refund reverses exactly that line.
 */
export async function postedAccount(db: DbOrTx, reference: string, kind: string): Promise<AccountSpec | undefined> {
  const [row] = await db
    .select({
      code: ledgerAccounts.code,
      asset: ledgerAccounts.asset,
      kind: ledgerAccounts.kind,
      allowNegative: ledgerAccounts.allowNegative,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.reference, reference), eq(ledgerAccounts.kind, kind)));
  return row ? { code: row.code, asset: row.asset as Asset, kind: row.kind, allowNegative: row.allowNegative } : undefined;
}

/** Current balance of an account; 0 for an account never used. */
export async function balanceOf(db: DbOrTx, account: AccountSpec): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, account.code));
  return row?.balance ?? 0;
}

/** Everything the platform has earned in one asset, across the revenue account and its shards. */
export async function platformRevenueTotal(db: DbOrTx, asset: Asset): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'platform_revenue'), eq(ledgerAccounts.asset, asset)));
  return Number(row?.total ?? 0);
}

/** A user's naira (kobo) and vote credits (hundredths), read from the ledger. */
export async function userBalances(db: DbOrTx, userId: string): Promise<{ walletKobo: number; creditUnits: number }> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), inArray(ledgerAccounts.kind, ['user_wallet', 'user_credits'])));
  return {
    walletKobo: rows.find((r) => r.kind === 'user_wallet')?.balance ?? 0,
    creditUnits: rows.find((r) => r.kind === 'user_credits')?.balance ?? 0,
  };
}

/** Credit balances of many users at once (lists), keyed by user id. */
export async function creditBalances(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ owner: ledgerAccounts.ownerUserId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.ownerUserId, userIds), eq(ledgerAccounts.kind, 'user_credits')));
  return new Map(rows.map((r) => [r.owner!, r.balance]));
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
  const unbalanced = await queryRows<{ reference: string; asset: string; total: string }>(
    db,
    sql`
    select t.reference, e.asset, sum(e.amount)::text as total
    from ${ledgerEntries} e join ${ledgerTransactions} t on t.id = e.transaction_id
    group by t.reference, e.asset having sum(e.amount) <> 0`,
  );
  for (const r of unbalanced) problems.push(`transaction ${r.reference} is off by ${r.total} ${r.asset}`);

  const totalsRes = await queryRows<{ asset: string; total: string }>(
    db,
    sql`
    select asset, coalesce(sum(amount), 0)::text as total from ${ledgerEntries} group by asset`,
  );
  const totals: Record<string, number> = { NGN: 0, CREDIT: 0 };
  for (const r of totalsRes) {
    totals[r.asset] = Number(r.total);
    if (Number(r.total) !== 0) problems.push(`ledger total for ${r.asset} is ${r.total}, expected 0`);
  }

  const negative = await queryRows<{ code: string; balance: string }>(
    db,
    sql`
    select code, balance::text from ${ledgerAccounts} where not allow_negative and balance < 0`,
  );
  for (const r of negative) problems.push(`account ${r.code} is negative (${r.balance})`);

  const drift = await queryRows<{ code: string; balance: string; journal: string }>(
    db,
    sql`
    select a.code, a.balance::text, coalesce(sum(e.amount), 0)::text as journal
    from ${ledgerAccounts} a left join ${ledgerEntries} e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  for (const r of drift) problems.push(`account ${r.code} shows ${r.balance} but its journal sums to ${r.journal}`);

  const [tx] = await queryRows<{ count: string }>(db, sql`select count(*)::text as count from ${ledgerTransactions}`);
  const [acc] = await queryRows<{ count: string }>(db, sql`select count(*)::text as count from ${ledgerAccounts}`);
  return { ok: problems.length === 0, problems, totals, transactions: Number(tx?.count ?? 0), accounts: Number(acc?.count ?? 0) };
}

export { accounts };
