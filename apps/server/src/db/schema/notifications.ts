import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_STATES, NOTIFICATION_TYPES } from '@contesthub/shared';
import { users } from './users.js';

/**
 * One row per notification a person sees in the bell and on /dashboard/notifications (spec 001 §3),
 * written by the notifications subscriber from the domain events (one file per type) and by the
 * admins' announcements. Types, priorities and states are the shared package's lists.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('medium'),
    /** unseen → seen (the bell was opened) → read (readAt set) → archived; unread = unseen or seen. */
    state: text('state', { enum: NOTIFICATION_STATES }).notNull().default('unseen'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A path of the shared catalogue (packages/shared/src/paths.ts), or null. */
    actionUrl: text('action_url'),
    actionText: text('action_text'),
    /** Chips shown under the message (label → value). */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /**
     * Unique per user: what makes a notification the same one again (a replayed event adds nothing).
     * A grouped type's rows carry the group and the start of their window ('vote_received:<entry>:<ms>').
     */
    dedupeKey: text('dedupe_key').notNull(),
    /** Grouped types only ('vote_received:<entry>'): later happenings of the group join its newest row within the window. */
    groupKey: text('group_key'),
    /** How many happenings the row stands for (votes in a grouped row; 1 otherwise). */
    count: integer('count').notNull().default(1),
    /**
     * Grouped types only: the position ('<txid>:<event id>') of the last event the row counted, in
     * the order the dispatcher hands events over; an event at or before it is already in the count
     * (a replay or a second delivery adds nothing).
     */
    groupEvent: text('group_event'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the content last changed (a grouped row's count grew): the list's order, newest first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    // "My notifications, newest first" (the list and its filters read this index's prefix).
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The unread count (polled every 30 s, refreshed after each change): only unread rows are indexed.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.state} in ('unseen', 'seen')`),
    // A grouped type's open row (newest of its group).
    index('notifications_user_group_idx')
      .on(t.userId, t.groupKey, t.createdAt.desc().nullsFirst())
      .where(sql`${t.groupKey} is not null`),
  ],
);
