import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/bulk-reject {reason}: entries not pending are skipped (the answer is not yet in packages/shared). */
export const bulkReject = (body: { contestId: string; entryIds: string[]; reason: string }) =>
  apiRequest<{ rejectedCount: number; skipped: string[]; refundedCredits: number }>('/entries/bulk-reject', { method: 'PATCH', body });

export const useBulkReject = (onDecided?: () => void) => useReviewDecision(bulkReject, onDecided);
