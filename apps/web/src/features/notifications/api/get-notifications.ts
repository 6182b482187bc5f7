import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, type NotificationPriority, type NotificationType, type TNotificationList } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { NOTIFICATION_LISTS_KEY } from './keys';

/** The filters of the Notifications page; an empty one is dropped (spec 001 §7). */
export interface NotificationListParams {
  page: number;
  limit?: number;
  type?: NotificationType;
  isRead?: boolean;
  priority?: NotificationPriority;
  isArchived?: boolean;
}

/** GET /notifications: newest first, 20 a page; empty and false filters are not sent. */
export const getNotifications = (
  { page, limit = PAGE_SIZES.notifications, type, isRead, priority, isArchived }: NotificationListParams,
  signal?: AbortSignal,
) =>
  apiData<TNotificationList>('/notifications', {
    query: { page, limit, type, isRead, priority, isArchived: isArchived || undefined },
    signal,
  });

export const notificationsQuery = (params: NotificationListParams) =>
  queryOptions({
    queryKey: [...NOTIFICATION_LISTS_KEY, params],
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (params: NotificationListParams, enabled = true) => useQuery({ ...notificationsQuery(params), enabled });

/** The bell's dropdown: the newest ten. */
export const BELL_PARAMS: NotificationListParams = { page: 1, limit: 10 };
