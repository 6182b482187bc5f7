import { useState } from 'react';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight, Receipt } from 'lucide-react';
import { formatDateTime } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { useTransferHistory } from '../api/get-transfer-history';
import { counterparty, historyFigure, historyType } from '../lib/history';
import { TRANSFER_TEXT } from '../lib/transfer-messages';

const LIST_CARD = 'overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20';

/** Transfer History (spec 001 §3, §7): sent, received and fee rows, 10 a page. */
export function TransferHistory() {
  const [page, setPage] = useState(1);
  const history = useTransferHistory(page);
  const pages = history.data?.pagination.totalPages ?? 0;

  return (
    <div className="space-y-4">
      <div className={cn(LIST_CARD, history.isPlaceholderData && 'opacity-60')} aria-busy={history.isFetching || undefined}>
        {history.isPending ? (
          <RowsSkeleton label="Loading transfer history" rows={5} trailing />
        ) : history.isError ? (
          <div className="p-6">
            <RetryNote message={TRANSFER_TEXT.historyFailed} onRetry={() => void history.refetch()} />
          </div>
        ) : history.data.transactions.length === 0 ? (
          <EmptyNote icon={Receipt} title="No transfers yet" hint="Credits you send or receive, and the fees you pay, will appear here." />
        ) : (
          <ul className="divide-y divide-slate-800" aria-label="Transfer history">
            {history.data.transactions.map((t) => {
              const type = historyType(t.type);
              const figure = historyFigure(t);
              const who = counterparty(t);
              const Icon =
                t.type === 'vote_credit_transfer_received'
                  ? ArrowDownLeft
                  : t.type === 'vote_credit_transfer_sent'
                    ? ArrowUpRight
                    : ArrowLeftRight;
              return (
                <li key={t.id} className="flex items-start gap-3 px-4 py-3 sm:px-6" data-testid="transfer-row">
                  <Icon className="mt-1 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium break-words">{t.description}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
                      <Badge tone={type.tone} data-testid="transfer-type">
                        {type.label}
                      </Badge>
                      {who && <span>{who}</span>}
                      <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
                    </div>
                  </div>
                  <p
                    className={cn('shrink-0 text-sm font-semibold', figure.incoming ? 'text-emerald-300' : 'text-red-300')}
                    data-testid="transfer-figure"
                  >
                    {figure.text}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Pagination page={page} pages={pages} onChange={setPage} label="Transfer history pages" disabled={history.isPlaceholderData} />
    </div>
  );
}
