import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginAlertsState, TPublicUser } from '@contesthub/shared';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { apiData } from '../../../lib/api';

export const updateLoginAlerts = (enabled: boolean) =>
  apiData<TLoginAlertsState>('/auth/login-alerts', { method: 'PUT', body: { enabled } });

/** Optimistic: the switch moves at once and moves back if the server refuses (failures are only logged, spec 001 §8). */
export const useUpdateLoginAlerts = () => {
  const queryClient = useQueryClient();
  const patch = (loginAlerts: boolean) =>
    queryClient.setQueryData<TPublicUser>(ME_QUERY_KEY, (user) => (user ? { ...user, loginAlerts } : user));
  return useMutation({
    mutationFn: updateLoginAlerts,
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
      const previous = queryClient.getQueryData<TPublicUser>(ME_QUERY_KEY)?.loginAlerts;
      patch(enabled);
      return { previous };
    },
    onSuccess: (data) => patch(data.loginAlerts),
    onError: (err, _enabled, context) => {
      console.error('Failed to update login alerts', err);
      if (context?.previous !== undefined) patch(context.previous);
    },
  });
};
