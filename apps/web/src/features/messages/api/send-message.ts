import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageSent, TSendMessage } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { refreshInbox, threadKey } from './keys';
import { withMessage, type ThreadData } from './get-thread';

/** POST /messages/send {recipientUsername (a username or an email), content}. */
export const sendMessage = (body: TSendMessage) => apiRequest<TMessageSent>('/messages/send', { method: 'POST', body });

/** The sent message joins its thread at once; the lists reload behind it. */
export const useSendMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: ({ data }) => {
      const key = threadKey(data.message.conversationId);
      const before = queryClient.getQueryData<ThreadData>(key);
      queryClient.setQueryData<ThreadData>(key, (old) => withMessage(old, data.message));
      // A first message (or one that turned a request around) changes the conversation's status.
      if (!before || before.pages[0]?.status !== data.status) void queryClient.invalidateQueries({ queryKey: key });
      void refreshInbox(queryClient);
    },
  });
};
