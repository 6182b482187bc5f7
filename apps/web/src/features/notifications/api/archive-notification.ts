import type { TNotification } from '@contesthub/shared';
import { apiData } from '../../../lib/api';
import { useNotificationChange } from './use-change';

/** PUT /notifications/{id}/archive. */
export const archiveNotification = (id: string) =>
  apiData<TNotification>(`/notifications/${encodeURIComponent(id)}/archive`, { method: 'PUT' });

export const useArchiveNotification = () => useNotificationChange(archiveNotification);
