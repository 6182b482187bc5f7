import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { DASHBOARD_KEY } from './keys';

/** How often the admin overview refreshes while shown (its system figures move). */
export const ADMIN_STATS_REFRESH_MS = 30_000;

/** GET /dashboard/admin-stats: the admin overview's figures (revenue in kobo; system figures of the answering instance). */
export const getAdminStats = (signal?: AbortSignal) => apiData<TAdminStats>('/dashboard/admin-stats', { signal });

export const adminStatsQuery = (enabled = true) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'admin-stats'],
    queryFn: ({ signal }) => getAdminStats(signal),
    enabled,
    refetchInterval: ADMIN_STATS_REFRESH_MS,
  });

export const useAdminStats = (enabled = true) => useQuery(adminStatsQuery(enabled));
