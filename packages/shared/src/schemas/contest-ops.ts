/**
 * The Contest Management page (issue 15 item 5) and the withdrawals that need a person (item 7):
 * pending entries across contests, the voting monitor, prize payouts with their hold, contest
 * settings (feature, extend or close a phase), and withdrawals the gateway refused, that are stuck,
 * or that are held because their owner was banned. Queries, bodies and answers, shared by the
 * server's routes and the web's forms; the thresholds of the voting monitor's flags are here too.
 */
import { z } from 'zod';
import { ZWithdrawal } from './money-views.js';
import { ZPagination, pageQuery } from './pagination.js';

/** Admin tools lists: 10 a page (002 §9). */
export const CONTEST_OPS_PAGE_SIZE = 10;

export const CONTEST_OPS_MESSAGES = {
  reasonRequired: 'Please provide a reason',
  reasonTooLong: 'The reason must be at most 500 characters',
  held: 'Prize payout held',
  released: 'Prize payout released',
  alreadyHeld: 'The prize payout of this contest is already held',
  notHeld: 'The prize payout of this contest is not held',
  alreadyPaid: 'The prize of this contest has already been paid',
  noCashPrize: 'This contest has no cash prize',
  notOpen: 'This contest is not running',
  featured: 'Contest featured on the home page',
  unfeatured: 'Contest no longer featured',
  extended: 'Phase extended',
  closed: 'Phase closed',
  untilRequired: 'Choose when the phase should now end',
  untilNotLater: 'The new end must be later than the current end',
  untilInPast: 'The new end must be in the future',
  submissionOver: 'The submission phase of this contest is over',
  votingOver: 'The voting phase of this contest is over',
  votingNotStarted: 'The voting phase of this contest has not started yet',
  extendOverlaps: 'The submission phase must end before voting ends; extend voting first',
  withdrawalRetried: 'Withdrawal sent to the bank again',
  withdrawalFailed: 'Withdrawal marked failed and refunded',
  withdrawalNotOpen: 'This withdrawal is no longer pending',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalPaidAtGateway: 'The payment provider reports this withdrawal as paid; it cannot be marked failed',
  withdrawalProcessingAtGateway: 'The payment provider is still processing this withdrawal; try again later',
  withdrawalUnchecked: 'The payment provider could not be asked about this withdrawal; try again later',
  pendingEntriesFailed: 'Failed to fetch pending entries',
  monitorFailed: 'Failed to fetch the voting monitor',
  prizesFailed: 'Failed to fetch prizes',
  withdrawalsFailed: 'Failed to fetch withdrawals',
} as const;

/** A staff member's reason: required, trimmed, at most 500 characters. */
export const zStaffReason = z
  .string({ error: CONTEST_OPS_MESSAGES.reasonRequired })
  .trim()
  .min(1, CONTEST_OPS_MESSAGES.reasonRequired)
  .max(500, CONTEST_OPS_MESSAGES.reasonTooLong);

export const ZStaffReason = z.object({ reason: zStaffReason });
export type TStaffReason = z.infer<typeof ZStaffReason>;

// ---------- pending entries ----------

export const ZPendingEntriesQuery = z.object(pageQuery({ defaultLimit: CONTEST_OPS_PAGE_SIZE, maxLimit: 50 }));

export const ZPendingEntriesContest = z.object({
  contestId: z.string(),
  title: z.string(),
  status: z.string(),
  organizerName: z.string(),
  pendingCount: z.number().int(),
  oldestSubmittedAt: z.string(),
  entryEndDate: z.string(),
  /** The contest's review page (paths.contestReview). */
  reviewPath: z.string(),
});
export const ZPendingEntriesPage = z.object({
  contests: z.array(ZPendingEntriesContest),
  /** Entries awaiting review across every contest. */
  totalPending: z.number().int(),
  pagination: ZPagination,
});
export type TPendingEntriesPage = z.infer<typeof ZPendingEntriesPage>;

// ---------- voting monitor ----------

/**
 * Thresholds of the monitor's flags. A flag needs at least `minVotes` votes in the contest (or in
 * the window, for the spike), so a contest with a handful of votes never raises one.
 */
export const VOTING_MONITOR_THRESHOLDS = {
  minVotes: 20,
  /** Votes per minute over the last 10 minutes at least this many times the last hour's rate. */
  spikeRatio: 3,
  /** Share of votes cast by accounts younger than `newAccountDays`. */
  newAccountShare: 0.5,
  newAccountDays: 7,
  /** Share of votes cast by the top `topVoters` voters. */
  topVotersShare: 0.6,
  topVoters: 5,
  /** Share of votes that are paid. */
  paidShare: 0.9,
} as const;

export const VOTING_FLAG_CODES = ['vote_spike', 'new_accounts', 'concentrated_voters', 'paid_heavy'] as const;
export const ZVotingFlag = z.object({
  /** One of VOTING_FLAG_CODES, or a code another signal adds (held votes, high-risk share). */
  code: z.string(),
  severity: z.enum(['warning', 'critical']),
  message: z.string(),
});
export type TVotingFlag = z.infer<typeof ZVotingFlag>;

