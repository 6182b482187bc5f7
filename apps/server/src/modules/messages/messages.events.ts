import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/**
 * A direct message was sent (recorded in the send's transaction), for the notifications
 * (message_received). The real-time stream's `event: message` does not wait for it: the send appends
 * the message to both people's streams in its own transaction. `isRequest`: it landed as a message
 * request the recipient has not accepted yet (a notifier may stay quieter).
 */
export const messageSent = defineEvent(
  'message.sent',
  z.object({
    messageId: z.uuid(),
    conversationId: z.string(),
    senderId: z.uuid(),
    recipientId: z.uuid(),
    isRequest: z.boolean(),
  }),
  (p) => `conversation:${p.conversationId}`,
);
