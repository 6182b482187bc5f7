import type { TStaffContestSettings } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { useContestOpsAction } from './use-action';

/** PUT /admin-tools/contests/{id}/feature {featured} */
export const featureContest = ({ contestId, featured }: { contestId: string; featured: boolean }) =>
  apiRequest<TStaffContestSettings>(`/admin-tools/contests/${encodeURIComponent(contestId)}/feature`, {
    method: 'PUT',
    body: { featured },
  });

export const useFeatureContest = () => useContestOpsAction(featureContest);
