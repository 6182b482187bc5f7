import type { QueryClient } from '@tanstack/react-query';

/**
 * Every contests query starts with this key (the browse lists, featured, My Contests, one contest),
 * so one invalidation refreshes every view of contests after a change.
 */
export const CONTESTS_KEY = ['contests'] as const;

export const refreshContests = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: CONTESTS_KEY });
