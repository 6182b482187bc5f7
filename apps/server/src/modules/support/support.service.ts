import { randomInt } from 'node:crypto';
import {
  SUPPORT_RESPONSE_HOURS,
  SUPPORT_TICKET_CODE_LENGTH,
  SUPPORT_TICKET_PREFIX,
  type TCreateSupportTicket,
  type TSupportTicketCreated,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { supportTickets } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { sqlState } from '../../lib/errors.js';

const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newTicketNumber(): string {
  let code = '';
  for (let i = 0; i < SUPPORT_TICKET_CODE_LENGTH; i++) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return `${SUPPORT_TICKET_PREFIX}${code}`;
}

export async function createTicket(
  ctx: AppContext,
  input: TCreateSupportTicket,
  meta: { userId?: string; ip: string; source: 'contact_form' | 'chatbot' | 'dashboard' },
): Promise<TSupportTicketCreated> {
  const at = now();
  let row: typeof supportTickets.$inferSelect | undefined;
  // 32^8 numbers make a clash rare; a clash just draws again.
  for (let attempt = 0; !row; attempt++) {
    try {
      [row] = await ctx.db
        .insert(supportTickets)
        .values({
          ...input,
          email: input.email.toLowerCase(),
          ticketNumber: newTicketNumber(),
          userId: meta.userId ?? null,
          source: meta.source,
          ipAddress: meta.ip,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
    } catch (err) {
      if (sqlState(err) !== '23505' || attempt >= 5) throw err;
    }
  }
  await ctx.mailer.send({
    to: row.email,
    subject: `Support ticket ${row.ticketNumber}: ${row.subject}`,
    text: [
      `Hello ${row.name},`,
      '',
      `We have received your support ticket ${row.ticketNumber} (${row.category}, ${row.priority} priority).`,
      `We aim to respond within ${SUPPORT_RESPONSE_HOURS[row.priority]} hour(s).`,
      '',
      `Subject: ${row.subject}`,
      '',
      row.message,
      '',
      'ContestHub Support',
    ].join('\n'),
  });
  return {
    ticketNumber: row.ticketNumber,
    subject: row.subject,
    priority: row.priority,
    category: input.category,
    createdAt: row.createdAt.toISOString(),
  };
}
