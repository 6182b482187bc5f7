import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletStats } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { WALLET_KEY } from './keys';

/** GET /wallet/stats: all-time money in and out per asset, and prize winnings. */
export const getWalletStats = (signal?: AbortSignal) => apiData<TWalletStats>('/wallet/stats', { signal });

export const walletStatsQuery = () => queryOptions({ queryKey: [...WALLET_KEY, 'stats'], queryFn: ({ signal }) => getWalletStats(signal) });

export const useWalletStats = () => useQuery(walletStatsQuery());
