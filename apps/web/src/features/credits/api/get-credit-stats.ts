import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVoteCreditStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { VOTE_CREDITS_KEY } from './keys';

/** GET /vote-credits/stats: current credits and what the user bought and spent. */
export const getCreditStats = (signal?: AbortSignal) => apiData<TVoteCreditStats>('/vote-credits/stats', { signal });

export const creditStatsQuery = () =>
  queryOptions({ queryKey: [...VOTE_CREDITS_KEY, 'stats'], queryFn: ({ signal }) => getCreditStats(signal) });

export const useCreditStats = () => useQuery(creditStatsQuery());
