import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), read and written as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The domain-event outbox (lib/events): a state change that others care about records an event here
 * in the same transaction, so a rolled-back change records nothing. Rows are never updated or
 * deleted: subscribers can be replayed from the start.
 *
 * `txid` is the recording transaction's id. Subscribers read in (txid, id) order and only below the
 * oldest transaction still running, so an event committed late can never be skipped (ids alone are
 * not in commit order).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** e.g. 'vote.cast', 'entry.reviewed'. */
    name: text('name').notNull(),
    /** What the event is about, e.g. 'contest:<uuid>': events of one aggregate reach a subscriber in order. */
    aggregate: text('aggregate').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Who caused it, when a person did. */
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_order_idx').on(t.txid, t.id), index('domain_events_aggregate_idx').on(t.aggregate, t.id)],
);

/** How far each subscriber has read: the (txid, id) of the last event it handled or skipped. */
export const eventCursors = pgTable('event_cursors', {
  subscriber: text('subscriber').primaryKey(),
  txid: xid8('txid').notNull(),
  eventId: bigint('event_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Events a subscriber failed on, waiting for a retry with back-off, and the later events of the same
 * aggregate queued behind them (so a subscriber sees one aggregate's events in order). Other
 * aggregates and other subscribers carry on.
 */
export const eventParked = pgTable(
  'event_parked',
  {
    subscriber: text('subscriber').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    aggregate: text('aggregate').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriber, t.eventId] }),
    index('event_parked_due_idx').on(t.subscriber, t.nextAttemptAt),
    index('event_parked_aggregate_idx').on(t.subscriber, t.aggregate, t.eventId),
  ],
);

/**
 * A person's recent activity (GET /api/dashboard/recent-activity), written by the activity
 * subscriber from the domain events; the id is stable per thing ('vote_cast:<voteId>'), so a
 * replayed event changes nothing.
 */
export const activityItems = pgTable(
  'activity_items',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    type: text('type', {
      enum: ['contest_created', 'entry_submitted', 'entry_approved', 'entry_rejected', 'vote_cast', 'prize_won', 'comment_posted'],
    }).notNull(),
    title: text('title').notNull(),
    /** The contest it is about: a draft links to My Contests, any other state to its page. */
    contestId: uuid('contest_id'),
    /** Where it links when it is not about a contest's page. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('activity_items_user_idx').on(t.userId, t.createdAt)],
);
