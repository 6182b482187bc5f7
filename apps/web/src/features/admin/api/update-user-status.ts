import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser, TUserStatusChange } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshAdminUsers } from './keys';

export interface UserStatusInput {
  userId: string;
  body: TUserStatusChange;
}

/** PUT /admin-tools/users/{id}/status {status: 'banned', reason} or {status: 'active'}: ban or unban. */
export const updateUserStatus = ({ userId, body }: UserStatusInput) =>
  apiData<TAdminUser>(`/admin-tools/users/${encodeURIComponent(userId)}/status`, { method: 'PUT', body });

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUserStatus, onSettled: () => refreshAdminUsers(queryClient) });
}
