import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TEntryBrowseList, type TEntryBrowseQuery } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ENTRIES_KEY } from './keys';

/** The sorts of the All Entries page (the contract's, without title). */
export type EntrySort = Extract<TEntryBrowseQuery['sortBy'], 'newest' | 'oldest' | 'popular' | 'votes'>;

/** GET /entries for the All Entries page: approved entries only. */
export interface EntryListParams {
  sortBy: EntrySort;
  /** ISO time: only entries created after it (the Recent tab). */
  createdAfter?: string;
  /** Only entries with at least this many votes (the Popular and Trending tabs). */
  minVotes?: number;
}

export const getEntries = (params: EntryListParams, page: number, signal?: AbortSignal) =>
  apiData<TEntryBrowseList>('/entries', {
    query: { status: 'approved', page, limit: PAGE_SIZES.allEntries, ...params },
    signal,
  });

/** Pages of 12; 'Load More Entries' while the last page loaded is below totalPages. */
export const entriesInfiniteQuery = (params: EntryListParams) =>
  infiniteQueryOptions({
    queryKey: [...ENTRIES_KEY, 'list', 'approved', params],
    queryFn: ({ pageParam, signal }) => getEntries(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.totalPages ? last.pagination.page + 1 : undefined),
  });

export const useEntries = (params: EntryListParams) => useInfiniteQuery(entriesInfiniteQuery(params));
