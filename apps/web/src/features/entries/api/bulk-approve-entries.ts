import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/bulk-approve: entries not pending are skipped (the answer is not yet in packages/shared). */
export const bulkApprove = (body: { contestId: string; entryIds: string[] }) =>
  apiRequest<{ approvedCount: number; skipped: string[] }>('/entries/bulk-approve', { method: 'PATCH', body });

export const useBulkApprove = (onDecided?: () => void) => useReviewDecision(bulkApprove, onDecided);
