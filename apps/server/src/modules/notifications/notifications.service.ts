/**
 * A person's notifications (list, unread count, read, read all, delete: spec 001 §7) and the admins'
 * announcements. Every operation is scoped to the caller: another person's notification is "not found".
 */
import { randomUUID } from 'node:crypto';
import {
  pageOf,
  pageOffset,
  type TAnnouncementBody,
  type TAnnouncementResult,
  type TNotification,
  type TNotificationList,
  type TNotificationListQuery,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import type { StaffActor } from '../../lib/http.js';
import { AppError } from '../../lib/errors.js';
import { appendToStream } from '../../lib/realtime/index.js';
import { appendAudit } from '../audit/audit.js';
import { toNotification } from './notifications.dto.js';
import * as repo from './notifications.repository.js';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  read: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  allSeen: 'All notifications marked as seen',
  archived: 'Notification archived',
  deleted: 'Notification deleted',
  announced: 'Announcement sent',
} as const;

/** `realtime`: a change of the unread count is told to the person's open streams (after it committed). */
type Ctx = Pick<AppContext, 'db' | 'realtime'>;

/** Tells the person's streams their unread count may have changed (the statement committed already). */
function countsChanged<T>(ctx: Ctx, userId: string, result: T): T {
  ctx.realtime.countsChanged(userId);
  return result;
}

export async function listNotifications(ctx: Ctx, userId: string, q: TNotificationListQuery): Promise<TNotificationList> {
  const { rows, total } = await repo.listOf(ctx.db, userId, q, { limit: q.limit, offset: pageOffset(q) });
  const pagination = pageOf(q, total);
  return {
    notifications: rows.map(toNotification),
    pagination: { ...pagination, current: pagination.page, pages: pagination.totalPages },
  };
}

export async function unreadCount(ctx: Ctx, userId: string): Promise<{ unreadCount: number }> {
  return { unreadCount: await repo.unreadCountOf(ctx.db, userId) };
}

/** The caller's notification on the wire; none (not theirs, or no such id) is "not found". */
function own(row: repo.NotificationRow | undefined): TNotification {
  if (!row) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  return toNotification(row);
}

/** Marks one of the caller's notifications read (already read: answered as it is). */
export async function readNotification(ctx: Ctx, userId: string, id: string): Promise<TNotification> {
  return countsChanged(ctx, userId, own(await repo.markRead(ctx.db, userId, id, now())));
}

export async function readAll(ctx: Ctx, userId: string): Promise<{ markedCount: number }> {
  return countsChanged(ctx, userId, { markedCount: await repo.markAllRead(ctx.db, userId, now()) });
}

/** The bell was opened: every unseen notification becomes seen (still unread). */
export async function seeAll(ctx: Ctx, userId: string): Promise<{ markedCount: number }> {
  return { markedCount: await repo.markAllSeen(ctx.db, userId) };
}

/** Puts one of the caller's notifications away: out of the default list, read. */
export async function archiveNotification(ctx: Ctx, userId: string, id: string): Promise<TNotification> {
  return countsChanged(ctx, userId, own(await repo.archiveOwn(ctx.db, userId, id, now())));
}

export async function deleteNotification(ctx: Ctx, userId: string, id: string): Promise<{ _id: string }> {
  if (!(await repo.deleteOwn(ctx.db, userId, id))) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  return countsChanged(ctx, userId, { _id: id });
}

/** Users per statement of an announcement: each batch is one insert of this many rows at most. */
export const ANNOUNCEMENT_BATCH_SIZE = 1000;

/**
 * A system_announcement to everyone (active accounts) or to one tier's members (audit-logged), written in batches
 * of users (one insert each, keyset by user id, in a short transaction with the batch's stream
 * items), so a large audience never holds one long transaction. Each row carries the announcement's key: a batch that runs twice adds nothing twice.
 */
export async function announce(
  ctx: Ctx,
  actor: StaffActor | null,
  body: TAnnouncementBody,
  opts: { batchSize?: number } = {},
): Promise<TAnnouncementResult> {
  const announcementId = randomUUID();
  const at = now();
  const size = opts.batchSize ?? ANNOUNCEMENT_BATCH_SIZE;
  let afterUserId: string | null = null;
  let recipients = 0;
  for (;;) {
    // Each batch with its stream items in one transaction; its people's streams are told after the commit.
    const { batch, wakeups } = await ctx.db.transaction(async (tx) => {
      const written = await repo.insertAnnouncementBatch(tx, {
        dedupeKey: `system_announcement:${announcementId}`,
        title: body.title,
        message: body.message,
        priority: body.priority,
        actionUrl: null,
        tier: body.audience === 'everyone' ? null : body.audience,
        at,
        afterUserId,
        size,
      });
      const items = written.added.map((a) => ({ userId: a.userId, kind: 'notification' as const, refId: a.id }));
      // The staff action is recorded with its first batch: the two commit together.
      if (afterUserId === null) {
        await appendAudit(
          tx,
          actor,
          {
            action: 'announcement.send',
            targetType: 'announcement',
            targetId: announcementId,
            after: { title: body.title, audience: body.audience, priority: body.priority },
          },
          at,
        );
      }
      return { batch: written, wakeups: await appendToStream(tx, items) };
    });
    ctx.realtime.published(wakeups);
    recipients += batch.inserted;
    if (batch.covered < size || batch.lastUserId === null) break;
    afterUserId = batch.lastUserId;
  }
  return { announcementId, audience: body.audience, recipients };
}
