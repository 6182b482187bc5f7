import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageRead } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshInbox } from './keys';

/** PUT /messages/{id}/read: the conversation read up to this message (never moves back). */
export const markMessageRead = (messageId: string) =>
  apiData<TMessageRead>(`/messages/${encodeURIComponent(messageId)}/read`, { method: 'PUT' });

export const useMarkMessageRead = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markMessageRead, onSuccess: () => void refreshInbox(queryClient) });
};
