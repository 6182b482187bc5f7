import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { DASHBOARD_KEY } from './keys';

/** GET /dashboard/user-stats: the overview figures (money in kobo, credits as credits). */
export const getUserStats = (signal?: AbortSignal) => apiData<TUserStats>('/dashboard/user-stats', { signal });

export const userStatsQuery = () =>
  queryOptions({ queryKey: [...DASHBOARD_KEY, 'user-stats'], queryFn: ({ signal }) => getUserStats(signal) });

export const useUserStats = () => useQuery(userStatsQuery());
