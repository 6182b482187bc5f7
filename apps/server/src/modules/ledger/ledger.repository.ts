/**
 * Every statement over the ledger tables (ledger_accounts, ledger_transactions, ledger_entries).
 * post() (ledger.ts) writes through the first group; the rest is the ledger's read API, which other
 * modules use instead of joining the ledger tables themselves: balances, movements of accounts, sums
 * by kind, postings by reference, and the SQL of an account's lines for a repository that merges them
 * with rows of its own (credit history). No rules here.
 */
import type { LedgerKind } from '@contesthub/shared';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.js';
import type { AccountSpec, Asset } from './accounts.js';

// ---------- posting (used by post() only) ----------

export interface PostingRow {
  existing: typeof ledgerTransactions.$inferSelect;
  lines: Array<{ code: string; amount: number; balance: number }>;
}

/** A posted transaction and its lines (with each account's current balance), by reference. */
export async function findPosted(tx: DbOrTx, reference: string): Promise<PostingRow | undefined> {
  const [existing] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
  if (!existing) return undefined;
  const lines = await tx
    .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount, balance: ledgerAccounts.balance })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, existing.id));
  return { existing, lines };
}

/** Creates the accounts that do not exist yet, in the order given (callers sort by code). */
export async function insertMissingAccounts(tx: Tx, specs: AccountSpec[]): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(
      specs.map((s) => ({
        code: s.code,
        asset: s.asset,
        kind: s.kind,
        ownerUserId: s.ownerUserId ?? null,
        allowNegative: s.allowNegative ?? false,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

export interface PostedRow {
  found: number;
  go: boolean | null;
  transactionId: string | null;
  lines: Array<{ code: string; asset: Asset; balance: number | string; before: number | string; ok: boolean }> | null;
}

export interface PostingWrite {
  reference: string;
  kind: LedgerKind;
  description: string;
  metadata?: Record<string, unknown> | undefined;
  lines: Array<{ account: AccountSpec; amount: number }>;
}

/**
 * One round trip for the whole posting: the `ledger_post` function (migration 0013) locks the
 * accounts (in code order, so concurrent postings never deadlock), computes every new balance and,
 * only if every account exists and none that may not go negative would, inserts the transaction (a
 * reference that already exists inserts nothing), writes the balances and the journal lines. Every
 * write hangs on the same gate, so a refusal writes nothing. The vote's `cast_vote` posts through
 * the same function, so the posting has one home.
 */
export async function postInOneStatement(tx: Tx, input: PostingWrite): Promise<PostedRow> {
  const codes = sql.join(
    input.lines.map((l) => sql`${l.account.code}`),
    sql`, `,
  );
  const amounts = sql.join(
    input.lines.map((l) => sql`${l.amount}`),
    sql`, `,
  );
  const [row] = await queryRows<{ r: PostedRow }>(
    tx,
    sql`select ledger_post(${input.reference}, ${input.kind}, ${input.description}, ${JSON.stringify(input.metadata ?? {})}::jsonb,
      array[${codes}]::text[], array[${amounts}]::bigint[]) as r`,
  );
  return row!.r;
}

// ---------- postings ----------

/** Whether a transaction with this reference was posted (whatever it moved). */
export async function isPosted(db: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
  return row !== undefined;
}

/** A posted transaction by its reference: its id, kind and metadata. */
export async function findPosting(
  db: DbOrTx,
  reference: string,
): Promise<{ id: string; kind: LedgerKind; metadata: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind, metadata: ledgerTransactions.metadata })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, reference));
  return row;
}

/**
 * The newest posting of `kind` with a line on the account `accountCode` whose metadata has
 * `flag: true` (found through that account's own lines, newest first).
 */
export async function latestFlaggedPostingOn(
  db: DbOrTx,
  accountCode: string,
  kind: LedgerKind,
  flag: string,
): Promise<{ reference: string; metadata: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ reference: ledgerTransactions.reference, metadata: ledgerTransactions.metadata })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.code, accountCode),
        eq(ledgerTransactions.kind, kind),
        sql`${ledgerTransactions.metadata} ->> ${flag} = 'true'`,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row;
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

/** Per reference: how many transactions carry it and the signed sum of their lines per account kind. */
export interface ReferencePostings {
  postings: number;
  byAccountKind: Map<string, number>;
}

