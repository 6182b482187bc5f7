import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TContestVoteStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

const voteStatsKey = (contestId: string) => ['votes', 'contest', contestId, 'stats'] as const;

/** GET /votes/contest/{id}/stats: the contest's vote figures and what the caller may still cast (me is null for visitors). */
export const getVoteStats = (contestId: string, signal?: AbortSignal) =>
  apiData<TContestVoteStats>(`/votes/contest/${encodeURIComponent(contestId)}/stats`, { signal });

export const useVoteStats = (contestId: string, enabled: boolean) =>
  useQuery({ queryKey: voteStatsKey(contestId), queryFn: ({ signal }) => getVoteStats(contestId, signal), enabled });

export const refreshVoteStats = (queryClient: QueryClient, contestId: string) =>
  queryClient.invalidateQueries({ queryKey: voteStatsKey(contestId) });
