import type { TEntry } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/{id}/approve (the server's answer is not yet in packages/shared). */
export const approveEntry = ({ entryId }: { entryId: string; contestId: string }) =>
  apiRequest<{ entry: TEntry; refundedCredits: number }>(`/entries/${encodeURIComponent(entryId)}/approve`, { method: 'PATCH' });

export const useApproveEntry = (onDecided?: () => void) => useReviewDecision(approveEntry, onDecided);
