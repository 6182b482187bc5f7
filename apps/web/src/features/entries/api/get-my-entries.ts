import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TMyEntriesList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { contestEntriesKey, ENTRIES_KEY } from './keys';
import type { MyEntryStatus } from '../lib/my-entry-tabs';

/** GET /entries/my-entries (spec 001 §7): the signed-in user's entries, newest first. */
export const getMyEntries = (
  status: MyEntryStatus | undefined,
  page: number,
  signal?: AbortSignal,
  contestId?: string,
  limit: number = PAGE_SIZES.allEntries,
) => apiData<TMyEntriesList>('/entries/my-entries', { query: { page, limit, status, contestId }, signal });

/** Pages of 12 (spec 001 §9); another page while the last one loaded is below totalPages. */
export const myEntriesInfiniteQuery = (status: MyEntryStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...ENTRIES_KEY, 'mine', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getMyEntries(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.totalPages ? last.pagination.page + 1 : undefined),
  });

export const useMyEntries = (status: MyEntryStatus | undefined) => useInfiniteQuery(myEntriesInfiniteQuery(status));

/** The signed-in user's entries in one contest (the contest page: have they entered it already?). */
export const useMyEntriesIn = (contestId: string, enabled: boolean) =>
  useQuery({
    // Under the contest's entries key: a submission's refresh of the contest refreshes this too.
    queryKey: [...contestEntriesKey(contestId), 'mine'],
    queryFn: ({ signal }) => getMyEntries(undefined, 1, signal, contestId, 50),
    enabled,
  });
