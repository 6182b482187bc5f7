import { useQuery } from '@tanstack/react-query';
import type { TVotingMonitor } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { VOTING_MONITOR_KEY } from './keys';

/** The monitor refreshes every 30 s while the page is visible (react-query pauses in a hidden tab). */
export const VOTING_MONITOR_REFRESH_MS = 30_000;

/** GET /admin-tools/contests/voting-monitor */
export const getVotingMonitor = (signal?: AbortSignal) => apiData<TVotingMonitor>('/admin-tools/contests/voting-monitor', { signal });

export const useVotingMonitor = (enabled = true) =>
  useQuery({
    queryKey: VOTING_MONITOR_KEY,
    queryFn: ({ signal }) => getVotingMonitor(signal),
    refetchInterval: VOTING_MONITOR_REFRESH_MS,
    refetchIntervalInBackground: false,
    enabled,
  });
