/**
 * Every statement of the delivery channels: notification settings, push subscriptions, the push
 * outbox and the digest's reads. No rules here: preferences.service.ts, delivery.subscriber.ts,
 * push-delivery.ts and digest.ts decide.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { StoredMatrix, TPreferences } from '@contesthub/shared';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { notificationSettings, notifications, pushOutbox, pushSubscriptions, users } from '../../db/schema/index.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NewPushMessage = typeof pushOutbox.$inferInsert;

export async function settingsOf(db: DbOrTx, userId: string): Promise<{ matrix: StoredMatrix; digest: boolean } | undefined> {
  const [row] = await db
    .select({ matrix: notificationSettings.matrix, digest: notificationSettings.digest })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

/** Writes the person's stored matrix and digest choice (a row is created on the first change). */
export async function saveSettings(db: DbOrTx, userId: string, set: { matrix: StoredMatrix; digest: boolean }, at: Date): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...set, updatedAt: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...set, updatedAt: at } });
}

/** Leaves the digest (the one-click unsubscribe); answers whether it was on. */
export async function turnDigestOff(db: DbOrTx, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notificationSettings)
    .set({ digest: false, updatedAt: at })
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.digest, true)))
    .returning({ userId: notificationSettings.userId });
  return rows.length > 0;
}

/** What the delivery subscriber needs of each notification: the row, its person, their settings. */
export interface DeliveryRow {
  id: string;
  userId: string;
  type: (typeof notifications.$inferSelect)['type'];
  title: string;
  message: string;
  priority: (typeof notifications.$inferSelect)['priority'];
  actionUrl: string | null;
  actionText: string | null;
  email: string;
  fullName: string;
  preferences: TPreferences;
  matrix: StoredMatrix | null;
}

/** The notifications of these ids whose person is an active account, with what delivery needs. */
export async function rowsForDelivery(db: DbOrTx, ids: string[]): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      priority: notifications.priority,
      actionUrl: notifications.actionUrl,
      actionText: notifications.actionText,
      email: users.email,
      fullName: users.fullName,
      preferences: users.preferences,
      matrix: notificationSettings.matrix,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(and(inArray(notifications.id, ids), eq(users.status, 'active'), eq(users.isActive, true)))
    .orderBy(asc(notifications.createdAt));
}

// ---------- push subscriptions ----------

/** Stores a browser's subscription for the person; the same endpoint again (renewed keys, another account) takes the new values. */
export async function upsertPushSubscription(
  db: DbOrTx,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
  at: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...s, createdAt: at })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, userAgent: s.userAgent, createdAt: at },
    });
}

/** Keeps the person's newest `keep` push subscriptions and removes the rest (with their waiting pushes). */
export async function keepNewestPushSubscriptions(db: DbOrTx, userId: string, keep: number): Promise<void> {
  await db.execute(
    sql`delete from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId} and ${pushSubscriptions.id} not in (
          select id from ${pushSubscriptions} where user_id = ${userId} order by created_at desc, id desc limit ${keep})`,
  );
}

/** Removes the person's subscription of this endpoint; false when they have none. */
export async function deletePushSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes a subscription the push service no longer knows (404 or 410); its waiting messages go with it. */
export async function dropPushSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function pushDeviceCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function pushSubscriptionsOf(db: DbOrTx, userIds: string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

export async function markPushSuccess(db: DbOrTx, subscriptionId: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, subscriptionId));
}

// ---------- push outbox ----------

export async function enqueuePushes(db: DbOrTx, rows: NewPushMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(pushOutbox).values(rows);
}

