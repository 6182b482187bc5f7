/**
 * The real-time stream wired to the caches (loaded after the dashboard's first render, so it stays
 * out of the first bundle): notifications and messages each take the events that concern them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TNotification } from '@contesthub/shared';
import { getMessageUnreadCount } from '../../features/messages/api/get-unread-count';
import { applyMessageEvent, applyMessageUnread } from '../../features/messages/api/live';
import { getNotificationUnreadCount } from '../../features/notifications/api/get-unread-count';
import { applyNotificationEvent, applyNotificationUnread } from '../../features/notifications/api/live';
import { getStreamTicket } from '../../features/notifications/api/stream-ticket';
import { StreamClient, type StreamStatus } from '../../features/notifications/stream/stream-client';

export interface RealtimeOptions {
  userId: string;
  queryClient: QueryClient;
  /** A new notification arrived (not a replay of an old one): the shell may announce it. */
  onFresh: (notification: TNotification) => void;
  onStatus?: (status: StreamStatus) => void;
}

/** How recent a notification must be to be announced (a reconnect replays older ones silently). */
const FRESH_MS = 2 * 60_000;

export function startRealtime({ userId, queryClient, onFresh, onStatus }: RealtimeOptions): StreamClient {
  const client = new StreamClient({
    scope: userId,
    getTicket: getStreamTicket,
    poll: async () => {
      const [n, m] = await Promise.all([getNotificationUnreadCount(), getMessageUnreadCount()]);
      return { notifications: n.unreadCount, messages: m.unreadCount, requests: m.requestCount };
    },
    onStatus,
    onEvent: (event) => {
      if (event.kind === 'notification') {
        applyNotificationEvent(queryClient, event.data);
        if (Date.now() - new Date(event.data.updatedAt).getTime() < FRESH_MS) onFresh(event.data);
      } else if (event.kind === 'message') {
        applyMessageEvent(queryClient, event.data, userId);
      } else {
        applyNotificationUnread(queryClient, event.data.notifications);
        applyMessageUnread(queryClient, event.data.messages, event.data.requests);
      }
    },
  });
  client.start();
  return client;
}
