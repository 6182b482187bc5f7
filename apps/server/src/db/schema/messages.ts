/**
 * Direct messages (spec 001 §2 Messages, §3 Conversation and Message, §7): conversations between
 * two members, their messages, each member's read cursor, messages hidden for one member, blocks,
 * and who may message whom. All SQL over these tables is in modules/messages/messages.repository.ts.
 */
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One row per pair of members who exchanged a message. The id is the two user ids sorted and
 * joined with '_' (spec 001 §3). `status`: `active`, or `request` while the first messages of an
 * account under 7 days old wait for the recipient to accept, or `declined` once the recipient
 * said no (the starter's later messages are refused).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    /** The lower user id of the pair. */
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The higher user id of the pair. */
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who sent the first message (counted by the new-conversations-per-day rule). */
    startedBy: uuid('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'request', 'declined'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('conversations_user_a_idx').on(t.userA, t.lastMessageAt),
    index('conversations_user_b_idx').on(t.userB, t.lastMessageAt),
    index('conversations_started_by_idx').on(t.startedBy, t.createdAt),
  ],
);

/**
 * A message. `seq` orders a conversation and is what read cursors point at. A sender who deletes
 * within 15 minutes leaves a tombstone: `deletedAt` set and the content emptied. A moderator's
 * removal (`removedAt`) shows the same way and can be undone.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Removed by a moderator (a report upheld): a tombstone for both members, the content kept so one
     * moderator can restore it. Not the per-member "delete for me" (hidden_messages).
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    index('messages_recipient_idx').on(t.recipientId, t.seq),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);

/** How far each member has read each conversation: the highest `messages.seq` read. Only moves forward. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** A message one member deleted for themself only (the other still sees it). */
export const hiddenMessages = pgTable(
  'hidden_messages',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** `blockerId` blocked `blockedId`: neither can message the other until it is lifted. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/** Who may start a conversation with a member: everyone (no row), people sharing a contest, or nobody. */
export const messageSettings = pgTable('message_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  whoCanMessage: text('who_can_message', { enum: ['everyone', 'contests', 'nobody'] })
    .notNull()
    .default('everyone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
