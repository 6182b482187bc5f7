import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { now } from './clock.js';
import { insertMail, markMailFailed, markMailSent, pendingMails } from './mail-outbox.repository.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on non-transactional mail, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves true when the mail was handed to SMTP (or stored in the outbox when SMTP is off). */
  send(mail: Mail): Promise<boolean>;
  /**
   * Records the mail in mail_outbox inside the caller's transaction (an event subscriber's): it is
   * delivered by `deliverPending` (the mail-delivery job) once that transaction committed.
   */
  enqueue(db: DbOrTx, mail: Mail): Promise<void>;
  /** Delivers queued mails (oldest first); returns how many were handed over. */
  deliverPending(limit?: number): Promise<number>;
  close(): void;
}

/**
 * Every mail is recorded in mail_outbox. With SMTP_URL set it is also delivered over SMTP;
 * without it the outbox plus one console line is the delivery, so a laptop run shows the codes.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail) {
      const id = await insertMail(opts.db, mail, transport ? 'smtp' : 'outbox');
      if (!transport) {
        opts.log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP configured) to ${mail.to}: ${mail.subject}\n${mail.text}`);
        await markMailSent(opts.db, id, now());
        return true;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await markMailSent(opts.db, id, now());
        return true;
      } catch (err) {
        opts.log.error({ err, to: mail.to }, 'mail delivery failed');
        await markMailFailed(opts.db, id, String((err as Error).message));
        return false;
      }
    },
    async enqueue(db, mail) {
      await insertMail(db, mail, transport ? 'smtp' : 'outbox');
    },
    async deliverPending(limit = 50) {
      const pending = await pendingMails(opts.db, limit);
      let delivered = 0;
      for (const row of pending) {
        const mail: Mail = {
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.headers ? { headers: row.headers } : {}),
        };
        try {
          if (transport) await transport.sendMail({ from: opts.from, ...mail });
          else
            opts.log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP configured) to ${mail.to}: ${mail.subject}\n${mail.text}`);
          await markMailSent(opts.db, row.id, now());
          delivered += 1;
        } catch (err) {
          opts.log.error({ err, to: mail.to }, 'mail delivery failed');
          await markMailFailed(opts.db, row.id, String((err as Error).message));
        }
      }
      return delivered;
    },
    close() {
      transport?.close();
    },
  };
}
