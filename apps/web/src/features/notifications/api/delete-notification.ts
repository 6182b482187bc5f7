import { apiData } from '../../../lib/api';
import { useNotificationChange } from './use-change';

/** DELETE /notifications/{id}. */
export const deleteNotification = (id: string) =>
  apiData<{ _id: string }>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteNotification = () => useNotificationChange(deleteNotification);