/** The postings of each of `references` (missing ones: no postings, no sums). */
export async function postingsByReference(db: DbOrTx, references: string[]): Promise<Map<string, ReferencePostings>> {
  const out = new Map<string, ReferencePostings>();
  if (references.length === 0) return out;
  const rows = await queryRows<{ reference: string; kind: string | null; amount: string }>(
    db,
    sql`select t.reference, a.kind, coalesce(sum(e.amount), 0)::text as amount
        from ${ledgerTransactions} t
        join ${ledgerEntries} e on e.transaction_id = t.id
        join ${ledgerAccounts} a on a.id = e.account_id
        where t.reference in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))
        group by t.reference, a.kind`,
  );
  for (const r of rows) {
    const entry = out.get(r.reference) ?? { postings: 1, byAccountKind: new Map<string, number>() };
    if (r.kind) entry.byAccountKind.set(r.kind, Number(r.amount));
    out.set(r.reference, entry);
  }
  return out;
}

/**
 * Per subject (the text after the first ':' of a reference, e.g. the payment reference of
 * 'deposit:<ref>'): how many transactions are about it and the net naira they took in through a
 * gateway account (minus the sum of their gateway lines).
 */
export async function gatewayInBySubject(db: DbOrTx, subjects: string[]): Promise<Map<string, { postings: number; gatewayIn: number }>> {
  if (subjects.length === 0) return new Map();
  const subject = sql`substr(t.reference, strpos(t.reference, ':') + 1)`;
  const rows = await queryRows<{ subject: string; postings: string; moved: string }>(
    db,
    sql`select ${subject} as subject, count(distinct t.id)::text as postings, coalesce(-sum(e.amount), 0)::text as moved
        from ${ledgerTransactions} t
        left join ${ledgerEntries} e on e.transaction_id = t.id
          and e.account_id in (select id from ${ledgerAccounts} where kind = 'gateway')
        where ${subject} in (select jsonb_array_elements_text(${JSON.stringify(subjects)}::jsonb))
        group by 1`,
  );
  return new Map(rows.map((r) => [r.subject, { postings: Number(r.postings), gatewayIn: Number(r.moved) }]));
}

/** Every transaction that moved a gateway account: naira in (its negative gateway lines) and out (positive ones). */
export async function gatewayMovements(db: DbOrTx): Promise<Array<{ reference: string; kind: string; inKobo: number; outKobo: number }>> {
  const rows = await queryRows<{ reference: string; kind: string; in_kobo: string; out_kobo: string }>(
    db,
    sql`select t.reference, t.kind,
          coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::text as in_kobo,
          coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as out_kobo
        from ${ledgerEntries} e
        join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'gateway'
        join ${ledgerTransactions} t on t.id = e.transaction_id
        group by t.reference, t.kind`,
  );
  return rows.map((r) => ({ reference: r.reference, kind: r.kind, inKobo: Number(r.in_kobo), outKobo: Number(r.out_kobo) }));
}

// ---------- accounts and balances ----------

/** Current balance of an account; 0 for an account never used. */
export async function balanceOf(db: DbOrTx, account: AccountSpec): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, account.code));
  return row?.balance ?? 0;
}

/** The sum of balances of each account kind holding `asset`. */
export async function balancesByKind(db: DbOrTx, asset: Asset): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.asset, asset))
    .groupBy(ledgerAccounts.kind);
  return new Map(rows.map((r) => [r.kind, Number(r.total)]));
}

/** Everything the platform has earned in one asset, across the revenue account and its shards. */
export async function platformRevenueTotal(db: DbOrTx, asset: Asset): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'platform_revenue'), eq(ledgerAccounts.asset, asset)));
  return Number(row?.total ?? 0);
}

/**
 * What the platform earned in one asset between `from` (inclusive) and `to` (exclusive): the net of
 * the lines on the revenue account and its shards in that time (a refund of revenue counts against it).
 */
export async function platformRevenueBetween(db: DbOrTx, asset: Asset, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'platform_revenue'),
        eq(ledgerAccounts.asset, asset),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The balances of a user's accounts of the given kinds. */
export async function ownedBalances(db: DbOrTx, userId: string, kinds: string[]): Promise<Array<{ kind: string; balance: number }>> {
  return db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), inArray(ledgerAccounts.kind, kinds)));
}

