import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TMyEntriesList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ENTRIES_KEY } from './keys';
import type { MyEntryStatus } from '../lib/my-entry-tabs';

/** GET /entries/my-entries (spec 001 §7): the signed-in user's entries, newest first. */
export const getMyEntries = (status: MyEntryStatus | undefined, page: number, signal?: AbortSignal) =>
  apiData<TMyEntriesList>('/entries/my-entries', { query: { page, limit: PAGE_SIZES.allEntries, status }, signal });

/** Pages of 12 (spec 001 §9); another page while the last one loaded is below totalPages. */
export const myEntriesInfiniteQuery = (status: MyEntryStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...ENTRIES_KEY, 'mine', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getMyEntries(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.totalPages ? last.pagination.page + 1 : undefined),
  });

export const useMyEntries = (status: MyEntryStatus | undefined) => useInfiniteQuery(myEntriesInfiniteQuery(status));
