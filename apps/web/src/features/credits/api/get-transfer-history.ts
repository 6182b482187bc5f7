import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type TTransferHistoryPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const HISTORY_PAGE_SIZE = PAGE_SIZES.transferHistory;

/** Every page of the transfer history starts with this key. */
const TRANSFER_HISTORY_KEY = ['credit-transfer', 'history'] as const;

export const refreshTransferHistory = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: TRANSFER_HISTORY_KEY });

/** GET /vote-credit-transfers/history?page&limit (10): sent, received and fee rows, newest first. */
export const getTransferHistory = (page: number, signal?: AbortSignal) =>
  apiData<TTransferHistoryPage>('/vote-credit-transfers/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal });

export const useTransferHistory = (page: number) =>
  useQuery({
    queryKey: [...TRANSFER_HISTORY_KEY, { page, limit: HISTORY_PAGE_SIZE }],
    queryFn: ({ signal }) => getTransferHistory(page, signal),
    placeholderData: keepPreviousData,
  });
