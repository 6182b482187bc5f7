import type { TContestPrize } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useContestOpsAction } from './use-action';

/** PUT /admin-tools/contests/{id}/payout-release {reason} */
export const releasePayout = ({ contestId, reason }: { contestId: string; reason: string }) =>
  apiRequest<TContestPrize>(`/admin-tools/contests/${encodeURIComponent(contestId)}/payout-release`, { method: 'PUT', body: { reason } });

export const useReleasePayout = () => useContestOpsAction(releasePayout);
