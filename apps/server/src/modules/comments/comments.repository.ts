/**
 * Every statement on comments and comment likes, and the commentsCount they keep on entries. No
 * rules here: who may see, post, edit or moderate what is decided in the operation files.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '@contesthub/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { commentLikes, comments, contests, entries, reports, users } from '../../db/schema/index.js';

export type CommentDbRow = typeof comments.$inferSelect;
export type CommentStatus = CommentDbRow['status'];

/** A comment with what every answer shows: its author, its contest's title, my like, pending report reasons. */
export interface CommentRow {
  c: CommentDbRow;
  authorName: string;
  authorPicture: string | null;
  contestTitle: string;
  likedByMe: boolean;
  pendingReasons: string[];
}

/** Columns every comment answer reads (one query with its author, contest title and my like). */
function commentColumns(viewerId: string | undefined, withModeration: boolean) {
  return {
    c: comments,
    authorName: users.fullName,
    authorPicture: users.profilePicture,
    contestTitle: contests.title,
    likedByMe: viewerId
      ? sql<boolean>`exists(select 1 from ${commentLikes} cl where cl.comment_id = ${comments.id} and cl.user_id = ${viewerId})`
      : sql<boolean>`false`,
    pendingReasons: withModeration
      ? sql<string[]>`coalesce((select array_agg(distinct r.reason) from ${reports} r
          where r.target_type = 'comment' and r.target_id = ${comments.id} and r.status = 'pending'), '{}')`
      : sql<string[]>`'{}'::text[]`,
  };
}

function baseQuery(db: DbOrTx, viewerId: string | undefined, withModeration: boolean) {
  return db
    .select(commentColumns(viewerId, withModeration))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(contests, eq(contests.id, comments.contestId));
}

/** One comment as the answers read it (with the pending report reasons when `withModeration`). */
export async function findCommentRow(
  db: DbOrTx,
  id: string,
  viewerId: string | undefined,
  withModeration: boolean,
): Promise<CommentRow | undefined> {
  const [row] = await baseQuery(db, viewerId, withModeration).where(eq(comments.id, id));
  return row;
}

/** Which comments: every field narrows (absent = any). */
export interface CommentFilter {
  statuses?: CommentStatus[] | undefined;
  notStatus?: CommentStatus | undefined;
  entryId?: string | undefined;
  contestId?: string | undefined;
  authorId?: string | undefined;
  parentCommentId?: string | undefined;
  /** Only comments not posted anonymously. */
  namedOnly?: boolean | undefined;
  /** Comments on draft contests only for this user as their organizer (null: no draft at all). */
  draftsOf?: { userId: string | null } | undefined;
}

function whereOf(f: CommentFilter): SQL | undefined {
  return and(
    f.statuses ? (f.statuses.length === 1 ? eq(comments.status, f.statuses[0]!) : inArray(comments.status, f.statuses)) : undefined,
    f.notStatus ? sql`${comments.status} <> ${f.notStatus}` : undefined,
    f.entryId ? eq(comments.entryId, f.entryId) : undefined,
    f.contestId ? eq(comments.contestId, f.contestId) : undefined,
    f.authorId ? eq(comments.authorId, f.authorId) : undefined,
    f.parentCommentId ? eq(comments.parentCommentId, f.parentCommentId) : undefined,
    f.namedOnly ? eq(comments.isAnonymous, false) : undefined,
    f.draftsOf ? sql`(${contests.status} <> 'draft' or ${contests.organizerId} = ${f.draftsOf.userId})` : undefined,
  );
}

export interface CommentSort {
  by: 'createdAt' | 'likes' | 'flags';
  dir: 'asc' | 'desc';
}

function orderOf(s: CommentSort): SQL[] {
  const dir = s.dir === 'asc' ? asc : desc;
  switch (s.by) {
    case 'likes':
      return [dir(comments.likesCount), desc(comments.createdAt)];
    case 'flags':
      return [dir(comments.flagsCount), desc(comments.createdAt)];
    case 'createdAt':
      return [dir(comments.createdAt), dir(comments.id)];
  }
}

