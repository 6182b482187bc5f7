/**
 * Security & Fraud (issue 15 item 6; spec 002 Security & Fraud): the vote risk reason codes (a
 * stable list: stored on each vote, shown on the held queue), held votes and their review, the
 * detection findings, a contest's vote integrity, users' verification states and the security log.
 */
import { z } from 'zod';
import { USER_ROLES, VOTE_TYPES } from '../enums.js';
import { pageQuery, ZPagination } from './pagination.js';

/**
 * Why a vote looks risky. Stable: stored on votes.risk_reasons and read by the web. The weights and
 * thresholds of each live in apps/server/src/modules/votes/vote-risk.ts (ADR 030).
 */
export const VOTE_RISK_REASONS = [
  /** The account is less than a day old. */
  'NEW_ACCOUNT',
  /** The account's email address is not verified. */
  'EMAIL_UNVERIFIED',
  /** The voter cast many votes within a minute. */
  'VOTER_VELOCITY',
  /** The entry received a burst of votes within minutes. */
  'ENTRY_VELOCITY',
  /** Several accounts voted in this contest from the same network (/24) within the hour. */
  'NETWORK_SHARED',
  /** A burst of votes from one network (/24) within a minute. */
  'NETWORK_BURST',
  /** Another account voted in this contest from the same device. */
  'DEVICE_SHARED',
  /** A card that funded this voter's credits funded other accounts' too. */
  'CARD_SHARED',
  /** That card funded many accounts. */
  'CARD_SHARED_WIDELY',
  /** The voter belongs to a lockstep group found by the detection job. */
  'LOCKSTEP_GROUP',
  /** Many accounts voted from one address within minutes (found by the detection job). */
  'ADDRESS_BURST',
] as const;
export type VoteRiskReason = (typeof VOTE_RISK_REASONS)[number];

/** What each reason code means, in words for the Security & Fraud page. */
export const VOTE_RISK_REASON_TEXT: Record<VoteRiskReason, string> = {
  NEW_ACCOUNT: 'Account less than a day old',
  EMAIL_UNVERIFIED: 'Email not verified',
  VOTER_VELOCITY: 'Many votes from this voter within a minute',
  ENTRY_VELOCITY: 'Burst of votes on this entry',
  NETWORK_SHARED: 'Several accounts on one network',
  NETWORK_BURST: 'Burst of votes from one network',
  DEVICE_SHARED: 'Device shared with another voter',
  CARD_SHARED: 'Card shared with other accounts',
  CARD_SHARED_WIDELY: 'Card shared with many accounts',
  LOCKSTEP_GROUP: 'Voted in lockstep with a group',
  ADDRESS_BURST: 'Burst of accounts from one address',
};

export const VOTE_REVIEW_STATES = ['held', 'counted', 'voided'] as const;
export type VoteReviewState = (typeof VOTE_REVIEW_STATES)[number];

export const FRAUD_MESSAGES = {
  voteNotFound: 'Vote not found',
  notHeld: 'This vote is not held for review',
  counted: 'Vote counted',
  voided: 'Vote voided and its credits refunded',
  reasonRequired: 'Please provide a reason for voiding this vote',
  fetchFailed: 'Failed to fetch held votes',
} as const;

/** GET /api/admin-tools/votes/held: page (10 a page) and an optional contest. */
export const ZHeldVotesQuery = z.object({
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
  contestId: z.uuid({ error: 'Contest ID must be a valid id' }).optional(),
});
export type THeldVotesQuery = z.infer<typeof ZHeldVotesQuery>;

/** PUT /api/admin-tools/votes/{id}/void */
export const ZVoidVote = z.object({
  reason: z
    .string({ error: FRAUD_MESSAGES.reasonRequired })
    .trim()
    .min(1, FRAUD_MESSAGES.reasonRequired)
    .max(500, 'Reason must be at most 500 characters'),
});
export type TVoidVote = z.infer<typeof ZVoidVote>;

export const ZVoteSignals = z.object({
  ip: z.string().nullable(),
  ipNetwork: z.string().nullable(),
  deviceId: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The signal values the score was computed from (account age in hours, velocities, card sharing). */
  values: z.record(z.string(), z.unknown()),
});

export const ZHeldVote = z.object({
  _id: z.string(),
  contest: z.object({ _id: z.string(), title: z.string() }),
  entry: z.object({ _id: z.string(), title: z.string() }),
  voter: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), createdAt: z.string(), isVerified: z.boolean() }),
  voteType: z.enum(VOTE_TYPES),
  amount: z.number().int(),
  weightedTotal: z.number().int(),
  /** Vote credits spent (refunded if voided). */
  creditsSpent: z.number().meta({ description: 'Vote credits spent (refunded if the vote is voided).' }),
  riskScore: z.number().int(),
  riskReasons: z.array(z.enum(VOTE_RISK_REASONS)),
  reviewState: z.enum(VOTE_REVIEW_STATES),
  signals: ZVoteSignals,
  createdAt: z.string(),
});
export type THeldVote = z.infer<typeof ZHeldVote>;

export const ZHeldVotePage = z.object({ votes: z.array(ZHeldVote), pagination: ZPagination });
export type THeldVotePage = z.infer<typeof ZHeldVotePage>;

