import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/**
 * A direct message was sent (recorded in the send's transaction). The notifications helper
 * (message_received) and the real-time stream (`event: message`) consume it. `isRequest`: it
 * landed as a message request the recipient has not accepted yet (a notifier may stay quieter).
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
