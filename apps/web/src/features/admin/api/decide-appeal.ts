import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppealDecision, TAppealView } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshAdminUsers } from './keys';

/** PUT /admin-tools/appeals/{id} {decision, note}: approving a ban's appeal unbans. */
export const decideAppeal = ({ appealId, body }: { appealId: string; body: TAppealDecision }) =>
  apiData<TAppealView>(`/admin-tools/appeals/${encodeURIComponent(appealId)}`, { method: 'PUT', body });

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideAppeal, onSettled: () => refreshAdminUsers(queryClient) });
}
