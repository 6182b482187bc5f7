import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export const deleteContest = (contestId: string) => apiRequest<unknown>(`/contests/${encodeURIComponent(contestId)}`, { method: 'DELETE' });

/** A deleted contest leaves every contest list (browse pages, home featured) stale. */
export const useDeleteContest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContest,
    // Not awaited: the confirmation closes at once and the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['contests'] });
    },
  });
};