/** The answer to count and void. */
export const ZReviewedVote = z.object({
  _id: z.string(),
  reviewState: z.enum(VOTE_REVIEW_STATES),
  /** Vote credits returned to the voter (void of a paid vote). */
  creditsRefunded: z.number().meta({ description: 'Vote credits returned to the voter (void of a paid vote).' }),
  entry: z.object({ _id: z.string(), votesCount: z.number().int(), weightedVotes: z.number().int() }),
});
export type TReviewedVote = z.infer<typeof ZReviewedVote>;

/** A contest's votes by review state: what the contest page, results and voting monitor show. */
export const ZVoteIntegrity = z.object({
  contestId: z.string(),
  /** Votes (calls) and their weighted total per state; `counted` includes votes never held. */
  counted: z.object({ votes: z.number().int(), weighted: z.number().int() }),
  held: z.object({ votes: z.number().int(), weighted: z.number().int() }),
  voided: z.object({ votes: z.number().int(), weighted: z.number().int() }),
  /** Held and voided votes per reason code. */
  reasons: z.array(z.object({ code: z.enum(VOTE_RISK_REASONS), held: z.number().int(), voided: z.number().int() })),
  /** Share of counted weighted votes that were paid, 0–100. */
  paidShare: z.number(),
  /** Votes scored at or above the hold threshold, and the average score. */
  highRisk: z.number().int(),
  averageRisk: z.number(),
  flaggedGroups: z.number().int(),
});
export type TVoteIntegrity = z.infer<typeof ZVoteIntegrity>;

export const FRAUD_FINDING_KINDS = ['lockstep', 'shared_card', 'shared_device', 'address_burst'] as const;
export type FraudFindingKind = (typeof FRAUD_FINDING_KINDS)[number];

export const ZFraudSignalsQuery = z.object({
  contestId: z.uuid({ error: 'Contest ID must be a valid id' }).optional(),
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
});
export type TFraudSignalsQuery = z.infer<typeof ZFraudSignalsQuery>;

export const ZFraudFinding = z.object({
  _id: z.string(),
  kind: z.enum(FRAUD_FINDING_KINDS),
  contest: z.object({ _id: z.string(), title: z.string() }).nullable(),
  voters: z.array(z.object({ _id: z.string(), fullName: z.string() })),
  entryIds: z.array(z.string()),
  voteCount: z.number().int(),
  heldCount: z.number().int(),
  evidence: z.record(z.string(), z.unknown()),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type TFraudFinding = z.infer<typeof ZFraudFinding>;

/** GET /api/admin-tools/fraud/signals */
export const ZFraudSignals = z.object({
  /** Votes per score band (0–19, 20–39, 40–59, 60–79, 80–100), last 30 days or the contest. */
  riskDistribution: z.array(z.object({ band: z.string(), votes: z.number().int() })),
  held: z.number().int(),
  voided: z.number().int(),
  findings: z.array(ZFraudFinding),
  pagination: ZPagination,
  topRiskyVoters: z.array(
    z.object({
      _id: z.string(),
      fullName: z.string(),
      email: z.string(),
      votes: z.number().int(),
      averageRisk: z.number(),
      maxRisk: z.number().int(),
      held: z.number().int(),
    }),
  ),
});
export type TFraudSignals = z.infer<typeof ZFraudSignals>;

/** GET /api/admin-tools/users/verification: page (10), search, state. */
export const USER_VERIFICATION_FILTERS = ['all', 'unverified', 'verified', 'payout_ready'] as const;
export const ZUserVerificationQuery = z.object({
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  state: z.enum(USER_VERIFICATION_FILTERS, { error: 'Unknown verification state' }).default('all'),
});
export type TUserVerificationQuery = z.infer<typeof ZUserVerificationQuery>;

export const ZUserVerification = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.string(),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  /** A phone number on the account (ContestHub does not verify phones by code yet). */
  hasPhone: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** A resolved bank account (name checked with the bank) for payouts. */
  bankAccountVerified: z.boolean(),
  bankName: z.string().nullable(),
  createdAt: z.string(),
});
export type TUserVerification = z.infer<typeof ZUserVerification>;
export const ZUserVerificationPage = z.object({ users: z.array(ZUserVerification), pagination: ZPagination });
export type TUserVerificationPage = z.infer<typeof ZUserVerificationPage>;

/** GET /api/admin-tools/security-logs */
export const SECURITY_LOG_TYPES = ['login', 'login_failed', 'lockout', 'two_factor', 'staff_action'] as const;
export type SecurityLogType = (typeof SECURITY_LOG_TYPES)[number];
export const ZSecurityLogQuery = z.object({
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
  type: z.enum(SECURITY_LOG_TYPES, { error: 'Unknown security log type' }).optional(),
});
export type TSecurityLogQuery = z.infer<typeof ZSecurityLogQuery>;

export const ZSecurityLogEntry = z.object({
  id: z.string(),
  type: z.enum(SECURITY_LOG_TYPES),
  at: z.string(),
  /** Who (the account signed in, or the staff member acting); null for an unknown email. */
  user: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  /** What happened, in words ('Signed in', 'Wrong password', 'vote.void vote 1234…'). */
  summary: z.string(),
  ip: z.string().nullable(),
});
export type TSecurityLogEntry = z.infer<typeof ZSecurityLogEntry>;
export const ZSecurityLogPage = z.object({ entries: z.array(ZSecurityLogEntry), pagination: ZPagination });
export type TSecurityLogPage = z.infer<typeof ZSecurityLogPage>;
