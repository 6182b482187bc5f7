/**
 * Operations (issue 15): system monitoring (GET /api/admin-tools/system-health), financial reports
 * (GET /api/admin-tools/financial-reports) and the admin overview's figures (GET
 * /api/dashboard/admin-stats). The health thresholds live here, in one place: the server grades
 * each figure with them and the web shows them beside the figures.
 */
import { z } from 'zod';
import type { LedgerKind } from '../ledger-kinds.js';
import { ZPagination, pageQuery } from './pagination.js';

/** Health badge values (spec 002 §2.1 System Monitoring). */
export const HEALTH_STATUSES = ['healthy', 'warning', 'critical'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];
export const ZHealthStatus = z.enum(HEALTH_STATUSES);

/**
 * Each figure is `warning` above its first bound and `critical` above its second (strictly greater).
 * Latency and error rate are judged over the last 5 minutes; the hour is shown for context.
 */
export const HEALTH_THRESHOLDS = {
  /** p95 answer time, ms. */
  p95LatencyMs: { warning: 500, critical: 2000 },
  /** Share of 5xx answers, percent. */
  errorRatePercent: { warning: 1, critical: 5 },
  /** Event-loop delay p99, ms. */
  eventLoopP99Ms: { warning: 100, critical: 500 },
  /** Process CPU, percent of the cores it may use. */
  cpuPercent: { warning: 70, critical: 90 },
  /** Resident memory, percent of the memory the process may use. */
  memoryPercent: { warning: 75, critical: 90 },
  /** A timed `select 1`, ms. */
  databaseLatencyMs: { warning: 100, critical: 500 },
  /** How late the most overdue background job is, seconds. */
  jobLagSeconds: { warning: 60, critical: 300 },
  /** Age of the oldest domain event a subscriber has not handled yet, seconds. */
  eventLagSeconds: { warning: 60, critical: 300 },
  /** Events parked after a subscriber failed on them. */
  parkedEvents: { warning: 0, critical: 20 },
} as const satisfies Record<string, { warning: number; critical: number }>;
export type HealthFigure = keyof typeof HEALTH_THRESHOLDS;

/** The grade of one figure; a figure that cannot be measured (null) counts as healthy. */
export function gradeFigure(figure: HealthFigure, value: number | null | undefined): HealthStatus {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'healthy';
  const t = HEALTH_THRESHOLDS[figure];
  if (value > t.critical) return 'critical';
  if (value > t.warning) return 'warning';
  return 'healthy';
}

/** The worst of several grades. */
export function worstStatus(statuses: readonly HealthStatus[]): HealthStatus {
  if (statuses.includes('critical')) return 'critical';
  if (statuses.includes('warning')) return 'warning';
  return 'healthy';
}

const ms = z.number().nullable();

export const ZTrafficWindow = z.object({
  minutes: z.number().int(),
  requests: z.number().int(),
  errors: z.number().int(),
  requestsPerMinute: z.number(),
  errorRatePercent: z.number(),
  p50Ms: ms,
  p95Ms: ms,
  latencyStatus: ZHealthStatus,
  errorStatus: ZHealthStatus,
});
export type TTrafficWindow = z.infer<typeof ZTrafficWindow>;

export const ZRecordedFailure = z.object({
  at: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  message: z.string(),
  requestId: z.string(),
});
export type TRecordedFailure = z.infer<typeof ZRecordedFailure>;