export const ZVotingMonitorContest = z.object({
  contestId: z.string(),
  title: z.string(),
  votingEndDate: z.string(),
  totalVotes: z.number().int(),
  uniqueVoters: z.number().int(),
  votesLast10Min: z.number().int(),
  votesLast60Min: z.number().int(),
  /** Votes per minute over the last 10 and the last 60 minutes (one decimal). */
  perMinute10: z.number(),
  perMinute60: z.number(),
  /** Shares from 0 to 1 of the contest's active votes. */
  paidShare: z.number(),
  newAccountShare: z.number(),
  topVotersShare: z.number(),
  flags: z.array(ZVotingFlag),
  reviewPath: z.string(),
});
export const ZVotingMonitor = z.object({
  contests: z.array(ZVotingMonitorContest),
  generatedAt: z.string(),
});
export type TVotingMonitor = z.infer<typeof ZVotingMonitor>;
export type TVotingMonitorContest = z.infer<typeof ZVotingMonitorContest>;

// ---------- prizes ----------

export const PAYOUT_STATUSES = ['pending', 'held', 'paid', 'refunded', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const ZPrizesQuery = z.object(pageQuery({ defaultLimit: CONTEST_OPS_PAGE_SIZE, maxLimit: 50 }));

export const ZContestPrize = z.object({
  contestId: z.string(),
  title: z.string(),
  status: z.string(),
  prizeType: z.string(),
  /** Kobo: the prize as set. */
  prizeAmount: z.number().int().meta({ description: 'The prize as set, in kobo (integer; ₦1 = 100 kobo)' }),
  /** Kobo still in the contest's escrow (the ledger). */
  escrowHeld: z.number().int().meta({ description: 'Still in the contest escrow, in kobo (integer; ₦1 = 100 kobo)' }),
  /** Kobo paid to the winner (after the escrow fee), 0 until paid. */
  paidToWinner: z.number().int(),
  payoutStatus: z.enum(PAYOUT_STATUSES),
  hold: z.object({ reason: z.string(), at: z.string() }).nullable(),
  winner: z.object({ entryId: z.string(), userId: z.string(), fullName: z.string() }).nullable(),
  votingEndDate: z.string(),
  finalizedAt: z.string().nullable(),
});
export type TContestPrize = z.infer<typeof ZContestPrize>;
export const ZPrizesPage = z.object({ prizes: z.array(ZContestPrize), pagination: ZPagination });
export type TPrizesPage = z.infer<typeof ZPrizesPage>;

// ---------- contest settings ----------

export const ZContestFeature = z.object({ featured: z.boolean({ error: 'featured must be true or false' }) });
export type TContestFeature = z.infer<typeof ZContestFeature>;

export const ZContestPhaseAction = z
  .object({
    action: z.enum(['extend', 'close'], { error: "action must be 'extend' or 'close'" }),
    phase: z.enum(['submission', 'voting'], { error: "phase must be 'submission' or 'voting'" }),
    until: z.iso.datetime({ offset: true, error: 'until must be a date and time' }).optional(),
    reason: zStaffReason,
  })
  .refine((b) => b.action !== 'extend' || b.until !== undefined, { message: CONTEST_OPS_MESSAGES.untilRequired, path: ['until'] });
export type TContestPhaseAction = z.infer<typeof ZContestPhaseAction>;

/** What a contest settings action leaves: the settings the page shows. */
export const ZStaffContestSettings = z.object({
  contestId: z.string(),
  title: z.string(),
  status: z.string(),
  isFeatured: z.boolean(),
  entryEndDate: z.string(),
  votingStartDate: z.string(),
  votingEndDate: z.string(),
});
export type TStaffContestSettings = z.infer<typeof ZStaffContestSettings>;
export const ZStaffContestSettingsPage = z.object({ contests: z.array(ZStaffContestSettings), pagination: ZPagination });
export const ZStaffContestSettingsQuery = z.object(pageQuery({ defaultLimit: CONTEST_OPS_PAGE_SIZE, maxLimit: 50 }));
export type TStaffContestSettingsPage = z.infer<typeof ZStaffContestSettingsPage>;

// ---------- withdrawals that need a person ----------

export const ATTENTION_REASONS = ['held', 'refused', 'stuck'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];
/** A pending withdrawal is stuck when the bank has not settled it this long after it was made. */
export const WITHDRAWAL_STUCK_AFTER_MS = 30 * 60_000;

export const ZAttentionWithdrawalsQuery = z.object({
  ...pageQuery({ defaultLimit: CONTEST_OPS_PAGE_SIZE, maxLimit: 50 }),
  status: z.enum(['needs_attention'], { error: "status must be 'needs_attention'" }).default('needs_attention'),
});

export const ZAttentionWithdrawal = ZWithdrawal.extend({
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string(), status: z.string() }),
  attention: z.enum(ATTENTION_REASONS),
  attempts: z.number().int(),
  holdReason: z.string().nullable(),
  heldAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type TAttentionWithdrawal = z.infer<typeof ZAttentionWithdrawal>;
export const ZAttentionWithdrawalsPage = z.object({ withdrawals: z.array(ZAttentionWithdrawal), pagination: ZPagination });
export type TAttentionWithdrawalsPage = z.infer<typeof ZAttentionWithdrawalsPage>;
export const ZWithdrawalActionAnswer = z.object({ withdrawal: ZWithdrawal });
export type TWithdrawalActionAnswer = z.infer<typeof ZWithdrawalActionAnswer>;
