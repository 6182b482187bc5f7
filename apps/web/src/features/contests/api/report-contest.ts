import { useMutation } from '@tanstack/react-query';
import type { TReport } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** What is reported: a contest, one of its entries or one of its comments (spec 000 §7 Contests). */
export type ReportTarget =
  | { kind: 'contest'; contestId: string }
  | { kind: 'entry'; contestId: string; entryId: string }
  | { kind: 'comment'; contestId: string; commentId: string };

export const reportPath = (target: ReportTarget): string => {
  const base = `/contests/${encodeURIComponent(target.contestId)}`;
  if (target.kind === 'entry') return `${base}/entries/${encodeURIComponent(target.entryId)}/report`;
  if (target.kind === 'comment') return `${base}/comments/${encodeURIComponent(target.commentId)}/report`;
  return `${base}/report`;
};

export const submitReport = ({ target, report }: { target: ReportTarget; report: TReport }) =>
  apiRequest<unknown>(reportPath(target), { method: 'POST', body: report });

export const reportContest = ({ contestId, report }: { contestId: string; report: TReport }) =>
  submitReport({ target: { kind: 'contest', contestId }, report });

export const useReport = () => useMutation({ mutationFn: submitReport });
export const useReportContest = () => useMutation({ mutationFn: reportContest });
