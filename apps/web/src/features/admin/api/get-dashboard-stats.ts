import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminDashboardStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ADMIN_USERS_KEY } from './keys';

/** GET /admin-tools/dashboard-stats: active, recently active, banned users; monthly revenue (kobo, admins only). */
export const getDashboardStats = (signal?: AbortSignal) => apiData<TAdminDashboardStats>('/admin-tools/dashboard-stats', { signal });

export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: [...ADMIN_USERS_KEY, 'stats'], queryFn: ({ signal }) => getDashboardStats(signal) });

export const useDashboardStats = () => useQuery(dashboardStatsQuery());
