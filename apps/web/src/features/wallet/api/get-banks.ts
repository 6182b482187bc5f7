import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBank } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** GET /wallet/banks: the banks a payout can go to (data is the list itself, spec 001 §7). */
export const getBanks = (signal?: AbortSignal) => apiData<TBank[]>('/wallet/banks', { signal });

export const banksQuery = () =>
  queryOptions({
    queryKey: ['banks'] as const,
    queryFn: ({ signal }) => getBanks(signal),
    // The list changes rarely; one load per session is plenty.
    staleTime: 60 * 60 * 1000,
  });

export const useBanks = () => useQuery(banksQuery());
