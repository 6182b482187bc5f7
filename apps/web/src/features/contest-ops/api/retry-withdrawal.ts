import type { TWithdrawalActionAnswer } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useContestOpsAction } from './use-action';

/** PUT /admin-tools/withdrawals/{id}/retry: the same reference sent to the gateway again. */
export const retryWithdrawal = (id: string) =>
  apiRequest<TWithdrawalActionAnswer>(`/admin-tools/withdrawals/${encodeURIComponent(id)}/retry`, { method: 'PUT' });

export const useRetryWithdrawal = () => useContestOpsAction(retryWithdrawal);
