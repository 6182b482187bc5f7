import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { EntryType } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { contestEntriesKey } from './keys';

/** One row of GET /entries/contest/{id}/leaderboard (the server's ZLeaderboardRow; not yet in packages/shared). */
export interface LeaderboardRow {
  rank: number;
  entry: {
    _id: string;
    title: string;
    entryType: EntryType;
    thumbnailUrl: string | null;
    createdAt: string;
    participant: { _id: string; fullName: string; username: string; profilePicture: string | null; verified: boolean };
  };
  /** Weighted votes (free 1, paid 5 per vote). */
  votes: number;
  votesCount: number;
}

export const LEADERBOARD_LIMIT = 50;

const leaderboardKey = (contestId: string) => [...contestEntriesKey(contestId), 'leaderboard'] as const;

export const getLeaderboard = async (contestId: string, signal?: AbortSignal) =>
  (
    await apiData<{ leaderboard: LeaderboardRow[] }>(`/entries/contest/${encodeURIComponent(contestId)}/leaderboard`, {
      query: { limit: LEADERBOARD_LIMIT },
      signal,
    })
  ).leaderboard;

export const useLeaderboard = (contestId: string, enabled: boolean) =>
  useQuery({ queryKey: leaderboardKey(contestId), queryFn: ({ signal }) => getLeaderboard(contestId, signal), enabled });

export const refreshLeaderboard = (queryClient: QueryClient, contestId: string) =>
  queryClient.invalidateQueries({ queryKey: leaderboardKey(contestId) });
