import { useMutation } from '@tanstack/react-query';
import type { TReport, TReportSubmitted } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** POST /messages/{id}/report {reason, description}: filed with the messages around it for the moderators. */
export const reportMessage = ({ messageId, report }: { messageId: string; report: TReport }) =>
  apiRequest<TReportSubmitted>(`/messages/${encodeURIComponent(messageId)}/report`, { method: 'POST', body: report });

export const useReportMessage = () => useMutation({ mutationFn: reportMessage });
