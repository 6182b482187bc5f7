import { useMutation } from '@tanstack/react-query';
import type { TReport } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

export const reportContest = ({ contestId, report }: { contestId: string; report: TReport }) =>
  apiRequest<unknown>(`/contests/${encodeURIComponent(contestId)}/report`, { method: 'POST', body: report });

export const useReportContest = () => useMutation({ mutationFn: reportContest });