/** One page of the comments matching `filter`, and how many match. */
export async function commentPage(
  db: DbOrTx,
  filter: CommentFilter,
  q: PageRequest,
  opts: { viewerId: string | undefined; withModeration: boolean; sort?: CommentSort },
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await baseQuery(db, opts.viewerId, opts.withModeration)
    .where(where)
    .orderBy(...orderOf(opts.sort ?? { by: 'createdAt', dir: 'desc' }))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // The total counts through the contest join when the filter reads the contest.
  const [totalRow] = filter.draftsOf
    ? await db.select({ total: count() }).from(comments).innerJoin(contests, eq(contests.id, comments.contestId)).where(where)
    : await db.select({ total: count() }).from(comments).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

// ---------- look-ups ----------

/** The contest commented on: its organizer, status and settings. */
export async function commentedContest(db: DbOrTx, contestId: string) {
  const [row] = await db
    .select({ id: contests.id, organizerId: contests.organizerId, status: contests.status, settings: contests.settings })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row;
}

/** The comment a reply answers. */
export async function parentComment(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ contestId: comments.contestId, entryId: comments.entryId, status: comments.status })
    .from(comments)
    .where(eq(comments.id, id));
  return row;
}

/** The entry commented on. */
export async function commentedEntry(db: DbOrTx, entryId: string) {
  const [row] = await db.select({ contestId: entries.contestId, status: entries.status }).from(entries).where(eq(entries.id, entryId));
  return row;
}

export async function commentStatus(db: DbOrTx, id: string): Promise<CommentStatus | undefined> {
  const [row] = await db.select({ status: comments.status }).from(comments).where(eq(comments.id, id));
  return row?.status;
}

// ---------- writes ----------

/** The comment row under a lock, with its contest's organizer: status changes go through here. */
export async function lockComment(tx: Tx, id: string) {
  const [row] = await tx
    .select({ c: comments, organizerId: contests.organizerId })
    .from(comments)
    .innerJoin(contests, eq(contests.id, comments.contestId))
    .where(eq(comments.id, id))
    .for('update', { of: comments });
  return row;
}

export async function insertComment(tx: Tx, values: typeof comments.$inferInsert): Promise<string> {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function updateComment(
  tx: Tx,
  id: string,
  set: Partial<Pick<CommentDbRow, 'content' | 'editedAt' | 'status' | 'updatedAt'>>,
): Promise<void> {
  await tx.update(comments).set(set).where(eq(comments.id, id));
}

/** A flag: the status it takes (a flagged one stays where it is otherwise) and one more flag counted. */
export async function addFlag(tx: Tx, id: string, status: CommentStatus, at: Date): Promise<void> {
  await tx
    .update(comments)
    .set({ status, flagsCount: sql`${comments.flagsCount} + 1`, updatedAt: at })
    .where(eq(comments.id, id));
}

/** Moves the entry's commentsCount by `delta`. */
export async function moveEntryCommentsCount(tx: Tx, entryId: string, delta: number): Promise<void> {
  await tx
    .update(entries)
    .set({ commentsCount: sql`${entries.commentsCount} + ${delta}` })
    .where(eq(entries.id, entryId));
}

// ---------- likes ----------

/** Adds the like; false when the user already liked the comment. */
export async function insertLike(tx: Tx, commentId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(commentLikes)
    .values({ commentId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: commentLikes.commentId });
  return inserted.length > 0;
}

/** Removes the like; false when there was none. */
export async function deleteLike(tx: Tx, commentId: string, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning({ id: commentLikes.commentId });
  return removed.length > 0;
}

export async function moveLikesCount(tx: Tx, commentId: string, delta: 1 | -1): Promise<void> {
  await tx
    .update(comments)
    .set({ likesCount: sql`${comments.likesCount} + ${delta}` })
    .where(eq(comments.id, commentId));
}

// ---------- analytics ----------

export async function countsByStatus(db: DbOrTx) {
  return db.select({ status: comments.status, n: count() }).from(comments).groupBy(comments.status);
}

/** Anonymous comments (not deleted), and comments since `since`. */
export async function anonymousAndRecent(db: DbOrTx, since: Date) {
  const [row] = await db
    .select({
      anonymous: sql<number>`count(*) filter (where ${comments.isAnonymous} and ${comments.status} <> 'deleted')`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${comments.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(comments);
  return row;
}

/** The contests with the most comments in `statuses`, most first (then by title). */
export async function mostCommentedContests(db: DbOrTx, statuses: CommentStatus[], limit: number) {
  return db
    .select({ contestId: comments.contestId, title: contests.title, comments: count() })
    .from(comments)
    .innerJoin(contests, eq(contests.id, comments.contestId))
    .where(inArray(comments.status, statuses))
    .groupBy(comments.contestId, contests.title)
    .orderBy(desc(count()), asc(contests.title))
    .limit(limit);
}

/** The author of comments by id (notifications: who to tell about a reply). */
export async function commentAuthors(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: comments.id, authorId: comments.authorId }).from(comments).where(inArray(comments.id, ids));
  return new Map(rows.map((r) => [r.id, r.authorId]));
}
