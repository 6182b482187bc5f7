import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletTransactionsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { WALLET_KEY } from './keys';

export const TRANSACTIONS_PAGE_SIZE = 10;

export interface TransactionParams {
  page: number;
  limit: number;
  asset?: 'NGN' | 'CREDIT' | undefined;
  direction?: 'credit' | 'debit' | undefined;
}

/** GET /wallet/transactions: the user's naira and vote-credit movements, newest first. */
export const getWalletTransactions = (params: TransactionParams, signal?: AbortSignal) =>
  apiData<TWalletTransactionsPage>('/wallet/transactions', { query: { ...params }, signal });

export const walletTransactionsQuery = (params: TransactionParams) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'transactions', params],
    queryFn: ({ signal }) => getWalletTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useWalletTransactions = (params: TransactionParams) => useQuery(walletTransactionsQuery(params));
