import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

/** A support ticket was opened (the confirmation mail's cause). */
export const supportTicketCreated = defineEvent(
  'support.ticket_created',
  z.object({ ticketId: z.uuid(), userId: z.uuid().nullable() }),
  (p) => `ticket:${p.ticketId}`,
);
