import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWallet } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** GET /wallet (spec 001 §7): the organizer's naira balance (kobo) that funds a cash prize. */
export const getWallet = () => apiData<{ wallet: TWallet }>('/wallet').then((d) => d.wallet);

export const walletQuery = () => queryOptions({ queryKey: ['wallet', 'summary'], queryFn: getWallet, staleTime: 30_000 });

export const useWallet = (enabled: boolean) => useQuery({ ...walletQuery(), enabled });
