import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationUnreadCount } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { NOTIFICATION_UNREAD_KEY } from './keys';

/** GET /notifications/unread-count (data.unreadCount). The stream keeps it current; polled only while the stream is down. */
export const getNotificationUnreadCount = () => apiData<TNotificationUnreadCount>('/notifications/unread-count');

export const notificationUnreadQuery = () =>
  queryOptions({ queryKey: NOTIFICATION_UNREAD_KEY, queryFn: getNotificationUnreadCount, staleTime: 30_000 });

export const useNotificationUnreadCount = (enabled = true) => useQuery({ ...notificationUnreadQuery(), enabled });
