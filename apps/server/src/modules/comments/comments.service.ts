/**
 * Comments on contests and their entries (spec 000 §2 Comments tab, §5, §7): create with the
 * anonymous setting, edit, soft delete, like/unlike, flag (a report for the moderation area),
 * moderate, lists and analytics.
 *
 * Visibility: 'active' and 'flagged' comments are public (a flag only queues a comment for
 * review); 'hidden' (by a moderator or the organizer) and 'deleted' ones are not.
 * entries.commentsCount counts the visible comments on an entry, so every status change adjusts it
 * in the same transaction, under a lock on the comment row.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_REASONS,
  formatRelativeTime,
  type ReportReason,
  type TCreateComment,
  type UserRole,
  pageOf as paginationOf,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { commentLikes, comments, contests, entries, reports, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { createReport, REPORT_MESSAGES } from '../contests/file-report.js';
import { recordEvent } from '../../lib/events/index.js';
import { commentPosted } from './comments.events.js';

export interface Viewer {
  userId: string;
  role: UserRole;
}

type CommentStatus = (typeof comments.$inferSelect)['status'];
const VISIBLE: CommentStatus[] = ['active', 'flagged'];
const isVisible = (s: CommentStatus) => s === 'active' || s === 'flagged';
const isStaff = (v: Viewer | undefined) => v?.role === 'admin' || v?.role === 'moderator';

export const COMMENT_MESSAGES = {
  posted: 'Comment posted successfully',
  updated: 'Comment updated successfully',
  deleted: 'Comment deleted successfully',
  flagged: 'Comment flagged for review',
  liked: 'Comment liked!',
  unliked: 'Comment unliked!',
  notFound: 'Comment not found',
  contestNotFound: 'Contest not found',
  entryNotFound: 'Entry not found',
  cancelled: 'This contest has been cancelled',
  disabled: 'Comments are disabled for this contest',
  entryOtherContest: 'This entry does not belong to this contest',
  entryNotApproved: 'You can only comment on approved entries',
  parentNotFound: 'The comment you are replying to was not found',
  parentOtherContest: 'The comment you are replying to belongs to another contest',
  parentOtherEntry: 'A reply must be on the same entry as the comment it answers',
  editOwnOnly: 'You can only edit your own comments',
  hiddenNoEdit: 'This comment has been hidden by a moderator and can no longer be edited',
  moderated: { approve: 'Comment approved', hide: 'Comment hidden', delete: 'Comment deleted' },
} as const;

// ---------- DTO ----------

export interface TCommentAuthor {
  _id?: string;
  fullName: string;
  profilePicture?: string | null;
}

export interface TComment {
  _id: string;
  content: string;
  author: TCommentAuthor;
  settings: { isAnonymous: boolean };
  likes: number;
  likedByMe: boolean;
  stats: { likes: number };
  status: CommentStatus;
  parentComment: string | null;
  contestId: string;
  contest: { _id: string; title: string };
  entry: string | null;
  isMine: boolean;
  createdAt: string;
  timeAgo: string;
  editedAt: string | null;
  /** Moderators and admins only: how often it was flagged and the reasons still pending review. */
  moderation?: { flagsCount: number; pendingReasons: string[] };
}

const ANONYMOUS = 'Anonymous';

/** Columns every comment answer reads (one query with its author, contest title and my like). */
function commentColumns(viewer: Viewer | undefined, withModeration: boolean) {
  return {
    c: comments,
    authorName: users.fullName,
    authorPicture: users.profilePicture,
    contestTitle: contests.title,
    likedByMe: viewer
      ? sql<boolean>`exists(select 1 from ${commentLikes} cl where cl.comment_id = ${comments.id} and cl.user_id = ${viewer.userId})`
      : sql<boolean>`false`,
    pendingReasons: withModeration
      ? sql<string[]>`coalesce((select array_agg(distinct r.reason) from ${reports} r
          where r.target_type = 'comment' and r.target_id = ${comments.id} and r.status = 'pending'), '{}')`
      : sql<string[]>`'{}'::text[]`,
  };
}

type CommentRow = {
  c: typeof comments.$inferSelect;
  authorName: string;
  authorPicture: string | null;
  contestTitle: string;
  likedByMe: boolean;
  pendingReasons: string[];
};

