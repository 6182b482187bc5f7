/** Statements over support tickets. No rules here: see support.service.ts. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { supportTickets } from '../../db/schema/index.js';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;

export async function insertTicket(db: DbOrTx, values: NewTicket): Promise<TicketRow> {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

export async function findTicket(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}
