import { useMutation } from '@tanstack/react-query';
import type { TReport, TReportSubmitted } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** POST /contests/{id}/comments/{commentId}/report: a comment on the contest. */
export const reportComment = ({ contestId, commentId, report }: { contestId: string; commentId: string; report: TReport }) =>
  apiRequest<TReportSubmitted>(`/contests/${encodeURIComponent(contestId)}/comments/${encodeURIComponent(commentId)}/report`, {
    method: 'POST',
    body: report,
  });

export const useReportComment = () => useMutation({ mutationFn: reportComment });
