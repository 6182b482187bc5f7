import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/**
 * Notifications were written for a person (by the notifications subscriber, in its transaction): the
 * ids of the new rows (a grouped row only when it opened, not each time its count grows). Ids only:
 * whoever delivers them (mail, push) reads the rows.
 */
export const notificationsCreated = defineEvent(
  'notification.created',
  z.object({ userId: z.uuid(), ids: z.array(z.uuid()).min(1) }),
  (p) => `user:${p.userId}`,
);
