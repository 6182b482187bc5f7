/** Statements over sandbox_payments (the sandbox gateway's records, one jsonb record per reference). No rules here. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';

export async function findSandboxRecord(db: DbOrTx, reference: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ record: sandboxPayments.record }).from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
  return row?.record;
}

export async function upsertSandboxRecord(db: DbOrTx, reference: string, record: Record<string, unknown>): Promise<void> {
  await db
    .insert(sandboxPayments)
    .values({ reference, record })
    .onConflictDoUpdate({ target: sandboxPayments.reference, set: { record, updatedAt: sql`now()` } });
}
