/** What the real-time stream changes in the notifications cache (the shell's stream hands each event here). */
import type { QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationList } from '@contesthub/shared';
import { BELL_PARAMS } from './get-notifications';
import { NOTIFICATION_LISTS_KEY, NOTIFICATION_UNREAD_KEY } from './keys';

/** A new (or grown) notification: at the top of the bell at once; every list reloads behind it. */
export function applyNotificationEvent(queryClient: QueryClient, notification: TNotification): void {
  queryClient.setQueryData<TNotificationList>([...NOTIFICATION_LISTS_KEY, BELL_PARAMS], (old) =>
    old
      ? {
          ...old,
          notifications: [notification, ...old.notifications.filter((n) => n._id !== notification._id)].slice(0, BELL_PARAMS.limit),
        }
      : old,
  );
  void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LISTS_KEY });
}

/** The stream's (or the poll's) unread count. */
export function applyNotificationUnread(queryClient: QueryClient, unreadCount: number): void {
  const before = queryClient.getQueryData<{ unreadCount: number }>(NOTIFICATION_UNREAD_KEY)?.unreadCount;
  queryClient.setQueryData(NOTIFICATION_UNREAD_KEY, { unreadCount });
  // A count that moved without its event (a poll while the stream is down): the lists on screen reload.
  if (before !== undefined && before !== unreadCount) void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LISTS_KEY });
}
