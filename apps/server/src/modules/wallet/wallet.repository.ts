/**
 * Drizzle queries of the wallet: a read model over the ledger. A user's naira wallet is the ledger
 * account `user:<id>:NGN` and their vote credits `user:<id>:CREDIT`; every movement is a journal
 * line of one of those two accounts, joined to its ledger transaction.
 */
import type { LedgerKind } from '@contesthub/shared';
import { and, count, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bankAccounts, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.js';
import { accounts, type Asset } from '../ledger/accounts.js';

const USER_ACCOUNT_KINDS = ['user_wallet', 'user_credits'];

export interface WalletAccountRow {
  id: string;
  balance: number;
  createdAt: Date;
}

/** The user's naira ledger account, if it was ever opened. */
export async function findWalletAccount(db: DbOrTx, userId: string): Promise<WalletAccountRow | undefined> {
  const [row] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, createdAt: ledgerAccounts.createdAt })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accounts.userWallet(userId).code));
  return row;
}

/**
 * Opens the user's naira account with a zero balance (no journal line, so nothing can drift);
 * a no-op when it exists, including when a concurrent call opened it first. True when this call
 * opened it.
 */
export async function openWalletAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const spec = accounts.userWallet(userId);
  const inserted = await db
    .insert(ledgerAccounts)
    .values({ code: spec.code, asset: spec.asset, kind: spec.kind, ownerUserId: userId, allowNegative: false })
    .onConflictDoNothing({ target: ledgerAccounts.code })
    .returning({ id: ledgerAccounts.id });
  return inserted.length > 0;
}

/** The user's own accounts (naira wallet and vote credits) that exist, by asset. */
export async function userAccounts(db: DbOrTx, userId: string): Promise<Array<{ id: string; asset: Asset }>> {
  return db
    .select({ id: ledgerAccounts.id, asset: ledgerAccounts.asset })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), inArray(ledgerAccounts.kind, USER_ACCOUNT_KINDS)));
}

/** Kobo won as contest prizes into a naira account, and how many prizes. */
export async function winnings(db: DbOrTx, walletAccountId: string | undefined): Promise<{ kobo: number; prizes: number }> {
  if (!walletAccountId) return { kobo: 0, prizes: 0 };
  const [row] = await db
    .select({
      kobo: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      prizes: count(),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.accountId, walletAccountId), eq(ledgerTransactions.kind, 'contest_payout'), gt(ledgerEntries.amount, 0)));
  return { kobo: Number(row?.kobo ?? 0), prizes: Number(row?.prizes ?? 0) };
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
export async function listMovements(
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

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The user's payout account, if they added one. */
export async function findBankAccount(db: DbOrTx, userId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return row;
}

export type NewBankAccount = Pick<
  typeof bankAccounts.$inferInsert,
  'userId' | 'bankCode' | 'bankName' | 'accountNumber' | 'accountName' | 'gateway' | 'verifiedAt'
>;

/**
 * Writes the user's one payout account. The gateway's transfer recipient is kept only when the
 * account (number, bank and gateway) is unchanged; a different account needs a new recipient.
 */
export async function upsertBankAccount(db: DbOrTx, input: NewBankAccount): Promise<BankAccountRow> {
  const [row] = await db
    .insert(bankAccounts)
    .values({ ...input, updatedAt: input.verifiedAt })
    .onConflictDoUpdate({
      target: bankAccounts.userId,
      set: {
        bankCode: input.bankCode,
        bankName: input.bankName,
        accountNumber: input.accountNumber,
        accountName: input.accountName,
        gateway: input.gateway,
        verifiedAt: input.verifiedAt,
        updatedAt: input.verifiedAt,
        recipientCode: sql`case when ${bankAccounts.accountNumber} = excluded.account_number
          and ${bankAccounts.bankCode} = excluded.bank_code and ${bankAccounts.gateway} = excluded.gateway
          then ${bankAccounts.recipientCode} else null end`,
      },
    })
    .returning();
  return row!;
}

/** Remembers the gateway's transfer recipient of the user's account, if it is still that account. */
export async function saveBankRecipientCode(
  db: DbOrTx,
  account: { userId: string; bankCode: string; accountNumber: string; gateway: BankAccountRow['gateway'] },
  recipientCode: string,
): Promise<void> {
  await db
    .update(bankAccounts)
    .set({ recipientCode })
    .where(
      and(
        eq(bankAccounts.userId, account.userId),
        eq(bankAccounts.bankCode, account.bankCode),
        eq(bankAccounts.accountNumber, account.accountNumber),
        eq(bankAccounts.gateway, account.gateway),
      ),
    );
}
