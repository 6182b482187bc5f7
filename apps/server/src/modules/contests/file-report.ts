/**
 * Reports on contests, entries, comments and direct messages (spec 000 §5, 002 §7; a message's
 * report is filed by modules/messages/report-message.ts with the surrounding messages as context):
 * stored with reporter, reason, description and a priority for the moderation area. One report per reporter and item, enforced
 * by the unique index reports_once_per_reporter, so two racing submissions still leave one row.
 *
 * Every report filed records `report.filed` in its transaction.
 *
 * The admin moderation work (list, resolve, dismiss) builds on `createReport`, `reportPriority`
 * and `toReportSummary` exported here.
 */
import type { ReportReason, TReport, TReportContext as ReportContext } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { reportFiled } from './contests.events.js';
import * as repo from './reports.repository.js';
import type { ReportRow, ReportTargetType } from './reports.repository.js';

export type { ReportRow, ReportTargetType } from './reports.repository.js';

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
  /** What the moderator needs beside the item (a message's surrounding messages). */
  context?: ReportContext | null;
}

/**
 * Files a report in the caller's transaction and records `report.filed` with it. A second report
 * of the same item by the same reporter is refused with 409 (and records nothing).
 */
export async function createReport(tx: Tx, input: NewReport): Promise<ReportRow> {
  const row = await repo.insertReport(tx, { ...input, priority: reportPriority(input.reason), createdAt: now() });
  if (!row) throw AppError.conflict(REPORT_MESSAGES.duplicate);
  await recordEvent(
    tx,
    reportFiled,
    {
      reportId: row.id,
      targetType: row.targetType,
      targetId: row.targetId,
      contestId: row.contestId,
      reporterId: row.reporterId,
      reason: row.reason,
    },
    { actorId: row.reporterId },
  );
  return row;
}

/** Files a report in a transaction of its own. */
const fileReport = (ctx: AppContext, input: NewReport) => ctx.db.transaction((tx) => createReport(tx, input));

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

/** A contest others may see: drafts exist only for their organizer. */
async function visibleContest(db: DbOrTx, contestId: string, reporterId: string) {
  const contest = await repo.reportedContest(db, contestId);
  if (!contest || (contest.status === 'draft' && contest.organizerId !== reporterId)) {
    throw AppError.notFound(REPORT_MESSAGES.contestNotFound);
  }
  return contest;
}

export async function reportContest(ctx: AppContext, reporterId: string, contestId: string, body: TReport): Promise<ReportSubmitted> {
  const contest = await visibleContest(ctx.db, contestId, reporterId);
  if (contest.organizerId === reporterId) throw AppError.badRequest(REPORT_MESSAGES.ownContest);
  const row = await fileReport(ctx, { targetType: 'contest', targetId: contest.id, contestId: contest.id, reporterId, ...body });
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
  const entry = await repo.reportedEntry(ctx.db, entryId, contestId);
  if (!entry) throw AppError.notFound(REPORT_MESSAGES.entryNotFound);
  if (entry.participantId === reporterId) throw AppError.badRequest(REPORT_MESSAGES.ownEntry);
  const row = await fileReport(ctx, { targetType: 'entry', targetId: entry.id, contestId, reporterId, ...body });
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
  const comment = await repo.reportedComment(ctx.db, commentId, contestId);
  if (!comment || comment.status === 'deleted') throw AppError.notFound(REPORT_MESSAGES.commentNotFound);
  if (comment.authorId === reporterId) throw AppError.badRequest(REPORT_MESSAGES.ownComment);
  const row = await fileReport(ctx, { targetType: 'comment', targetId: comment.id, contestId, reporterId, ...body });
  return toReportSummary(row);
}
