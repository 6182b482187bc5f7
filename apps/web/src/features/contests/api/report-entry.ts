import { useMutation } from '@tanstack/react-query';
import type { TReport, TReportSubmitted } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** POST /contests/{id}/entries/{entryId}/report: an entry of the contest. */
export const reportEntry = ({ contestId, entryId, report }: { contestId: string; entryId: string; report: TReport }) =>
  apiRequest<TReportSubmitted>(`/contests/${encodeURIComponent(contestId)}/entries/${encodeURIComponent(entryId)}/report`, {
    method: 'POST',
    body: report,
  });

export const useReportEntry = () => useMutation({ mutationFn: reportEntry });
