import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContest } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { refreshContests } from './keys';

/** The organizer's lifecycle moves the server allows: close entries, end, cancel. */
export type StatusTarget = 'voting' | 'ended' | 'cancelled';

export interface StatusChangeResult {
  contest: TContest;
  /** After ending: the winner's payout (kobo), the escrow fee kept, what went back to the organizer. */
  finalized?: { winnerEntryId: string | null; prizePaid: number; fee: number; refunded: number; badgeAwarded: boolean } | null;
  /** After cancelling: what went back to whom. */
  refunds?: Record<string, number>;
}

/** PATCH /contests/{id}/status {status}; the answer's message says what happened. */
export const changeContestStatus = ({ contestId, status }: { contestId: string; status: StatusTarget }) =>
  apiRequest<StatusChangeResult>(`/contests/${encodeURIComponent(contestId)}/status`, { method: 'PATCH', body: { status } });

export const useChangeContestStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContestStatus,
    onSuccess: () => {
      void refreshContests(queryClient);
    },
  });
};
