/**
 * What the contests API answers (the shapes the web pages read). Ids are strings, dates ISO
 * strings, prizeAmount in kobo, entry and voting fees in vote credits.
 */
import { z } from 'zod';
import { CONTEST_CATEGORIES, CONTEST_STATUSES, ENTRY_TYPES, PRIZE_TYPES, VOTING_TYPES } from '../enums.js';
import { ZImageSet } from './images.js';
import { ZPagination } from './pagination.js';

export const CONTEST_PHASES = ['draft', 'upcoming', 'entries', 'awaiting_voting', 'voting', 'ended', 'cancelled'] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];

export const ZContestOrganizer = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
});

export const ZContestWinner = z.object({
  entryId: z.string(),
  title: z.string(),
  participant: z.object({ _id: z.string(), fullName: z.string() }),
});

export const ZContest = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CONTEST_CATEGORIES),
  customCategory: z.string().nullable(),
  /** customCategory when category is 'other', else category. */
  displayCategory: z.string(),
  coverImage: z.string().nullable(),
  /** The cover's stored widths and size; null when there is no cover or it was stored before widths were kept (coverImage only). */
  coverImageSet: ZImageSet.nullable(),
  /** The status the dates call for at the time of the answer (the scheduler may still be catching up). */
  status: z.enum(CONTEST_STATUSES),
  phase: z.enum(CONTEST_PHASES),
  prizeType: z.enum(PRIZE_TYPES),
  /** Kobo. */
  prizeAmount: z.number().int().meta({ description: 'Kobo.' }),
  prizeItems: z.array(z.string()),
  badgeTitle: z.string().nullable(),
  entryType: z.enum(ENTRY_TYPES),
  entryFee: z.enum(['free', 'paid']),
  /** Vote credits. */
  entryFeeAmount: z.number().meta({ description: 'Vote credits.' }),
  entryReview: z.enum(['open', 'review']),
  maxParticipants: z.number().int().nullable(),
  entriesCount: z.number().int(),
  tags: z.array(z.string()),
  rules: z.array(z.string()),
  entryStartDate: z.string(),
  entryEndDate: z.string(),
  /** Days of the entry period (rounded up). */
  duration: z.number().int(),
  votingStartDate: z.string(),
  votingEndDate: z.string(),
  votingDuration: z.number().int(),
  votingType: z.enum(VOTING_TYPES),
  /** Vote credits per paid vote. */
  votingFeeAmount: z.number().meta({ description: 'Vote credits per paid vote.' }),
  freeVotesPerUser: z.number().int(),
  /** Null: unlimited. */
  maxVotesPerUser: z.number().int().nullable(),
  restrictions: z.object({
    ageRestriction: z.boolean(),
    minAge: z.number().int().nullable(),
    maxAge: z.number().int().nullable(),
    locationRestriction: z.boolean(),
    allowedLocations: z.array(z.string()),
    genderRestriction: z.boolean(),
    allowedGenders: z.array(z.enum(['male', 'female'])),
  }),
  settings: z.object({
    allowMultipleEntries: z.boolean(),
    requireApproval: z.boolean(),
    showVoteCount: z.boolean(),
    allowComments: z.boolean(),
  }),
  stats: z.object({
    totalEntries: z.number().int(),
    /** Weighted vote total (free 1, paid 5 per vote). */
    totalVotes: z.number().int(),
    totalParticipants: z.number().int(),
    totalVoters: z.number().int(),
  }),
  organizer: ZContestOrganizer,
  isAdminContest: z.boolean(),
  isFeatured: z.boolean(),
  isAcceptingEntries: z.boolean(),
  isVotingActive: z.boolean(),
  winner: ZContestWinner.nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TContest = z.infer<typeof ZContest>;

/** GET, POST and PUT /api/contests(/:id): one contest. */
export const ZContestAnswer = z.object({ contest: ZContest });
export type TContestAnswer = z.infer<typeof ZContestAnswer>;

/** DELETE /api/contests/:id: what went back to the organizer. */
export const ZContestDeleted = z.object({
  escrowRefunded: z.number().int().meta({ description: 'escrowRefunded, in kobo (integer; ₦1 = 100 kobo)' }),
  badgeFeeRefunded: z.number().meta({ description: 'badgeFeeRefunded, in vote credits' }),
});
export type TContestDeleted = z.infer<typeof ZContestDeleted>;

/** GET /api/contests and /api/contests/search. */
export const ZContestList = z.object({
  contests: z.array(ZContest),
  pagination: ZPagination,
  totalContests: z.number().int(),
  totalPages: z.number().int(),
});
export type TContestList = z.infer<typeof ZContestList>;

/** GET /api/contests/my-contests. */
export const ZMyContests = z.object({
  contests: z.array(ZContest),
  pagination: ZPagination,
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TMyContests = z.infer<typeof ZMyContests>;

export const ZContestCategoryCount = z.object({
  category: z.enum(CONTEST_CATEGORIES),
  /** Contests of the category that are not drafts. */
  count: z.number().int(),
  /** Of those, contests accepting entries or votes. */
  activeCount: z.number().int(),
});
export type TContestCategoryCount = z.infer<typeof ZContestCategoryCount>;

/** GET /api/contests/categories. */
export const ZContestCategories = z.object({ categories: z.array(ZContestCategoryCount) });
export type TContestCategories = z.infer<typeof ZContestCategories>;

export const ZContestStats = z.object({
  contestId: z.string(),
  status: z.enum(CONTEST_STATUSES),
  phase: z.enum(CONTEST_PHASES),
  entries: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    disqualified: z.number().int(),
  }),
  votes: z.object({
    /** Votes cast (a paid call of 3 votes counts 3), active votes only. */
    total: z.number().int(),
    free: z.number().int(),
    paid: z.number().int(),
    /** Sum of weights (free 1, paid 5). */
    weighted: z.number().int(),
    /** Vote credits spent on paid votes. */
    /** Vote credits spent on paid votes: the contest's organizer and admins only (null for everyone else). */
    creditsSpent: z
      .number()
      .nullable()
      .meta({ description: "Vote credits spent on paid votes: the contest's organizer and admins only (null for everyone else)." }),
  }),
  uniqueVoters: z.number().int(),
  participants: z.number().int(),
  averageVotesPerEntry: z.number(),
  topEntries: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      votesCount: z.number().int(),
      weightedVotes: z.number().int(),
      ranking: z.number().int(),
      participant: z.object({ _id: z.string(), fullName: z.string() }),
    }),
  ),
});
export type TContestStats = z.infer<typeof ZContestStats>;
