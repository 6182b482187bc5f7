import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type TTransferHistoryPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { transferKeys } from './transfer-keys-tmp';

export const HISTORY_PAGE_SIZE = PAGE_SIZES.transferHistory;

/** GET /vote-credit-transfers/history?page&limit (10): sent, received and fee rows, newest first. */
export const getTransferHistory = (page: number, signal?: AbortSignal) =>
  apiData<TTransferHistoryPage>('/vote-credit-transfers/history', { query: { page, limit: HISTORY_PAGE_SIZE }, signal });

export const useTransferHistory = (page: number) =>
  useQuery({
    queryKey: transferKeys.historyPage(page, HISTORY_PAGE_SIZE),
    queryFn: ({ signal }) => getTransferHistory(page, signal),
    placeholderData: keepPreviousData,
  });
