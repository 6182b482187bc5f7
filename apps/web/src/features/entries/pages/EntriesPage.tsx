import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FileStack, Inbox, ThumbsUp, Trophy, type LucideIcon } from 'lucide-react';
import { formatNumber, formatVoteCount } from '@contesthub/shared';
import { useToast } from '../../../app/toast';
import { Button } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { ListFooter } from '../../../components/ui/list-footer';
import { Tabs, useTabIds } from '../../../components/ui/tabs';
import { usePublicStats } from '../../home/api/get-public-stats';
import { useEntries, type EntrySort } from '../api/get-entries';
import { EntryCard, EntryCardSkeleton } from '../components/EntryCard';
import { ENTRY_SORTS, ENTRY_TABS, tabFilter, type EntryTab } from '../lib/entry-tabs';

const LOAD_FAILED = 'Failed to load entries. Please try again.';
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function Tile({ icon: Icon, label, value, loading }: { icon: LucideIcon; label: string; value: ReactNode; loading: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-4 rounded-2xl border border-slate-800 bg-slate-900/60 p-3 sm:p-5">
      <span className="hidden h-11 w-11 shrink-0 place-items-center rounded-xl bg-emerald-500/15 text-emerald-300 sm:grid">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <dt className="text-xs text-slate-400 sm:text-sm">{label}</dt>
        <dd className="text-xl font-bold text-slate-100 sm:text-2xl">{loading ? <Skeleton className="mt-1 h-7 w-16" /> : value}</dd>
      </div>
    </div>
  );
}

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

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (entries.error && toasted.current !== entries.error) {
      toasted.current = entries.error;
      toast.error('Error', LOAD_FAILED);
    }
  }, [entries.error, toast]);

  const first = entries.data?.pages[0];
  const items = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  // Total votes: the server's figure when it sends one; otherwise the sum over the entries
  // loaded, which is the total only once every page is in (the label says which it is).
  const loadedVotes = items.reduce((sum, e) => sum + e.votesCount, 0);
  const votesExact = first?.totalVotes !== undefined || (!!entries.data && !entries.hasNextPage);
  const totalVotes = first?.totalVotes ?? loadedVotes;

  let body: ReactNode;
  if (entries.isPending) {
    body = (
      <div role="status" aria-label="Loading entries" className={GRID}>
        {Array.from({ length: 8 }, (_, i) => (
          <EntryCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (entries.isError && !entries.data) {
    body = (
      <Card role="alert" className="py-12 text-center">
        <p className="text-slate-300">{LOAD_FAILED}</p>
        <Button className="mt-6" variant="outline" onClick={() => void entries.refetch()} loading={entries.isFetching}>
          Try Again
        </Button>
      </Card>
    );
  } else if (items.length === 0) {
    body = (
      <Card className="py-14 text-center">
        <Inbox className="mx-auto h-12 w-12 text-slate-500" aria-hidden />
        <h2 className="mt-4 text-xl font-semibold">No entries found</h2>
        <p className="mt-2 text-slate-400">Try adjusting your filters or check back later for new entries.</p>
      </Card>
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
        <Tile icon={FileStack} label="Total Entries" loading={entries.isPending} value={first ? formatNumber(first.total) : '-'} />
        <Tile
          icon={ThumbsUp}
          label={votesExact ? 'Total Votes' : 'Votes on Shown Entries'}
          loading={entries.isPending}
          value={entries.data ? formatVoteCount(totalVotes) : '-'}
        />
        <Tile
          icon={Trophy}
          label="Active Contests"
          loading={stats.isPending}
          value={stats.data ? formatNumber(stats.data.activeContests) : '-'}
        />
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
