import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWallet } from '@contesthub/shared';
import { ApiError, apiData } from '../../../lib/api';
import { TRANSFER_TEXT } from '../../credits/lib/transfer-messages';
import { transferKeys } from '../../credits/api/transfer-keys-tmp';

export interface TransferBalances {
  wallet: TWallet;
  /** True when this load had to create the wallet. */
  created: boolean;
}

/** Creating the missing wallet failed (spec 001 §8: 'Failed to create wallet'); `message` is the server's when it gave one. */
export class WalletCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletCreateError';
  }
}

const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || /not found/i.test(err.message));

/**
 * GET /wallet: the naira balance (kobo) and vote credits the transfer spends. A wallet that is not found is
 * created with POST /wallet/create (spec 001 §4, §8).
 */
export async function getTransferBalances(signal?: AbortSignal): Promise<TransferBalances> {
  try {
    return { wallet: (await apiData<{ wallet: TWallet }>('/wallet', { signal })).wallet, created: false };
  } catch (err) {
    if (!notFound(err)) throw err;
  }
  try {
    const { wallet } = await apiData<{ wallet: TWallet }>('/wallet/create', { method: 'POST', signal });
    return { wallet, created: true };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const said = err instanceof ApiError && err.status > 0 && err.errorType !== 'INVALID_RESPONSE' ? err.message : '';
    throw new WalletCreateError(said || TRANSFER_TEXT.walletCreateFailed);
  }
}

export const transferBalancesQuery = () =>
  queryOptions({ queryKey: transferKeys.balances(), queryFn: ({ signal }) => getTransferBalances(signal) });

export const useTransferBalances = () => useQuery(transferBalancesQuery());
