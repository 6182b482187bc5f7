/**
 * Notifications (spec 001 §3 Notification, §7 Notifications): the types, priorities and states, the
 * list's query, the wire shape, and the admins' announcement. The server validates with these and
 * the web reads its answers with the same schemas.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { NOTIFICATION_TYPES, SUBSCRIPTION_TIERS } from '../enums.js';
import { pageQuery, ZPagination } from './pagination.js';

export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** unseen → seen (the bell was opened) → read → archived; "unread" is unseen or seen. */
export const NOTIFICATION_STATES = ['unseen', 'seen', 'read', 'archived'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

const booleanFilter = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

/** GET /api/notifications: page, limit (20), and the filters (an absent isArchived lists what is not archived). */
export const ZNotificationListQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.notifications, maxLimit: 100 }),
  type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }).optional(),
  isRead: booleanFilter('isRead'),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: 'Priority must be low, medium or high' }).optional(),
  isArchived: booleanFilter('isArchived'),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;
export type TNotificationListQueryInput = z.input<typeof ZNotificationListQuery>;

export const ZNotificationIdParams = z.object({ id: z.uuid({ error: 'Invalid notification ID' }) });

export const ZNotification = z.object({
  _id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  state: z.enum(NOTIFICATION_STATES),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  isArchived: z.boolean(),
  /** A path of the web app (the shared path catalogue), or null. */
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  /** Chips under the message: label → value. */
  metadata: z.record(z.string(), z.string()),
  /** How many happenings the notification stands for (a grouped one: votes within the hour). */
  count: z.number().int(),
  createdAt: z.string(),
  /** When its content last changed (a grouped notification grew): the list's order. */
  updatedAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** The spec's pagination (current, pages, total) beside the house's (page, limit, total, totalPages). */
export const ZNotificationPagination = ZPagination.extend({ current: z.number().int(), pages: z.number().int() });

export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  pagination: ZNotificationPagination,
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationUnreadCount = z.object({ unreadCount: z.number().int() });
export type TNotificationUnreadCount = z.infer<typeof ZNotificationUnreadCount>;

export const ZNotificationsMarkedRead = z.object({ markedCount: z.number().int() });
export type TNotificationsMarkedRead = z.infer<typeof ZNotificationsMarkedRead>;

export const ZNotificationDeleted = z.object({ _id: z.uuid() });

/** Who an announcement reaches: everyone, or the members of one tier. */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', ...SUBSCRIPTION_TIERS] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST /api/admin-tools/announcements (admins only): a system_announcement to an audience. */
export const ZAnnouncementBody = z.object({
  title: requiredText('Title is required').max(120, 'Title cannot exceed 120 characters'),
  message: requiredText('Message is required').max(2000, 'Message cannot exceed 2000 characters'),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Audience must be everyone, free, basic_premium or professional' }),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: 'Priority must be low, medium or high' }).default('medium'),
});
export type TAnnouncementBody = z.infer<typeof ZAnnouncementBody>;
export type TAnnouncementBodyInput = z.input<typeof ZAnnouncementBody>;

export const ZAnnouncementResult = z.object({
  announcementId: z.uuid(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** How many people received it. */
  recipients: z.number().int(),
});
export type TAnnouncementResult = z.infer<typeof ZAnnouncementResult>;
