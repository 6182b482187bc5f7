import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const getPublicStats = () => apiData<TPublicStats>('/analytics/public-stats');

export const publicStatsQuery = () => queryOptions({ queryKey: ['analytics', 'public-stats'], queryFn: getPublicStats, staleTime: 60_000 });

export const usePublicStats = () => useQuery(publicStatsQuery());
