import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityLogType, TSecurityLogPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { SECURITY_LOGS_KEY } from './keys';

export interface SecurityLogParams {
  page: number;
  type?: SecurityLogType;
}

/** GET /admin-tools/security-logs: newest first, 10 a page, one type or all. */
export const getSecurityLogs = ({ page, type }: SecurityLogParams, signal?: AbortSignal) =>
  apiData<TSecurityLogPage>('/admin-tools/security-logs', { query: { page, limit: 10, type }, signal });

export const securityLogsQuery = (params: SecurityLogParams, enabled = true) =>
  queryOptions({
    queryKey: [...SECURITY_LOGS_KEY, params],
    queryFn: ({ signal }) => getSecurityLogs(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSecurityLogs = (params: SecurityLogParams, enabled = true) => useQuery(securityLogsQuery(params, enabled));
