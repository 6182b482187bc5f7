import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TModerationReportDetail } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { MODERATION_REPORT_KEY } from './keys';

/** GET /admin-tools/reports/{id}: the report, its item now, the other reports, the author, the possible actions. */
export const getReport = (id: string, signal?: AbortSignal) =>
  apiData<TModerationReportDetail>(`/admin-tools/reports/${encodeURIComponent(id)}`, { signal });

export const reportQuery = (id: string) =>
  queryOptions({ queryKey: [...MODERATION_REPORT_KEY, id], queryFn: ({ signal }) => getReport(id, signal) });

export const useReport = (id: string | null) => useQuery({ ...reportQuery(id ?? ''), enabled: id !== null });
