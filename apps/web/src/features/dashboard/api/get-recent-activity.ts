import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecentActivityList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { DASHBOARD_KEY } from './keys';

/** GET /dashboard/recent-activity?limit (server default 10; the overview asks RECENT_ACTIVITY_ITEMS). */
export const getRecentActivity = (limit: number, signal?: AbortSignal) =>
  apiData<TRecentActivityList>('/dashboard/recent-activity', { query: { limit }, signal });

export const recentActivityQuery = (limit: number) =>
  queryOptions({ queryKey: [...DASHBOARD_KEY, 'recent-activity', limit], queryFn: ({ signal }) => getRecentActivity(limit, signal) });

export const useRecentActivity = (limit: number) => useQuery(recentActivityQuery(limit));
