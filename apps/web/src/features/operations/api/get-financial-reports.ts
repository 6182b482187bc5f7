import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFinancialReport } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { OPERATIONS_KEY } from './keys';

export interface FinancialReportParams {
  /** Days, 1–366 (the tab offers FINANCIAL_PERIODS). */
  period: number;
  page: number;
}

/** GET /admin-tools/financial-reports?period&page: revenue, money held, payouts and transactions (10 a page). */
export const getFinancialReport = ({ period, page }: FinancialReportParams, signal?: AbortSignal) =>
  apiData<TFinancialReport>('/admin-tools/financial-reports', { query: { period, page }, signal });

/** The previous report stays shown while another period or page loads. */
export const financialReportQuery = (params: FinancialReportParams) =>
  queryOptions({
    queryKey: [...OPERATIONS_KEY, 'financial-reports', params],
    queryFn: ({ signal }) => getFinancialReport(params, signal),
    placeholderData: keepPreviousData,
  });

export const useFinancialReport = (params: FinancialReportParams) => useQuery(financialReportQuery(params));
