import type { TNotificationsMarkedRead } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { useNotificationChange } from './use-change';

/** PUT /notifications/mark-all-read. */
export const markAllNotificationsRead = () => apiData<TNotificationsMarkedRead>('/notifications/mark-all-read', { method: 'PUT' });

export const useMarkAllNotificationsRead = () => useNotificationChange(markAllNotificationsRead);
