import type { TWithdrawalActionAnswer } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useContestOpsAction } from './use-action';

/** PUT /admin-tools/withdrawals/{id}/fail {reason}: failed, amount + fee refunded once. */
export const failWithdrawal = ({ id, reason }: { id: string; reason: string }) =>
  apiRequest<TWithdrawalActionAnswer>(`/admin-tools/withdrawals/${encodeURIComponent(id)}/fail`, { method: 'PUT', body: { reason } });

export const useFailWithdrawal = () => useContestOpsAction(failWithdrawal);