function toComment(row: CommentRow, viewer: Viewer | undefined, withModeration = false): TComment {
  const { c } = row;
  const isMine = viewer?.userId === c.authorId;
  // An anonymous comment hides its author from everyone except admins (and the author).
  const revealAuthor = !c.isAnonymous || isMine || viewer?.role === 'admin';
  const at = now();
  return {
    _id: c.id,
    content: c.content,
    author: revealAuthor ? { _id: c.authorId, fullName: row.authorName, profilePicture: row.authorPicture } : { fullName: ANONYMOUS },
    settings: { isAnonymous: c.isAnonymous },
    likes: c.likesCount,
    likedByMe: !!row.likedByMe,
    stats: { likes: c.likesCount },
    status: c.status,
    parentComment: c.parentCommentId,
    contestId: c.contestId,
    contest: { _id: c.contestId, title: row.contestTitle },
    entry: c.entryId,
    isMine,
    createdAt: c.createdAt.toISOString(),
    timeAgo: formatRelativeTime(c.createdAt, at),
    editedAt: c.editedAt?.toISOString() ?? null,
    ...(withModeration ? { moderation: { flagsCount: c.flagsCount, pendingReasons: row.pendingReasons ?? [] } } : {}),
  };
}

function baseQuery(db: DbOrTx, viewer: Viewer | undefined, withModeration = false) {
  return db
    .select(commentColumns(viewer, withModeration))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(contests, eq(contests.id, comments.contestId));
}

async function loadComment(db: DbOrTx, id: string, viewer: Viewer | undefined): Promise<TComment | undefined> {
  const staff = isStaff(viewer);
  const [row] = await baseQuery(db, viewer, staff).where(eq(comments.id, id));
  return row ? toComment(row, viewer, staff) : undefined;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export interface CommentPage {
  comments: TComment[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

async function pageOf(
  db: DbOrTx,
  viewer: Viewer | undefined,
  where: SQL | undefined,
  q: PageQuery,
  order: SQL[] = [desc(comments.createdAt), desc(comments.id)],
  withModeration = isStaff(viewer),
): Promise<CommentPage> {
  const rows = await baseQuery(db, viewer, withModeration)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totalRow] = await db.select({ total: count() }).from(comments).where(where);
  const total = totalRow?.total ?? 0;
  return {
    comments: rows.map((r) => toComment(r, viewer, withModeration)),
    pagination: paginationOf(q, total),
  };
}

// ---------- look-ups ----------

async function findContest(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({ id: contests.id, organizerId: contests.organizerId, status: contests.status, settings: contests.settings })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The contest as the viewer may see it: drafts exist only for their organizer and staff. */
async function visibleContest(db: DbOrTx, contestId: string, viewer: Viewer | undefined) {
  const contest = await findContest(db, contestId);
  if (!contest || (contest.status === 'draft' && contest.organizerId !== viewer?.userId && !isStaff(viewer))) {
    throw AppError.notFound(COMMENT_MESSAGES.contestNotFound);
  }
  return contest;
}

/** The comment row under a lock, with its contest's organizer: status changes go through here. */
async function lockComment(tx: Tx, id: string) {
  const [row] = await tx
    .select({ c: comments, organizerId: contests.organizerId })
    .from(comments)
    .innerJoin(contests, eq(contests.id, comments.contestId))
    .where(eq(comments.id, id))
    .for('update', { of: comments });
  return row;
}

/** Keep entries.commentsCount equal to the entry's visible comments across a status change. */
async function adjustEntryCount(tx: Tx, entryId: string | null, before: CommentStatus | null, after: CommentStatus): Promise<void> {
  if (!entryId) return;
  const delta = (isVisible(after) ? 1 : 0) - (before && isVisible(before) ? 1 : 0);
  if (delta === 0) return;
  await tx
    .update(entries)
    .set({ commentsCount: sql`${entries.commentsCount} + ${delta}` })
    .where(eq(entries.id, entryId));
}

async function setStatus(tx: Tx, id: string, status: CommentStatus, at: Date) {
  await tx.update(comments).set({ status, updatedAt: at }).where(eq(comments.id, id));
}

// ---------- commands ----------

export async function createComment(ctx: AppContext, viewer: Viewer, input: TCreateComment): Promise<TComment> {
  const contest = await visibleContest(ctx.db, input.contestId, viewer);
  if (contest.status === 'cancelled') throw AppError.badRequest(COMMENT_MESSAGES.cancelled);
  if (contest.settings?.allowComments === false) throw AppError.forbidden(COMMENT_MESSAGES.disabled);

  let entryId = input.entryId ?? null;
  if (input.parentCommentId) {
    const [parent] = await ctx.db
      .select({ contestId: comments.contestId, entryId: comments.entryId, status: comments.status })
      .from(comments)
      .where(eq(comments.id, input.parentCommentId));
    if (!parent || !isVisible(parent.status)) throw AppError.notFound(COMMENT_MESSAGES.parentNotFound);
    if (parent.contestId !== contest.id) throw AppError.badRequest(COMMENT_MESSAGES.parentOtherContest);
    if (entryId && parent.entryId !== entryId) throw AppError.badRequest(COMMENT_MESSAGES.parentOtherEntry);
    entryId = parent.entryId;
  }
  if (entryId) {
    const [entry] = await ctx.db
      .select({ contestId: entries.contestId, status: entries.status })
      .from(entries)
      .where(eq(entries.id, entryId));
    if (!entry) throw AppError.notFound(COMMENT_MESSAGES.entryNotFound);
    if (entry.contestId !== contest.id) throw AppError.badRequest(COMMENT_MESSAGES.entryOtherContest);
    if (entry.status !== 'approved') throw AppError.badRequest(COMMENT_MESSAGES.entryNotApproved);
  }

  const at = now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        contestId: contest.id,
        entryId,
        parentCommentId: input.parentCommentId ?? null,
        authorId: viewer.userId,
        content: input.content,
        isAnonymous: input.settings.isAnonymous,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: comments.id });
    await adjustEntryCount(tx, entryId, null, 'active');
    await recordEvent(
      tx,
      commentPosted,
      {
        commentId: row!.id,
        contestId: contest.id,
        entryId,
        authorId: viewer.userId,
        parentCommentId: input.parentCommentId ?? null,
        isAnonymous: input.settings.isAnonymous,
      },
      { actorId: viewer.userId },
    );
    return row!.id;
  });
  return (await loadComment(ctx.db, id, viewer))!;
}

