/** Notification rows → the wire (spec 001 §3 Notification). */
import type { TNotification } from '@contesthub/shared';
import type { NotificationRow } from './notifications.repository.js';

export function toNotification(row: NotificationRow): TNotification {
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    state: row.state,
    isRead: row.state === 'read' || row.state === 'archived',
    readAt: row.readAt ? row.readAt.toISOString() : null,
    isArchived: row.state === 'archived',
    actionUrl: row.actionUrl,
    actionText: row.actionText,
    metadata: row.metadata,
    count: row.count,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
