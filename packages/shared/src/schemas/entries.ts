/**
 * Entry contracts (spec 000 §7 Entries, spec 001 §2–§3): the answers of /api/entries beyond the entry
 * itself (ZEntry, ZEntryList and ZMyEntriesList are in contest-dto.ts), the review screen's answers, likes,
 * and the queries and bodies the web sends. Refunded entry fees are vote credits.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { ENTRY_STATUSES, ENTRY_TYPES } from '../enums.js';
import { ZEntry, ZEntryList, ZEntryParticipant } from './contest-dto.js';
import { ZCreateEntry, ZEntryListQuery } from './contests.js';
import { pageQuery, ZPagination } from './pagination.js';

export const SORT_ORDERS = ['asc', 'desc'] as const;

const refundedCredits = z.number().meta({ description: 'refundedCredits, in vote credits' });

// ---------- answers ----------

/** GET /api/entries/:id and PUT /api/entries/:id. */
export const ZEntryAnswer = z.object({ entry: ZEntry });
export type TEntryAnswer = z.infer<typeof ZEntryAnswer>;

/**
 * GET /api/entries: the list plus votesCount summed over every matching entry, not only this page
 * (the All Entries "Total Votes" tile). GET /api/entries/contest/:id answers ZEntryList.
 */
export const ZEntryBrowseList = ZEntryList.extend({ totalVotes: z.number().int() });
export type TEntryBrowseList = z.infer<typeof ZEntryBrowseList>;

export const ZLeaderboardRow = z.object({
  rank: z.number().int(),
  entry: z.object({
    _id: z.string(),
    title: z.string(),
    entryType: z.enum(ENTRY_TYPES),
    thumbnailUrl: z.string().nullable(),
    createdAt: z.string(),
    participant: ZEntryParticipant,
  }),
  /** Weighted votes (free 1, paid 5 per vote): what ranks the entry. */
  votes: z.number().int(),
  votesCount: z.number().int(),
});
export type TLeaderboardRow = z.infer<typeof ZLeaderboardRow>;

/** GET /api/entries/contest/:id/leaderboard. */
export const ZLeaderboard = z.object({ leaderboard: z.array(ZLeaderboardRow) });
export type TLeaderboard = z.infer<typeof ZLeaderboard>;

/** The review screen's page names (spec 001 §3) beside the usual ones: current page and page count. */
export const ZReviewPagination = ZPagination.extend({
  current: z.number().int(),
  pages: z.number().int(),
});

/** GET /api/entries/review/:contestId (organizer or admin). */
export const ZReviewEntriesPage = z.object({
  entries: z.array(ZEntry),
  total: z.number().int(),
  totalPages: z.number().int(),
  pagination: ZReviewPagination,
});
export type TReviewEntriesPage = z.infer<typeof ZReviewEntriesPage>;

/** GET /api/entries/review-stats/:contestId: the review tiles. */
export const ZReviewStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  disqualified: z.number().int(),
});
export type TReviewStats = z.infer<typeof ZReviewStats>;

/** GET /api/entries/:id/stats. */
export const ZEntryStats = z.object({
  entryId: z.string(),
  status: z.enum(ENTRY_STATUSES),
  votesCount: z.number().int(),
  weightedVotes: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  ranking: z.number().int().nullable(),
  /** Approved entries in the contest (what ranking is out of). */
  approvedEntries: z.number().int(),
  votes: z.object({ free: z.number().int(), paid: z.number().int(), uniqueVoters: z.number().int() }),
});
export type TEntryStats = z.infer<typeof ZEntryStats>;

/** POST /api/entries. */
export const ZSubmitEntryResult = z.object({
  entry: ZEntry,
  status: z.enum(ENTRY_STATUSES),
  requiresApproval: z.boolean(),
});
export type TSubmitEntryResult = z.infer<typeof ZSubmitEntryResult>;

/** PATCH /api/entries/:id/approve and /reject: the entry and the entry fee given back (0 when none). */
export const ZEntryDecision = z.object({ entry: ZEntry, refundedCredits });
export type TEntryDecision = z.infer<typeof ZEntryDecision>;

/** PATCH /api/entries/bulk-approve: ids not pending are skipped. */
export const ZBulkApproveResult = z.object({ approvedCount: z.number().int(), skipped: z.array(z.string()) });
export type TBulkApproveResult = z.infer<typeof ZBulkApproveResult>;

/** PATCH /api/entries/bulk-reject: ids not pending are skipped; paid entry fees are refunded. */
export const ZBulkRejectResult = z.object({ rejectedCount: z.number().int(), skipped: z.array(z.string()), refundedCredits });
export type TBulkRejectResult = z.infer<typeof ZBulkRejectResult>;

/** DELETE /api/entries/:id and DELETE /api/contests/:id/entries/:entryId. */
export const ZEntryDeleted = z.object({ deleted: z.literal(true), refundedCredits });
export type TEntryDeleted = z.infer<typeof ZEntryDeleted>;

/** POST and DELETE /api/entries/:id/like. */
export const ZEntryLikeResult = z.object({ likesCount: z.number().int(), action: z.enum(['liked', 'unliked']) });
export type TEntryLikeResult = z.infer<typeof ZEntryLikeResult>;

// ---------- requests ----------

/** GET /api/entries: the shared query plus an optional direction that overrides the sort's natural one. */
export const ZEntryBrowseQuery = ZEntryListQuery.extend({ sortOrder: z.enum(SORT_ORDERS).optional() });
export type TEntryBrowseQuery = z.infer<typeof ZEntryBrowseQuery>;

/** GET /api/entries/contest/:id. */
export const ZContestEntriesQuery = z.object({
  ...pageQuery({ defaultLimit: 50 }),
  sortBy: z.enum(['newest', 'oldest', 'popular', 'votes', 'title']).default('newest'),
  sortOrder: z.enum(SORT_ORDERS).optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
});
export type TContestEntriesQuery = z.infer<typeof ZContestEntriesQuery>;

/** GET /api/entries/contest/:id/leaderboard. */
export const ZLeaderboardQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be between 1 and 50')
    .max(PAGE_SIZES.leaderboardMax, 'Limit must be between 1 and 50')
    .default(PAGE_SIZES.leaderboardDefault),
});

/** My Entries tabs (spec 001 §2): the entry statuses plus In Voting and Completed. */
export const MY_ENTRY_FILTERS = [...ENTRY_STATUSES, 'voting', 'completed'] as const;
export type MyEntryFilter = (typeof MY_ENTRY_FILTERS)[number];

/** GET /api/entries/my-entries. */
export const ZMyEntriesQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.allEntries, maxLimit: 50 }),
  status: z.enum(MY_ENTRY_FILTERS).optional(),
  /** Only the entries in this contest (the contest page: has the caller entered it?). */
  contestId: z.uuid().optional(),
});

/** GET /api/entries/review/:contestId. */
export const ZReviewQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.entryReview, maxLimit: 50 }),
  status: z.enum(ENTRY_STATUSES).optional(),
});

/** PUT /api/entries/:id: only what is sent changes (no defaults, unlike ZCreateEntry). */
export const ZUpdateEntry = z
  .object({
    title: ZCreateEntry.shape.title.optional(),
    description: ZCreateEntry.shape.description.optional(),
    tags: ZCreateEntry.shape.tags.unwrap().optional(),
    settings: z.object({ allowSharing: z.boolean() }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type TUpdateEntry = z.infer<typeof ZUpdateEntry>;
