import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWithdrawalsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { WALLET_KEY } from './keys';

export const WITHDRAWALS_PAGE_SIZE = 10;

export interface WithdrawalParams {
  page: number;
  limit: number;
}

/** GET /wallet/withdrawals?page&limit: the user's payouts, newest first. */
export const getWithdrawals = (params: WithdrawalParams, signal?: AbortSignal) =>
  apiData<TWithdrawalsPage>('/wallet/withdrawals', { query: { ...params }, signal });

export const withdrawalsQuery = (params: WithdrawalParams) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'withdrawals', params],
    queryFn: ({ signal }) => getWithdrawals(params, signal),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (params: WithdrawalParams) => useQuery(withdrawalsQuery(params));
