import { sql } from 'drizzle-orm';
import type { TReportContext } from '@contesthub/shared';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export type ReportContext = TReportContext;

export interface ContestRestrictions {
  ageRestriction?: boolean;
  minAge?: number | null;
  maxAge?: number | null;
  locationRestriction?: boolean;
  allowedLocations?: string[];
  genderRestriction?: boolean;
  allowedGenders?: Array<'male' | 'female'>;
}

export interface ContestSettings {
  allowMultipleEntries?: boolean;
  requireApproval?: boolean;
  showVoteCount?: boolean;
  allowComments?: boolean;
}

/**
 * A contest. Money: prizeAmount in kobo (held in the contest's escrow account from creation);
 * entry and voting fees in credit units (hundredths of a vote credit). The full-text search
 * vector and trigram index live in a hand-written migration (0004).
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
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rules: text('rules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverImage: text('cover_image'),
    /** The cover's stored widths (coverImage is the widest) and its size; null for covers stored before widths were kept. */
    coverImageSet: jsonb('cover_image_set').$type<StoredImageSet>(),
    status: text('status', { enum: ['draft', 'active', 'voting', 'ended', 'cancelled'] }).notNull(),
    prizeType: text('prize_type', { enum: ['badge', 'cash', 'cashanditem'] }).notNull(),
    /** Kobo. */
    prizeAmount: bigint('prize_amount', { mode: 'number' }).notNull().default(0),
    prizeItems: text('prize_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    badgeTitle: text('badge_title'),
    entryType: text('entry_type', { enum: ['photo', 'video', 'audio', 'article'] }).notNull(),
    entryFee: text('entry_fee', { enum: ['free', 'paid'] })
      .notNull()
      .default('free'),
    /** Credit units. */
    entryFeeAmount: bigint('entry_fee_amount', { mode: 'number' }).notNull().default(0),
    entryReview: text('entry_review', { enum: ['open', 'review'] })
      .notNull()
      .default('open'),
    maxParticipants: integer('max_participants'),
    entryStartDate: timestamp('entry_start_date', { withTimezone: true }).notNull(),
    entryEndDate: timestamp('entry_end_date', { withTimezone: true }).notNull(),
    votingStartDate: timestamp('voting_start_date', { withTimezone: true }).notNull(),
    votingEndDate: timestamp('voting_end_date', { withTimezone: true }).notNull(),
    votingType: text('voting_type', { enum: ['free', 'paid', 'both'] })
      .notNull()
      .default('free'),
    /** Credit units per paid vote. */
    votingFeeAmount: bigint('voting_fee_amount', { mode: 'number' }).notNull().default(0),
    freeVotesPerUser: integer('free_votes_per_user').notNull().default(1),
    /** Null means unlimited. */
    maxVotesPerUser: integer('max_votes_per_user'),
    restrictions: jsonb('restrictions').$type<ContestRestrictions>().notNull().default({}),
    settings: jsonb('settings').$type<ContestSettings>().notNull().default({}),
    isFeatured: boolean('is_featured').notNull().default(false),
    isAdminContest: boolean('is_admin_contest').notNull().default(false),
    winnerEntryId: uuid('winner_entry_id'),
    /** Set once, in the transaction that pays the prize: the end is processed exactly once. */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Set while staff hold the prize payout (a dispute is open): finalize leaves the prize in escrow until released. */
    payoutHeldAt: timestamp('payout_held_at', { withTimezone: true }),
    payoutHoldReason: text('payout_hold_reason'),
    totalEntries: integer('total_entries').notNull().default(0),
    /** Weighted vote total across the contest's entries. */
    totalVotes: integer('total_votes').notNull().default(0),
    totalParticipants: integer('total_participants').notNull().default(0),
    totalVoters: integer('total_voters').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contests_status_idx').on(t.status, t.createdAt),
    index('contests_organizer_idx').on(t.organizerId, t.createdAt),
    index('contests_entry_end_idx').on(t.entryEndDate),
    index('contests_voting_end_idx').on(t.votingEndDate),
    index('contests_category_idx').on(t.category),
    // The browse sorts newest/oldest and prize read a page straight off an index (bench/browse).
    // Counters that every vote or entry changes (total_votes, total_entries) are deliberately not
    // indexed: an indexed column makes each update non-HOT, a new entry in every index of the
    // hottest row of a deadline rush (bench/votes).
    index('contests_created_idx').on(t.createdAt, t.id),
    index('contests_prize_idx').on(t.prizeAmount, t.createdAt, t.id),
    check(
      'contests_dates_ordered',
      sql`${t.entryStartDate} < ${t.entryEndDate} AND ${t.entryEndDate} <= ${t.votingStartDate} AND ${t.votingStartDate} < ${t.votingEndDate}`,
    ),
    check('contests_money_non_negative', sql`${t.prizeAmount} >= 0 AND ${t.entryFeeAmount} >= 0 AND ${t.votingFeeAmount} >= 0`),
  ],
);

/** One stored copy of an image: its public URL and width in pixels. */
export interface ImageVariant {
  url: string;
  width: number;
}

/** An image stored at several widths: the size of the widest copy and every copy, narrowest first. */
export interface StoredImageSet {
  width: number;
  height: number;
  variants: ImageVariant[];
}

