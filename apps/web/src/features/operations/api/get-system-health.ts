import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSystemHealth } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { OPERATIONS_KEY, SYSTEM_HEALTH_REFRESH_MS } from './keys';

/** GET /admin-tools/system-health: the answering instance's figures, each graded healthy / warning / critical. */
export const getSystemHealth = (signal?: AbortSignal) => apiData<TSystemHealth>('/admin-tools/system-health', { signal });

/** Refreshed every 30 s while `live` (the tab is shown; react-query also pauses while the browser tab is hidden). */
export const systemHealthQuery = (live = true) =>
  queryOptions({
    queryKey: [...OPERATIONS_KEY, 'system-health'],
    queryFn: ({ signal }) => getSystemHealth(signal),
    refetchInterval: live ? SYSTEM_HEALTH_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });

export const useSystemHealth = (live = true) => useQuery(systemHealthQuery(live));