/** Balances of the accounts of one kind owned by many users, keyed by user id. */
export async function balancesOfOwners(db: DbOrTx, userIds: string[], kind: string): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ owner: ledgerAccounts.ownerUserId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.ownerUserId, userIds), eq(ledgerAccounts.kind, kind)));
  return new Map(rows.map((r) => [r.owner!, r.balance]));
}

export interface AccountRow {
  id: string;
  balance: number;
  createdAt: Date;
}

/** An account by its code, if it was ever opened. */
export async function accountByCode(db: DbOrTx, code: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, createdAt: ledgerAccounts.createdAt })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row;
}

/**
 * Opens an account with a zero balance (no journal line, so nothing can drift); a no-op when it
 * exists, including when a concurrent call opened it first. True when this call opened it.
 */
export async function openAccount(db: DbOrTx, spec: AccountSpec): Promise<boolean> {
  const inserted = await db
    .insert(ledgerAccounts)
    .values({
      code: spec.code,
      asset: spec.asset,
      kind: spec.kind,
      ownerUserId: spec.ownerUserId ?? null,
      allowNegative: spec.allowNegative ?? false,
    })
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .returning({ id: ledgerAccounts.id });
  return inserted.length > 0;
}

/** A user's accounts of the given kinds that exist, by asset. */
export async function ownedAccounts(db: DbOrTx, userId: string, kinds: string[]): Promise<Array<{ id: string; asset: Asset }>> {
  return db
    .select({ id: ledgerAccounts.id, asset: ledgerAccounts.asset })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), inArray(ledgerAccounts.kind, kinds)));
}

// ---------- movements ----------

/** What came INTO one account by transactions of `kind`: the sum (minor units) and how many lines. */
export async function inflowOfKind(db: DbOrTx, accountId: string, kind: LedgerKind): Promise<{ amount: number; lines: number }> {
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      lines: count(),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerTransactions.kind, kind), gt(ledgerEntries.amount, 0)));
  return { amount: Number(row?.amount ?? 0), lines: Number(row?.lines ?? 0) };
}

export interface MovementFilter {
  accountIds: string[];
  direction?: 'credit' | 'debit' | undefined;
  kind?: LedgerKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function movementWhere(f: MovementFilter): SQL | undefined {
  return and(
    inArray(ledgerEntries.accountId, f.accountIds),
    f.direction === 'credit' ? gt(ledgerEntries.amount, 0) : f.direction === 'debit' ? lt(ledgerEntries.amount, 0) : undefined,
    f.kind ? eq(ledgerTransactions.kind, f.kind) : undefined,
    f.from ? gte(ledgerEntries.createdAt, f.from) : undefined,
    f.to ? lte(ledgerEntries.createdAt, f.to) : undefined,
  );
}

export interface MovementRow {
  id: number;
  asset: Asset;
  amount: number;
  balanceAfter: number;
  createdAt: Date;
  reference: string;
  kind: LedgerKind;
  description: string;
}

/** Journal lines of the given accounts, newest first (the journal id grows with every post). */
export async function movements(
  db: DbOrTx,
  f: MovementFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: MovementRow[]; total: number }> {
  if (f.accountIds.length === 0) return { rows: [], total: 0 };
  const where = movementWhere(f);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        asset: ledgerEntries.asset,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        createdAt: ledgerEntries.createdAt,
        reference: ledgerTransactions.reference,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** Money in, money out and the number of movements per asset over the given accounts (minor units). */
export async function flowsByAsset(
  db: DbOrTx,
  accountIds: string[],
): Promise<Map<Asset, { totalIn: number; totalOut: number; transactions: number }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      asset: ledgerEntries.asset,
      totalIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)::text`,
      totalOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)::text`,
      transactions: count(),
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.accountId, accountIds))
    .groupBy(ledgerEntries.asset);
  return new Map(
    rows.map((r) => [r.asset, { totalIn: Number(r.totalIn), totalOut: Number(r.totalOut), transactions: Number(r.transactions) }]),
  );
}

export interface KindFlowRow {
  asset: Asset;
  kind: string;
  /** Lines of the user's accounts in the range. */
  count: number;
  /** Minor units in (positive lines) and out (negative lines, as a positive number). */
  totalIn: number;
  totalOut: number;
}

