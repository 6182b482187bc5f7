/** Statements over mail_outbox, the record of every mail (see mailer.ts). No rules here. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(
  db: DbOrTx,
  mail: { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> },
  transport: 'smtp' | 'outbox',
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, transport })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function markMailSent(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: at }).where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
}

/** Mails neither sent nor failed, oldest first. */
export async function pendingMails(db: DbOrTx, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
}
