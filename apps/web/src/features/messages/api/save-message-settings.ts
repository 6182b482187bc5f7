import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageSettings } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { MESSAGE_SETTINGS_KEY } from './keys';

/** PUT /messages/settings {whoCanMessage: everyone | contests | nobody}. */
export const saveMessageSettings = (body: TMessageSettings) => apiRequest<TMessageSettings>('/messages/settings', { method: 'PUT', body });

export const useSaveMessageSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: ({ data }) => queryClient.setQueryData(MESSAGE_SETTINGS_KEY, data),
  });
};
