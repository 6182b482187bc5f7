import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSubscriptionHistory } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { SUBSCRIPTIONS_KEY } from './keys';

export const SUBSCRIPTION_HISTORY_PAGE_SIZE = 10;

/** GET /subscriptions/history?page&limit: every subscription of the user, newest first. */
export const getSubscriptionHistory = (page: number, signal?: AbortSignal) =>
  apiData<TSubscriptionHistory>('/subscriptions/history', { query: { page, limit: SUBSCRIPTION_HISTORY_PAGE_SIZE }, signal });

export const useSubscriptionHistory = (page: number) =>
  useQuery({
    queryKey: [...SUBSCRIPTIONS_KEY, 'history', { page, limit: SUBSCRIPTION_HISTORY_PAGE_SIZE }],
    queryFn: ({ signal }) => getSubscriptionHistory(page, signal),
    placeholderData: keepPreviousData,
  });
