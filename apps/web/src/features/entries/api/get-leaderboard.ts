import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TLeaderboard } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { contestEntriesKey } from './keys';

export const LEADERBOARD_LIMIT = 50;

const leaderboardKey = (contestId: string) => [...contestEntriesKey(contestId), 'leaderboard'] as const;

export const getLeaderboard = async (contestId: string, signal?: AbortSignal) =>
  (
    await apiData<TLeaderboard>(`/entries/contest/${encodeURIComponent(contestId)}/leaderboard`, {
      query: { limit: LEADERBOARD_LIMIT },
      signal,
    })
  ).leaderboard;

export const useLeaderboard = (contestId: string, enabled: boolean) =>
  useQuery({ queryKey: leaderboardKey(contestId), queryFn: ({ signal }) => getLeaderboard(contestId, signal), enabled });

export const refreshLeaderboard = (queryClient: QueryClient, contestId: string) =>
  queryClient.invalidateQueries({ queryKey: leaderboardKey(contestId) });
