import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferences, TNotificationPreferencesUpdate } from '@contesthub/shared';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { apiData, apiRequest } from '../../../lib/api';

export const NOTIFICATION_PREFERENCES_KEY = ['notification-preferences'] as const;

export const getNotificationPreferences = () => apiData<TNotificationPreferences>('/notifications/preferences');

export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: NOTIFICATION_PREFERENCES_KEY, queryFn: getNotificationPreferences });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

export const updateNotificationPreferences = (input: TNotificationPreferencesUpdate) =>
  apiRequest<TNotificationPreferences>('/notifications/preferences', { method: 'PUT', body: input });

/** Saves the choices; the answer is the new state, and the profile's switches (/auth/me) follow. */
export const useUpdateNotificationPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: async (res) => {
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, res.data);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
};
