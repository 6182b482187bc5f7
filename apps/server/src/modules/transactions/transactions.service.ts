/**
 * /api/transactions (spec 001 §7): the caller's movements over the same ledger as the wallet. The list is
 * the wallet's (wallet.service.ts), the vote-credit list the vote-credit module's; the stats sum the
 * caller's own ledger lines in a date range.
 */
import type { z } from 'zod';
import { unitsToCredits, type TTransactionStats, type ZTransactionStatsQuery } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Asset } from '../ledger/accounts.js';
import { flowsByKind } from './transactions.repository.js';

export type TransactionStatsQuery = z.infer<typeof ZTransactionStatsQuery>;

/** Minor units as the API shows them: kobo stay kobo, credit hundredths become credits. */
const shown = (asset: Asset, units: number) => (asset === 'CREDIT' ? unitsToCredits(units) : units);

/** GET /api/transactions/stats?startDate&endDate: money and credits in and out, per asset and per ledger kind. */
export async function transactionStats(ctx: AppContext, userId: string, q: TransactionStatsQuery): Promise<TTransactionStats> {
  const rows = await flowsByKind(ctx.db, userId, {
    from: q.startDate ? new Date(q.startDate) : undefined,
    to: q.endDate ? new Date(q.endDate) : undefined,
  });
  const total = (asset: Asset) => {
    const mine = rows.filter((r) => r.asset === asset);
    const sum = (pick: (r: (typeof rows)[number]) => number) => mine.reduce((acc, r) => acc + pick(r), 0);
    return {
      totalIn: shown(
        asset,
        sum((r) => r.totalIn),
      ),
      totalOut: shown(
        asset,
        sum((r) => r.totalOut),
      ),
      transactions: sum((r) => r.count),
    };
  };
  return {
    naira: total('NGN'),
    credits: total('CREDIT'),
    byType: rows.map((r) => ({ type: r.kind, asset: r.asset, count: r.count, total: shown(r.asset, r.totalIn - r.totalOut) })),
    startDate: q.startDate ? new Date(q.startDate).toISOString() : null,
    endDate: q.endDate ? new Date(q.endDate).toISOString() : null,
  };
}
