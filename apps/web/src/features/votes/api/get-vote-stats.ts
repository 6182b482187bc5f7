import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api';

/** GET /votes/contest/{id}/stats: what the caller may still cast (me is null for visitors; not yet in packages/shared). */
export interface VoteStats {
  me: { votesCast: number; freeVotesUsed: number; remaining: { freeVotes: number; totalVotes: number | null } } | null;
}

const voteStatsKey = (contestId: string) => ['votes', 'contest', contestId, 'stats'] as const;

export const getVoteStats = (contestId: string, signal?: AbortSignal) =>
  apiData<VoteStats>(`/votes/contest/${encodeURIComponent(contestId)}/stats`, { signal });

export const useVoteStats = (contestId: string, enabled: boolean) =>
  useQuery({ queryKey: voteStatsKey(contestId), queryFn: ({ signal }) => getVoteStats(contestId, signal), enabled });

export const refreshVoteStats = (queryClient: QueryClient, contestId: string) =>
  queryClient.invalidateQueries({ queryKey: voteStatsKey(contestId) });
