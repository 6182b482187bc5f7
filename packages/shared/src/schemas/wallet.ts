/**
 * Wallet and dashboard contracts (spec 001 §2 Overview and Wallet, §7). The wallet is a view of the
 * ledger: `balance` is the user's NGN account in kobo, `voteCredits` the CREDIT account in credits.
 * Issue 5 adds deposits, withdrawals and bank accounts on top of these shapes.
 */
import { z } from 'zod';
import { pageQuery, ZPagination } from './pagination.js';
import { LEDGER_KINDS } from '../ledger-kinds.js';
import { ZBankAccount } from './money-views.js';

export const ZWallet = z.object({
  id: z.string(),
  userId: z.string(),
  /** Kobo. */
  balance: z.number().int().meta({ description: 'Kobo.' }),
  currency: z.literal('NGN'),
  /** Credits (two decimals at most). */
  voteCredits: z.number().meta({ description: 'Credits (two decimals at most).' }),
  /** Kobo: naira the user has won as prizes, all time. */
  totalWinnings: z.number().int().meta({ description: 'Kobo: naira the user has won as prizes, all time.' }),
  createdAt: z.string(),
  /** The payout account withdrawals go to; null until the user adds one. */
  bankAccount: ZBankAccount.nullable(),
});
export type TWallet = z.infer<typeof ZWallet>;

/** GET /api/wallet and POST /api/wallet/create. */
export const ZWalletAnswer = z.object({ wallet: ZWallet });
export type TWalletAnswer = z.infer<typeof ZWalletAnswer>;

/**
 * POST /api/wallet/verify-deposit: the wallet after the deposit and the deposit itself (a repeat
 * answers the same with credited=false). Starting a deposit answers ZPaymentInitialized.
 */
export const ZDepositVerified = z.object({
  wallet: ZWallet,
  deposit: z.object({
    reference: z.string(),
    /** Kobo credited. */
    amount: z.number().int().meta({ description: 'Kobo credited.' }),
    status: z.literal('success'),
    /** False when the deposit had already been credited (a replay): nothing new was added. */
    credited: z.boolean(),
    creditedAt: z.string(),
  }),
});
export type TDepositVerified = z.infer<typeof ZDepositVerified>;

/** One movement on the user's naira wallet or vote credits, read from the ledger. */
export const ZWalletTransaction = z.object({
  id: z.string(),
  reference: z.string(),
  /** The ledger transaction kind (LEDGER_KINDS): contest_escrow, contest_payout, vote_spend, entry_fee, referral_bonus… */
  kind: z.enum(LEDGER_KINDS),
  description: z.string(),
  asset: z.enum(['NGN', 'CREDIT']),
  direction: z.enum(['credit', 'debit']),
  /** Always positive: kobo for NGN, credits for CREDIT. */
  amount: z.number().meta({ description: 'Always positive: kobo for NGN, credits for CREDIT.' }),
  /** The account's balance right after this movement, in the same unit as `amount`. */
  balanceAfter: z.number().meta({ description: 'balanceAfter, signed: kobo for NGN, vote credits for CREDIT' }),
  status: z.literal('completed'),
  createdAt: z.string(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const ZWalletTransactionsQuery = z.object({
  ...pageQuery({ defaultLimit: 20 }),
  asset: z.enum(['NGN', 'CREDIT']).optional(),
  direction: z.enum(['credit', 'debit']).optional(),
  /** A ledger transaction kind (ZWalletTransaction.kind), e.g. contest_payout. */
  type: z.enum(LEDGER_KINDS, { error: 'Unknown transaction type' }).optional(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});
export type TWalletTransactionsQuery = z.infer<typeof ZWalletTransactionsQuery>;

/** GET /api/wallet/transactions: newest first. */
export const ZWalletTransactionsPage = z.object({ transactions: z.array(ZWalletTransaction), pagination: ZPagination });
export type TWalletTransactionsPage = z.infer<typeof ZWalletTransactionsPage>;

const ZFlow = z.object({
  totalIn: z.number().meta({ description: 'totalIn kobo for the naira flow, vote credits for the credits flow' }),
  totalOut: z.number().meta({ description: 'totalOut kobo for the naira flow, vote credits for the credits flow' }),
  transactions: z.number().int(),
});

/** GET /api/wallet/stats: all-time movements per asset (NGN in kobo, CREDIT in credits). */
export const ZWalletStats = z.object({
  naira: ZFlow,
  credits: ZFlow,
  /** Vote credits used: spent on paid votes and entry fees, less their refunds (CREDIT_USE_KINDS; the Buy Credits tab's figure too). */
  creditsUsed: z.number().meta({ description: 'creditsUsed, in vote credits: spent on paid votes and entry fees, less their refunds' }),
  /** Kobo won as contest prizes. */
  totalWinnings: z.number().int().meta({ description: 'Kobo won as contest prizes.' }),
  /** Contests whose prize was paid to this wallet. */
  prizesWon: z.number().int(),
});
export type TWalletStats = z.infer<typeof ZWalletStats>;

/** GET /api/dashboard/user-stats (spec 001 §2 Overview). */
export const ZUserStats = z.object({
  contestsCreated: z.number().int(),
  contestsJoined: z.number().int(),
  entriesSubmitted: z.number().int(),
  votesCast: z.number().int(),
  wins: z.number().int(),
  /** Kobo. */
  totalWinnings: z.number().int().meta({ description: 'Kobo.' }),
  /** Kobo: the naira wallet balance now. */
  walletBalance: z.number().int().meta({ description: 'Kobo: the naira wallet balance now.' }),
  voteCredits: z.number().meta({ description: 'voteCredits, in vote credits' }),
  /** Best current position among the user's approved entries in open or ended contests; null without one. */
  currentRank: z.number().int().nullable(),
  badges: z.array(z.object({ title: z.string(), contestId: z.string(), contestTitle: z.string(), awardedAt: z.string() })),
});
export type TUserStats = z.infer<typeof ZUserStats>;

/** GET /api/dashboard/recent-activity?limit (default 10; the overview asks 5). */
export const ZRecentActivity = z.object({
  /** Stable per event (type and the row it comes from). */
  id: z.string(),
  type: z.enum(['contest_created', 'entry_submitted', 'entry_approved', 'entry_rejected', 'vote_cast', 'prize_won', 'comment_posted']),
  title: z.string(),
  /** Where the item links to, e.g. /contest/{id}. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type TRecentActivity = z.infer<typeof ZRecentActivity>;

export const ZRecentActivityQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be between 1 and 50' })
    .int('Limit must be between 1 and 50')
    .min(1, 'Limit must be between 1 and 50')
    .max(50, 'Limit must be between 1 and 50')
    .default(10),
});

export const ZRecentActivityList = z.object({ activities: z.array(ZRecentActivity) });
export type TRecentActivityList = z.infer<typeof ZRecentActivityList>;