export async function updateComment(ctx: AppContext, viewer: Viewer, id: string, content: string): Promise<TComment> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockComment(tx, id);
    if (!row || row.c.status === 'deleted') throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (row.c.authorId !== viewer.userId) throw AppError.forbidden(COMMENT_MESSAGES.editOwnOnly);
    if (row.c.status === 'hidden') throw AppError.badRequest(COMMENT_MESSAGES.hiddenNoEdit);
    const at = now();
    await tx.update(comments).set({ content, editedAt: at, updatedAt: at }).where(eq(comments.id, id));
  });
  return (await loadComment(ctx.db, id, viewer))!;
}

/**
 * Soft delete by the author, the contest's organizer, a moderator or an admin.
 * `opts.contestId` serves DELETE /api/contests/:id/comments/:commentId (the comment must belong to it).
 */
export async function deleteComment(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  opts: { contestId?: string } = {},
): Promise<{ _id: string; status: 'deleted' }> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockComment(tx, id);
    if (!row || row.c.status === 'deleted' || (opts.contestId && row.c.contestId !== opts.contestId))
      throw AppError.notFound(COMMENT_MESSAGES.notFound);
    const allowed = row.c.authorId === viewer.userId || row.organizerId === viewer.userId || isStaff(viewer);
    if (!allowed) throw AppError.forbidden();
    await setStatus(tx, id, 'deleted', now());
    await adjustEntryCount(tx, row.c.entryId, row.c.status, 'deleted');
  });
  return { _id: id, status: 'deleted' };
}

export interface LikeResult {
  comment: TComment;
  likesCount: number;
  action: 'liked' | 'unliked';
}

