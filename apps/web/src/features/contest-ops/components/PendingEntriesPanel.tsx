import { useState } from 'react';
import { Inbox } from 'lucide-react';
import { CONTEST_OPS_MESSAGES, countOf, formatDate, formatRelativeTime } from '@contesthub/shared';
import { ButtonLink } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { EmptyState, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { usePendingEntries } from '../api/get-pending-entries';

/** Pending Entries: every contest with entries awaiting review, oldest waiting first, each linking to its review page. */
export function PendingEntriesPanel() {
  const [page, setPage] = useState(1);
  const q = usePendingEntries(page);
  if (q.isPending) return <RowsSkeleton label="Loading pending entries" />;
  if (q.isError)
    return <LoadError message={CONTEST_OPS_MESSAGES.pendingEntriesFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const { contests, totalPending, pagination } = q.data;
  if (contests.length === 0)
    return (
      <EmptyState icon={Inbox} title="No entries awaiting review">
        Entries submitted to contests that review them show up here.
      </EmptyState>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300">
        {countOf(totalPending, 'entry', 'entries')} awaiting review in {countOf(pagination.total, 'contest')}
      </p>
      <ul className="space-y-3">
        {contests.map((c) => (
          <li key={c.contestId}>
            <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <h3 className="truncate font-semibold">{c.title}</h3>
                <p className="text-sm text-slate-300">
                  By {c.organizerName} · entries close {formatDate(c.entryEndDate)}
                </p>
                <p className="text-sm text-slate-300">
                  <Badge tone="amber">{countOf(c.pendingCount, 'pending entry', 'pending entries')}</Badge>{' '}
                  <span>oldest waiting since {formatRelativeTime(c.oldestSubmittedAt)}</span>
                </p>
              </div>
              <ButtonLink to={c.reviewPath} variant="outline" size="sm" aria-label={`Review Entries of ${c.title}`}>
                Review Entries
              </ButtonLink>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination page={pagination.page} pages={pagination.totalPages} onChange={setPage} label="Pending entries pages" />
    </div>
  );
}
