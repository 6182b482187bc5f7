/** Comment reads: one comment, the filtered list, a contest's comments, mine, and the flagged queue. */
import { pageOf, type Actor, type PageRequest } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { assertStaff, isStaff, isVisible, VISIBLE, visibleContest } from './comment-access.js';
import { toComment, type TComment } from './comments.dto.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import { commentPage, findCommentRow, type CommentFilter, type CommentSort, type CommentStatus } from './comments.repository.js';

export type PageQuery = PageRequest;

export interface CommentPage {
  comments: TComment[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** One comment as `viewer` reads it (staff see its moderation), or undefined. */
export async function loadComment(db: DbOrTx, id: string, viewer: Actor | undefined): Promise<TComment | undefined> {
  const staff = isStaff(viewer);
  const row = await findCommentRow(db, id, viewer?.userId, staff);
  return row ? toComment(row, viewer, staff) : undefined;
}

async function pageOfComments(
  db: DbOrTx,
  viewer: Actor | undefined,
  filter: CommentFilter,
  q: PageQuery,
  sort?: CommentSort,
  withModeration = isStaff(viewer),
): Promise<CommentPage> {
  const { rows, total } = await commentPage(db, filter, q, { viewerId: viewer?.userId, withModeration, ...(sort ? { sort } : {}) });
  return { comments: rows.map((r) => toComment(r, viewer, withModeration)), pagination: pageOf(q, total) };
}

export async function getComment(ctx: AppContext, viewer: Actor | undefined, id: string): Promise<TComment> {
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

/** The statuses a list shows: the asked one (hidden and deleted only for moderators), else the visible ones. */
function statusFilter(status: CommentStatus | undefined, mayModerate: boolean): CommentStatus[] {
  if (status && !isVisible(status) && !mayModerate) throw AppError.forbidden();
  return status ? [status] : VISIBLE;
}

export async function listComments(ctx: AppContext, viewer: Actor | undefined, q: CommentListQuery): Promise<CommentPage> {
  const filter: CommentFilter = {
    statuses: statusFilter(q.status, isStaff(viewer)),
    entryId: q.entry,
    contestId: q.contest,
    authorId: q.author,
    parentCommentId: q.parentComment,
    // Filtering by author must not unmask anonymous comments: others only see the named ones.
    namedOnly: !!q.author && q.author !== viewer?.userId && viewer?.role !== 'admin',
    // Comments on draft contests stay with their organizer (and staff).
    draftsOf: isStaff(viewer) ? undefined : { userId: viewer?.userId ?? null },
  };
  return pageOfComments(ctx.db, viewer, filter, q, { by: q.sortBy, dir: q.sortOrder });
}

/** A contest's comments: the public sees active and flagged ones; staff and the organizer may ask for others. */
export async function contestComments(
  ctx: AppContext,
  viewer: Actor | undefined,
  contestId: string,
  q: PageQuery & { status?: CommentStatus | undefined },
): Promise<CommentPage> {
  const contest = await visibleContest(ctx.db, contestId, viewer);
  const mayModerate = isStaff(viewer) || contest.organizerId === viewer?.userId;
  return pageOfComments(ctx.db, viewer, { contestId, statuses: statusFilter(q.status, mayModerate) }, q);
}

/** The caller's own comments, hidden ones included (so they know), deleted ones not. */
export async function myComments(ctx: AppContext, viewer: Actor, q: PageQuery): Promise<CommentPage> {
  return pageOfComments(ctx.db, viewer, { authorId: viewer.userId, notStatus: 'deleted' }, q);
}

/** Comments awaiting review, most-flagged first. */
export async function flaggedComments(
  ctx: AppContext,
  viewer: Actor,
  q: PageQuery & { contest?: string | undefined },
): Promise<CommentPage> {
  assertStaff(viewer);
  return pageOfComments(ctx.db, viewer, { statuses: ['flagged'], contestId: q.contest }, q, { by: 'flags', dir: 'desc' }, true);
}