/** Like or unlike; both are idempotent (a repeat changes nothing and answers the same action). */
export async function setLike(ctx: AppContext, viewer: Viewer, id: string, like: boolean): Promise<LikeResult> {
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ status: comments.status }).from(comments).where(eq(comments.id, id));
    if (!target || !isVisible(target.status)) throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (like) {
      const inserted = await tx
        .insert(commentLikes)
        .values({ commentId: id, userId: viewer.userId, createdAt: now() })
        .onConflictDoNothing()
        .returning({ id: commentLikes.commentId });
      if (inserted.length > 0) {
        await tx
          .update(comments)
          .set({ likesCount: sql`${comments.likesCount} + 1` })
          .where(eq(comments.id, id));
      }
    } else {
      const removed = await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.commentId, id), eq(commentLikes.userId, viewer.userId)))
        .returning({ id: commentLikes.commentId });
      if (removed.length > 0) {
        await tx
          .update(comments)
          .set({ likesCount: sql`${comments.likesCount} - 1` })
          .where(eq(comments.id, id));
      }
    }
  });
  const comment = (await loadComment(ctx.db, id, viewer))!;
  return { comment, likesCount: comment.likes, action: like ? 'liked' : 'unliked' };
}

/**
 * Flag a comment: files a report (one per reporter, like every report) and queues the comment
 * for review. A hidden comment stays hidden; the flag count still rises.
 */
export async function flagComment(ctx: AppContext, viewer: Viewer, id: string, reason: string): Promise<TComment> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockComment(tx, id);
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
    await tx
      .update(comments)
      .set({ status: row.c.status === 'active' ? 'flagged' : row.c.status, flagsCount: sql`${comments.flagsCount} + 1`, updatedAt: now() })
      .where(eq(comments.id, id));
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
export async function moderateComment(ctx: AppContext, viewer: Viewer, id: string, action: ModerationAction): Promise<TComment> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockComment(tx, id);
    if (!row || row.c.status === 'deleted') throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (!isStaff(viewer) && row.organizerId !== viewer.userId) throw AppError.forbidden();
    const at = now();
    const status = ACTION_STATUS[action];
    await setStatus(tx, id, status, at);
    await adjustEntryCount(tx, row.c.entryId, row.c.status, status);
    await tx
      .update(reports)
      .set(
        action === 'approve'
          ? { status: 'dismissed', adminNotes: 'Comment approved on review', resolvedBy: viewer.userId, resolvedAt: at }
          : {
              status: 'resolved',
              actionsTaken: action === 'hide' ? 'comment hidden' : 'comment deleted',
              resolvedBy: viewer.userId,
              resolvedAt: at,
            },
      )
      .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, id), inArray(reports.status, ['pending', 'under_review'])));
  });
  return (await loadComment(ctx.db, id, viewer))!;
}

// ---------- reads ----------

export async function getComment(ctx: AppContext, viewer: Viewer | undefined, id: string): Promise<TComment> {
  const comment = await loadComment(ctx.db, id, viewer);
  // Hidden comments remain readable by their author and staff; deleted ones only by staff.
  const readable = comment && (isVisible(comment.status) || isStaff(viewer) || (comment.status === 'hidden' && comment.isMine === true));
  if (!readable) throw AppError.notFound(COMMENT_MESSAGES.notFound);
  return comment;
}

export interface CommentListQuery extends PageQuery {
  entry?: string | undefined;
  contest?: string | undefined;
  author?: string | undefined;
  parentComment?: string | undefined;
  status?: CommentStatus | undefined;
  sortBy: 'createdAt' | 'likes';
  sortOrder: 'asc' | 'desc';
}

function statusFilter(status: CommentStatus | undefined, mayModerate: boolean): SQL {
  if (status && !isVisible(status) && !mayModerate) throw AppError.forbidden();
  return status ? eq(comments.status, status) : inArray(comments.status, VISIBLE);
}

export async function listComments(ctx: AppContext, viewer: Viewer | undefined, q: CommentListQuery): Promise<CommentPage> {
  const where = and(
    statusFilter(q.status, isStaff(viewer)),
    q.entry ? eq(comments.entryId, q.entry) : undefined,
    q.contest ? eq(comments.contestId, q.contest) : undefined,
    q.author ? eq(comments.authorId, q.author) : undefined,
    q.parentComment ? eq(comments.parentCommentId, q.parentComment) : undefined,
    // Filtering by author must not unmask anonymous comments: others only see the named ones.
    q.author && q.author !== viewer?.userId && viewer?.role !== 'admin' ? eq(comments.isAnonymous, false) : undefined,
    // Comments on draft contests stay with their organizer (and staff).
    isStaff(viewer) ? undefined : sql`(${contests.status} <> 'draft' or ${contests.organizerId} = ${viewer?.userId ?? null})`,
  );
  const dir = q.sortOrder === 'asc' ? asc : desc;
  const order = q.sortBy === 'likes' ? [dir(comments.likesCount), desc(comments.createdAt)] : [dir(comments.createdAt), dir(comments.id)];
  return pageWithContest(ctx.db, viewer, where, q, order);
}

