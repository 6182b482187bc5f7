import type { TContestPrize } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useContestOpsAction } from './use-action';

/** PUT /admin-tools/contests/{id}/payout-hold {reason} */
export const holdPayout = ({ contestId, reason }: { contestId: string; reason: string }) =>
  apiRequest<TContestPrize>(`/admin-tools/contests/${encodeURIComponent(contestId)}/payout-hold`, { method: 'PUT', body: { reason } });

export const useHoldPayout = () => useContestOpsAction(holdPayout);
