import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewedVote } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshFraud } from './keys';

/** PUT /admin-tools/votes/{id}/count: the held vote joins the totals. */
export const countVote = (id: string) => apiData<TReviewedVote>(`/admin-tools/votes/${encodeURIComponent(id)}/count`, { method: 'PUT' });

export function useCountVote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: countVote, onSettled: () => refreshFraud(queryClient) });
}
