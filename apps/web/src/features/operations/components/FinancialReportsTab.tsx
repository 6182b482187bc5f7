import { useState } from 'react';
import { Banknote, Coins, Landmark, Lock, Receipt, Trophy, Wallet } from 'lucide-react';
import {
  DEFAULT_FINANCIAL_PERIOD,
  FINANCIAL_PERIODS,
  formatDateTime,
  formatNaira,
  formatNumber,
  type TFinancialReport,
  type TFinancialTransaction,
} from '@contesthub/shared';
import { Badge, Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, LoadError, RowsSkeleton, useOncePerError } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { StatCard } from '../../../components/ui/stat';
import { useToast } from '../../../components/ui/toast';
import { useFinancialReport } from '../api/get-financial-reports';

/** Spec 002 §8. */
export const FINANCIAL_REPORTS_FAILED = 'Failed to fetch financial reports';

const PERIOD_LABELS: Record<(typeof FINANCIAL_PERIODS)[number], string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
  365: 'Last 365 days',
};

const credits = (n: number) => `${formatNumber(n)} credits`;

/** What a posting moved: naira, credits or both. */
function moved(t: Pick<TFinancialTransaction, 'kobo' | 'credits'>): string {
  const parts = [t.kobo !== 0 ? formatNaira(t.kobo) : null, t.credits !== 0 ? credits(t.credits) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' + ') : '—';
}

