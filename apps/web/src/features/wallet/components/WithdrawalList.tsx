import { useState } from 'react';
import { Banknote } from 'lucide-react';
import { formatDateTime, formatNaira, type TWithdrawal, type WithdrawalStatus } from '@contesthub/shared';
import { Badge, type BadgeTone } from '../../../components/ui/card';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { useWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../api/get-withdrawals';
import { WITHDRAW_MESSAGES as M } from '../lib/messages';

/** A withdrawal's state in words: pending, paid, or failed and given back (failed and reversed alike). */
const STATUS: Record<WithdrawalStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  success: { label: 'Successful', tone: 'green' },
  failed: { label: 'Failed · refunded', tone: 'red' },
  reversed: { label: 'Failed · refunded', tone: 'red' },
};

/** Withdrawals (GET /wallet/withdrawals), newest first, 10 a page. */
export function WithdrawalList() {
  const [page, setPage] = useState(1);
  const list = useWithdrawals({ page, limit: WITHDRAWALS_PAGE_SIZE });
  const pages = list.data?.pagination.totalPages ?? 0;
  return (
    <section
      className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20"
      aria-labelledby="withdrawals-heading"
    >
      <h3 id="withdrawals-heading" className="border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
        Withdrawals
      </h3>
      <div className={cn(list.isPlaceholderData && 'opacity-60')} aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <RowsSkeleton label="Loading withdrawals" rows={3} trailing />
        ) : list.isError ? (
          <div className="p-6">
            <RetryNote message={M.withdrawalsFailed} onRetry={() => void list.refetch()} />
          </div>
        ) : list.data.withdrawals.length === 0 ? (
          <EmptyNote icon={Banknote} title="No withdrawals yet" hint="Money you withdraw to your bank account will appear here." />
        ) : (
          <ul className="divide-y divide-slate-800">
            {list.data.withdrawals.map((w) => (
              <WithdrawalRow key={w.id} withdrawal={w} />
            ))}
          </ul>
        )}
      </div>
      {pages > 1 && (
        <div className="border-t border-slate-800 p-3">
          <Pagination page={page} pages={pages} onChange={setPage} label="Withdrawal pages" disabled={list.isPlaceholderData} />
        </div>
      )}
    </section>
  );
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: TWithdrawal }) {
  const status = STATUS[w.status];
  const refunded = w.status === 'failed' || w.status === 'reversed';
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6" data-testid="withdrawal">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">
          To {w.accountName} · {w.bankName}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="font-mono">{w.accountNumber}</span>
          <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time>
        </div>
        {refunded && (
          <p className="mt-1 text-xs break-words text-red-300">
            {w.failureReason ? `${w.failureReason.replace(/[.\s]+$/, '')}. ` : ''}
            {formatNaira(w.total)} was returned to your wallet.
          </p>
        )}
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('text-sm font-semibold', refunded ? 'text-slate-400 line-through' : 'text-red-300')}>−{formatNaira(w.amount)}</p>
        <p className="text-xs text-slate-400">Fee {formatNaira(w.fee)}</p>
      </div>
    </li>
  );
}
