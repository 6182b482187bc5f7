/** Drizzle queries of withdrawals (the `withdrawals` table). No rules here: see withdrawals.service.ts. */
import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { users, withdrawals } from '../../db/schema/index.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = Pick<
  typeof withdrawals.$inferInsert,
  | 'reference'
  | 'userId'
  | 'amountKobo'
  | 'feeKobo'
  | 'gateway'
  | 'bankCode'
  | 'bankName'
  | 'accountNumber'
  | 'accountName'
  | 'recipientCode'
  | 'createdAt'
>;

export async function insertWithdrawal(tx: Tx, input: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx
    .insert(withdrawals)
    .values({ ...input, updatedAt: input.createdAt })
    .returning();
  return row!;
}

export async function findWithdrawal(db: DbOrTx, reference: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.reference, reference));
  return row;
}

/** The withdrawal locked until the end of the transaction: one settler at a time per reference. */
export async function lockWithdrawal(tx: Tx, reference: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.reference, reference)).for('update');
  return row;
}

/** Saves the transfer recipient on a withdrawal that has none yet and is still pending. */
export async function setWithdrawalRecipient(db: DbOrTx, id: string, recipientCode: string, at: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ recipientCode, updatedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending'), sql`${withdrawals.recipientCode} is null`));
}

/**
 * Claims the next transfer call of a pending withdrawal: attempts goes from `seenAttempts` to one
 * more, only if nobody else did it meanwhile. Undefined when the claim was lost (another process is
 * calling, or the withdrawal was settled), in which case the caller must not call the gateway.
 */
export async function claimTransferAttempt(db: DbOrTx, id: string, seenAttempts: number, at: Date): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set({ attempts: seenAttempts + 1, updatedAt: at })
    .where(
      and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending'), eq(withdrawals.attempts, seenAttempts), isNull(withdrawals.heldAt)),
    )
    .returning();
  return row;
}

/** The gateway's code of the transfer, once known (does not change the status). */
export async function setTransferCode(db: DbOrTx, id: string, transferCode: string, at: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ transferCode, updatedAt: at })
    .where(and(eq(withdrawals.id, id), sql`${withdrawals.transferCode} is distinct from ${transferCode}`));
}

/** Records the final status of a withdrawal (call with the row locked). */
export async function markWithdrawalSettled(
  tx: Tx,
  id: string,
  outcome: { status: 'success' | 'failed' | 'reversed'; failureReason: string | null; transferCode: string | null; at: Date },
): Promise<void> {
  await tx
    .update(withdrawals)
    .set({
      status: outcome.status,
      failureReason: outcome.failureReason,
      settledAt: outcome.at,
      updatedAt: outcome.at,
      ...(outcome.transferCode ? { transferCode: outcome.transferCode } : {}),
    })
    .where(eq(withdrawals.id, id));
}

/** A user's withdrawals, newest first. */
export async function listUserWithdrawals(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** Records that a pending withdrawal was just looked at (updated_at is its "last checked" time). */
export async function markWithdrawalChecked(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ updatedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')));
}

/**
 * References of pending withdrawals due for a check at `at`: made more than `minAgeMs` ago and last
 * checked (updated_at) at least max(`minRecheckMs`, a quarter of their age) ago, least recently
 * checked first. A stuck withdrawal is so looked at less and less often and never crowds out newer ones.
 */
export async function dueWithdrawalReferences(
  db: DbOrTx,
  at: Date,
  opts: { minAgeMs: number; minRecheckMs: number; limit: number },
): Promise<string[]> {
  const atIso = at.toISOString();
  const rows = await db
    .select({ reference: withdrawals.reference })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'pending'),
        isNull(withdrawals.heldAt),
        lt(withdrawals.createdAt, new Date(at.getTime() - opts.minAgeMs)),
        sql`${withdrawals.updatedAt} <= ${atIso}::timestamptz - greatest(
          ${opts.minRecheckMs}::double precision * interval '1 millisecond',
          (${atIso}::timestamptz - ${withdrawals.createdAt}) / 4
        )`,
      ),
    )
    .orderBy(asc(withdrawals.updatedAt), asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(opts.limit);
  return rows.map((r) => r.reference);
}

// ---------- withdrawals that need a person (issue 15) ----------

/** Holds every pending withdrawal of a user that is not held yet (their owner was banned); returns the rows held now. */
export async function holdUserWithdrawals(tx: Tx, userId: string, reason: string, at: Date): Promise<WithdrawalRow[]> {
  return tx
    .update(withdrawals)
    .set({ heldAt: at, holdReason: reason, updatedAt: at })
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending'), isNull(withdrawals.heldAt)))
    .returning();
}

/** Lifts a withdrawal's hold and its last error (call with the row locked, before a retry). */
export async function clearWithdrawalHold(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(withdrawals)
    .set({ heldAt: null, holdReason: null, lastError: null, lastErrorAt: null, updatedAt: at })
    .where(eq(withdrawals.id, id));
}

/** The gateway's refusal that left a pending withdrawal pending. */
export async function setWithdrawalError(db: DbOrTx, id: string, error: string, at: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ lastError: error, lastErrorAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')));
}

export async function findWithdrawalById(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/**
 * Pending withdrawals that need a person: held, refused by the gateway (a last error), or made
 * before `stuckBefore` and still not settled. Oldest first, with their owner.
 */
export async function attentionWithdrawals(
  db: DbOrTx,
  stuckBefore: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: Array<{ w: WithdrawalRow; user: { fullName: string; email: string; status: string } }>; total: number }> {
  const where = and(
    eq(withdrawals.status, 'pending'),
    or(isNotNull(withdrawals.heldAt), isNotNull(withdrawals.lastError), lt(withdrawals.createdAt, stuckBefore)),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ w: withdrawals, user: { fullName: users.fullName, email: users.email, status: users.status } })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}
