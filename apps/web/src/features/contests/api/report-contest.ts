import { useMutation } from '@tanstack/react-query';
import type { TReport, TReportSubmitted } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** POST /contests/{id}/report (spec 000 §7 Contests). */
export const reportContest = ({ contestId, report }: { contestId: string; report: TReport }) =>
  apiRequest<TReportSubmitted>(`/contests/${encodeURIComponent(contestId)}/report`, { method: 'POST', body: report });

export const useReportContest = () => useMutation({ mutationFn: reportContest });