/** pageOf, but the total counts through the contest join (the where clause may read the contest). */
async function pageWithContest(db: DbOrTx, viewer: Viewer | undefined, where: SQL | undefined, q: PageQuery, order: SQL[]) {
  const withModeration = isStaff(viewer);
  const rows = await baseQuery(db, viewer, withModeration)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [totalRow] = await db
    .select({ total: count() })
    .from(comments)
    .innerJoin(contests, eq(contests.id, comments.contestId))
    .where(where);
  const total = totalRow?.total ?? 0;
  return {
    comments: rows.map((r) => toComment(r, viewer, withModeration)),
    pagination: paginationOf(q, total),
  };
}

/** A contest's comments: the public sees active and flagged ones; staff and the organizer may ask for others. */
export async function contestComments(
  ctx: AppContext,
  viewer: Viewer | undefined,
  contestId: string,
  q: PageQuery & { status?: CommentStatus | undefined },
): Promise<CommentPage> {
  const contest = await visibleContest(ctx.db, contestId, viewer);
  const mayModerate = isStaff(viewer) || contest.organizerId === viewer?.userId;
  return pageOf(ctx.db, viewer, and(eq(comments.contestId, contestId), statusFilter(q.status, mayModerate)), q);
}

/** The caller's own comments, hidden ones included (so they know), deleted ones not. */
export async function myComments(ctx: AppContext, viewer: Viewer, q: PageQuery): Promise<CommentPage> {
  return pageOf(ctx.db, viewer, and(eq(comments.authorId, viewer.userId), sql`${comments.status} <> 'deleted'`), q);
}

export function assertStaff(viewer: Viewer): void {
  if (!isStaff(viewer)) throw AppError.forbidden();
}

/** Comments awaiting review, most-flagged first. */
export async function flaggedComments(
  ctx: AppContext,
  viewer: Viewer,
  q: PageQuery & { contest?: string | undefined },
): Promise<CommentPage> {
  assertStaff(viewer);
  const where = and(eq(comments.status, 'flagged'), q.contest ? eq(comments.contestId, q.contest) : undefined);
  return pageOf(ctx.db, viewer, where, q, [desc(comments.flagsCount), desc(comments.createdAt)], true);
}

export interface CommentAnalytics {
  total: number;
  byStatus: Record<CommentStatus, number>;
  anonymous: number;
  last7Days: number;
  topContests: Array<{ contestId: string; title: string; comments: number }>;
}

export async function commentAnalytics(ctx: AppContext, viewer: Viewer): Promise<CommentAnalytics> {
  assertStaff(viewer);
  const weekAgo = new Date(now().getTime() - 7 * 24 * 3600_000);
  const [statusRows, [extra], top] = await Promise.all([
    ctx.db.select({ status: comments.status, n: count() }).from(comments).groupBy(comments.status),
    ctx.db
      .select({
        anonymous: sql<number>`count(*) filter (where ${comments.isAnonymous} and ${comments.status} <> 'deleted')`.mapWith(Number),
        recent: sql<number>`count(*) filter (where ${comments.createdAt} >= ${weekAgo.toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(comments),
    ctx.db
      .select({ contestId: comments.contestId, title: contests.title, comments: count() })
      .from(comments)
      .innerJoin(contests, eq(contests.id, comments.contestId))
      .where(inArray(comments.status, VISIBLE))
      .groupBy(comments.contestId, contests.title)
      .orderBy(desc(count()), asc(contests.title))
      .limit(5),
  ]);
  const byStatus: Record<CommentStatus, number> = { active: 0, flagged: 0, hidden: 0, deleted: 0 };
  for (const r of statusRows) byStatus[r.status] = r.n;
  return {
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    anonymous: extra?.anonymous ?? 0,
    last7Days: extra?.recent ?? 0,
    topContests: top,
  };
}
