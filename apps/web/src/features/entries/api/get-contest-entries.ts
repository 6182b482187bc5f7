import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TContestEntriesQuery, TEntry, TEntryList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { contestEntriesKey, nextPage } from './keys';

/** The sorts of the contest page's entry list (the contract's, without popular). */
export type ContestEntrySort = Extract<TContestEntriesQuery['sortBy'], 'newest' | 'oldest' | 'votes' | 'title'>;

export const CONTEST_ENTRIES_PAGE_SIZE = 24;

const listKey = (contestId: string) => [...contestEntriesKey(contestId), 'list'] as const;

/** GET /entries/contest/{id}: approved entries plus the caller's own (the organizer sees all). */
export const getContestEntries = (contestId: string, sortBy: ContestEntrySort, page: number, signal?: AbortSignal) =>
  apiData<TEntryList>(`/entries/contest/${encodeURIComponent(contestId)}`, {
    query: { page, limit: CONTEST_ENTRIES_PAGE_SIZE, sortBy },
    signal,
  });

export const contestEntriesQuery = (contestId: string, sortBy: ContestEntrySort) =>
  infiniteQueryOptions({
    queryKey: [...listKey(contestId), sortBy],
    queryFn: ({ pageParam, signal }) => getContestEntries(contestId, sortBy, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useContestEntries = (contestId: string, sortBy: ContestEntrySort, enabled: boolean) =>
  useInfiniteQuery({ ...contestEntriesQuery(contestId, sortBy), enabled });

/** Writes the server's fresh figures of one entry (votes, likes) into every loaded sort of the list. */
export function patchContestEntry(queryClient: QueryClient, contestId: string, entryId: string, patch: (e: TEntry) => TEntry): void {
  queryClient.setQueriesData<InfiniteData<TEntryList, number>>({ queryKey: listKey(contestId) }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, entries: p.entries.map((e) => (e._id === entryId ? patch(e) : e)) })) } : data,
  );
}