/**
 * Per asset and ledger kind: how many lines moved the user's accounts of `accountKinds` in
 * [from, to] (either end optional, both inclusive), and the minor units in and out.
 */
export async function ownedFlowsByKind(
  db: DbOrTx,
  userId: string,
  accountKinds: string[],
  range: { from?: Date | undefined; to?: Date | undefined },
): Promise<KindFlowRow[]> {
  const rows = await db
    .select({
      asset: ledgerEntries.asset,
      kind: ledgerTransactions.kind,
      count: count(),
      totalIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)::text`,
      totalOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerUserId, userId),
        inArray(ledgerAccounts.kind, accountKinds),
        range.from ? gte(ledgerEntries.createdAt, range.from) : undefined,
        range.to ? lte(ledgerEntries.createdAt, range.to) : undefined,
      ),
    )
    .groupBy(ledgerEntries.asset, ledgerTransactions.kind)
    .orderBy(ledgerEntries.asset, ledgerTransactions.kind);
  return rows.map((r) => ({
    asset: r.asset,
    kind: r.kind,
    count: Number(r.count),
    totalIn: Number(r.totalIn),
    totalOut: Number(r.totalOut),
  }));
}

export interface OwnedLineRow {
  id: number;
  asset: Asset;
  /** Signed minor units of the user's account. */
  amount: number;
  createdAt: Date;
  reference: string;
  metadata: Record<string, unknown>;
}

/**
 * The user's own journal lines (accounts of `accountKinds`) of postings of `kind`, newest posting
 * first (its latest journal line) and within one posting by asset (CREDIT before NGN); one page, and
 * how many there are in all.
 */
export async function ownedLinesOfKind(
  db: DbOrTx,
  userId: string,
  accountKinds: string[],
  kind: LedgerKind,
  page: { limit: number; offset: number },
): Promise<{ rows: OwnedLineRow[]; total: number }> {
  const own = db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), inArray(ledgerAccounts.kind, accountKinds)));
  const where = and(inArray(ledgerEntries.accountId, own), eq(ledgerTransactions.kind, kind));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        asset: ledgerEntries.asset,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        reference: ledgerTransactions.reference,
        metadata: ledgerTransactions.metadata,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where)
      .orderBy(desc(sql`max(${ledgerEntries.id}) over (partition by ${ledgerEntries.transactionId})`), asc(ledgerEntries.asset))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** The signed sum of an account's lines in transactions of the given kinds (0 when none). */
export async function netOfKinds(db: DbOrTx, accountCode: string, kinds: readonly string[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const [row] = await queryRows<{ units: string }>(
    db,
    sql`select coalesce(sum(e.amount), 0)::text as units
      from ${ledgerEntries} e
      join ${ledgerAccounts} a on a.id = e.account_id
      join ${ledgerTransactions} t on t.id = e.transaction_id
      where a.code = ${accountCode} and t.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  return Number(row?.units ?? 0);
}

/**
 * The SQL of one account's journal lines, for a repository that merges them with rows of its own
 * in one query (a union, then one order and one page): columns id (bigint), reference, kind,
 * description, amount (bigint, signed) and created_at.
 */
export function accountLinesSql(accountCode: string): SQL {
  return sql`select e.id, t.reference, t.kind, t.description, e.amount, e.created_at
    from ${ledgerEntries} e
    join ${ledgerAccounts} a on a.id = e.account_id
    join ${ledgerTransactions} t on t.id = e.transaction_id
    where a.code = ${accountCode}`;
}

// ---------- platform-wide reports (financial reports) ----------

export interface DateRange {
  from: Date;
  to: Date;
}

export interface KindTotalRow {
  asset: Asset;
  kind: LedgerKind;
  /** Signed sum of the lines on the accounts (minor units). */
  net: number;
  /** Money in (positive lines) and out (negative lines, as a positive number). */
  totalIn: number;
  totalOut: number;
  /** Distinct postings. */
  transactions: number;
}

/**
 * Per asset and transaction kind, the lines of every account of `accountKind` posted in the range
 * (both ends inclusive): e.g. what the revenue accounts earned by kind, or what gateway accounts
 * paid out for withdrawals.
 */
export async function kindTotalsOnAccounts(db: DbOrTx, accountKind: string, range: DateRange): Promise<KindTotalRow[]> {
  const rows = await queryRows<{ asset: Asset; kind: LedgerKind; net: string; total_in: string; total_out: string; transactions: string }>(
    db,
    sql`select e.asset, t.kind, coalesce(sum(e.amount), 0)::text as net,
          coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as total_in,
          coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::text as total_out,
          count(distinct t.id)::text as transactions
        from ${ledgerEntries} e
        join ${ledgerAccounts} a on a.id = e.account_id and a.kind = ${accountKind}
        join ${ledgerTransactions} t on t.id = e.transaction_id
        where e.created_at >= ${range.from.toISOString()}::timestamptz and e.created_at <= ${range.to.toISOString()}::timestamptz
        group by e.asset, t.kind
        order by e.asset, t.kind`,
  );
  return rows.map((r) => ({
    asset: r.asset,
    kind: r.kind,
    net: Number(r.net),
    totalIn: Number(r.total_in),
    totalOut: Number(r.total_out),
    transactions: Number(r.transactions),
  }));
}

export interface PostingSummaryRow {
  id: string;
  reference: string;
  kind: LedgerKind;
  description: string;
  /** What the posting moved: the sum of its positive lines per asset (minor units). */
  movedKobo: number;
  movedCreditUnits: number;
  createdAt: Date;
}

/** Every posting of the range, newest first (by its journal lines), one page, and how many there are. */
export async function postingsInRange(
  db: DbOrTx,
  range: DateRange,
  page: { limit: number; offset: number },
): Promise<{ rows: PostingSummaryRow[]; total: number }> {
  const inRange = sql`e.created_at >= ${range.from.toISOString()}::timestamptz and e.created_at <= ${range.to.toISOString()}::timestamptz`;
  const [rows, [totalRow]] = await Promise.all([
    queryRows<{
      id: string;
      reference: string;
      kind: LedgerKind;
      description: string;
      kobo: string;
      units: string;
      created_at: string | Date;
    }>(
      db,
      sql`select t.id, t.reference, t.kind, t.description, t.created_at,
            coalesce(sum(e.amount) filter (where e.amount > 0 and e.asset = 'NGN'), 0)::text as kobo,
            coalesce(sum(e.amount) filter (where e.amount > 0 and e.asset = 'CREDIT'), 0)::text as units
          from ${ledgerEntries} e
          join ${ledgerTransactions} t on t.id = e.transaction_id
          where ${inRange}
          group by t.id
          order by max(e.id) desc
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: string }>(db, sql`select count(distinct e.transaction_id)::text as total from ${ledgerEntries} e where ${inRange}`),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      kind: r.kind,
      description: r.description,
      movedKobo: Number(r.kobo),
      movedCreditUnits: Number(r.units),
      createdAt: new Date(r.created_at),
    })),
    total: Number(totalRow?.total ?? 0),
  };
}

// ---------- integrity ----------

/** Everything checkLedgerIntegrity looks at, in raw rows. */
export async function integrityRows(db: DbOrTx) {
  const unbalanced = await queryRows<{ reference: string; asset: string; total: string }>(
    db,
    sql`
    select t.reference, e.asset, sum(e.amount)::text as total
    from ${ledgerEntries} e join ${ledgerTransactions} t on t.id = e.transaction_id
    group by t.reference, e.asset having sum(e.amount) <> 0`,
  );
  const totals = await queryRows<{ asset: string; total: string }>(
    db,
    sql`
    select asset, coalesce(sum(amount), 0)::text as total from ${ledgerEntries} group by asset`,
  );
  const negative = await queryRows<{ code: string; balance: string }>(
    db,
    sql`
    select code, balance::text from ${ledgerAccounts} where not allow_negative and balance < 0`,
  );
  const drift = await queryRows<{ code: string; balance: string; journal: string }>(
    db,
    sql`
    select a.code, a.balance::text, coalesce(sum(e.amount), 0)::text as journal
    from ${ledgerAccounts} a left join ${ledgerEntries} e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  const [tx] = await queryRows<{ count: string }>(db, sql`select count(*)::text as count from ${ledgerTransactions}`);
  const [acc] = await queryRows<{ count: string }>(db, sql`select count(*)::text as count from ${ledgerAccounts}`);
  return { unbalanced, totals, negative, drift, transactions: Number(tx?.count ?? 0), accounts: Number(acc?.count ?? 0) };
}
