/** Drizzle queries of gateway payments (the `payments` table). No rules here: see deposits.service.ts. */
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { payments, users } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<typeof payments.$inferInsert, 'reference' | 'userId' | 'purpose' | 'amountKobo' | 'gateway' | 'metadata'>;

export async function insertPayment(db: DbOrTx, input: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(input).returning();
  return row!;
}

export async function findPayment(db: DbOrTx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** The payment row locked until the end of the transaction: one verifier at a time per reference. */
export async function lockPayment(tx: Tx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.reference, reference)).for('update');
  return row;
}

export async function markCredited(
  tx: Tx,
  id: string,
  gatewayResponse: string,
  at: Date,
  card: { signature?: string | undefined; bin?: string | null; last4?: string | null; bank?: string | null } = {},
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'success',
      gatewayResponse,
      verifiedAt: at,
      creditedAt: at,
      cardSignature: card.signature ?? null,
      cardBin: card.bin ?? null,
      cardLast4: card.last4 ?? null,
      cardBank: card.bank ?? null,
    })
    .where(eq(payments.id, id));
}

/**
 * A final refusal from the gateway (failed, abandoned, or paid but not in full). Never touches a
 * payment already credited. True when the payment was not in this state before (the first time
 * it is told).
 */
export async function markUnpaid(
  db: DbOrTx,
  id: string,
  status: 'failed' | 'abandoned' | 'mismatched',
  gatewayResponse: string,
  at: Date,
): Promise<boolean> {
  // The row is locked before it is read (a concurrent verify waits, then sees this status): one first time.
  const [row] = await queryRows<{ before: string }>(
    db,
    sql`with old as (select status from ${payments} where id = ${id} and credited_at is null for update)
        update ${payments} set status = ${status}, gateway_response = ${gatewayResponse}, verified_at = ${at}, checked_at = ${at}
        from old where ${payments.id} = ${id}
        returning old.status as before`,
  );
  return row !== undefined && row.before !== status;
}

/** We asked the gateway about it just now (the sweep backs off from payments it checked recently). */
export async function markChecked(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(payments).set({ checkedAt: at }).where(eq(payments.id, id));
}

export async function userEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** The purpose of the payment `reference`, if there is such a payment. */
export async function purposeOf(db: DbOrTx, reference: string): Promise<PaymentRow['purpose'] | undefined> {
  const [row] = await db.select({ purpose: payments.purpose }).from(payments).where(eq(payments.reference, reference));
  return row?.purpose;
}

/**
 * Unsettled payments (pending, abandoned, failed; never credited) created between `minAge` and
 * `maxAge` before `at`, not checked for a quarter of their age (at least 5 minutes): least recently
 * checked first, then oldest.
 */
export async function sweepDue(
  db: DbOrTx,
  at: Date,
  window: { minAgeMs: number; maxAgeMs: number },
  limit: number,
): Promise<Array<{ reference: string; purpose: PaymentRow['purpose'] }>> {
  return db
    .select({ reference: payments.reference, purpose: payments.purpose })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['pending', 'abandoned', 'failed']),
        isNull(payments.creditedAt),
        lt(payments.createdAt, new Date(at.getTime() - window.minAgeMs)),
        gt(payments.createdAt, new Date(at.getTime() - window.maxAgeMs)),
        or(
          isNull(payments.checkedAt),
          sql`${payments.checkedAt} < ${at.toISOString()}::timestamptz - greatest(interval '5 minutes', (${at.toISOString()}::timestamptz - ${payments.createdAt}) / 4)`,
        ),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
    .limit(limit);
}
