import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshAdminUsers } from './keys';

/** PUT /admin-tools/users/{id}/verify. */
export const verifyUser = (userId: string) =>
  apiData<TAdminUser>(`/admin-tools/users/${encodeURIComponent(userId)}/verify`, { method: 'PUT' });

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyUser, onSettled: () => refreshAdminUsers(queryClient) });
}
