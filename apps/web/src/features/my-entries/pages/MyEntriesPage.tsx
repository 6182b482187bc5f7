import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Inbox, Search } from 'lucide-react';
import { formatNumber } from '@contesthub/shared';
import { useToast } from '../../../app/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListFooter } from '../../../components/ui/list-footer';
import { Tabs, useTabIds } from '../../../components/ui/tabs';
import { useMyEntries } from '../api/get-my-entries';
import { MyEntryCard, MyEntryCardSkeleton } from '../components/MyEntryCard';
import { EMPTY_TEXT, MY_ENTRY_TABS, tabStatus, type MyEntryTab } from '../lib/my-entry-tabs';

const LOAD_FAILED = 'Failed to load your entries. Please try again.';
const GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** /dashboard/entries (spec 001 §2 My Entries): the user's entries by tab, pages of 12. */
export default function MyEntriesPage() {
  const toast = useToast();
  const tabIds = useTabIds();
  const resultsId = useId();
  const [tab, setTab] = useState<MyEntryTab>('all');
  const entries = useMyEntries(tabStatus(tab));

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (entries.error && toasted.current !== entries.error) {
      toasted.current = entries.error;
      toast.error('Error', LOAD_FAILED);
    }
  }, [entries.error, toast]);

  const items = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  const total = entries.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (entries.isPending) {
    body = (
      <div role="status" aria-label="Loading your entries" className={GRID}>
        {Array.from({ length: 6 }, (_, i) => (
          <MyEntryCardSkeleton key={i} />
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
    const empty = EMPTY_TEXT[tab];
    body = (
      <Card className="py-14 text-center">
        <Inbox className="mx-auto h-12 w-12 text-slate-500" aria-hidden />
        <h3 className="mt-4 text-xl font-semibold">{empty.title}</h3>
        <p className="mx-auto mt-2 max-w-md text-slate-400">{empty.body}</p>
        <ButtonLink to="/contests" className="mt-6">
          <Search className="h-4 w-4" aria-hidden />
          Find a Contest
        </ButtonLink>
      </Card>
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
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">My Entries</h2>
          <p className="text-slate-400">Track your submissions, their votes and where they stand.</p>
        </div>
        <ButtonLink to="/contests" variant="outline" className="self-start sm:self-auto">
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
