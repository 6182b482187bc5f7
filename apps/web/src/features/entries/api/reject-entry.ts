import type { TEntryDecision } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/{id}/reject {reason}; a paid entry fee goes back (refundedCredits, vote credits). */
export const rejectEntry = ({ entryId, reason }: { entryId: string; contestId: string; reason: string }) =>
  apiRequest<TEntryDecision>(`/entries/${encodeURIComponent(entryId)}/reject`, {
    method: 'PATCH',
    body: { reason },
  });

export const useRejectEntry = (onDecided?: () => void) => useReviewDecision(rejectEntry, onDecided);