export interface EntryMedia {
  /** Storage key and public URL of the file shown to voters (re-encoded for images). */
  key: string;
  url: string;
  thumbnailUrl?: string;
  kind: 'image' | 'video' | 'audio' | 'document';
  mimeType: string;
  size: number;
  width?: number;
  height?: number;
  /** Images: every stored width (thumbnail, middle, display), narrowest first; absent on older uploads. */
  variants?: ImageVariant[];
  originalName?: string;
}

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
    rejectionReason: text('rejection_reason'),
    media: jsonb('media').$type<EntryMedia[]>().notNull().default([]),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allowSharing: boolean('allow_sharing').notNull().default(true),
    /** Number of votes cast (each paid vote counts once). */
    votesCount: integer('votes_count').notNull().default(0),
    /** Sum of vote weights: free 1, paid 5 per vote. This ranks entries. */
    weightedVotes: integer('weighted_votes').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Not on weighted_votes: every vote updates it, and an indexed column makes that update non-HOT.
    index('entries_contest_idx').on(t.contestId, t.status),
    index('entries_participant_idx').on(t.participantId, t.createdAt),
    index('entries_status_created_idx').on(t.status, t.createdAt),
    check(
      'entries_counters_non_negative',
      sql`${t.votesCount} >= 0 AND ${t.weightedVotes} >= 0 AND ${t.likesCount} >= 0 AND ${t.commentsCount} >= 0`,
    ),
  ],
);

export const votes = pgTable(
  'votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => users.id),
    voteType: text('vote_type', { enum: ['free', 'paid'] }).notNull(),
    /** How many votes this call cast (paid: 1–10; free: 1). */
    amount: integer('amount').notNull(),
    /** amount × weight (free 1, paid 5). */
    weightedTotal: integer('weighted_total').notNull(),
    /** Credit units spent (paid votes). */
    creditCost: bigint('credit_cost', { mode: 'number' }).notNull().default(0),
    /** The client's Idempotency-Key: a retried vote counts once. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** False once refunded (contest cancelled) or removed. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The vote's risk (modules/votes/vote-risk.ts, ADR 030): 0–100 and the reason codes
     * (VOTE_RISK_REASONS) that made it, computed in the vote's own call from the signals below.
     */
    riskScore: smallint('risk_score').notNull().default(0),
    riskReasons: text('risk_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What the score was computed from: the signal values (account age, velocities, card sharing…). */
    riskSignals: jsonb('risk_signals').$type<Record<string, unknown>>(),
    /** The client's address, its /24 (IPv4) or /48 (IPv6) network, device id and user agent. */
    ip: text('ip'),
    ipNetwork: text('ip_network'),
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    /**
     * Review of a paid vote above the hold threshold: null (never held), 'held' (not counted, credits
     * spent but refundable; is_active false), 'counted' (a moderator counted it), 'voided' (refunded).
     */
    reviewState: text('review_state', { enum: ['held', 'counted', 'voided'] }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewReason: text('review_reason'),
  },
  (t) => [
    uniqueIndex('votes_idempotency_key').on(t.voterId, t.idempotencyKey),
    index('votes_ip_network_idx')
      .on(t.ipNetwork, t.createdAt)
      .where(sql`${t.ipNetwork} IS NOT NULL`),
    index('votes_contest_device_idx')
      .on(t.contestId, t.deviceId)
      .where(sql`${t.deviceId} IS NOT NULL`),
    index('votes_review_state_idx')
      .on(t.reviewState, t.createdAt)
      .where(sql`${t.reviewState} IS NOT NULL`),
    index('votes_contest_voter_idx').on(t.contestId, t.voterId),
    index('votes_entry_idx').on(t.entryId, t.createdAt),
    index('votes_voter_created_idx').on(t.voterId, t.createdAt),
    check('votes_amount_positive', sql`${t.amount} > 0 AND ${t.weightedTotal} > 0 AND ${t.creditCost} >= 0`),
  ],
);

export const entryLikes = pgTable(
  'entry_likes',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.userId] })],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    parentCommentId: uuid('parent_comment_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** active: visible; flagged: visible, awaiting moderation; hidden: removed by a moderator; deleted: by its author. */
    status: text('status', { enum: ['active', 'flagged', 'hidden', 'deleted'] })
      .notNull()
      .default('active'),
    likesCount: integer('likes_count').notNull().default(0),
    flagsCount: integer('flags_count').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_contest_idx').on(t.contestId, t.status, t.createdAt),
    index('comments_author_idx').on(t.authorId, t.createdAt),
    index('comments_entry_idx').on(t.entryId),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/**
 * Reports on contests, entries, comments, users and direct messages, for the moderation area. One
 * per reporter and item. A message's report keeps the messages around it in `context` (the
 * moderator sees the exchange as it was when reported, even if it is deleted later).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: ['contest', 'entry', 'comment', 'user', 'message'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The contest the item belongs to (for filtering), when there is one. */
    contestId: uuid('contest_id'),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['pending', 'under_review', 'resolved', 'dismissed'] })
      .notNull()
      .default('pending'),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    /** What the moderator needs beside the item: for a message, the surrounding messages. */
    context: jsonb('context').$type<ReportContext>(),
    adminNotes: text('admin_notes'),
    actionsTaken: text('actions_taken'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reporter's weight when they reported (modules/moderation/weighting.ts; 1 until weighed). */
    weight: real('weight').notNull().default(1),
    /** When the item was hidden automatically because of this report's group (null: not auto-hidden). */
    autoHiddenAt: timestamp('auto_hidden_at', { withTimezone: true }),
    /** The moderator who claimed the report. */
    assignedTo: uuid('assigned_to'),
  },
  (t) => [
    uniqueIndex('reports_once_per_reporter').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Badges won (badge-prize contests). */
export const userBadges = pgTable(
  'user_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contestId: uuid('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_badges_contest_key').on(t.contestId), index('user_badges_user_idx').on(t.userId)],
);
