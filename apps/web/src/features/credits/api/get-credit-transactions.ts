import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TVoteCreditTransactionsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { VOTE_CREDITS_KEY } from './keys';

/** The wallet screen asks for the latest 50 (spec 001 §7, §9). */
export const CREDIT_TRANSACTIONS_PARAMS = { page: 1, limit: PAGE_SIZES.voteCreditTransactions } as const;

/** GET /vote-credits/transactions?page&limit: purchases (pending, completed, failed) and every other credit movement. */
export const getCreditTransactions = (params: { page: number; limit: number }, signal?: AbortSignal) =>
  apiData<TVoteCreditTransactionsPage>('/vote-credits/transactions', { query: { ...params }, signal });

export const creditTransactionsQuery = (params: { page: number; limit: number } = CREDIT_TRANSACTIONS_PARAMS) =>
  queryOptions({ queryKey: [...VOTE_CREDITS_KEY, 'transactions', params], queryFn: ({ signal }) => getCreditTransactions(params, signal) });

export const useCreditTransactions = () => useQuery(creditTransactionsQuery());
