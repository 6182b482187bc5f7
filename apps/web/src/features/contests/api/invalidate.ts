import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../../lib/auth';

/**
 * After a contest changes every view of it is stale: the contest lists (My Contests included), its
 * public page and review screen, and, when money or credits moved (delete, end, cancel), the
 * wallet and the signed-in user's vote credits.
 */
export async function invalidateContest(queryClient: QueryClient, contestId: string, { money = false } = {}): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['contests'] }),
    queryClient.invalidateQueries({ queryKey: ['contest-detail', contestId] }),
    queryClient.invalidateQueries({ queryKey: ['entry-review', contestId] }),
    ...(money ? [queryClient.invalidateQueries({ queryKey: ['wallet'] }), queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })] : []),
  ]);
}
