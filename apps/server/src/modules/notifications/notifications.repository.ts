/** Every statement on notifications. No rules here: the subscriber and notifications.service.ts decide. */
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationPriority, NotificationType, SubscriptionTier } from '@contesthub/shared';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Unread: unseen or seen. Written out (not bound values), so the planner matches the partial unread index. */
const isUnread = sql`${notifications.state} in ('unseen', 'seen')`;

/** A row written: whose and which (what the real-time stream is told), and whether it is new. */
export interface WrittenNotification {
  id: string;
  userId: string;
  /** A new row (false: a grouped row that took a later happening). */
  fresh: boolean;
}

/**
 * Adds the rows (one statement); a row whose (user, dedupe key) is there already is left as it is.
 * Answers the rows added.
 */
export async function insertOnce(db: DbOrTx, rows: NewNotification[]): Promise<WrittenNotification[]> {
  if (rows.length === 0) return [];
  const added = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id, userId: notifications.userId });
  return added.map((r) => ({ ...r, fresh: true }));
}

/**
 * Writes grouped rows (one statement): a new row is added; an existing one (same user and dedupe key)
 * takes the new count, text and time, and is unread again unless it was archived.
 */
export async function upsertGrouped(db: DbOrTx, rows: NewNotification[]): Promise<WrittenNotification[]> {
  if (rows.length === 0) return [];
  return (
    db
      .insert(notifications)
      .values(rows)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.dedupeKey],
        set: {
          count: sql`excluded.count`,
          groupEvent: sql`excluded.group_event`,
          title: sql`excluded.title`,
          message: sql`excluded.message`,
          metadata: sql`excluded.metadata`,
          updatedAt: sql`excluded.updated_at`,
          state: sql`case when ${notifications.state} = 'archived' then ${notifications.state} else 'unseen' end`,
          readAt: sql`case when ${notifications.state} = 'archived' then ${notifications.readAt} else null end`,
        },
      })
      // xmax is 0 on a row this statement inserted (an updated row carries this transaction's id).
      .returning({ id: notifications.id, userId: notifications.userId, fresh: sql<boolean>`(xmax = 0)` })
  );
}

export interface OpenGroupRow {
  userId: string;
  groupKey: string;
  dedupeKey: string;
  count: number;
  createdAt: Date;
  /** The last event counted ('<txid>:<id>'), null on rows written before it was kept. */
  groupEvent: string | null;
}

/** The rows of these groups started after `since`, newest first (a group's newest row is its open one). */
export async function groupRowsSince(db: DbOrTx, userIds: string[], groupKeys: string[], since: Date): Promise<OpenGroupRow[]> {
  if (userIds.length === 0 || groupKeys.length === 0) return [];
  const rows = await db
    .select({
      userId: notifications.userId,
      groupKey: notifications.groupKey,
      dedupeKey: notifications.dedupeKey,
      count: notifications.count,
      createdAt: notifications.createdAt,
      groupEvent: notifications.groupEvent,
    })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), inArray(notifications.groupKey, groupKeys), gt(notifications.createdAt, since)))
    .orderBy(desc(notifications.createdAt));
  return rows.map((r) => ({ ...r, groupKey: r.groupKey! }));
}

export interface ListFilter {
  type?: NotificationType | undefined;
  isRead?: boolean | undefined;
  priority?: NotificationPriority | undefined;
  isArchived?: boolean | undefined;
}

function listWhere(userId: string, f: ListFilter): SQL {
  const parts: SQL[] = [eq(notifications.userId, userId)];
  if (f.type) parts.push(eq(notifications.type, f.type));
  if (f.priority) parts.push(eq(notifications.priority, f.priority));
  // Archived rows only when asked for (the spec's client drops isArchived=false).
  parts.push(f.isArchived ? eq(notifications.state, 'archived') : sql`${notifications.state} <> 'archived'`);
  if (f.isRead !== undefined) {
    parts.push(f.isRead ? sql`${notifications.state} in ('read', 'archived')` : isUnread);
  }
  return and(...parts)!;
}

