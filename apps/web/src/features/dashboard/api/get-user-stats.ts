import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  userStats: () => ['dashboard', 'user-stats'] as const,
  recentActivity: (limit: number) => ['dashboard', 'recent-activity', limit] as const,
};

/** GET /dashboard/user-stats: the overview figures (money in kobo, credits as credits). */
export const getUserStats = (signal?: AbortSignal) => apiData<TUserStats>('/dashboard/user-stats', { signal });

export const userStatsQuery = () => queryOptions({ queryKey: dashboardKeys.userStats(), queryFn: ({ signal }) => getUserStats(signal) });

export const useUserStats = () => useQuery(userStatsQuery());
