import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredMatrix } from '@contesthub/shared';
import { notifications } from './notifications.js';
import { users } from './users.js';

/**
 * A person's notification settings beyond the spec's switches (which stay in users.preferences):
 * the email and push choice per type (only the choices made; the shared defaults fill the rest) and
 * the daily digest. No row: every default.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    matrix: jsonb('matrix').$type<StoredMatrix>().notNull().default({}),
    /** The daily digest of unread notifications, mailed only after 24 hours away (off by default). */
    digest: boolean('digest').notNull().default(false),
    /** When the last digest was mailed (one a day at most). */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_settings_digest_idx')
      .on(t.userId)
      .where(sql`${t.digest}`),
  ],
);

/** A browser that accepted push notifications (its PushSubscription), per person and device. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: unique (a browser that signs in as someone else moves). */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Push messages waiting for the push-delivery job (written in the delivery subscriber's transaction,
 * sent over HTTP afterwards, as mail_outbox is for mail). A sent or dropped row is deleted.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** The JSON the service worker receives (title, body, url, tag). */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    /** Seconds the push service keeps it for an offline browser (per type). */
    ttlSeconds: integer('ttl_seconds').notNull(),
    urgency: text('urgency', { enum: ['very-low', 'low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (a retry after a failure). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_outbox_due_idx').on(t.dueAt)],
);
