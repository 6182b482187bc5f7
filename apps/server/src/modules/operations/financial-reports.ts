/**
 * GET /api/admin-tools/financial-reports?period=30 (spec 002 §2.1 Financial Reports, real figures),
 * read through the ledger's read API only:
 * - revenue of the period by source: the lines of the platform's revenue accounts grouped by the
 *   kind of posting (a refund or reversal counts against its source); naira and credits apart,
 *   since credits bought were already counted as naira revenue when they were bought;
 * - money held now: wallets, escrow and users' credits, the same sums the reconciliation reports;
 * - payouts of the period: prizes into winners' wallets and naira sent to banks for withdrawals
 *   (less transfers that failed and came back);
 * - the period's postings, newest first, typed as the spec's contest_fee / entry_fee / vote_credit
 *   and the ledger's other movements.
 * Read in one repeatable-read transaction, so every figure is of the same moment.
 */
import {
  REVENUE_SOURCES,
  REVENUE_SOURCE_LABELS,
  ledgerKindLabel,
  pageOf,
  pageOffset,
  revenueSourceOf,
  transactionTypeOf,
  unitsToCredits,
  type RevenueSource,
  type TFinancialReport,
  type TFinancialReportQuery,
} from '@contesthub/shared';
import type { Db } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { balancesByKind, kindTotalsOnAccounts, postingsInRange, type KindTotalRow } from '../ledger/ledger.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function revenueBySource(rows: KindTotalRow[]): TFinancialReport['revenue']['bySource'] {
  const sums = new Map<RevenueSource, { kobo: number; units: number; transactions: number }>();
  for (const r of rows) {
    const source = revenueSourceOf(r.kind);
    const sum = sums.get(source) ?? { kobo: 0, units: 0, transactions: 0 };
    if (r.asset === 'NGN') sum.kobo += r.net;
    else sum.units += r.net;
    sum.transactions += r.transactions;
    sums.set(source, sum);
  }
  return REVENUE_SOURCES.filter((s) => s !== 'other' || sums.has('other')).map((source) => {
    const sum = sums.get(source) ?? { kobo: 0, units: 0, transactions: 0 };
    return {
      source,
      label: REVENUE_SOURCE_LABELS[source],
      kobo: sum.kobo,
      credits: unitsToCredits(sum.units),
      transactions: sum.transactions,
    };
  });
}

export function financialReport(db: Db, query: TFinancialReportQuery): Promise<TFinancialReport> {
  const to = now();
  const from = new Date(to.getTime() - query.period * DAY_MS);
  const range = { from, to };
  return db.transaction(
    async (tx) => {
      const [revenueRows, naira, credits, wallets, gateways, postings] = await Promise.all([
        kindTotalsOnAccounts(tx, 'platform_revenue', range),
        balancesByKind(tx, 'NGN'),
        balancesByKind(tx, 'CREDIT'),
        kindTotalsOnAccounts(tx, 'user_wallet', range),
        kindTotalsOnAccounts(tx, 'gateway', range),
        postingsInRange(tx, range, { limit: query.limit, offset: pageOffset(query) }),
      ]);
      const bySource = revenueBySource(revenueRows);
      const prizes = wallets.find((r) => r.asset === 'NGN' && r.kind === 'contest_payout');
      // A withdrawal moves its amount into the gateway account; a failed transfer's reversal takes it back out.
      const sent = gateways.find((r) => r.kind === 'withdrawal');
      const returned = gateways.find((r) => r.kind === 'withdrawal_reversal');
      return {
        period: { days: query.period, from: from.toISOString(), to: to.toISOString() },
        revenue: {
          totalKobo: bySource.reduce((sum, s) => sum + s.kobo, 0),
          totalCredits: unitsToCredits(revenueRows.filter((r) => r.asset === 'CREDIT').reduce((sum, r) => sum + r.net, 0)),
          bySource,
          allTimeKobo: naira.get('platform_revenue') ?? 0,
        },
        held: {
          walletsKobo: naira.get('user_wallet') ?? 0,
          escrowKobo: naira.get('contest_escrow') ?? 0,
          escrowCredits: unitsToCredits(credits.get('contest_escrow') ?? 0),
          userCredits: unitsToCredits(credits.get('user_credits') ?? 0),
        },
        payouts: {
          prizesKobo: prizes?.totalIn ?? 0,
          prizes: prizes?.transactions ?? 0,
          withdrawalsKobo: (sent?.totalIn ?? 0) - (returned?.totalOut ?? 0),
          // A reversal in the period of a withdrawal sent before it never makes the count negative.
          withdrawals: Math.max(0, (sent?.transactions ?? 0) - (returned?.transactions ?? 0)),
        },
        transactions: {
          items: postings.rows.map((p) => ({
            id: p.id,
            reference: p.reference,
            kind: p.kind,
            type: transactionTypeOf(p.kind),
            label: ledgerKindLabel(p.kind),
            description: p.description,
            kobo: p.movedKobo,
            credits: unitsToCredits(p.movedCreditUnits),
            createdAt: p.createdAt.toISOString(),
          })),
          pagination: pageOf(query, postings.total),
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
