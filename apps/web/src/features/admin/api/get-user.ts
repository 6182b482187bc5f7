import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminUserDetail } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ADMIN_USERS_KEY } from './keys';

/** GET /admin-tools/users/{id}: the account, its strikes and appeals, open sessions, the staff actions on it. */
export const getAdminUser = (userId: string, signal?: AbortSignal) =>
  apiData<TAdminUserDetail>(`/admin-tools/users/${encodeURIComponent(userId)}`, { signal });

export const adminUserQuery = (userId: string) =>
  queryOptions({ queryKey: [...ADMIN_USERS_KEY, 'detail', userId], queryFn: ({ signal }) => getAdminUser(userId, signal) });

export const useAdminUser = (userId: string | null) => useQuery({ ...adminUserQuery(userId ?? ''), enabled: userId !== null });
