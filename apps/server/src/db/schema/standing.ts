import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Strikes on an account (issue 15): a warning, content removed or a ban, with the reason the person
 * is shown, who issued it and the item it was about. Never removed; an approved appeal is kept on
 * the strike's appeal.
 */
export const strikes = pgTable(
  'strikes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['warning', 'content_removed', 'ban'] }).notNull(),
    reason: text('reason').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    relatedType: text('related_type'),
    relatedId: text('related_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('strikes_user_idx').on(t.userId, t.createdAt)],
);

/** One appeal per strike (the unique strike id makes a second one impossible), decided once. */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    strikeId: uuid('strike_id')
      .notNull()
      .references(() => strikes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('appeals_strike_key').on(t.strikeId), index('appeals_status_idx').on(t.status, t.createdAt)],
);
