import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.js';

/**
 * The real-time stream (GET /api/notifications/stream; ADR "realtime stream"): each person's
 * stream is a numbered list of items, one per notification written or message sent, numbered by a
 * per-person sequence whose head row is locked by the writing transaction until it commits, so a
 * person's items commit in the order of their numbers and `Last-Event-ID` replays without a gap.
 */
export const streamHeads = pgTable('stream_heads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number of the person's newest item (0: none yet). */
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/** One stream item: what changed (a notification or a message, by id), rendered from its row when sent. */
export const streamItems = pgTable(
  'stream_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['notification', 'message'] }).notNull(),
    refId: uuid('ref_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('stream_items_created_idx').on(t.createdAt)],
);

/** A single-use ticket for EventSource (which cannot send a header): valid 60 s, bound to the session that asked. */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    /** sha256 of the ticket: the ticket itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
