/** Flagging a comment (a report for the moderation area) and moderating one (approve, hide, delete). */
import { REPORT_REASONS, type Actor, type ReportReason } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { createReport, REPORT_MESSAGES } from '../contests/file-report.js';
import { closeOpenReports } from '../contests/reports.repository.js';
import { adjustEntryCount, isStaff, isVisible } from './comment-access.js';
import type { TComment } from './comments.dto.js';
import { commentModerated } from './comments.events.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import * as repo from './comments.repository.js';
import type { CommentStatus } from './comments.repository.js';
import { loadComment } from './list-comments.js';

/**
 * Flag a comment: files a report (one per reporter, like every report) and queues the comment
 * for review. A hidden comment stays hidden; the flag count still rises.
 */
export async function flagComment(ctx: AppContext, viewer: Actor, id: string, reason: string): Promise<TComment> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockComment(tx, id);
    if (!row || !isVisible(row.c.status)) throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (row.c.authorId === viewer.userId) throw AppError.badRequest(REPORT_MESSAGES.ownComment);
    const known = (REPORT_REASONS as readonly string[]).includes(reason);
    await createReport(tx, {
      targetType: 'comment',
      targetId: id,
      contestId: row.c.contestId,
      reporterId: viewer.userId,
      reason: known ? (reason as ReportReason) : 'other',
      description: reason,
    });
    await repo.addFlag(tx, id, row.c.status === 'active' ? 'flagged' : row.c.status, now());
  });
  return (await loadComment(ctx.db, id, viewer))!;
}

export type ModerationAction = 'approve' | 'hide' | 'delete';
const ACTION_STATUS: Record<ModerationAction, CommentStatus> = { approve: 'active', hide: 'hidden', delete: 'deleted' };

/**
 * Moderators and admins moderate any comment; a contest's organizer moderates the comments of
 * their contest. The comment's pending reports are closed with the decision: dismissed when it is
 * approved, resolved when it is hidden or deleted.
 */
export async function moderateComment(ctx: AppContext, viewer: StaffActor, id: string, action: ModerationAction): Promise<TComment> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockComment(tx, id);
    if (!row || row.c.status === 'deleted') throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (!isStaff(viewer) && row.organizerId !== viewer.userId) throw AppError.forbidden();
    const at = now();
    const status = ACTION_STATUS[action];
    await repo.updateComment(tx, id, { status, updatedAt: at });
    await adjustEntryCount(tx, row.c.entryId, row.c.status, status);
    // A moderator's or admin's decision is a staff action (the organizer's on their own contest is not).
    if (isStaff(viewer)) {
      await appendAudit(
        tx,
        viewer,
        {
          action: action === 'approve' ? 'content.restore' : 'content.hide',
          targetType: 'comment',
          targetId: id,
          reason: `Comment ${action === 'approve' ? 'approved' : action === 'hide' ? 'hidden' : 'deleted'} from the comment moderation`,
          before: { status: row.c.status },
          after: { status },
        },
        at,
      );
    }
    const closed = await closeOpenReports(
      tx,
      { type: 'comment', id },
      action === 'approve'
        ? { status: 'dismissed', adminNotes: 'Comment approved on review', resolvedBy: viewer.userId, resolvedAt: at }
        : {
            status: 'resolved',
            actionsTaken: action === 'hide' ? 'comment hidden' : 'comment deleted',
            resolvedBy: viewer.userId,
            resolvedAt: at,
          },
    );
    await recordEvent(
      tx,
      commentModerated,
      {
        commentId: id,
        contestId: row.c.contestId,
        authorId: row.c.authorId,
        action,
        before: row.c.status,
        reportIds: closed.map((r) => r.id),
        reporterIds: [...new Set(closed.map((r) => r.reporterId))],
        actorId: viewer.userId,
      },
      { actorId: viewer.userId },
    );
  });
  return (await loadComment(ctx.db, id, viewer))!;
}

/**
 * For the report queue (modules/moderation): hides a comment or restores a hidden one in the
 * caller's transaction, under the comment's row lock, keeping the entry's count of visible comments.
 * Returns the statuses before and after and the author, or undefined when the comment is gone
 * (deleted by its author). Hiding a hidden comment or restoring a visible one changes nothing.
 */
export async function setCommentHidden(
  tx: Tx,
  id: string,
  hidden: boolean,
): Promise<{ before: CommentStatus; after: CommentStatus; authorId: string; contestId: string } | undefined> {
  const row = await repo.lockComment(tx, id);
  if (!row || row.c.status === 'deleted') return undefined;
  const before = row.c.status;
  const after: CommentStatus = hidden ? 'hidden' : before === 'hidden' ? 'active' : before;
  if (after !== before) {
    await repo.updateComment(tx, id, { status: after, updatedAt: now() });
    await adjustEntryCount(tx, row.c.entryId, before, after);
  }
  return { before, after, authorId: row.c.authorId, contestId: row.c.contestId };
}
