/**
 * Wire shapes of the entries API. The entry itself (ZEntry and its parts) and the list answer are
 * the shared contract the web pages read (packages/shared contest-dto.ts); what only the server
 * uses (queries, review, stats, results) is built on them here.
 */
import { z } from 'zod';
import {
  ENTRY_STATUSES,
  ENTRY_TYPES,
  PAGE_SIZES,
  ZCreateEntry,
  ZEntry,
  ZEntryList,
  ZEntryListQuery,
  ZEntryParticipant,
  ZPagination,
  pageQuery,
} from '@contesthub/shared';

/** The entry as every entries answer shows it: the shared contract, one definition. */
export { ZEntry, type TEntry } from '@contesthub/shared';

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** GET /api/entries: the shared query plus an optional direction that overrides the sort's natural one. */
export const ZEntryListQueryFull = ZEntryListQuery.extend({ sortOrder: z.enum(SORT_ORDERS).optional() });
export type TEntryListQuery = z.infer<typeof ZEntryListQueryFull>;

/** GET /api/entries/my-entries: the shared My Entries answer (each entry with approvedEntries). */
export { ZMyEntriesList, type TMyEntriesList } from '@contesthub/shared';

/** The shared list answer without the browse-only vote total. */
export const ZListEntriesResult = ZEntryList.omit({ totalVotes: true });

/** GET /api/entries also sums votesCount over every matching entry (the All Entries "Total Votes" tile). */
export const ZEntryBrowseResult = ZListEntriesResult.extend({ totalVotes: z.number().int() });

export const ZContestEntriesQuery = z.object({
  ...pageQuery({ defaultLimit: 50 }),
  sortBy: z.enum(['newest', 'oldest', 'popular', 'votes', 'title']).default('newest'),
  sortOrder: z.enum(SORT_ORDERS).optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
});

export const ZLeaderboardQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be between 1 and 50')
    .max(PAGE_SIZES.leaderboardMax, 'Limit must be between 1 and 50')
    .default(PAGE_SIZES.leaderboardDefault),
});

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

/** My Entries tabs (spec 001 §2): the entry statuses plus In Voting and Completed. */
export const MY_ENTRY_FILTERS = [...ENTRY_STATUSES, 'voting', 'completed'] as const;
export const ZMyEntriesQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.allEntries, maxLimit: 50 }),
  status: z.enum(MY_ENTRY_FILTERS).optional(),
});

export const ZReviewQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.entryReview, maxLimit: 50 }),
  status: z.enum(ENTRY_STATUSES).optional(),
});

export const ZReviewPagination = ZPagination.extend({
  /** The review screen's names (spec 001 §3): current page and page count. */
  current: z.number().int(),
  pages: z.number().int(),
});

export const ZReviewStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  disqualified: z.number().int(),
});

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

export const ZSubmitEntryResult = z.object({
  entry: ZEntry,
  status: z.enum(ENTRY_STATUSES),
  requiresApproval: z.boolean(),
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

export const ZLikeResult = z.object({ likesCount: z.number().int(), action: z.enum(['liked', 'unliked']) });
