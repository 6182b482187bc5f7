import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { MESSAGES, type LedgerKind } from '@contesthub/shared';
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

interface PostedRow {
  found: number;
  go: boolean | null;
  transactionId: string | null;
  lines: Array<{ code: string; asset: Asset; balance: number | string; before: number | string; ok: boolean }> | null;
}

/**
 * One round trip for the whole posting: lock the accounts (in code order, so concurrent postings
 * never deadlock), compute every new balance, and only if every account exists and none that may
 * not go negative would, insert the transaction (a reference that already exists inserts nothing),
 * write the balances and the journal lines. Every write hangs on the same gate, so a refusal
 * writes nothing. Round trips were most of a paid vote's cost (bench/votes).
 */
async function postInOneStatement(tx: Tx, input: PostInput): Promise<PostedRow> {
  const lines = sql.join(
    input.lines.map((l) => sql`(${l.account.code}::text, ${l.amount}::bigint)`),
    sql`, `,
  );
  const [row] = await queryRows<PostedRow>(
    tx,
    sql`with lines(code, amount) as (values ${lines}),
      present as (select count(*)::int as n from ${ledgerAccounts} where code in (select code from lines)),
      -- Lock only when every account exists: holding some of them while the caller creates the
      -- others could deadlock with a posting that created one of those and waits for ours.
      locked as (
        select a.id, a.code, a.asset, a.balance, a.allow_negative from ${ledgerAccounts} a
        where a.code in (select code from lines) and (select n from present) = ${input.lines.length}
        order by a.code for update
      ),
      next as (
        select l.id, l.code, l.asset, l.balance as before, l.balance + x.amount as balance, x.amount,
          (l.allow_negative or l.balance + x.amount >= 0) as ok
        from locked l join lines x on x.code = l.code
      ),
      gate as (select count(*) = ${input.lines.length} and coalesce(bool_and(ok), false) as go from next),
      t as (
        insert into ${ledgerTransactions} (reference, kind, description, metadata)
        select ${input.reference}, ${input.kind}, ${input.description}, ${JSON.stringify(input.metadata ?? {})}::jsonb
        from gate where go
        on conflict (reference) do nothing
        returning id
      ),
      b as (
        update ${ledgerAccounts} a set balance = n.balance from next n
        where a.id = n.id and exists (select 1 from t)
        returning a.id
      ),
      e as (
        insert into ${ledgerEntries} (transaction_id, account_id, asset, amount, balance_after)
        select t.id, n.id, n.asset, n.amount, n.balance from t, next n
        returning id
      )
      select (select n from present) as found, (select go from gate) as go, (select id from t) as "transactionId",
        (select json_agg(json_build_object('code', code, 'asset', asset, 'balance', balance, 'before', before, 'ok', ok)) from next) as lines`,
  );
  return row!;
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

/** Whether a transaction with this reference was posted (whatever it moved). */
export async function isPosted(db: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
  return row !== undefined;
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

/**
 * Money that went INTO `account` by transactions whose reference starts with `referencePrefix`, with
 * the user whose account of `payerKind` paid it: e.g. the entry fees paid into a contest's escrow.
 */
export async function paymentsInto(
  db: DbOrTx,
  account: AccountSpec,
  referencePrefix: string,
  payerKind: string,
): Promise<Array<{ reference: string; amount: number; payerUserId: string }>> {
  const rows = await queryRows<{ reference: string; amount: string; payer: string }>(
    db,
    sql`select t.reference, e.amount::text as amount, pa.owner_user_id as payer
        from ${ledgerTransactions} t
        join ${ledgerEntries} e on e.transaction_id = t.id
        join ${ledgerAccounts} a on a.id = e.account_id and a.code = ${account.code}
        join ${ledgerEntries} p on p.transaction_id = t.id and p.amount < 0
        join ${ledgerAccounts} pa on pa.id = p.account_id and pa.kind = ${payerKind}
        where t.reference like ${`${referencePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} and e.amount > 0
        order by t.created_at, t.reference`,
  );
  return rows.map((r) => ({ reference: r.reference, amount: Number(r.amount), payerUserId: r.payer }));
}

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
