import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFraudSignals } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { FRAUD_SIGNALS_KEY } from './keys';

/** GET /admin-tools/fraud/signals: risk distribution, held/voided totals, flagged groups (10 a page), top risky voters. */
export const getFraudSignals = (page: number, signal?: AbortSignal) =>
  apiData<TFraudSignals>('/admin-tools/fraud/signals', { query: { page, limit: 10 }, signal });

export const fraudSignalsQuery = (page: number) =>
  queryOptions({
    queryKey: [...FRAUD_SIGNALS_KEY, page],
    queryFn: ({ signal }) => getFraudSignals(page, signal),
    placeholderData: keepPreviousData,
  });

export const useFraudSignals = (page: number) => useQuery(fraudSignalsQuery(page));