export const ZJobState = z.object({
  name: z.string(),
  running: z.boolean(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  /** Set when the last run failed. */
  lastFailedAt: z.string().nullable(),
  /** How far past its next due time the job is, seconds (0 when on time). */
  lateSeconds: z.number(),
});

export const ZSystemHealth = z.object({
  /** Every figure but the database's, the queue's and the events' is this instance's own. */
  scope: z.literal('instance'),
  instance: z.string(),
  checkedAt: z.string(),
  status: ZHealthStatus,
  server: z.object({
    uptimeSeconds: z.number().int(),
    startedAt: z.string(),
    nodeVersion: z.string(),
    status: ZHealthStatus,
  }),
  traffic: z.object({ last5Minutes: ZTrafficWindow, last60Minutes: ZTrafficWindow }),
  eventLoop: z.object({ p50Ms: ms, p99Ms: ms, maxMs: ms, status: ZHealthStatus }),
  memory: z.object({
    rssBytes: z.number().int(),
    heapUsedBytes: z.number().int(),
    heapTotalBytes: z.number().int(),
    limitBytes: z.number().int(),
    percent: z.number(),
    status: ZHealthStatus,
  }),
  cpu: z.object({
    percent: z.number(),
    cores: z.number().int(),
    loadAverage: z.array(z.number()),
    status: ZHealthStatus,
  }),
  database: z.object({
    driver: z.enum(['postgres', 'pglite']),
    /** null when the database did not answer. */
    latencyMs: ms,
    sizeBytes: z.number().int().nullable(),
    status: ZHealthStatus,
  }),
  jobs: z.object({
    /** Where the figures come from: the PostgreSQL job queue, this process's scheduler, or nothing runs jobs here. */
    source: z.enum(['queue', 'process', 'none']),
    /** Jobs due and waiting to start. */
    depth: z.number().int(),
    /** How late the oldest waiting job is, seconds. */
    lagSeconds: z.number(),
    /** Jobs whose last run failed (this process). */
    failing: z.number().int(),
    list: z.array(ZJobState),
    status: ZHealthStatus,
  }),
  events: z.object({
    /** Domain events subscribers have not handled yet (all subscribers together). */
    pending: z.number().int(),
    /** Age of the oldest of them, seconds. */
    oldestPendingSeconds: z.number(),
    /** Events parked after a subscriber failed on them. */
    parked: z.number().int(),
    status: ZHealthStatus,
  }),
  recentErrors: z.array(ZRecordedFailure),
  thresholds: z.record(z.string(), z.object({ warning: z.number(), critical: z.number() })),
});
export type TSystemHealth = z.infer<typeof ZSystemHealth>;

// ---------- financial reports ----------

const PERIOD_MESSAGE = 'Period must be a whole number of days from 1 to 366';

/** The periods the Financial Reports tab offers (days); the server takes any whole number 1–366. */
export const FINANCIAL_PERIODS = [7, 30, 90, 365] as const;
export const DEFAULT_FINANCIAL_PERIOD = 30;

export const ZFinancialReportQuery = z.object({
  period: z.coerce
    .number({ error: PERIOD_MESSAGE })
    .int(PERIOD_MESSAGE)
    .min(1, PERIOD_MESSAGE)
    .max(366, PERIOD_MESSAGE)
    .default(DEFAULT_FINANCIAL_PERIOD),
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
});
export type TFinancialReportQuery = z.infer<typeof ZFinancialReportQuery>;

/** Where platform revenue comes from: each ledger kind that moves a revenue account, grouped. */
export const REVENUE_SOURCES = [
  'credit_purchases',
  'paid_votes',
  'escrow_fees',
  'subscriptions',
  'transfer_fees',
  'withdrawal_fees',
  'entry_fees',
  'badge_fees',
  'other',
] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

export const REVENUE_SOURCE_LABELS: Record<RevenueSource, string> = {
  credit_purchases: 'Vote credit purchases',
  paid_votes: 'Paid votes',
  escrow_fees: 'Escrow fees',
  subscriptions: 'Subscriptions',
  transfer_fees: 'Transfer fees',
  withdrawal_fees: 'Withdrawal fees',
  entry_fees: 'Entry fees',
  badge_fees: 'Badge contest fees',
  other: 'Other',
};

/** The revenue source of a ledger kind (its refund or reversal counts against the same source). */
export function revenueSourceOf(kind: string): RevenueSource {
  const map: Partial<Record<LedgerKind, RevenueSource>> = {
    vote_credit_purchase: 'credit_purchases',
    vote_spend: 'paid_votes',
    vote_refund: 'paid_votes',
    contest_payout: 'escrow_fees',
    subscription_payment: 'subscriptions',
    subscription_extension: 'subscriptions',
    vote_credit_transfer: 'transfer_fees',
    withdrawal: 'withdrawal_fees',
    withdrawal_reversal: 'withdrawal_fees',
    contest_entry_fees: 'entry_fees',
    contest_badge_fee: 'badge_fees',
    contest_badge_fee_refund: 'badge_fees',
  };
  return map[kind as LedgerKind] ?? 'other';
}

/** The spec's transaction types (contest_fee, entry_fee, vote_credit) and the ledger's other movements. */
export const FINANCIAL_TRANSACTION_TYPES = [
  'contest_fee',
  'entry_fee',
  'vote_credit',
  'deposit',
  'withdrawal',
  'payout',
  'subscription',
  'bonus',
] as const;
export type FinancialTransactionType = (typeof FINANCIAL_TRANSACTION_TYPES)[number];

export function transactionTypeOf(kind: LedgerKind): FinancialTransactionType {
  switch (kind) {
    case 'contest_escrow':
    case 'contest_escrow_refund':
    case 'contest_badge_fee':
    case 'contest_badge_fee_refund':
      return 'contest_fee';
    case 'entry_fee':
    case 'entry_fee_refund':
    case 'contest_entry_fees':
      return 'entry_fee';
    case 'vote_credit_purchase':
    case 'vote_credit_transfer':
    case 'vote_spend':
    case 'vote_refund':
      return 'vote_credit';
    case 'wallet_deposit':
      return 'deposit';
    case 'withdrawal':
    case 'withdrawal_reversal':
      return 'withdrawal';
    case 'contest_payout':
      return 'payout';
    case 'subscription_payment':
    case 'subscription_extension':
    case 'subscription_payment_to_wallet':
      return 'subscription';
    case 'referral_bonus':
    case 'promotional_credit':
    case 'demo_funding':
      return 'bonus';
  }
}

export const ZRevenueLine = z.object({
  source: z.enum(REVENUE_SOURCES),
  label: z.string(),
  /** Naira revenue, kobo (net of refunds and reversals in the period). */
  kobo: z.number().int().meta({ description: 'Naira revenue of the source in the period, in kobo (integer; ₦1 = 100 kobo)' }),
  /** Vote-credit revenue (paid votes, entry and badge fees), whole credits with two decimals. */
  credits: z.number().meta({ description: 'Credit revenue of the source in the period, in vote credits (two decimals)' }),
  /** Ledger postings behind it. */
  transactions: z.number().int(),
});

export const ZFinancialTransaction = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.string(),
  type: z.enum(FINANCIAL_TRANSACTION_TYPES),
  label: z.string(),
  description: z.string(),
  /** Naira moved (the sum of the posting's positive naira lines), kobo. */
  kobo: z.number().int().meta({ description: 'Naira moved, in kobo (integer; ₦1 = 100 kobo)' }),
  /** Credits moved, whole credits with two decimals. */
  credits: z.number().meta({ description: 'Credits moved, in vote credits (two decimals)' }),
  createdAt: z.string(),
});
export type TFinancialTransaction = z.infer<typeof ZFinancialTransaction>;

