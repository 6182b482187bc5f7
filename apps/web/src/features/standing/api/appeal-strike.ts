import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppealView } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { STANDING_KEY } from './get-standing';

/** POST /users/me/strikes/{id}/appeal {text}: once per strike, within 20 days. */
export const appealStrike = ({ strikeId, text }: { strikeId: string; text: string }) =>
  apiData<TAppealView>(`/users/me/strikes/${encodeURIComponent(strikeId)}/appeal`, { method: 'POST', body: { text } });

export function useAppealStrike() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: appealStrike, onSettled: () => queryClient.invalidateQueries({ queryKey: STANDING_KEY }) });
}
