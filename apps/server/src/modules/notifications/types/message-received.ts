import { countOf, paths } from '@contesthub/shared';
import { messageSent } from '../../messages/messages.events.js';
import { defineNotification } from '../notification-type.js';

/** One row per conversation per hour: later messages within the hour add to it ("3 new messages from Ada"). */
export const MESSAGE_GROUP_WINDOW_MS = 60 * 60 * 1000;

/**
 * message_received: the recipient of a direct message (or a message request from a new account)
 * hears of it, grouped by conversation and hour. The text never quotes the message: it may be
 * deleted later, and notifications travel further (mail, lock screens).
 */
export const messageReceivedNotification = defineNotification({
  type: 'message_received',
  event: messageSent,
  mail: false,
  refs: (p) => ({ users: [p.senderId] }),
  drafts(p, look) {
    const from = look.userName(p.senderId);
    if (!from) return [];
    return [
      {
        userId: p.recipientId,
        title: p.isRequest ? 'Message request' : 'New message',
        message: '',
        priority: p.isRequest ? 'medium' : 'low',
        actionUrl: paths.dashboard.messages({ with: p.senderId }),
        actionText: p.isRequest ? 'View request' : 'Reply',
        metadata: { From: from },
        key: `${p.isRequest ? 'message_request' : 'message_received'}:${p.conversationId}`,
      },
    ];
  },
  group: {
    windowMs: MESSAGE_GROUP_WINDOW_MS,
    text: (d, count) =>
      d.key.startsWith('message_request:')
        ? {
            title: 'Message request',
            message: `${d.metadata.From} wants to message you (${countOf(count, 'message')} waiting).`,
            metadata: d.metadata,
          }
        : {
            title: count === 1 ? 'New message' : 'New messages',
            message: `${countOf(count, 'new message')} from ${d.metadata.From}`,
            metadata: { ...d.metadata, Messages: String(count) },
          },
  },
});
