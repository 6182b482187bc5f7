/**
 * Every statement over audit_log. Appending takes one transaction-scoped advisory lock, so two
 * staff actions committing at once still form one chain (the second reads the first's hash after
 * the first commits). No rules here.
 */
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '@contesthub/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

/** The advisory lock key of the chain's single line of appends. */
const CHAIN_LOCK = 727300;

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Takes the chain's lock (held to the end of the transaction) and answers the newest row's hash. */
export async function lockChainHead(tx: Tx): Promise<string | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [head] = await tx.select({ rowHash: auditLog.rowHash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return head?.rowHash;
}

export async function insertAuditRow(tx: Tx, row: NewAuditRow): Promise<AuditRow> {
  const [inserted] = await tx.insert(auditLog).values(row).returning();
  return inserted!;
}

/** Rows after `afterId` in chain order, at most `limit` (the verifier walks the chain with it). */
export function auditRowsAfter(db: DbOrTx, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  targetType?: AuditTargetType | undefined;
  target?: string | undefined;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.actor ? eq(auditLog.actorId, f.actor) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.target ? eq(auditLog.targetId, f.target) : undefined,
  );
}

export interface AuditListRow extends AuditRow {
  actorName: string | null;
  actorEmail: string | null;
}

const listColumns = {
  row: auditLog,
  actorName: users.fullName,
  actorEmail: users.email,
};

/** One page, newest first, with each actor's name and e-mail. */
export async function listAudit(db: DbOrTx, f: AuditFilter, limit: number, offset: number): Promise<AuditListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where(f))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r.row, actorName: r.actorName, actorEmail: r.actorEmail }));
}

export async function countAudit(db: DbOrTx, f: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(where(f));
  return row?.n ?? 0;
}

/** The export's batches: rows matching the filter with an id below `beforeId`, newest first. */
export async function auditBatchBefore(db: DbOrTx, f: AuditFilter, beforeId: number, limit: number): Promise<AuditListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(where(f), sql`${auditLog.id} < ${beforeId}`))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.row, actorName: r.actorName, actorEmail: r.actorEmail }));
}
