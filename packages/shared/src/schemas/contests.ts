/**
 * Contest, entry, vote, comment and report contracts (spec 000 §5, 001 §5). The wizard validates a
 * step with `contestStepErrors`, the route validates the whole payload with ZCreateContest: one
 * schema, the spec's messages.
 *
 * Units on the wire: money (prizeAmount) in kobo; vote credits (entryFeeAmount, votingFeeAmount) in
 * credits, at most two decimals for the entry fee and whole credits for the voting fee.
 */
import { z } from 'zod';
import { pageQuery } from './pagination.js';
import {
  COMMENT_MAX_LENGTH,
  CONTEST_LIMITS,
  MAX_VOTES_PER_USER,
  MIN_CASH_PRIZE_NAIRA,
  MIN_PAID_VOTING_FEE_CREDITS,
  PAID_VOTES_PER_CALL,
  PAGE_SIZES,
  REPORT_DESCRIPTION,
  SEARCH_MIN_LENGTH,
} from '../constants.js';
import {
  CONTEST_CATEGORIES,
  CONTEST_STATUSES,
  ENTRY_FEE_TYPES,
  ENTRY_REVIEW_MODES,
  ENTRY_STATUSES,
  ENTRY_TYPES,
  GENDERS,
  NIGERIAN_STATES,
  PRIZE_TYPES,
  REPORT_REASONS,
  VOTE_TYPES,
  VOTING_TYPES,
} from '../enums.js';

const requiredText = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message)
    .transform((v) => new Date(v).toISOString());
const hasAtMostTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const ZContestRestrictions = z
  .object({
    ageRestriction: z.boolean().default(false),
    minAge: z.number().int().min(1, 'Age must be between 1 and 100').max(100, 'Age must be between 1 and 100').nullable().optional(),
    maxAge: z.number().int().min(1, 'Age must be between 1 and 100').max(100, 'Age must be between 1 and 100').nullable().optional(),
    locationRestriction: z.boolean().default(false),
    allowedLocations: z.array(z.enum(NIGERIAN_STATES, { error: 'Please select valid states' })).default([]),
    genderRestriction: z.boolean().default(false),
    allowedGenders: z.array(z.enum(GENDERS)).default([]),
  })
  .refine((r) => !r.minAge || !r.maxAge || r.minAge <= r.maxAge, {
    path: ['maxAge'],
    message: 'Maximum age must not be below the minimum age',
  });

export const ZContestSettings = z.object({
  allowMultipleEntries: z.boolean().default(false),
  requireApproval: z.boolean().default(false),
  showVoteCount: z.boolean().default(true),
  allowComments: z.boolean().default(true),
});

