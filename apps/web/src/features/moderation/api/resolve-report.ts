import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TModerationDecision, TResolveReport } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshModeration } from './keys';

/** PUT /admin-tools/reports/{id}/resolve {adminNotes, actionsTaken, actions}. */
export const resolveReport = ({ id, ...body }: TResolveReport & { id: string }) =>
  apiData<TModerationDecision>(`/admin-tools/reports/${encodeURIComponent(id)}/resolve`, { method: 'PUT', body });

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveReport, onSettled: () => refreshModeration(queryClient) });
}
