/**
 * Vote contracts (spec 000 §2 vote modal, §7 Votes): every answer of /api/votes and the refunds of a
 * cancelled contest. Credits are vote credits (whole or decimal); `creditsSpent` is null for anyone
 * but the contest's organizer, admins and the voter for their own votes (the one rule, server policy).
 */
import { z } from 'zod';
import { VOTE_TYPES } from '../enums.js';
import { ZContest } from './contest-views.js';
import { pageQuery, ZPagination } from './pagination.js';

export const ZVoter = z.object({ _id: z.string(), fullName: z.string(), username: z.string(), profilePicture: z.string().nullable() });

export const ZVote = z.object({
  _id: z.string(),
  entryId: z.string(),
  contestId: z.string(),
  voteType: z.enum(VOTE_TYPES),
  /** Votes in this call (paid 1–10, free 1). */
  amount: z.number().int(),
  /** 1 for free, 5 for paid. */
  weight: z.number().int(),
  weightedTotal: z.number().int(),
  /** Vote credits. */
  creditsSpent: z.number().meta({ description: 'Vote credits.' }).meta({ description: 'creditsSpent, in vote credits' }),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Only in answers to the contest's organizer, admins (and the voter's own vote). */
  voter: ZVoter.optional(),
  entry: z.object({ _id: z.string(), title: z.string() }).optional(),
  contest: z.object({ _id: z.string(), title: z.string() }).optional(),
});
export type TVote = z.infer<typeof ZVote>;

/** What the voter may still cast in a contest now. */
export const ZRemainingVotes = z.object({
  /** Free votes left now (also bounded by today's limit). */
  freeVotes: z.number().int(),
  /** Votes of any kind left; null when the contest has no cap. */
  totalVotes: z.number().int().nullable(),
});
export type TRemainingVotes = z.infer<typeof ZRemainingVotes>;

export const ZEntryVoteCounters = z.object({ _id: z.string(), votesCount: z.number().int(), weightedVotes: z.number().int() });

export const ZCastResult = z.object({
  vote: ZVote,
  entry: ZEntryVoteCounters,
  remaining: ZRemainingVotes,
  /** True when an earlier call with the same Idempotency-Key answered (nothing new was written). */
  replayed: z.boolean(),
  /** True when the vote is recorded but held for review (not counted until a moderator counts it). */
  held: z.boolean().optional(),
});
export type TCastResult = z.infer<typeof ZCastResult>;

export const ZVotePage = z.object({ votes: z.array(ZVote), pagination: ZPagination });
export type TVotePage = z.infer<typeof ZVotePage>;

export const ZVoteAggregate = z.object({
  votes: z.number().int(),
  freeVotes: z.number().int(),
  paidVotes: z.number().int(),
  weightedVotes: z.number().int(),
  /** Null unless the caller may see what votes cost. */
  creditsSpent: z.number().nullable().meta({ description: 'creditsSpent, in vote credits' }),
  uniqueVoters: z.number().int(),
  lastVoteAt: z.string().nullable(),
});

/** The votes of an entry or a contest: the aggregate for everyone, the list for the organizer and admins. */
export const ZVotesOf = ZVotePage.extend({ summary: ZVoteAggregate, votersVisible: z.boolean() });
export type TVotesOf = z.infer<typeof ZVotesOf>;

export const ZMyVoteSummary = z.object({
  totalVotes: z.number().int(),
  freeVotes: z.number().int(),
  paidVotes: z.number().int(),
  weightedVotes: z.number().int(),
  votesCast: z.number().int(),
  creditsSpent: z.number().meta({ description: 'creditsSpent, in vote credits' }),
  creditsRefunded: z.number().meta({ description: 'creditsRefunded, in vote credits' }),
  contestsVotedIn: z.number().int(),
  entriesVotedFor: z.number().int(),
  lastVoteAt: z.string().nullable(),
  freeVotesToday: z.number().int(),
  dailyFreeVoteLimit: z.number().int(),
});
export type TMyVoteSummary = z.infer<typeof ZMyVoteSummary>;

