import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationsMarkedRead } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { refreshNotifications } from './keys';

const one = (id: string) => `/notifications/${encodeURIComponent(id)}`;

/** PUT /notifications/{id}/read. */
export const markNotificationRead = (id: string) => apiData<TNotification>(`${one(id)}/read`, { method: 'PUT' });
/** PUT /notifications/mark-all-read. */
export const markAllNotificationsRead = () => apiData<TNotificationsMarkedRead>('/notifications/mark-all-read', { method: 'PUT' });
/** PUT /notifications/mark-all-seen: the bell was opened (unseen → seen, still unread). */
export const markAllNotificationsSeen = () => apiData<TNotificationsMarkedRead>('/notifications/mark-all-seen', { method: 'PUT' });
/** PUT /notifications/{id}/archive. */
export const archiveNotification = (id: string) => apiData<TNotification>(`${one(id)}/archive`, { method: 'PUT' });
/** DELETE /notifications/{id}. */
export const deleteNotification = (id: string) => apiData<{ _id: string }>(one(id), { method: 'DELETE' });

/** A change to notifications: every list and the count reload afterwards. */
function useChange<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshNotifications(queryClient) });
}

export const useMarkNotificationRead = () => useChange(markNotificationRead);
export const useMarkAllNotificationsRead = () => useChange(markAllNotificationsRead);
export const useMarkAllNotificationsSeen = () => useChange(markAllNotificationsSeen);
export const useArchiveNotification = () => useChange(archiveNotification);
export const useDeleteNotification = () => useChange(deleteNotification);
