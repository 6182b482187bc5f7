import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewedVote } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshFraud } from './keys';

/** PUT /admin-tools/votes/{id}/void {reason}: never counted, its credits refunded, the voter told. */
export const voidVote = ({ id, reason }: { id: string; reason: string }) =>
  apiData<TReviewedVote>(`/admin-tools/votes/${encodeURIComponent(id)}/void`, { method: 'PUT', body: { reason } });

export function useVoidVote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidVote, onSettled: () => refreshFraud(queryClient) });
}
