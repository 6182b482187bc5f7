import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageRequestDecision } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';
import { refreshInbox, threadKey } from './keys';

/** POST /messages/requests/{conversationId}/accept or /decline. */
export const answerMessageRequest = ({ conversationId, answer }: { conversationId: string; answer: 'accept' | 'decline' }) =>
  apiRequest<TMessageRequestDecision>(`/messages/requests/${encodeURIComponent(conversationId)}/${answer}`, { method: 'POST' });

export const useAnswerMessageRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerMessageRequest,
    onSuccess: (_res, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: threadKey(conversationId) });
      void refreshInbox(queryClient);
    },
  });
};
