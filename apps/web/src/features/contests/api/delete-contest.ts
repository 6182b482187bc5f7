import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContestDeleted } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshContests } from './keys';

/**
 * DELETE /contests/{id}: the organizer's contest without entries, or any contest for an admin; answers
 * the escrow (kobo) and badge fee (vote credits) returned to the organizer.
 */
export const deleteContest = (contestId: string) =>
  apiData<TContestDeleted>(`/contests/${encodeURIComponent(contestId)}`, { method: 'DELETE' });

/** A deleted contest leaves every contest view stale (lists, My Contests, its page). */
export const useDeleteContest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContest,
    // Not awaited: the confirmation closes at once and the lists refresh behind it.
    onSuccess: () => {
      void refreshContests(queryClient);
    },
  });
};