function RevenueTable({ report }: { report: TFinancialReport }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Revenue by source table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Revenue by source over the period</caption>
        <thead className="text-xs uppercase text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Source
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Naira
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Credits
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Transactions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {report.revenue.bySource.map((s) => (
            <tr key={s.source} data-testid={`revenue-${s.source}`}>
              <th scope="row" className="py-2 pr-3 font-normal text-slate-300">
                {s.label}
              </th>
              <td className="px-3 py-2 text-right font-semibold">{s.kobo === 0 && s.credits !== 0 ? '—' : formatNaira(s.kobo)}</td>
              <td className="px-3 py-2 text-right">{s.credits === 0 ? '—' : formatNumber(s.credits)}</td>
              <td className="py-2 pl-3 text-right text-slate-300">{formatNumber(s.transactions)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-700">
            <th scope="row" className="py-2 pr-3 text-left font-semibold">
              Total
            </th>
            <td className="px-3 py-2 text-right font-bold" data-testid="revenue-total">
              {formatNaira(report.revenue.totalKobo)}
            </td>
            <td className="px-3 py-2 text-right font-semibold">{formatNumber(report.revenue.totalCredits)}</td>
            <td className="py-2 pl-3" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Transactions({ report, page, onPage }: { report: TFinancialReport; page: number; onPage: (p: number) => void }) {
  const { items, pagination } = report.transactions;
  if (items.length === 0) return <EmptyNote icon={Receipt} title="No transactions in this period" />;
  return (
    <>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Recent transactions table">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Recent transactions, newest first</caption>
          <thead className="text-xs uppercase text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium sm:px-6">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Description
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-4 py-2 font-medium sm:px-6">
                Date
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {items.map((t) => (
              <tr key={t.id}>
                <td className="px-4 py-2 sm:px-6">
                  <Badge tone="sky">{t.type}</Badge>
                  <span className="mt-1 block text-xs text-slate-400">{t.label}</span>
                </td>
                <td className="break-words px-3 py-2 text-slate-300">{t.description}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{moved(t)}</td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-400 sm:px-6">{formatDateTime(t.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination.totalPages > 1 && (
        <div className="border-t border-slate-800 px-4 py-3 sm:px-6">
          <Pagination page={page} pages={pagination.totalPages} onChange={onPage} label="Transactions pages" />
        </div>
      )}
    </>
  );
}

/**
 * Financial Reports (spec 002 §2.1, real figures from the ledger, equal to the reconciliation):
 * revenue by source over the chosen period (7, 30, 90 or 365 days; 30 by default), money held now,
 * payouts of the period and its transactions. For holders of finance.read (admins).
 */
export function FinancialReportsTab() {
  const toast = useToast();
  const [period, setPeriod] = useState<number>(DEFAULT_FINANCIAL_PERIOD);
  const [page, setPage] = useState(1);
  const report = useFinancialReport({ period, page });
  useOncePerError(report.error, () => toast.error(FINANCIAL_REPORTS_FAILED));
  const r = report.data;
  const loading = report.isPending;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="w-full max-w-xs">
          <SelectField
            label="Period"
            value={period}
            onChange={(e) => {
              setPeriod(Number(e.target.value));
              setPage(1);
            }}
          >
            {FINANCIAL_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </SelectField>
        </div>
        {r && (
          <p className="text-xs text-slate-400">
            {formatDateTime(r.period.from)} to {formatDateTime(r.period.to)}
          </p>
        )}
      </div>

      {report.isError && !r ? (
        <LoadError message={FINANCIAL_REPORTS_FAILED} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <>
          <section aria-labelledby="revenue-overview" className="space-y-3">
            <h3 id="revenue-overview" className="font-semibold">
              Revenue overview
            </h3>
            <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
              <StatCard icon={Banknote} tone="text-emerald-300" label="Revenue in the period" loading={loading} testId="fin-revenue">
                {r && formatNaira(r.revenue.totalKobo)}
              </StatCard>
              <StatCard
                icon={Coins}
                tone="text-amber-300"
                label="Credit revenue in the period"
                loading={loading}
                testId="fin-credit-revenue"
              >
                {r && credits(r.revenue.totalCredits)}
              </StatCard>
              <StatCard icon={Landmark} tone="text-sky-300" label="Revenue, all time" loading={loading} testId="fin-revenue-all-time">
                {r && formatNaira(r.revenue.allTimeKobo)}
              </StatCard>
              <StatCard
                icon={Trophy}
                tone="text-violet-300"
                label="Payouts in the period"
                loading={loading}
                testId="fin-payouts"
                note={
                  r &&
                  `Prizes ${formatNaira(r.payouts.prizesKobo)} (${formatNumber(r.payouts.prizes)}) · withdrawals ${formatNaira(r.payouts.withdrawalsKobo)} (${formatNumber(r.payouts.withdrawals)})`
                }
              >
                {r && formatNaira(r.payouts.prizesKobo + r.payouts.withdrawalsKobo)}
              </StatCard>
            </div>
            <Card className="p-4 sm:p-6">{loading ? <RowsSkeleton label="Loading revenue" /> : r && <RevenueTable report={r} />}</Card>
          </section>

          <section aria-labelledby="money-held" className="space-y-3">
            <h3 id="money-held" className="font-semibold">
              Money held now
            </h3>
            <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-3">
              <StatCard icon={Wallet} tone="text-emerald-300" label="User wallets" loading={loading} testId="fin-wallets">
                {r && formatNaira(r.held.walletsKobo)}
              </StatCard>
              <StatCard
                icon={Lock}
                tone="text-amber-300"
                label="Contest escrow"
                loading={loading}
                testId="fin-escrow"
                note={r && r.held.escrowCredits > 0 ? `and ${credits(r.held.escrowCredits)} of entry fees` : undefined}
              >
                {r && formatNaira(r.held.escrowKobo)}
              </StatCard>
              <StatCard icon={Coins} tone="text-sky-300" label="User vote credits" loading={loading} testId="fin-user-credits">
                {r && credits(r.held.userCredits)}
              </StatCard>
            </div>
          </section>

          <section aria-labelledby="recent-transactions">
            <Card className="p-0">
              <h3 id="recent-transactions" className="border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
                Recent transactions
              </h3>
              {loading ? (
                <RowsSkeleton label="Loading transactions" trailing />
              ) : (
                r && <Transactions report={r} page={page} onPage={setPage} />
              )}
            </Card>
          </section>
        </>
      )}
    </div>
  );
}
