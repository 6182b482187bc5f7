import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessageSettings } from '@contesthub/shared';
import { apiData, apiRequest } from '../../../lib/api';
import { MESSAGE_SETTINGS_KEY } from './keys';

/** GET /messages/settings: who can start a conversation with me. */
export const getMessageSettings = () => apiData<TMessageSettings>('/messages/settings');
/** PUT /messages/settings {whoCanMessage}. */
export const saveMessageSettings = (body: TMessageSettings) => apiRequest<TMessageSettings>('/messages/settings', { method: 'PUT', body });

export const useMessageSettings = () => useQuery({ queryKey: MESSAGE_SETTINGS_KEY, queryFn: getMessageSettings });
export const useSaveMessageSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: ({ data }) => queryClient.setQueryData(MESSAGE_SETTINGS_KEY, data),
  });
};