/** A page of a user's notifications, newest first, and how many match. */
export async function listOf(
  db: DbOrTx,
  userId: string,
  filter: ListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = listWhere(userId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function unreadCountOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isUnread));
  return row?.n ?? 0;
}

/** The user's notification, undefined when there is none of that id for them. */
export async function findOwn(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** Marks the user's notification read if it is unread; answers the row as it now is (undefined: not theirs). */
export async function markRead(db: DbOrTx, userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ state: 'read', readAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isUnread))
    .returning();
  return row ?? findOwn(db, userId, id);
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllRead(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ state: 'read', readAt: at })
    .where(and(eq(notifications.userId, userId), isUnread))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks every unseen notification of the user seen (the bell was opened); answers how many. */
export async function markAllSeen(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ state: 'seen' })
    .where(and(eq(notifications.userId, userId), eq(notifications.state, 'unseen')))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Archives the user's notification (read from then on); undefined when there is none of that id for them. */
export async function archiveOwn(db: DbOrTx, userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ state: 'archived', readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's notification; false when there is none of that id for them. */
export async function deleteOwn(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export interface AnnouncementBatch {
  dedupeKey: string;
  title: string;
  message: string;
  priority: NotificationPriority;
  actionUrl: string | null;
  /** null: every active account; otherwise the members of this tier. */
  tier: SubscriptionTier | null;
  at: Date;
  /** Users with an id above this one (keyset paging over the users; null: from the first). */
  afterUserId: string | null;
  size: number;
}

/**
 * One batch of an announcement, in one statement: the next `size` active users of the audience (by
 * id) each get the row; one already there (a retried announcement) is left as it is. Answers how many
 * users the batch covered, how many rows were added, and the last user id (the next batch's start).
 */
export async function insertAnnouncementBatch(
  db: DbOrTx,
  b: AnnouncementBatch,
): Promise<{ covered: number; inserted: number; lastUserId: string | null; added: WrittenNotification[] }> {
  const tier = b.tier === null ? sql`true` : sql`u.subscription_tier = ${b.tier}`;
  const after = b.afterUserId === null ? sql`true` : sql`u.id > ${b.afterUserId}::uuid`;
  const at = b.at.toISOString();
  const [row] = await queryRows<{
    covered: number | string;
    inserted: number | string;
    last: string | null;
    added: WrittenNotification[] | null;
  }>(
    db,
    sql`with batch as (
          select u.id from users u
          where u.status = 'active' and u.is_active and ${tier} and ${after}
          order by u.id
          limit ${b.size}
        ), added as (
          insert into notifications (user_id, type, title, message, priority, action_url, action_text, metadata, dedupe_key, created_at, updated_at)
          select batch.id, 'system_announcement', ${b.title}, ${b.message}, ${b.priority}, ${b.actionUrl}, null, '{}'::jsonb, ${b.dedupeKey}, ${at}::timestamptz, ${at}::timestamptz
          from batch
          on conflict (user_id, dedupe_key) do nothing
          returning id, user_id
        )
        select (select count(*) from batch) as covered,
               (select count(*) from added) as inserted,
               (select id::text from batch order by id desc limit 1) as last,
               (select json_agg(json_build_object('id', added.id, 'userId', added.user_id)) from added) as added`,
  );
  return {
    covered: Number(row?.covered ?? 0),
    inserted: Number(row?.inserted ?? 0),
    lastUserId: row?.last ?? null,
    added: row?.added ?? [],
  };
}

/** The rows of these ids (the stream renders what is there now; a deleted one is missing). */
export async function notificationsByIds(db: DbOrTx, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(notifications).where(inArray(notifications.id, ids));
}

/** Unread counts of several people at once (people without unread ones are missing: 0). */
export async function unreadCountsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isUnread))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}
