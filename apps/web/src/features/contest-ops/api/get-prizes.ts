import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTEST_OPS_PAGE_SIZE, type TPrizesPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { PRIZES_KEY } from './keys';

/** GET /admin-tools/contests/prizes: cash and hybrid prizes with escrow and payout status, 10 a page. */
export const getPrizes = (page: number, signal?: AbortSignal) =>
  apiData<TPrizesPage>('/admin-tools/contests/prizes', { query: { page, limit: CONTEST_OPS_PAGE_SIZE }, signal });

export const usePrizes = (page: number, enabled = true) =>
  useQuery({
    queryKey: [...PRIZES_KEY, page],
    queryFn: ({ signal }) => getPrizes(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
