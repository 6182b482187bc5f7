/**
 * Every statement on the reports table, and the look-ups a report needs (the reported contest,
 * entry or comment). No rules here: file-report.ts decides who may report what.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { comments, contests, entries, reports } from '../../db/schema/index.js';

export type ReportRow = typeof reports.$inferSelect;
export type ReportTargetType = ReportRow['targetType'];
type NewReport = typeof reports.$inferInsert;

/**
 * Inserts a report; undefined when the reporter already reported the item (the unique index
 * reports_once_per_reporter). ON CONFLICT keeps an enclosing transaction usable.
 */
export async function insertReport(tx: Tx, values: NewReport): Promise<ReportRow | undefined> {
  const [row] = await tx
    .insert(reports)
    .values(values)
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId] })
    .returning();
  return row;
}

/**
 * Closes the pending (or under review) reports of an item with a decision (a moderator's answer
 * to a flagged comment); returns the reports it closed.
 */
export async function closeOpenReports(
  tx: Tx,
  target: { type: ReportTargetType; id: string },
  set: Pick<Partial<NewReport>, 'status' | 'adminNotes' | 'actionsTaken' | 'resolvedBy' | 'resolvedAt'>,
): Promise<Array<{ id: string; reporterId: string }>> {
  return tx
    .update(reports)
    .set(set)
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), inArray(reports.status, ['pending', 'under_review'])))
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/** The reported contest: its organizer and status. */
export async function reportedContest(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({ id: contests.id, organizerId: contests.organizerId, status: contests.status })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The reported entry, when it belongs to the contest. */
export async function reportedEntry(db: DbOrTx, entryId: string, contestId: string) {
  const [row] = await db
    .select({ id: entries.id, participantId: entries.participantId })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.contestId, contestId)));
  return row;
}

/** The reported comment, when it belongs to the contest. */
export async function reportedComment(db: DbOrTx, commentId: string, contestId: string) {
  const [row] = await db
    .select({ id: comments.id, authorId: comments.authorId, status: comments.status })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.contestId, contestId)));
  return row;
}
