import { useState } from 'react';
import { History } from 'lucide-react';
import { formatDate, formatNaira, TIER_LABELS } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { useSubscriptionHistory } from '../api/get-subscription-history';
import { SUBSCRIPTION_TEXT } from '../lib/messages';
import { DURATION_LABELS, PAYMENT_METHOD_LABELS, statusBadge } from '../lib/subscription-view';

const LIST_CARD = 'overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20';

/** Every subscription of the user, newest first (GET /subscriptions/history). */
export function SubscriptionHistory() {
  const [page, setPage] = useState(1);
  const history = useSubscriptionHistory(page);
  const pages = history.data?.pagination.totalPages ?? 0;
  return (
    <section aria-labelledby="subscription-history" className="space-y-3">
      <h3 id="subscription-history" className="text-lg font-semibold">
        Subscription History
      </h3>
      <div className={cn(LIST_CARD, history.isPlaceholderData && 'opacity-60')} aria-busy={history.isFetching || undefined}>
        {history.isPending ? (
          <RowsSkeleton label="Loading subscription history" rows={3} trailing />
        ) : history.isError ? (
          <div className="p-6">
            <RetryNote message={SUBSCRIPTION_TEXT.historyFailed} onRetry={() => void history.refetch()} />
          </div>
        ) : history.data.subscriptions.length === 0 ? (
          <EmptyNote icon={History} title="No subscriptions yet" hint="Plans you subscribe to will be listed here." />
        ) : (
          <ul className="divide-y divide-slate-800" aria-label="Subscription history">
            {history.data.subscriptions.map((s) => {
              const status = statusBadge(s);
              return (
                <li
                  key={s.id}
                  className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-6"
                  data-testid="subscription-row"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {TIER_LABELS[s.tier]} · {DURATION_LABELS[s.duration]}
                      <Badge tone={status.tone}>{status.label}</Badge>
                    </p>
                    <p className="mt-1 text-xs text-slate-400">
                      {s.startDate && s.endDate
                        ? `${formatDate(s.startDate)} – ${formatDate(s.endDate)}`
                        : `Requested ${formatDate(s.createdAt)}`}
                      {' · '}
                      {PAYMENT_METHOD_LABELS[s.paymentMethod]}
                    </p>
                  </div>
                  <p className="text-sm font-semibold">{formatNaira(s.amount)}</p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Pagination page={page} pages={pages} onChange={setPage} label="Subscription history pages" disabled={history.isPlaceholderData} />
    </section>
  );
}
