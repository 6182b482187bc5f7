import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContestStatusChange, TContestStatusChanged } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { refreshContests } from './keys';

/** The organizer's lifecycle moves the server allows: close entries, end, cancel. */
export type StatusTarget = TContestStatusChange['status'];

/**
 * PATCH /contests/{id}/status {status}; the answer's message says what happened, `finalized` the payout
 * after ending, `refunds` what went back after cancelling.
 */
export const changeContestStatus = ({ contestId, status }: { contestId: string; status: StatusTarget }) =>
  apiRequest<TContestStatusChanged>(`/contests/${encodeURIComponent(contestId)}/status`, { method: 'PATCH', body: { status } });

export const useChangeContestStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContestStatus,
    onSuccess: () => {
      void refreshContests(queryClient);
    },
  });
};
