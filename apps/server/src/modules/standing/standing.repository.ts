/** Every statement over strikes and appeals. No rules here. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { appeals, strikes, users } from '../../db/schema/index.js';

export type StrikeRow = typeof strikes.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;

export async function insertStrike(tx: Tx, values: typeof strikes.$inferInsert): Promise<StrikeRow> {
  const [row] = await tx.insert(strikes).values(values).returning();
  return row!;
}

/** A user's strikes, newest first, each with its appeal (if any). */
export async function strikesOf(db: DbOrTx, userId: string): Promise<Array<{ strike: StrikeRow; appeal: AppealRow | null }>> {
  return db
    .select({ strike: strikes, appeal: appeals })
    .from(strikes)
    .leftJoin(appeals, eq(appeals.strikeId, strikes.id))
    .where(eq(strikes.userId, userId))
    .orderBy(desc(strikes.createdAt), desc(strikes.id));
}

/** A strike of the user, locked against a concurrent appeal of it. */
export async function lockStrikeOf(tx: Tx, strikeId: string, userId: string): Promise<StrikeRow | undefined> {
  const [row] = await tx
    .select()
    .from(strikes)
    .where(and(eq(strikes.id, strikeId), eq(strikes.userId, userId)))
    .for('update');
  return row;
}

export async function findStrike(db: DbOrTx, strikeId: string): Promise<StrikeRow | undefined> {
  const [row] = await db.select().from(strikes).where(eq(strikes.id, strikeId));
  return row;
}

export async function appealOfStrike(db: DbOrTx, strikeId: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.strikeId, strikeId));
  return row;
}

export async function insertAppeal(tx: Tx, values: typeof appeals.$inferInsert): Promise<AppealRow> {
  const [row] = await tx.insert(appeals).values(values).returning();
  return row!;
}

/** An appeal with its strike, locked for a decision. */
export async function lockAppeal(tx: Tx, appealId: string): Promise<{ appeal: AppealRow; strike: StrikeRow } | undefined> {
  const [row] = await tx
    .select({ appeal: appeals, strike: strikes })
    .from(appeals)
    .innerJoin(strikes, eq(strikes.id, appeals.strikeId))
    .where(eq(appeals.id, appealId))
    .for('update', { of: appeals });
  return row;
}

export async function setAppealDecision(
  tx: Tx,
  appealId: string,
  set: { status: 'approved' | 'rejected'; decidedBy: string; decisionNote: string; decidedAt: Date },
): Promise<AppealRow> {
  const [row] = await tx.update(appeals).set(set).where(eq(appeals.id, appealId)).returning();
  return row!;
}

const issuer = alias(users, 'issuer');
const decider = alias(users, 'decider');

export interface StaffAppealRow {
  appeal: AppealRow;
  strike: StrikeRow;
  user: { id: string; fullName: string; email: string };
  issuedBy: string | null;
  decidedBy: string | null;
}

/** The appeals queue: oldest pending first, then newest decided. */
export async function listAppeals(
  db: DbOrTx,
  status: AppealRow['status'] | undefined,
  limit: number,
  offset: number,
): Promise<StaffAppealRow[]> {
  return db
    .select({
      appeal: appeals,
      strike: strikes,
      user: { id: users.id, fullName: users.fullName, email: users.email },
      issuedBy: issuer.fullName,
      decidedBy: decider.fullName,
    })
    .from(appeals)
    .innerJoin(strikes, eq(strikes.id, appeals.strikeId))
    .innerJoin(users, eq(users.id, appeals.userId))
    .leftJoin(issuer, eq(issuer.id, strikes.issuedBy))
    .leftJoin(decider, eq(decider.id, appeals.decidedBy))
    .where(status ? eq(appeals.status, status) : undefined)
    .orderBy(
      sql`(${appeals.status} = 'pending') desc`,
      sql`case when ${appeals.status} = 'pending' then ${appeals.createdAt} end asc`,
      desc(appeals.createdAt),
    )
    .limit(limit)
    .offset(offset);
}

export async function countAppeals(db: DbOrTx, status: AppealRow['status'] | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appeals)
    .where(status ? eq(appeals.status, status) : undefined);
  return row?.n ?? 0;
}

/** A user's newest strike of one kind (the ban a mail is about). */
export async function latestStrikeOfKind(db: DbOrTx, userId: string, kind: StrikeRow['kind']): Promise<StrikeRow | undefined> {
  const [row] = await db
    .select()
    .from(strikes)
    .where(and(eq(strikes.userId, userId), eq(strikes.kind, kind)))
    .orderBy(desc(strikes.createdAt))
    .limit(1);
  return row;
}
