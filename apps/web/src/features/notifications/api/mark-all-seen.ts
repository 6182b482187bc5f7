import type { TNotificationsMarkedRead } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { useNotificationChange } from './use-change';

/** PUT /notifications/mark-all-seen: the bell was opened (unseen → seen, still unread). */
export const markAllNotificationsSeen = () => apiData<TNotificationsMarkedRead>('/notifications/mark-all-seen', { method: 'PUT' });

export const useMarkAllNotificationsSeen = () => useNotificationChange(markAllNotificationsSeen);
