import { useMemo, useState, type ReactNode } from 'react';
import { FileStack, Inbox, ThumbsUp, Trophy } from 'lucide-react';
import { formatNumber, formatVoteCount } from '@contesthub/shared';
import { useToast } from '../../components/ui/toast';
import { SelectField } from '../../components/ui/field';
import { ListFooter } from '../../components/ui/list-footer';
import { EmptyState, LoadError, SkeletonGrid, useOncePerError } from '../../components/ui/list-states';
import { StatTile } from '../../components/ui/stat';
import { Tabs, useTabIds } from '../../components/ui/tabs';
import { usePublicStats } from '../../features/analytics/api/get-public-stats';
import { useEntries, type EntrySort } from '../../features/entries/api/get-entries';
import { EntryCard, EntryCardSkeleton } from '../../features/entries/components/EntryCard';
import { ENTRY_SORTS, ENTRY_TABS, tabFilter, type EntryTab } from '../../features/entries/lib/entry-tabs';

const LOAD_FAILED = 'Failed to load entries. Please try again.';
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** /entries (spec 000 §2 All entries): approved entries by tab and sort, pages of 12. */
export default function EntriesPage() {
  const toast = useToast();
  const tabIds = useTabIds();
  const [tab, setTab] = useState<EntryTab>('all');
  // Taken when the tab is chosen, so the Recent cut-off (and the query key) stays put while shown.
  const [tabParams, setTabParams] = useState(() => tabFilter('all'));
  const [sortBy, setSortBy] = useState<EntrySort>('newest');
  const params = useMemo(() => ({ sortBy, ...tabParams }), [sortBy, tabParams]);
  const entries = useEntries(params);
  const stats = usePublicStats();

  const chooseTab = (next: EntryTab) => {
    setTab(next);
    setTabParams(tabFilter(next));
  };

  useOncePerError(entries.error, () => toast.error('Error', LOAD_FAILED));

  const first = entries.data?.pages[0];
  const items = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  // Total votes over every matching entry: the server's figure (GET /entries always sends it).
  const totalVotes = first?.totalVotes ?? 0;

  let body: ReactNode;
  if (entries.isPending) {
    body = (
      <SkeletonGrid label="Loading entries" count={8} className={GRID}>
        <EntryCardSkeleton />
      </SkeletonGrid>
    );
  } else if (entries.isError && !entries.data) {
    body = <LoadError message={LOAD_FAILED} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={Inbox} title="No entries found" headingLevel={2}>
        Try adjusting your filters or check back later for new entries.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className={GRID}>
          {items.map((entry) => (
            <li key={entry._id} className="min-w-0">
              <EntryCard entry={entry} />
            </li>
          ))}
        </ul>
        <ListFooter list={entries} label="Load More Entries" endText="That's every entry." />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold sm:text-4xl">All Entries</h1>
        <p className="mt-2 text-slate-400">Photos, videos, music and writing from every contest on ContestHub.</p>
      </div>

      <dl className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="Entry statistics">
        <StatTile icon={FileStack} label="Total Entries" loading={entries.isPending}>
          {first ? formatNumber(first.total) : '-'}
        </StatTile>
        <StatTile icon={ThumbsUp} label="Total Votes" loading={entries.isPending}>
          {entries.data ? formatVoteCount(totalVotes) : '-'}
        </StatTile>
        <StatTile icon={Trophy} label="Active Contests" loading={stats.isPending}>
          {stats.data ? formatNumber(stats.data.activeContests) : '-'}
        </StatTile>
      </dl>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <Tabs tabs={ENTRY_TABS} value={tab} onChange={chooseTab} ids={tabIds} label="Entry lists" />
        <div className="sm:w-52">
          <SelectField label="Sort by" value={sortBy} onChange={(e) => setSortBy(e.target.value as EntrySort)}>
            {ENTRY_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <div role="tabpanel" id={tabIds.panel(tab)} aria-labelledby={tabIds.tab(tab)} className="space-y-6">
        {body}
      </div>
    </div>
  );
}