export const ZVoteAnalytics = z.object({
  contestId: z.string().nullable(),
  entryId: z.string().nullable(),
  voteType: z.enum(VOTE_TYPES).nullable(),
  range: z.object({ from: z.string(), to: z.string() }),
  daily: z.array(
    z.object({ date: z.string(), free: z.number().int(), paid: z.number().int(), weighted: z.number().int(), casts: z.number().int() }),
  ),
  totals: ZVoteAggregate.omit({ lastVoteAt: true }).extend({
    creditsSpent: z.number().meta({ description: 'creditsSpent, in vote credits' }),
  }),
});
export type TVoteAnalytics = z.infer<typeof ZVoteAnalytics>;

export const ZEntryVoteStats = z.object({
  entryId: z.string(),
  contestId: z.string(),
  votesCount: z.number().int(),
  weightedVotes: z.number().int(),
  freeVotes: z.number().int(),
  paidVotes: z.number().int(),
  uniqueVoters: z.number().int(),
  creditsSpent: z.number().nullable().meta({ description: 'creditsSpent, in vote credits' }),
  lastVoteAt: z.string().nullable(),
  ranking: z.number().int().nullable(),
});
export type TEntryVoteStats = z.infer<typeof ZEntryVoteStats>;

export const ZContestVoteStats = z.object({
  contestId: z.string(),
  totalVotes: z.number().int(),
  votesCount: z.number().int(),
  freeVotes: z.number().int(),
  paidVotes: z.number().int(),
  uniqueVoters: z.number().int(),
  creditsSpent: z.number().nullable().meta({ description: 'creditsSpent, in vote credits' }),
  votingFee: z.number().meta({ description: 'votingFee, the fee of one paid vote, in vote credits' }),
  dailyFreeVoteLimit: z.number().int(),
  lastVoteAt: z.string().nullable(),
  topEntries: z.array(
    z.object({ _id: z.string(), title: z.string(), votesCount: z.number().int(), weightedVotes: z.number().int(), rank: z.number().int() }),
  ),
  me: z
    .object({
      votesCast: z.number().int(),
      freeVotesUsed: z.number().int(),
      remaining: ZRemainingVotes,
      /** The caller's active votes in this contest per entry (entries they have not voted for are absent). */
      votedEntries: z.array(z.object({ entryId: z.string(), votes: z.number().int() })),
    })
    .nullable(),
});
export type TContestVoteStats = z.infer<typeof ZContestVoteStats>;

export const ZRemovedVote = z.object({ vote: ZVote, entry: ZEntryVoteCounters });

/** What cancelling a contest gave back (the refund route and the contest status change answer it). */
export const ZContestRefunds = z.object({
  /** Kobo returned from escrow to the organizer. */
  escrowRefunded: z.number().int().meta({ description: 'Kobo returned from escrow to the organizer' }),
  votesRefunded: z.number().int(),
  /** Vote credits returned to voters. */
  voteCreditsRefunded: z.number().meta({ description: 'Vote credits returned to voters' }),
  entryFeesRefunded: z.number().int(),
  /** Vote credits returned to participants. */
  entryFeeCreditsRefunded: z.number().meta({ description: 'Vote credits returned to participants' }),
  /** Vote credits of the badge fee returned to the organizer. */
  badgeFeeRefunded: z.number().meta({ description: 'Vote credits of the badge fee returned to the organizer' }),
});
export type TContestRefunds = z.infer<typeof ZContestRefunds>;

export const ZRefundContestResult = z.object({ contest: ZContest, refunds: ZContestRefunds });
export type TRefundContestResult = z.infer<typeof ZRefundContestResult>;

// ---------- queries ----------

const voteList = pageQuery({ defaultLimit: 20 });
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date');

export const ZVoteListQuery = z.object({
  ...voteList,
  contest: z.uuid().optional(),
  entry: z.uuid().optional(),
  voter: z.uuid().optional(),
  voteType: z.enum(VOTE_TYPES).optional(),
  isActive: booleanQuery.optional(),
  sortBy: z.enum(['createdAt', 'amount', 'weightedTotal']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export const ZMyVotesQuery = z.object({ ...voteList, contest: z.uuid().optional(), voteType: z.enum(VOTE_TYPES).optional() });
export const ZVotesOfQuery = z.object({ ...voteList, voteType: z.enum(VOTE_TYPES).optional() });
export const ZVoteAnalyticsQuery = z.object({
  contest: z.uuid().optional(),
  entry: z.uuid().optional(),
  voteType: z.enum(VOTE_TYPES).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
