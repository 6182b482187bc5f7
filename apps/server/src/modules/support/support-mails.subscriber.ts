/**
 * The confirmation mail of a support ticket, sent because a ticket was opened (support.ticket_created)
 * rather than by the request that opened it: queued in the dispatcher's transaction, once per event,
 * and delivered by the mail-delivery job.
 */
import { SUPPORT_RESPONSE_HOURS } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import type { Mail, Mailer } from '../../lib/mailer.js';
import { supportTicketCreated } from './support.events.js';
import { findTicket, type TicketRow } from './support.repository.js';

export function ticketConfirmationMail(row: TicketRow): Mail {
  return {
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
  };
}

export function supportMailsSubscriber(mailer: Mailer): Subscriber {
  return {
    name: 'support-mails',
    events: [supportTicketCreated.name],
    // Mail about tickets opened from now on; never about the history a new subscriber finds.
    startFrom: 'now',
    async handle(tx: Tx, e: StoredEvent) {
      const created = payloadOf(supportTicketCreated, e);
      if (!created) return;
      const ticket = await findTicket(tx, created.ticketId);
      if (ticket) await mailer.enqueue(tx, ticketConfirmationMail(ticket));
    },
  };
}
