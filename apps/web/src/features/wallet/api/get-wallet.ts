import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TWallet } from '@contesthub/shared';
import { ApiError, apiData } from '../../../lib/api';

export const walletKeys = {
  all: ['wallet'] as const,
  wallet: () => ['wallet', 'wallet'] as const,
  transactions: (params: object) => ['wallet', 'transactions', params] as const,
  stats: () => ['wallet', 'stats'] as const,
  withdrawals: (params: object) => ['wallet', 'withdrawals', params] as const,
};

export interface WalletAnswer {
  wallet: TWallet;
  /** True when this load had to create the wallet (the fetch said it was not found). */
  created: boolean;
}

const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || /not found/i.test(err.message));

/** GET /wallet (data.wallet: balance in kobo); a wallet that is not found is created automatically (spec 001 §4). */
export async function getWallet(signal?: AbortSignal): Promise<WalletAnswer> {
  try {
    return { wallet: (await apiData<{ wallet: TWallet }>('/wallet', { signal })).wallet, created: false };
  } catch (err) {
    if (!notFound(err)) throw err;
    const { wallet } = await apiData<{ wallet: TWallet }>('/wallet/create', { method: 'POST', signal });
    return { wallet, created: true };
  }
}

export const walletQuery = () => queryOptions({ queryKey: walletKeys.wallet(), queryFn: ({ signal }) => getWallet(signal) });

export const useWallet = () => useQuery(walletQuery());

/** Writes a fresh wallet into the cache (after a withdrawal or a new bank account) without waiting for a refetch. */
export function patchWallet(queryClient: QueryClient, patch: Partial<TWallet>): void {
  queryClient.setQueryData<WalletAnswer>(walletKeys.wallet(), (old) => (old ? { ...old, wallet: { ...old.wallet, ...patch } } : old));
}
