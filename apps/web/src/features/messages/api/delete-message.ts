import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageDeleted } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { refreshInbox, threadKey } from './keys';

/** DELETE /messages/{id}: for everyone by its sender within 15 minutes (a tombstone), else for me. */
export const deleteMessage = ({ messageId }: { messageId: string; conversationId: string }) =>
  apiRequest<TMessageDeleted>(`/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' });

export const useDeleteMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_res, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
      void refreshInbox(queryClient);
    },
  });
};