export interface ClaimedPush {
  id: string;
  payload: Record<string, string>;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  attempts: number;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `limit` due messages (oldest first) for `leaseSeconds`: another run (another
 * instance, a wake-up) skips them meanwhile, and a run that dies leaves them due again afterwards.
 */
export async function claimDuePushes(db: DbOrTx, at: Date, limit: number, leaseSeconds: number): Promise<ClaimedPush[]> {
  const iso = at.toISOString();
  const rows = await queryRows<{
    id: string;
    payload: Record<string, string>;
    ttl_seconds: number;
    urgency: ClaimedPush['urgency'];
    attempts: number;
    subscription_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
  }>(
    db,
    sql`with due as (
          select id from ${pushOutbox} where due_at <= ${iso}::timestamptz
          order by due_at limit ${limit} for update skip locked
        ), claimed as (
          update ${pushOutbox} o set due_at = ${iso}::timestamptz + make_interval(secs => ${leaseSeconds}), attempts = o.attempts + 1
          from due where o.id = due.id
          returning o.id, o.payload, o.ttl_seconds, o.urgency, o.attempts, o.subscription_id
        )
        select c.*, s.endpoint, s.p256dh, s.auth from claimed c join ${pushSubscriptions} s on s.id = c.subscription_id`,
  );
  return rows.map((r) => ({
    id: r.id,
    payload: r.payload,
    ttlSeconds: Number(r.ttl_seconds),
    urgency: r.urgency,
    attempts: Number(r.attempts),
    subscriptionId: r.subscription_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
  }));
}

export async function deletePush(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushOutbox).where(eq(pushOutbox.id, id));
}

export async function retryPushLater(db: DbOrTx, id: string, dueAt: Date, error: string): Promise<void> {
  await db.update(pushOutbox).set({ dueAt, error }).where(eq(pushOutbox.id, id));
}

// ---------- the daily digest ----------

export interface DigestCandidate {
  userId: string;
  email: string;
  fullName: string;
}

/**
 * People with the digest on, an active account, away since `awaySince` (last activity before it, or
 * none since they registered before it) and no digest since then, who have unread notifications
 * newer than both their last visit and their last digest. At most `limit`, by user id after `afterUserId`.
 */
export async function digestCandidates(db: DbOrTx, awaySince: Date, afterUserId: string | null, limit: number): Promise<DigestCandidate[]> {
  const since = awaySince.toISOString();
  const after = afterUserId === null ? sql`true` : sql`u.id > ${afterUserId}::uuid`;
  const rows = await queryRows<{ id: string; email: string; full_name: string }>(
    db,
    sql`select u.id, u.email, u.full_name
        from ${notificationSettings} s join ${users} u on u.id = s.user_id
        where s.digest and u.status = 'active' and u.is_active and ${after}
          and coalesce(u.last_active_at, u.created_at) < ${since}::timestamptz
          and (s.digest_sent_at is null or s.digest_sent_at < ${since}::timestamptz)
          and exists (
            select 1 from ${notifications} n
            where n.user_id = u.id and n.state in ('unseen', 'seen')
              and n.created_at > greatest(coalesce(u.last_active_at, u.created_at), coalesce(s.digest_sent_at, '-infinity'::timestamptz))
          )
        order by u.id
        limit ${limit}`,
  );
  return rows.map((r) => ({ userId: r.id, email: r.email, fullName: r.full_name }));
}

/** The person's unread notifications for the digest, newest first (at most `limit`), and how many in all. */
export async function unreadForDigest(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<{ rows: Array<{ title: string; message: string; actionUrl: string | null }>; total: number }> {
  const unread = and(eq(notifications.userId, userId), sql`${notifications.state} in ('unseen', 'seen')`);
  // One after the other: the digest reads inside its transaction, whose connection runs one query at a time.
  const rows = await db
    .select({ title: notifications.title, message: notifications.message, actionUrl: notifications.actionUrl })
    .from(notifications)
    .where(unread)
    .orderBy(desc(notifications.updatedAt))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(notifications).where(unread);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Marks the digest sent, only if no other run did since `awaySince` (true: this run mails it). The
 * row lock makes two runs at once mail once.
 */
export async function claimDigest(db: DbOrTx, userId: string, awaySince: Date, at: Date): Promise<boolean> {
  const rows = await db
    .update(notificationSettings)
    .set({ digestSentAt: at })
    .where(
      and(
        eq(notificationSettings.userId, userId),
        eq(notificationSettings.digest, true),
        sql`(${notificationSettings.digestSentAt} is null or ${notificationSettings.digestSentAt} < ${awaySince.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ userId: notificationSettings.userId });
  return rows.length > 0;
}
