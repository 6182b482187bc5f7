import type { TBulkReject, TBulkRejectResult } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/bulk-reject {reason}: entries not pending are skipped; paid entry fees go back. */
export const bulkReject = (body: TBulkReject) => apiRequest<TBulkRejectResult>('/entries/bulk-reject', { method: 'PATCH', body });

export const useBulkReject = (onDecided?: () => void) => useReviewDecision(bulkReject, onDecided);
