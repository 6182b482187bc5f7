import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminUsersPage, UserRole, UserStatus } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ADMIN_USERS_KEY } from './keys';

export interface AdminUsersParams {
  page: number;
  search?: string | undefined;
  status?: UserStatus | undefined;
  role?: UserRole | undefined;
}

/** GET /admin-tools/users?page&limit&search&status&role: 10 a page (spec 002 §9). */
export const getAdminUsers = (params: AdminUsersParams, signal?: AbortSignal) =>
  apiData<TAdminUsersPage>('/admin-tools/users', { query: { ...params, limit: 10 }, signal });

export const adminUsersQuery = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'list', params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(adminUsersQuery(params));
