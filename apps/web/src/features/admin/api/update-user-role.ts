import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser, UserRole } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshAdminUsers } from './keys';

/** PUT /admin-tools/users/{id}/role {role} (roles.manage). */
export const updateUserRole = ({ userId, role }: { userId: string; role: UserRole }) =>
  apiData<TAdminUser>(`/admin-tools/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } });

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUserRole, onSettled: () => refreshAdminUsers(queryClient) });
}
