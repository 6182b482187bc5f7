import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDismissReport, TModerationDecision } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshModeration } from './keys';

/** PUT /admin-tools/reports/{id}/dismiss {adminNotes}. */
export const dismissReport = ({ id, ...body }: TDismissReport & { id: string }) =>
  apiData<TModerationDecision>(`/admin-tools/reports/${encodeURIComponent(id)}/dismiss`, { method: 'PUT', body });

export function useDismissReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissReport, onSettled: () => refreshModeration(queryClient) });
}