export const ZFinancialReport = z.object({
  period: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
  revenue: z.object({
    /** Naira revenue of the period, kobo. */
    totalKobo: z.number().int().meta({ description: 'Naira revenue of the period, in kobo (integer; ₦1 = 100 kobo)' }),
    /** Credit revenue of the period. */
    totalCredits: z.number().meta({ description: 'Credit revenue of the period, in vote credits (two decimals)' }),
    bySource: z.array(ZRevenueLine),
    /** Every naira the platform has earned (the revenue accounts' balance, as the reconciliation reports it). */
    allTimeKobo: z.number().int().meta({ description: 'Every naira the platform has earned, in kobo (integer; ₦1 = 100 kobo)' }),
  }),
  /** Money held now (as the reconciliation reports it). */
  held: z.object({
    walletsKobo: z.number().int().meta({ description: 'Members wallets, in kobo (integer; ₦1 = 100 kobo)' }),
    escrowKobo: z.number().int().meta({ description: 'Contest escrow, in kobo (integer; ₦1 = 100 kobo)' }),
    /** Entry fees held in contests' credit escrow until they end. */
    escrowCredits: z.number().meta({ description: 'Entry fees held in escrow, in vote credits (two decimals)' }),
    userCredits: z.number().meta({ description: 'Members vote credits, in vote credits (two decimals)' }),
  }),
  payouts: z.object({
    /** Prizes paid to winners' wallets in the period, kobo (after the escrow fee). */
    prizesKobo: z.number().int().meta({ description: 'Prizes paid in the period, in kobo (integer; ₦1 = 100 kobo)' }),
    prizes: z.number().int().meta({ description: 'How many prizes were paid in the period (a count; their sum is prizesKobo)' }),
    /** Naira sent to banks for withdrawals in the period, less transfers that failed and came back, kobo. */
    withdrawalsKobo: z.number().int().meta({ description: 'Withdrawals paid in the period, in kobo (integer; ₦1 = 100 kobo)' }),
    withdrawals: z.number().int(),
  }),
  transactions: z.object({ items: z.array(ZFinancialTransaction), pagination: ZPagination }),
});
export type TFinancialReport = z.infer<typeof ZFinancialReport>;

// ---------- the admin overview (GET /api/dashboard/admin-stats) ----------

export const ZAdminStats = z.object({
  totalUsers: z.number().int(),
  /** Contests open for entries or voting. */
  activeContests: z.number().int(),
  /** Every naira the platform has earned, kobo. */
  totalRevenue: z.number().int().meta({ description: 'Every naira the platform has earned, in kobo (integer; ₦1 = 100 kobo)' }),
  /** Distinct items with pending reports. */
  flaggedContent: z.number().int(),
  flaggedUsers: z.number().int(),
  flaggedContests: z.number().int(),
  /** Entries awaiting review across contests. */
  pendingReview: z.number().int(),
  /** People active in the last 24 hours. */
  dailyActiveUsers: z.number().int(),
  systemHealth: z.object({
    status: ZHealthStatus,
    /** Share of answers that were not 5xx in the last hour, percent; null without traffic. */
    availabilityPercent: z.number().nullable(),
    /** p95 answer time over the last 5 minutes, ms (this instance). */
    responseTimeMs: z.number().nullable(),
    cpuPercent: z.number(),
    memoryPercent: z.number(),
  }),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;
