import { randomInt } from 'node:crypto';
import {
  SUPPORT_TICKET_CODE_LENGTH,
  SUPPORT_TICKET_PREFIX,
  type TCreateSupportTicket,
  type TSupportTicketCreated,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { sqlState } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { supportTicketCreated } from './support.events.js';
import { insertTicket, type TicketRow } from './support.repository.js';

const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newTicketNumber(): string {
  let code = '';
  for (let i = 0; i < SUPPORT_TICKET_CODE_LENGTH; i++) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return `${SUPPORT_TICKET_PREFIX}${code}`;
}

/**
 * Opens a ticket. The confirmation mail follows from the support.ticket_created event recorded with
 * the ticket (support-mails.subscriber.ts).
 */
export async function createTicket(
  ctx: AppContext,
  input: TCreateSupportTicket,
  meta: { userId?: string; ip: string; source: 'contact_form' | 'chatbot' | 'dashboard' },
): Promise<TSupportTicketCreated> {
  const at = now();
  let row: TicketRow | undefined;
  // 32^8 numbers make a clash rare; a clash just draws again (in a new transaction).
  for (let attempt = 0; !row; attempt++) {
    try {
      row = await ctx.db.transaction(async (tx) => {
        const ticket = await insertTicket(tx, {
          ...input,
          email: input.email.toLowerCase(),
          ticketNumber: newTicketNumber(),
          userId: meta.userId ?? null,
          source: meta.source,
          ipAddress: meta.ip,
          createdAt: at,
          updatedAt: at,
        });
        await recordEvent(tx, supportTicketCreated, { ticketId: ticket.id, userId: ticket.userId }, { actorId: ticket.userId });
        return ticket;
      });
    } catch (err) {
      if (sqlState(err) !== '23505' || attempt >= 5) throw err;
    }
  }
  return {
    ticketNumber: row.ticketNumber,
    subject: row.subject,
    priority: row.priority,
    category: input.category,
    createdAt: row.createdAt.toISOString(),
  };
}