const contestFields = {
  // Step 1: basic info
  title: requiredText('Title is required', 120, 'Title cannot exceed 120 characters'),
  description: requiredText('Description is required', 5000, 'Description cannot exceed 5000 characters'),
  category: z.enum(CONTEST_CATEGORIES, { error: 'Category is required' }),
  customCategory: z.string().trim().max(CONTEST_LIMITS.customCategory, 'Custom category cannot exceed 50 characters').optional(),
  maxParticipants: z
    .number({ error: 'Max participants must be at least 1' })
    .int('Max participants must be a whole number')
    .min(1, 'Max participants must be at least 1')
    .nullable()
    .optional(),
  // Step 2: prize
  prizeType: z.enum(PRIZE_TYPES, { error: 'Prize type is required' }),
  prizeAmount: z
    .number({ error: 'Prize amount is required' })
    .int('Prize amount must be in whole kobo')
    .min(0, 'Prize amount cannot be negative')
    .default(0)
    .meta({ description: 'prizeAmount, in kobo (integer; ₦1 = 100 kobo)' }),
  prizeItems: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Prize items cannot be empty')
        .max(CONTEST_LIMITS.prizeItemLength, 'Each prize item can be at most 100 characters'),
    )
    .max(CONTEST_LIMITS.prizeItems, 'You can list up to 10 prize items')
    .default([]),
  badgeTitle: z.string().trim().max(CONTEST_LIMITS.badgeTitle, 'Badge title cannot exceed 50 characters').optional(),
  // Step 3: entries
  entryFee: z.enum(ENTRY_FEE_TYPES, { error: 'Entry fee type is required' }),
  entryFeeAmount: z
    .number({ error: 'Entry fee amount is required' })
    .min(0, 'Entry fee cannot be negative')
    .refine(hasAtMostTwoDecimals, 'Entry fee can have at most two decimals')
    .default(0)
    .meta({ description: 'entryFeeAmount, in vote credits (two decimals at most)' }),
  entryType: z.enum(ENTRY_TYPES, { error: 'Entry type is required' }),
  entryReview: z.enum(ENTRY_REVIEW_MODES, { error: 'Entry review mode is required' }),
  // Step 4: timeline
  entryStartDate: isoDate('Entry start date is required'),
  entryEndDate: isoDate('Entry end date is required'),
  votingStartDate: isoDate('Voting start date is required'),
  votingEndDate: isoDate('Voting end date is required'),
  // Step 5: voting
  votingType: z.enum(VOTING_TYPES, { error: 'Voting type is required' }),
  votingFeeAmount: z
    .number()
    .int('Voting fee must be a whole number of vote credits')
    .min(0)
    .default(0)
    .meta({ description: 'votingFeeAmount: one paid vote, in vote credits' }),
  freeVotesPerUser: z.number().int().min(1, 'Free votes per user must be at least 1').default(1),
  maxVotesPerUser: z
    .number()
    .int()
    .min(1, 'Max votes per user must be between 1 and 10')
    .max(MAX_VOTES_PER_USER, 'Max votes per user must be between 1 and 10')
    .nullable()
    .default(1),
  // Step 6: restrictions, rules, tags
  restrictions: ZContestRestrictions.default({
    ageRestriction: false,
    locationRestriction: false,
    allowedLocations: [],
    genderRestriction: false,
    allowedGenders: [],
  }),
  rules: z
    .array(z.string().trim().min(1, 'Rules cannot be empty').max(CONTEST_LIMITS.ruleLength, 'Each rule can be at most 200 characters'))
    .max(CONTEST_LIMITS.rules, 'You can add up to 20 rules')
    .default([]),
  tags: z
    .array(
      z
        .string()
        .trim()
        .max(CONTEST_LIMITS.tagLength, 'Each tag can be at most 20 characters')
        .regex(/^[a-z0-9-]+$/, 'Tags can contain lowercase letters, numbers and hyphens only'),
    )
    .max(CONTEST_LIMITS.tags, 'You can add up to 10 tags')
    .default([]),
  settings: ZContestSettings.default({ allowMultipleEntries: false, requireApproval: false, showVoteCount: true, allowComments: true }),
};

type ContestDraft = z.infer<z.ZodObject<typeof contestFields>>;

/** Cross-field rules of the wizard; each issue names the field it belongs to. */
function contestRules(v: ContestDraft, ctx: z.RefinementCtx): void {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  if (v.category === 'other' && !v.customCategory) add('customCategory', 'Please enter a custom category');
  if (v.prizeType === 'badge' && !v.badgeTitle) add('badgeTitle', 'Badge title is required');
  if (v.prizeType !== 'badge' && v.prizeAmount < MIN_CASH_PRIZE_NAIRA * 100) add('prizeAmount', 'Minimum cash prize is ₦1,000');
  if (v.prizeType === 'cashanditem' && v.prizeItems.length === 0) add('prizeItems', 'Add at least one prize item');
  if (v.entryFee === 'paid' && !(v.entryFeeAmount > 0)) add('entryFeeAmount', 'Entry fee must be greater than 0 vote credits');
  const [es, ee, vs, ve] = [v.entryStartDate, v.entryEndDate, v.votingStartDate, v.votingEndDate].map((d) => new Date(d).getTime()) as [
    number,
    number,
    number,
    number,
  ];
  if (ee <= es) add('entryEndDate', 'Entry end date must be after the entry start date');
  if (vs < ee) add('votingStartDate', 'Voting cannot start before entries close');
  if (ve <= vs) add('votingEndDate', 'Voting end date must be after the voting start date');
  if (v.votingType !== 'free' && v.votingFeeAmount < MIN_PAID_VOTING_FEE_CREDITS)
    add('votingFeeAmount', 'Paid voting requires a minimum of 10 vote credits.');
  if (v.votingType === 'both' && v.maxVotesPerUser !== null && v.freeVotesPerUser > v.maxVotesPerUser)
    add('freeVotesPerUser', 'Free votes per user cannot exceed max votes per user');
}

export const ZContestFields = z.object(contestFields);
export const ZCreateContest = ZContestFields.superRefine(contestRules);
export type TCreateContest = z.infer<typeof ZCreateContest>;
export type TCreateContestInput = z.input<typeof ZCreateContest>;

/** Which fields each wizard step owns (spec 001 §2: six steps). */
export const CONTEST_STEP_FIELDS: Record<1 | 2 | 3 | 4 | 5 | 6, ReadonlyArray<keyof typeof contestFields>> = {
  1: ['title', 'description', 'category', 'customCategory', 'maxParticipants'],
  2: ['prizeType', 'prizeAmount', 'prizeItems', 'badgeTitle'],
  3: ['entryFee', 'entryFeeAmount', 'entryType', 'entryReview'],
  4: ['entryStartDate', 'entryEndDate', 'votingStartDate', 'votingEndDate'],
  5: ['votingType', 'votingFeeAmount', 'freeVotesPerUser', 'maxVotesPerUser'],
  6: ['restrictions', 'rules', 'tags', 'settings'],
};

