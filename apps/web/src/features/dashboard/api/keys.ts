import type { QueryClient } from '@tanstack/react-query';

/** Every dashboard query (the overview figures and the recent activity) starts with this key. */
export const DASHBOARD_KEY = ['dashboard'] as const;

export const refreshDashboard = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
