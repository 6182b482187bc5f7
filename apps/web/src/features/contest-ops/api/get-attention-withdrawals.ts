import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTEST_OPS_PAGE_SIZE, type TAttentionWithdrawalsPage } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { ATTENTION_WITHDRAWALS_KEY } from './keys';

/** GET /admin-tools/withdrawals?status=needs_attention: held, refused or stuck withdrawals, 10 a page. */
export const getAttentionWithdrawals = (page: number, signal?: AbortSignal) =>
  apiData<TAttentionWithdrawalsPage>('/admin-tools/withdrawals', {
    query: { status: 'needs_attention', page, limit: CONTEST_OPS_PAGE_SIZE },
    signal,
  });

export const useAttentionWithdrawals = (page: number, enabled = true) =>
  useQuery({
    queryKey: [...ATTENTION_WITHDRAWALS_KEY, page],
    queryFn: ({ signal }) => getAttentionWithdrawals(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
