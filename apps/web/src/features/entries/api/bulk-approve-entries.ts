import type { TBulkApprove, TBulkApproveResult } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useReviewDecision } from './review-decision';

/** PATCH /entries/bulk-approve: entries not pending are skipped. */
export const bulkApprove = (body: TBulkApprove) => apiRequest<TBulkApproveResult>('/entries/bulk-approve', { method: 'PATCH', body });

export const useBulkApprove = (onDecided?: () => void) => useReviewDecision(bulkApprove, onDecided);
