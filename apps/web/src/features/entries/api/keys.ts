import type { QueryClient } from '@tanstack/react-query';

/** Every entries query starts with this key. */
export const ENTRIES_KEY = ['entries'] as const;

/** Every query of one contest's entries (its list, leaderboard and review screen) starts with this key. */
export const contestEntriesKey = (contestId: string) => [...ENTRIES_KEY, 'contest', contestId] as const;

export const refreshContestEntries = (queryClient: QueryClient, contestId: string) =>
  queryClient.invalidateQueries({ queryKey: contestEntriesKey(contestId) });

/** The next page while the last one loaded is below totalPages. */
export const nextPage = (last: { pagination: { page: number; totalPages: number } }) =>
  last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined;
