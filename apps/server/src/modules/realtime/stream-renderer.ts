/**
 * What the stream's frames carry, rendered from the rows as they are when sent (a live item and a
 * replayed one alike): a notification exactly as one item of GET /api/notifications, a message as
 * one item of GET /api/messages/conversation/{id} for the person it is sent to, and the unread
 * counts. A row that is gone (a deleted notification, a message hidden "for me") is not sent.
 */
import type { DbOrTx } from '../../db/client.js';
import { itemKey, type StreamItemRow, type StreamRenderer, type UnreadCounts } from '../../lib/realtime/index.js';
import { toMessage } from '../messages/messages.dto.js';
import { hiddenPairs, messagesWithSenderByIds, unreadTotals } from '../messages/messages.repository.js';
import { toNotification } from '../notifications/notifications.dto.js';
import { notificationsByIds, unreadCountsOf } from '../notifications/notifications.repository.js';

const unique = (ids: string[]) => [...new Set(ids)];

export const streamRenderer: StreamRenderer = {
  async items(db: DbOrTx, items: StreamItemRow[]) {
    const notes = items.filter((i) => i.kind === 'notification');
    const sent = items.filter((i) => i.kind === 'message');
    const [noteRows, messageRows, hidden] = await Promise.all([
      notificationsByIds(db, unique(notes.map((i) => i.refId))),
      messagesWithSenderByIds(db, unique(sent.map((i) => i.refId))),
      hiddenPairs(
        db,
        sent.map((i) => ({ messageId: i.refId, userId: i.userId })),
      ),
    ]);
    const noteById = new Map(noteRows.map((r) => [r.id, r]));
    const messageById = new Map(messageRows.map((r) => [r.id, r]));
    const out = new Map<string, unknown>();
    for (const item of notes) {
      const row = noteById.get(item.refId);
      if (row && row.userId === item.userId) out.set(itemKey(item), toNotification(row));
    }
    for (const item of sent) {
      const row = messageById.get(item.refId);
      if (!row || (row.senderId !== item.userId && row.recipientId !== item.userId)) continue;
      if (hidden.has(`${item.refId}:${item.userId}`)) continue;
      out.set(itemKey(item), { conversationId: row.conversationId, message: toMessage(row, item.userId) });
    }
    return out;
  },

  async counts(db: DbOrTx, userIds: string[]) {
    const [notes, messages] = await Promise.all([
      unreadCountsOf(db, userIds),
      Promise.all(userIds.map(async (u) => [u, (await unreadTotals(db, u)).unread] as const)),
    ]);
    const out = new Map<string, UnreadCounts>();
    for (const [userId, unread] of messages) out.set(userId, { notifications: notes.get(userId) ?? 0, messages: unread });
    return out;
  },
};
