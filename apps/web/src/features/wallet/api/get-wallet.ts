import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TWallet, TWalletAnswer } from '@contesthub/shared';
import { ApiError, apiData } from '../../../lib/api';
import { serverMessageOr } from '../../../lib/errors';
import { WALLET_MESSAGES } from '../lib/messages';
import { WALLET_KEY } from './keys';

/** The one client of GET /wallet: every page that shows a balance reads it under this key. */
export const walletKey = () => [...WALLET_KEY, 'wallet'] as const;

/** What the wallet query holds: the server's answer, and whether this load had to create the wallet (GET said not found). */
export type WalletAnswer = TWalletAnswer & { created: boolean };

/** Creating the missing wallet failed (spec 001 §8: 'Failed to create wallet'); `message` is the server's when it gave one. */
export class WalletCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletCreateError';
  }
}

const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || /not found/i.test(err.message));

/**
 * GET /wallet (data.wallet: balance in kobo, vote credits); a wallet that is not found is created with
 * POST /wallet/create (spec 001 §4, §8).
 */
export async function getWallet(signal?: AbortSignal): Promise<WalletAnswer> {
  try {
    return { wallet: (await apiData<TWalletAnswer>('/wallet', { signal })).wallet, created: false };
  } catch (err) {
    if (!notFound(err)) throw err;
  }
  try {
    const { wallet } = await apiData<TWalletAnswer>('/wallet/create', { method: 'POST', signal });
    return { wallet, created: true };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new WalletCreateError(serverMessageOr(err, WALLET_MESSAGES.createFailed));
  }
}

export const walletQuery = () => queryOptions({ queryKey: walletKey(), queryFn: ({ signal }) => getWallet(signal) });

export const useWallet = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...walletQuery(), enabled });

/** The failure text of a wallet load: creating the missing wallet failed, or loading it did (spec 001 §8). */
export const walletFailure = (err: unknown) =>
  err instanceof WalletCreateError ? WALLET_MESSAGES.createFailed : WALLET_MESSAGES.loadFailed;

/** Writes a fresh wallet into the cache (after a withdrawal or a new bank account) without waiting for a refetch. */
export function patchWallet(queryClient: QueryClient, patch: Partial<TWallet>): void {
  queryClient.setQueryData<WalletAnswer>(walletKey(), (old) => (old ? { ...old, wallet: { ...old.wallet, ...patch } } : old));
}
