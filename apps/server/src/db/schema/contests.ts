import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Core contest and entry records. The contests capability extends these tables; the columns
 * here are what the public pages and platform statistics already read.
 */
export const contests = pgTable(
  'contests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    customCategory: text('custom_category'),
    coverImage: text('cover_image'),
    status: text('status', { enum: ['draft', 'active', 'voting', 'ended', 'cancelled'] }).notNull(),
    prizeType: text('prize_type', { enum: ['badge', 'cash', 'cashanditem'] }).notNull(),
    /** Kobo. */
    prizeAmount: bigint('prize_amount', { mode: 'number' }).notNull().default(0),
    badgeTitle: text('badge_title'),
    entryType: text('entry_type', { enum: ['photo', 'video', 'audio', 'article'] }).notNull(),
    entryStartDate: timestamp('entry_start_date', { withTimezone: true }).notNull(),
    entryEndDate: timestamp('entry_end_date', { withTimezone: true }).notNull(),
    votingStartDate: timestamp('voting_start_date', { withTimezone: true }).notNull(),
    votingEndDate: timestamp('voting_end_date', { withTimezone: true }).notNull(),
    winnerEntryId: uuid('winner_entry_id'),
    totalEntries: integer('total_entries').notNull().default(0),
    totalVotes: integer('total_votes').notNull().default(0),
    totalParticipants: integer('total_participants').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contests_status_idx').on(t.status), index('contests_organizer_idx').on(t.organizerId)],
);

export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    entryType: text('entry_type', { enum: ['photo', 'video', 'audio', 'article'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'disqualified'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entries_contest_idx').on(t.contestId, t.status), index('entries_participant_idx').on(t.participantId)],
);