/**
 * The same fields and rules, with the cross-field rules run even while a field of another step
 * does not parse (an unchosen category must not hide step 2's badge rule): each step is judged on
 * its own. Only for the wizard's step checks; the route keeps ZCreateContest.
 */
const ZContestSteps = ZContestFields.superRefine(contestRules, {
  when: (payload) => {
    const value = payload.value as { prizeItems?: unknown } | null;
    return typeof value === 'object' && value !== null && Array.isArray(value.prizeItems);
  },
});

/** Field errors of one wizard step (empty object: the step is valid). */
export function contestStepErrors(step: keyof typeof CONTEST_STEP_FIELDS, draft: unknown): Record<string, string> {
  const result = ZContestSteps.safeParse(draft);
  if (result.success) return {};
  const owned = new Set<string>(CONTEST_STEP_FIELDS[step]);
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (owned.has(String(issue.path[0])) && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Edit dialog (spec 001 §5): prize, fees and entry type are fixed once a contest exists (money is
 * already in escrow and entries already match the type); everything else may change. A field left
 * out stays as it is, so the wizard's defaults (empty rules and tags, default settings) are not
 * applied here: an edit of the title alone must not wipe the rules.
 */
export const ZUpdateContest = ZContestFields.pick({
  title: true,
  description: true,
  category: true,
  customCategory: true,
  maxParticipants: true,
  entryStartDate: true,
  entryEndDate: true,
  votingStartDate: true,
  votingEndDate: true,
})
  .extend({
    rules: contestFields.rules.unwrap(),
    tags: contestFields.tags.unwrap(),
    restrictions: contestFields.restrictions.unwrap(),
    settings: contestFields.settings.unwrap(),
  })
  .partial()
  .superRefine((v, ctx) => {
    if (v.category === 'other' && !v.customCategory)
      ctx.addIssue({ code: 'custom', path: ['customCategory'], message: 'Please enter a custom category' });
  });
export type TUpdateContest = z.infer<typeof ZUpdateContest>;

export const ZContestStatusChange = z.object({
  status: z.enum(['voting', 'ended', 'cancelled'], { error: 'Status must be voting, ended or cancelled' }),
  reason: z.string().trim().max(500).optional(),
});
export type TContestStatusChange = z.infer<typeof ZContestStatusChange>;

/** The one wording of a search term that is too short (browse and search alike). */
export const SEARCH_TOO_SHORT = 'Search query must be at least 2 characters long';

export const CONTEST_SORTS = ['newest', 'oldest', 'deadline', 'entries', 'prize', 'votes', 'relevance'] as const;

export const ZContestListQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.browse, maxLimit: 50 }),
  status: z.enum(CONTEST_STATUSES).optional(),
  category: z.enum(CONTEST_CATEGORIES).optional(),
  entryType: z.enum(ENTRY_TYPES).optional(),
  prizeType: z.enum(PRIZE_TYPES).optional(),
  entryFee: z.enum(ENTRY_FEE_TYPES).optional(),
  votingType: z.enum(VOTING_TYPES).optional(),
  search: z.string().trim().min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT).max(100).optional(),
  sortBy: z.enum(CONTEST_SORTS).default('newest'),
});
export type TContestListQuery = z.infer<typeof ZContestListQuery>;

/** GET /api/contests: the browse query; without a sortBy a search is ranked by relevance, anything else newest first. */
export const ZContestBrowseQuery = ZContestListQuery.extend({ sortBy: z.enum(CONTEST_SORTS).optional() });
export type TContestBrowseQuery = z.infer<typeof ZContestBrowseQuery>;

/** GET /api/contests/search. */
export const ZContestSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
    .max(100, 'Search query cannot exceed 100 characters'),
  ...pageQuery({ defaultLimit: PAGE_SIZES.browse, maxLimit: 50 }),
});

/** GET /api/contests/my-contests and /api/contests/organizer/:id. */
export const ZOwnerContestsQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.myContests, maxLimit: 50 }),
  status: z.enum(CONTEST_STATUSES).optional(),
});
export type TOwnerContestsQuery = z.infer<typeof ZOwnerContestsQuery>;

const FEATURED_LIMIT = 'Limit must be between 1 and 20';

