/** Drizzle queries of /api/transactions: sums over the caller's own ledger lines. */
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.js';
import type { Asset } from '../ledger/accounts.js';

/** The kinds of account a user owns: their naira wallet and their vote credits. */
const USER_ACCOUNT_KINDS = ['user_wallet', 'user_credits'];

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
 * Per asset and ledger kind: how many lines moved the user's own accounts in [from, to] (either end
 * optional, both inclusive), and the minor units in and out.
 */
export async function flowsByKind(
  db: DbOrTx,
  userId: string,
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
        inArray(ledgerAccounts.kind, USER_ACCOUNT_KINDS),
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
