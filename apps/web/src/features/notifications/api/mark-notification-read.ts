import type { TNotification } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { useNotificationChange } from './use-change';

/** PUT /notifications/{id}/read. */
export const markNotificationRead = (id: string) =>
  apiData<TNotification>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' });

export const useMarkNotificationRead = () => useNotificationChange(markNotificationRead);