/** GET /api/contests/featured. */
export const ZFeaturedContestsQuery = z.object({
  limit: z.coerce
    .number({ error: FEATURED_LIMIT })
    .int(FEATURED_LIMIT)
    .min(1, FEATURED_LIMIT)
    .max(PAGE_SIZES.featuredMax, FEATURED_LIMIT)
    .default(PAGE_SIZES.featuredDefault),
});

// ---------- entries ----------

export const ZCreateEntry = z.object({
  contestId: z.uuid({ error: 'Contest ID is required' }),
  title: requiredText('Title is required', 120, 'Title cannot exceed 120 characters'),
  description: requiredText('Description is required', 2000, 'Description cannot exceed 2000 characters'),
  entryType: z.enum(ENTRY_TYPES, { error: 'Entry type is required' }),
  tags: z.array(z.string().trim().min(1).max(30)).max(10, 'You can add up to 10 tags').default([]),
  settings: z.object({ allowSharing: z.boolean().default(true) }).default({ allowSharing: true }),
});
export type TCreateEntry = z.infer<typeof ZCreateEntry>;

export const ZRejectEntry = z.object({
  reason: requiredText('Please provide a reason for rejection', 500, 'Reason cannot exceed 500 characters'),
});
export const ZBulkApprove = z.object({
  contestId: z.uuid({ error: 'Contest ID is required' }),
  entryIds: z.array(z.uuid()).min(1, 'Please select entries to approve').max(100),
});
export const ZBulkReject = z.object({
  contestId: z.uuid({ error: 'Contest ID is required' }),
  entryIds: z.array(z.uuid()).min(1, 'Please select entries to reject').max(100),
  reason: ZRejectEntry.shape.reason,
});
export type TRejectEntry = z.infer<typeof ZRejectEntry>;
export type TBulkApprove = z.infer<typeof ZBulkApprove>;
export type TBulkReject = z.infer<typeof ZBulkReject>;

export const ZEntryListQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.allEntries, maxLimit: 50 }),
  contest: z.uuid().optional(),
  participant: z.uuid().optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
  entryType: z.enum(ENTRY_TYPES).optional(),
  createdAfter: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date')
    .optional(),
  minVotes: z.coerce.number().int().min(0).optional(),
  sortBy: z.enum(['newest', 'oldest', 'popular', 'votes', 'title']).default('newest'),
});

// ---------- votes ----------

export const ZCastVote = z
  .object({
    entryId: z.uuid({ error: 'Entry ID is required' }),
    contestId: z.uuid({ error: 'Contest ID is required' }),
    voteType: z.enum(VOTE_TYPES, { error: 'Vote type must be free or paid' }),
    amount: z
      .number({ error: 'Paid votes must be between 1 and 10' })
      .int('Paid votes must be between 1 and 10')
      .min(PAID_VOTES_PER_CALL.min, 'Paid votes must be between 1 and 10')
      .max(PAID_VOTES_PER_CALL.max, 'Paid votes must be between 1 and 10')
      .default(1),
  })
  .refine((v) => v.voteType === 'paid' || v.amount === 1, { path: ['amount'], message: 'A free vote counts one at a time' });
export type TCastVote = z.infer<typeof ZCastVote>;

// ---------- comments and reports ----------

export const ZCommentContent = z
  .string({ error: 'Comment content is required' })
  .trim()
  .min(1, 'Comment content is required')
  .max(COMMENT_MAX_LENGTH, 'Comment cannot exceed 1000 characters');

export const ZCreateComment = z.object({
  content: ZCommentContent,
  contestId: z.uuid({ error: 'Contest ID is required' }),
  entryId: z.uuid().optional(),
  parentCommentId: z.uuid().optional(),
  settings: z.object({ isAnonymous: z.boolean().default(false) }).default({ isAnonymous: false }),
});
export type TCreateComment = z.infer<typeof ZCreateComment>;

export const ZReport = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Please select a reason for reporting.' }),
  description: z
    .string({ error: 'Please provide a description of the issue.' })
    .trim()
    .min(1, 'Please provide a description of the issue.')
    .min(REPORT_DESCRIPTION.min, 'Description must be at least 10 characters long.')
    .max(REPORT_DESCRIPTION.max, 'Description cannot exceed 1000 characters.'),
});
export type TReport = z.infer<typeof ZReport>;

export const ZFlagComment = z.object({ reason: requiredText('Flag reason is required', 500, 'Reason cannot exceed 500 characters') });
export const ZModerateComment = z.object({ action: z.enum(['approve', 'hide', 'delete'], { error: 'Moderation action is required' }) });
export const ZRefundContest = z.object({
  reason: requiredText('Please provide a reason for the refund', 500, 'Reason cannot exceed 500 characters'),
});
