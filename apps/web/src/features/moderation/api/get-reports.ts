import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TModerationReportPage, TModerationReportsQuery } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { MODERATION_REPORTS_KEY } from './keys';

export type ReportListParams = Pick<TModerationReportsQuery, 'page'> & Partial<Omit<TModerationReportsQuery, 'page'>>;

/** GET /admin-tools/reports: page, limit (10), status, type, reason, priority. */
export const getReports = ({ page, limit = 10, status, type, reason, priority }: ReportListParams, signal?: AbortSignal) =>
  apiData<TModerationReportPage>('/admin-tools/reports', { query: { page, limit, status, type, reason, priority }, signal });

export const reportsQuery = (params: ReportListParams) =>
  queryOptions({
    queryKey: [...MODERATION_REPORTS_KEY, params],
    queryFn: ({ signal }) => getReports(params, signal),
    placeholderData: keepPreviousData,
  });

export const useReports = (params: ReportListParams) => useQuery(reportsQuery(params));
