/**
 * Reports on contests, entries and comments (spec 000 §5, 002 §7): stored with reporter, reason,
 * description and a priority for the moderation area. One report per reporter and item, enforced
 * by the unique index reports_once_per_reporter, so two racing submissions still leave one row.
 *
 * The admin moderation work (list, resolve, dismiss) builds on `createReport`, `reportPriority`
 * and `toReportSummary` exported here.
 */
import { and, eq } from 'drizzle-orm';
import type { ReportReason, TReport } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { comments, contests, entries, reports } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';

export type ReportTargetType = (typeof reports.$inferSelect)['targetType'];
export type ReportRow = typeof reports.$inferSelect;

export const REPORT_MESSAGES = {
  submitted: 'Report submitted',
  duplicate: 'You have already reported this item',
  ownContest: 'You cannot report your own contest',
  ownEntry: 'You cannot report your own entry',
  ownComment: 'You cannot report your own comment',
  contestNotFound: 'Contest not found',
  entryNotFound: 'Entry not found',
  commentNotFound: 'Comment not found',
} as const;

/** Reasons that put a report at the top of the moderation queue. */
const HIGH_PRIORITY_REASONS: ReadonlySet<string> = new Set<ReportReason>(['violence', 'hate_speech', 'scam', 'fake_contest']);

export function reportPriority(reason: string): 'high' | 'medium' {
  return HIGH_PRIORITY_REASONS.has(reason) ? 'high' : 'medium';
}

export interface NewReport {
  targetType: ReportTargetType;
  targetId: string;
  contestId: string | null;
  reporterId: string;
  reason: string;
  description: string;
}

/**
 * Insert a report (inside the caller's transaction when given one). A second report of the same
 * item by the same reporter is refused with 409; ON CONFLICT keeps an enclosing transaction usable.
 */
export async function createReport(db: DbOrTx, input: NewReport): Promise<ReportRow> {
  const [row] = await db
    .insert(reports)
    .values({ ...input, priority: reportPriority(input.reason), createdAt: now() })
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId] })
    .returning();
  if (!row) throw AppError.conflict(REPORT_MESSAGES.duplicate);
  return row;
}

export interface ReportSubmitted {
  reportId: string;
  status: ReportRow['status'];
  priority: ReportRow['priority'];
  targetType: ReportTargetType;
  targetId: string;
  createdAt: string;
}

export function toReportSummary(row: ReportRow): ReportSubmitted {
  return {
    reportId: row.id,
    status: row.status,
    priority: row.priority,
    targetType: row.targetType,
    targetId: row.targetId,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findContest(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({ id: contests.id, organizerId: contests.organizerId, status: contests.status })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** A contest others may see: drafts exist only for their organizer. */
async function visibleContest(db: DbOrTx, contestId: string, reporterId: string) {
  const contest = await findContest(db, contestId);
  if (!contest || (contest.status === 'draft' && contest.organizerId !== reporterId)) {
    throw AppError.notFound(REPORT_MESSAGES.contestNotFound);
  }
  return contest;
}

export async function reportContest(ctx: AppContext, reporterId: string, contestId: string, body: TReport): Promise<ReportSubmitted> {
  const contest = await visibleContest(ctx.db, contestId, reporterId);
  if (contest.organizerId === reporterId) throw AppError.badRequest(REPORT_MESSAGES.ownContest);
  const row = await createReport(ctx.db, { targetType: 'contest', targetId: contest.id, contestId: contest.id, reporterId, ...body });
  return toReportSummary(row);
}

export async function reportEntry(
  ctx: AppContext,
  reporterId: string,
  contestId: string,
  entryId: string,
  body: TReport,
): Promise<ReportSubmitted> {
  await visibleContest(ctx.db, contestId, reporterId);
  const [entry] = await ctx.db
    .select({ id: entries.id, participantId: entries.participantId })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.contestId, contestId)));
  if (!entry) throw AppError.notFound(REPORT_MESSAGES.entryNotFound);
  if (entry.participantId === reporterId) throw AppError.badRequest(REPORT_MESSAGES.ownEntry);
  const row = await createReport(ctx.db, { targetType: 'entry', targetId: entry.id, contestId, reporterId, ...body });
  return toReportSummary(row);
}

export async function reportComment(
  ctx: AppContext,
  reporterId: string,
  contestId: string,
  commentId: string,
  body: TReport,
): Promise<ReportSubmitted> {
  await visibleContest(ctx.db, contestId, reporterId);
  const [comment] = await ctx.db
    .select({ id: comments.id, authorId: comments.authorId, status: comments.status })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.contestId, contestId)));
  if (!comment || comment.status === 'deleted') throw AppError.notFound(REPORT_MESSAGES.commentNotFound);
  if (comment.authorId === reporterId) throw AppError.badRequest(REPORT_MESSAGES.ownComment);
  const row = await createReport(ctx.db, { targetType: 'comment', targetId: comment.id, contestId, reporterId, ...body });
  return toReportSummary(row);
}
