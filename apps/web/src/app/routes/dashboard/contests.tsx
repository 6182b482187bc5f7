import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PlusCircle, RefreshCw, Trophy } from 'lucide-react';
import { countOf, paths } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState, LoadError, SkeletonGrid, useOncePerError } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { Tabs, useTabIds, type TabItem } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useMyContests } from '../../../features/contests/api/get-my-contests';
import { MyContestCard, MyContestCardSkeleton, type ContestChange } from '../../../features/contests/components/MyContestCard';
import { MY_CONTESTS_MESSAGES as M } from '../../../features/contests/lib/messages';
import { refreshContestEntries } from '../../../features/entries/api/keys';
import { refreshWallet } from '../../../features/wallet/api/keys';
import { useAuth } from '../../../lib/auth';

type TabId = 'all' | 'active' | 'voting' | 'ended';
const TABS: ReadonlyArray<TabItem<TabId>> = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'voting', label: 'Voting' },
  { id: 'ended', label: 'Ended' },
];
const EMPTY: Record<TabId, string> = {
  all: "You haven't created any contests yet",
  active: 'No contests accepting entries',
  voting: 'No contests in voting',
  ended: 'No ended contests yet',
};
const GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** /dashboard/contests (spec 001 §2 My Contests). */
export default function MyContestsPage() {
  const toast = useToast();
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>('all');
  const [page, setPage] = useState(1);
  const contests = useMyContests({ page, status: tab === 'all' ? undefined : tab });
  const [refreshing, setRefreshing] = useState(false);
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  // A change reaches the contest's entries (review screen, public page); deleting, ending and cancelling
  // also move money back to the organizer or to the winner.
  const onChanged = ({ contestId, moneyMoved }: ContestChange) => {
    void refreshContestEntries(queryClient, contestId);
    if (moneyMoved) {
      void refreshWallet(queryClient);
      void refreshUser();
    }
  };

  // A failed Refresh Status has its own toast.
  const refreshingRef = useRef(false);
  // One 'Error' toast per failed load (not again on every re-render).
  const toasted = useOncePerError(contests.error, () => {
    if (!refreshingRef.current) toast.error(M.loadFailedTitle, M.loadFailed);
  });

  const chooseTab = (next: TabId) => {
    setTab(next);
    setPage(1);
  };

  const refresh = async () => {
    refreshingRef.current = true;
    setRefreshing(true);
    // refetch() resolves with the outcome; it does not throw.
    const result = await contests.refetch();
    setRefreshing(false);
    // Marked as toasted before the flag drops, so the load-failure toast never doubles this one.
    if (result.isError) toasted.current = result.error;
    refreshingRef.current = false;
    if (result.isError) toast.error('Error', M.refreshFailed);
    else toast.success(M.refreshedTitle, M.refreshed);
  };

  const data = contests.data;
  // A page that emptied (its last contest deleted) falls back to the last page there is.
  useEffect(() => {
    if (data && data.totalPages > 0 && page > data.totalPages) setPage(data.totalPages);
  }, [data, page]);

  let body: ReactNode;
  if (contests.isPending) {
    body = (
      <SkeletonGrid label="Loading your contests" count={6} className={GRID}>
        <MyContestCardSkeleton />
      </SkeletonGrid>
    );
  } else if (contests.isError && !data) {
    body = <LoadError message={M.loadFailed} onRetry={() => void contests.refetch()} retrying={contests.isFetching} />;
  } else if (!data || data.contests.length === 0) {
    body = (
      <EmptyState
        icon={Trophy}
        title={EMPTY[tab]}
        actions={
          <ButtonLink to={paths.dashboard.create()}>
            <PlusCircle className="h-4 w-4" aria-hidden />
            Create Contest
          </ButtonLink>
        }
      >
        Create a contest and invite the community to take part.
      </EmptyState>
    );
  } else {
    body = (
      <div className="space-y-6">
        <ul className={cn(GRID, contests.isPlaceholderData && 'opacity-60')} aria-busy={contests.isPlaceholderData || undefined}>
          {data.contests.map((contest) => (
            <li key={contest._id} className="min-w-0">
              <MyContestCard contest={contest} onChanged={onChanged} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          pages={data.totalPages}
          onChange={setPage}
          label="My contests pages"
          disabled={contests.isPlaceholderData}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold">My Contests</h2>
          <p className="text-slate-400">{data ? countOf(data.total, 'contest') : 'Manage the contests you organise.'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void refresh()}
            loading={refreshing}
            disabled={contests.isPending}
            icon={<RefreshCw className="h-4 w-4" aria-hidden />}
          >
            Refresh Status
          </Button>
          <ButtonLink to={paths.dashboard.create()}>
            <PlusCircle className="h-4 w-4" aria-hidden />
            Create Contest
          </ButtonLink>
        </div>
      </div>

      <Tabs tabs={TABS} value={tab} onChange={chooseTab} ids={ids} label="Filter contests by status" />
      <div role="tabpanel" id={ids.panel(tab)} aria-labelledby={ids.tab(tab)}>
        {body}
      </div>
    </div>
  );
}
