import type { TEntry } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/{id}/reject {reason}; a paid entry fee goes back (the answer is not yet in packages/shared). */
export const rejectEntry = ({ entryId, reason }: { entryId: string; contestId: string; reason: string }) =>
  apiRequest<{ entry: TEntry; refundedCredits: number }>(`/entries/${encodeURIComponent(entryId)}/reject`, {
    method: 'PATCH',
    body: { reason },
  });

export const useRejectEntry = (onDecided?: () => void) => useReviewDecision(rejectEntry, onDecided);
