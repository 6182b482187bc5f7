import { useId, useState, type ReactNode } from 'react';
import { Inbox, Search } from 'lucide-react';
import { formatNumber, paths } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { ButtonLink } from '../../../components/ui/button';
import { ListFooter } from '../../../components/ui/list-footer';
import { EmptyState, LoadError, SkeletonGrid, useOncePerError } from '../../../components/ui/list-states';
import { Tabs, useTabIds } from '../../../components/ui/tabs';
import { useMyEntries } from '../../../features/entries/api/get-my-entries';
import { MyEntryCard, MyEntryCardSkeleton } from '../../../features/entries/components/MyEntryCard';
import { EMPTY_TEXT, MY_ENTRY_TABS, tabStatus, type MyEntryTab } from '../../../features/entries/lib/my-entry-tabs';

const LOAD_FAILED = 'Failed to load your entries. Please try again.';
const GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** /dashboard/entries (spec 001 §2 My Entries): the user's entries by tab, pages of 12. */
export default function MyEntriesPage() {
  const toast = useToast();
  const tabIds = useTabIds();
  const resultsId = useId();
  const [tab, setTab] = useState<MyEntryTab>('all');
  const entries = useMyEntries(tabStatus(tab));

  useOncePerError(entries.error, () => toast.error('Error', LOAD_FAILED));

  const items = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  const total = entries.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (entries.isPending) {
    body = (
      <SkeletonGrid label="Loading your entries" count={6} className={GRID}>
        <MyEntryCardSkeleton />
      </SkeletonGrid>
    );
  } else if (entries.isError && !entries.data) {
    body = <LoadError message={LOAD_FAILED} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />;
  } else if (items.length === 0) {
    const empty = EMPTY_TEXT[tab];
    body = (
      <EmptyState
        icon={Inbox}
        title={empty.title}
        actions={
          <ButtonLink to={paths.contests()}>
            <Search className="h-4 w-4" aria-hidden />
            Find a Contest
          </ButtonLink>
        }
      >
        {empty.body}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className={GRID}>
          {items.map((entry) => (
            <li key={entry._id} className="min-w-0">
              <MyEntryCard entry={entry} />
            </li>
          ))}
        </ul>
        <ListFooter list={entries} describedBy={resultsId} endText="That's all of your entries here." />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">My Entries</h2>
          <p className="text-slate-400">Track your submissions, their votes and where they stand.</p>
        </div>
        <ButtonLink to={paths.contests()} variant="outline" className="self-start sm:self-auto">
          <Search className="h-4 w-4" aria-hidden />
          Browse Contests
        </ButtonLink>
      </div>

      <Tabs tabs={MY_ENTRY_TABS} value={tab} onChange={setTab} ids={tabIds} label="Entry status" />

      <div role="tabpanel" id={tabIds.panel(tab)} aria-labelledby={tabIds.tab(tab)} className="space-y-6">
        <p id={resultsId} aria-live="polite" className="text-sm text-slate-400">
          {entries.data && items.length > 0
            ? `Showing ${formatNumber(items.length)} of ${formatNumber(total)} entr${total === 1 ? 'y' : 'ies'}`
            : ''}
        </p>
        {body}
      </div>
    </div>
  );
}
