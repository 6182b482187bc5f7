import { ALL_ENTRIES_TABS } from '@contesthub/shared';
import type { EntryListParams, EntrySort } from '../api/get-entries';

export type EntryTab = 'all' | 'recent' | 'popular' | 'trending';

export const ENTRY_TABS: ReadonlyArray<{ id: EntryTab; label: string }> = [
  { id: 'all', label: 'All Entries' },
  { id: 'recent', label: 'Recent' },
  { id: 'popular', label: 'Popular' },
  { id: 'trending', label: 'Trending' },
];

export const ENTRY_SORTS: ReadonlyArray<{ value: EntrySort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'votes', label: 'Most Votes' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a tab adds to the query (spec 000 §9): Recent = created in the last 7 days, Popular = at
 * least 500 votes, Trending = at least 800 votes. The Recent cut-off is taken when the tab is chosen
 * so the query key stays stable while it is shown.
 */
export function tabFilter(tab: EntryTab, now: Date = new Date()): Pick<EntryListParams, 'createdAfter' | 'minVotes'> {
  switch (tab) {
    case 'recent':
      return { createdAfter: new Date(now.getTime() - ALL_ENTRIES_TABS.recentDays * DAY_MS).toISOString() };
    case 'popular':
      return { minVotes: ALL_ENTRIES_TABS.popularMinVotes };
    case 'trending':
      return { minVotes: ALL_ENTRIES_TABS.trendingMinVotes };
    default:
      return {};
  }
}
