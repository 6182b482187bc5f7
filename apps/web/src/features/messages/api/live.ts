/** What the real-time stream changes in the messages cache (the shell's stream hands each event here). */
import type { QueryClient } from '@tanstack/react-query';
import type { TMessage, TMessageUnreadCount } from '@contesthub/shared';
import { withMessage, type ThreadData } from './get-thread';
import { CONVERSATIONS_KEY, MESSAGE_UNREAD_KEY, REQUESTS_KEY, THREADS_KEY, threadKey } from './keys';

/** A new message: into its open thread at once; the conversation lists reload. */
export function applyMessageEvent(queryClient: QueryClient, event: { conversationId: string; message: TMessage }, myId: string): void {
  const message = { ...event.message, isMine: event.message.sender._id === myId };
  const key = threadKey(event.conversationId);
  if (queryClient.getQueryData(key)) queryClient.setQueryData<ThreadData>(key, (old) => withMessage(old, message));
  void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
}

/**
 * The stream's (or the poll's) unread message count, and from a poll the request count. A count that
 * grew (a poll while the stream is down) reloads the open thread and the lists, so nothing waits
 * for the next event to show.
 */
export function applyMessageUnread(queryClient: QueryClient, unreadCount: number, requestCount?: number): void {
  const before = queryClient.getQueryData<TMessageUnreadCount>(MESSAGE_UNREAD_KEY);
  queryClient.setQueryData<TMessageUnreadCount>(MESSAGE_UNREAD_KEY, (old) => ({
    requestCount: requestCount ?? old?.requestCount ?? 0,
    unreadCount,
  }));
  const grew = (now: number | undefined, then: number | undefined) => now !== undefined && then !== undefined && now > then;
  if (grew(unreadCount, before?.unreadCount) || grew(requestCount, before?.requestCount)) {
    void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
  }
  // The stream does not carry the request count: it is read again when next needed.
  if (requestCount === undefined) void queryClient.invalidateQueries({ queryKey: MESSAGE_UNREAD_KEY, refetchType: 'none' });
}
