import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AppealStatus, TAppealsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ADMIN_USERS_KEY } from './keys';

export interface AppealsParams {
  page: number;
  status?: AppealStatus | undefined;
}

/** GET /admin-tools/appeals?page&status: pending first (appeals.manage). */
export const getAppeals = (params: AppealsParams, signal?: AbortSignal) =>
  apiData<TAppealsPage>('/admin-tools/appeals', { query: { ...params, limit: 10 }, signal });

export const appealsQuery = (params: AppealsParams) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'appeals', params],
    queryFn: ({ signal }) => getAppeals(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAppeals = (params: AppealsParams) => useQuery(appealsQuery(params));
