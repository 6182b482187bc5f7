import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { now } from './clock.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Resolves true when the mail was handed to SMTP (or stored in the outbox when SMTP is off). */
  send(mail: Mail): Promise<boolean>;
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
      const [row] = await opts.db
        .insert(mailOutbox)
        .values({ ...mail, transport: transport ? 'smtp' : 'outbox' })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        opts.log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP configured) to ${mail.to}: ${mail.subject}\n${mail.text}`);
        await opts.db.update(mailOutbox).set({ sentAt: now() }).where(eq(mailOutbox.id, row!.id));
        return true;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.update(mailOutbox).set({ sentAt: now() }).where(eq(mailOutbox.id, row!.id));
        return true;
      } catch (err) {
        opts.log.error({ err, to: mail.to }, 'mail delivery failed');
        await opts.db
          .update(mailOutbox)
          .set({ error: String((err as Error).message) })
          .where(eq(mailOutbox.id, row!.id));
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
}
