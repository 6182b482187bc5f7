/**
 * The organizer's decisions (spec 001 §7 Review): approve or reject one entry, or several at once.
 * Each refreshes the review screen, the contest's lists and its public page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEntry } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { invalidateContest } from '../../contests/api/invalidate';

const entryPath = (id: string) => `/entries/${encodeURIComponent(id)}`;

export const approveEntry = ({ entryId }: { entryId: string; contestId: string }) =>
  apiRequest<{ entry: TEntry; refundedCredits: number }>(`${entryPath(entryId)}/approve`, { method: 'PATCH' });

export const rejectEntry = ({ entryId, reason }: { entryId: string; contestId: string; reason: string }) =>
  apiRequest<{ entry: TEntry; refundedCredits: number }>(`${entryPath(entryId)}/reject`, { method: 'PATCH', body: { reason } });

export const bulkApprove = (body: { contestId: string; entryIds: string[] }) =>
  apiRequest<{ approvedCount: number; skipped: string[] }>('/entries/bulk-approve', { method: 'PATCH', body });

export const bulkReject = (body: { contestId: string; entryIds: string[]; reason: string }) =>
  apiRequest<{ rejectedCount: number; skipped: string[]; refundedCredits: number }>('/entries/bulk-reject', { method: 'PATCH', body });

function useReviewMutation<I extends { contestId: string }, R>(mutationFn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => {
      void invalidateContest(queryClient, input.contestId);
    },
  });
}

export const useApproveEntry = () => useReviewMutation(approveEntry);
export const useRejectEntry = () => useReviewMutation(rejectEntry);
export const useBulkApprove = () => useReviewMutation(bulkApprove);
export const useBulkReject = () => useReviewMutation(bulkReject);
