import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api';
import { invalidateContest } from './invalidate';

/** Escrow (kobo) and badge fee (vote credits) returned to the organizer. */
export interface DeleteContestResult {
  escrowRefunded: number;
  badgeFeeRefunded: number;
}

export const deleteMyContest = (contestId: string) =>
  apiData<DeleteContestResult>(`/contests/${encodeURIComponent(contestId)}`, { method: 'DELETE' });

export const useDeleteMyContest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyContest,
    onSuccess: (_data, contestId) => {
      void invalidateContest(queryClient, contestId, { money: true });
    },
  });
};
