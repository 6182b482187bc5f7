import type { TContestPhaseAction, TStaffContestSettings } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useContestOpsAction } from './use-action';

/** PUT /admin-tools/contests/{id}/phase {action, phase, until?, reason} */
export const changePhase = ({ contestId, ...body }: TContestPhaseAction & { contestId: string }) =>
  apiRequest<TStaffContestSettings>(`/admin-tools/contests/${encodeURIComponent(contestId)}/phase`, { method: 'PUT', body });

export const useChangePhase = () => useContestOpsAction(changePhase);
