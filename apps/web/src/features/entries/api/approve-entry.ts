import type { TEntryDecision } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/{id}/approve: the entry and any entry fee refunded (vote credits). */
export const approveEntry = ({ entryId }: { entryId: string; contestId: string }) =>
  apiRequest<TEntryDecision>(`/entries/${encodeURIComponent(entryId)}/approve`, { method: 'PATCH' });

export const useApproveEntry = (onDecided?: () => void) => useReviewDecision(approveEntry, onDecided);
