/**
 * Response contracts of issue 5 (spec 001 §3, §7): bank accounts and withdrawals, vote-credit packages,
 * purchases and history, credit transfers, subscriptions, and the reconciliation report.
 * The server validates its answers with these; the web reads them. Units: kobo for naira (integers),
 * credits for vote credits (at most two decimals), ISO strings for dates.
 */
import { z } from 'zod';
import { ZPagination } from './pagination.js';
import { VOTE_CREDIT_PACKAGE_IDS } from '../enums.js';
import { PAID_SUBSCRIPTION_TIERS, SUBSCRIPTION_PERIODS } from '../money-rules.js';
import { SUBSCRIPTION_PAID_BY, SUBSCRIPTION_PAYMENT_METHODS, VOTE_CREDIT_TRANSACTION_STATUSES } from './payments.js';

// ---------- payment references ----------

/**
 * Our gateway references start with the purpose of the payment, so the one verification page knows which
 * verify call a returning payer needs (the gateway only sends `reference` back).
 */
export const PAYMENT_REFERENCE_PREFIXES = { deposit: 'dep-', credits: 'vcp-', subscription: 'sub-' } as const;
export type PaymentPurpose = keyof typeof PAYMENT_REFERENCE_PREFIXES;

export function paymentPurposeOf(reference: string): PaymentPurpose | null {
  for (const [purpose, prefix] of Object.entries(PAYMENT_REFERENCE_PREFIXES)) {
    if (reference.startsWith(prefix)) return purpose as PaymentPurpose;
  }
  return null;
}

/** Answer of every "start a card payment" call: the browser goes to authorizationUrl. */
export const ZPaymentInitialized = z.object({
  authorizationUrl: z.string(),
  reference: z.string(),
  /** Kobo the payer is charged. */
  amount: z.number().int().meta({ description: 'Kobo the payer is charged.' }),
});
export type TPaymentInitialized = z.infer<typeof ZPaymentInitialized>;

// ---------- banks, bank accounts, withdrawals ----------

export const ZBank = z.object({ code: z.string(), name: z.string() });
export type TBank = z.infer<typeof ZBank>;

/** GET /api/wallet/banks: data is the list itself (spec 001 §7 "data list"). */
export const ZBankList = z.array(ZBank);

/** GET /api/wallet/resolve-account?accountNumber&bankCode. */
export const ZResolvedAccount = z.object({ accountName: z.string(), accountNumber: z.string(), bankCode: z.string() });
export type TResolvedAccount = z.infer<typeof ZResolvedAccount>;

/** The wallet's payout account (one per user); the account name always comes from the gateway's resolve. */
export const ZBankAccount = z.object({
  bankName: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** POST /api/wallet/bank-account and GET /api/wallet/bank-account. */
export const ZBankAccountAnswer = z.object({ bankAccount: ZBankAccount.nullable() });
export type TBankAccountAnswer = z.infer<typeof ZBankAccountAnswer>;

export const WITHDRAWAL_STATUSES = ['pending', 'success', 'failed', 'reversed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const ZWithdrawal = z.object({
  id: z.string(),
  reference: z.string(),
  /** Kobo paid to the bank account. */
  amount: z.number().int().meta({ description: 'Kobo paid to the bank account.' }),
  /** Kobo: the fixed ₦100 fee. */
  fee: z.number().int().meta({ description: 'Kobo: the fixed ₦100 fee.' }).meta({ description: 'fee, in kobo (integer; ₦1 = 100 kobo)' }),
  /** Kobo taken from the wallet: amount + fee (given back in full when the payout fails). */
  total: z.number().int().meta({ description: 'Kobo taken from the wallet: amount + fee (given back in full when the payout fails).' }),
  /** pending: sent, bank not confirmed yet; success: paid; failed/reversed: the wallet got the total back. */
  status: z.enum(WITHDRAWAL_STATUSES),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

/** POST /api/wallet/withdraw. */
export const ZWithdrawAnswer = z.object({
  withdrawal: ZWithdrawal,
  /** Kobo: the wallet balance after this withdrawal (and after its reversal, if it failed at once). */
  balance: z
    .number()
    .meta({ description: 'balance, in kobo (integer; ₦1 = 100 kobo)' })
    .int()
    .meta({ description: 'Kobo: the wallet balance after this withdrawal (and after its reversal, if it failed at once).' }),
});
export type TWithdrawAnswer = z.infer<typeof ZWithdrawAnswer>;

/** GET /api/wallet/withdrawals?page&limit: newest first. */
export const ZWithdrawalsPage = z.object({ withdrawals: z.array(ZWithdrawal), pagination: ZPagination });
export type TWithdrawalsPage = z.infer<typeof ZWithdrawalsPage>;

// ---------- vote credits ----------

/** One package as the caller would pay for it (their premium discount applied). */
export const ZVoteCreditPackageView = z.object({
  id: z.enum(VOTE_CREDIT_PACKAGE_IDS),
  credits: z.number().int().meta({ description: 'credits, in vote credits' }),
  /** Kobo: list price before discount and fee. */
  price: z.number().int().meta({ description: 'Kobo: list price before discount and fee.' }),
  popular: z.boolean(),
  /** Kobo: premium discount (0 for free-tier users). */
  discount: z
    .number()
    .meta({ description: 'discount, in kobo (integer; ₦1 = 100 kobo)' })
    .int()
    .meta({ description: 'Kobo: premium discount (0 for free-tier users).' }),
  /** Kobo: the platform fee (5 % of the discounted price, whole naira). */
  fee: z
    .number()
    .meta({ description: 'fee, in kobo (integer; ₦1 = 100 kobo)' })
    .int()
    .meta({ description: 'Kobo: the platform fee (5 % of the discounted price, whole naira).' }),
  /** Kobo: what the card is charged = price − discount + fee. */
  total: z.number().int().meta({ description: 'Kobo: what the card is charged = price − discount + fee.' }),
});
export type TVoteCreditPackageView = z.infer<typeof ZVoteCreditPackageView>;

/** GET /api/vote-credits/packages. */
export const ZVoteCreditPackages = z.object({
  packages: z.array(ZVoteCreditPackageView),
  /** True when the caller's live subscription gives the credit discount. */
  premium: z.boolean(),
  discountPercent: z.number(),
  feePercent: z.number(),
  /** Kobo per credit for a purchase by amount (before discount and fee). */
  customCreditPrice: z.number().int().meta({ description: 'Kobo per credit for a purchase by amount (before discount and fee).' }),
  customMaxCredits: z.number().int().meta({ description: 'customMaxCredits, in vote credits' }),
});
export type TVoteCreditPackages = z.infer<typeof ZVoteCreditPackages>;

export const ZVoteCreditPurchaseQuote = z.object({
  package: z.enum(VOTE_CREDIT_PACKAGE_IDS).nullable(),
  credits: z.number().int().meta({ description: 'credits, in vote credits' }),
  premium: z.boolean(),
  basePrice: z.number().int().meta({ description: 'basePrice, in kobo (integer; ₦1 = 100 kobo)' }),
  discount: z.number().int().meta({ description: 'discount, in kobo (integer; ₦1 = 100 kobo)' }),
  discountedPrice: z.number().int().meta({ description: 'discountedPrice, in kobo (integer; ₦1 = 100 kobo)' }),
  fee: z.number().int().meta({ description: 'fee, in kobo (integer; ₦1 = 100 kobo)' }),
  total: z.number().int(),
});
export type TVoteCreditPurchaseQuote = z.infer<typeof ZVoteCreditPurchaseQuote>;

/** POST /api/vote-credits/purchase. */
export const ZVoteCreditPurchaseStarted = ZPaymentInitialized.extend({ quote: ZVoteCreditPurchaseQuote });
export type TVoteCreditPurchaseStarted = z.infer<typeof ZVoteCreditPurchaseStarted>;

/**
 * A vote-credit movement as the wallet screen lists it (spec 001 §3): purchases (from the payments table,
 * pending → completed | failed) and every other credit movement of the ledger (completed).
 */
export const ZVoteCreditTransaction = z.object({
  id: z.string(),
  reference: z.string(),
  /** vote_credit_purchase, vote_spend, or another ledger kind (vote_credit_transfer_sent, referral_bonus…). */
  type: z.string(),
  status: z.enum(VOTE_CREDIT_TRANSACTION_STATUSES),
  failureReason: z.string().nullable(),
  description: z.string(),
  /** Credits, signed: + received, − spent. */
  voteCredits: z
    .number()
    .meta({ description: 'Credits, signed: + received, − spent.' })
    .meta({ description: 'voteCredits, in vote credits' }),
  /** Kobo paid (purchases), else 0. */
  amount: z.number().int().meta({ description: 'Kobo paid (purchases), else 0.' }),
  createdAt: z.string(),
});
export type TVoteCreditTransaction = z.infer<typeof ZVoteCreditTransaction>;

/** GET /api/vote-credits/transactions and /api/transactions/vote-credits: newest first. */
export const ZVoteCreditTransactionsPage = z.object({ transactions: z.array(ZVoteCreditTransaction), pagination: ZPagination });
export type TVoteCreditTransactionsPage = z.infer<typeof ZVoteCreditTransactionsPage>;

/** POST /api/vote-credits/verify. */
export const ZVoteCreditVerified = z.object({
  user: z.object({ voteCredits: z.number().meta({ description: 'voteCredits, in vote credits' }) }),
  transaction: ZVoteCreditTransaction,
  /** False when this call found the purchase already credited (nothing new was added). */
  credited: z.boolean(),
});
export type TVoteCreditVerified = z.infer<typeof ZVoteCreditVerified>;

/** GET /api/vote-credits/stats. */
export const ZVoteCreditStats = z.object({
  currentCredits: z.number().meta({ description: 'currentCredits, in vote credits' }),
  /** Kobo paid for completed purchases. */
  totalSpent: z.number().int().meta({ description: 'Kobo paid for completed purchases.' }),
  totalCreditsPurchased: z.number().int().meta({ description: 'totalCreditsPurchased, in vote credits' }),
  /** Completed purchases. */
  totalTransactions: z.number().int(),
  /** Credits spent on paid votes and entry fees, all time. */
  totalCreditsUsed: z.number().meta({ description: 'Credits spent on paid votes and entry fees, all time.' }),
});
export type TVoteCreditStats = z.infer<typeof ZVoteCreditStats>;

/** GET /api/transactions/stats?startDate&endDate: the caller's flows in the range. */
export const ZTransactionStats = z.object({
  naira: z.object({
    totalIn: z.number().int().meta({ description: 'totalIn in kobo (integer; ₦1 = 100 kobo)' }),
    totalOut: z.number().int().meta({ description: 'totalOut in kobo (integer; ₦1 = 100 kobo)' }),
    transactions: z.number().int(),
  }),
  credits: z.object({
    totalIn: z.number().meta({ description: 'totalIn in vote credits' }),
    totalOut: z.number().meta({ description: 'totalOut in vote credits' }),
    transactions: z.number().int(),
  }),
  /** Per ledger kind: count and the signed sum for the caller (kobo for NGN, credits for CREDIT). */
  byType: z.array(z.object({ type: z.string(), asset: z.enum(['NGN', 'CREDIT']), count: z.number().int(), total: z.number() })),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TTransactionStats = z.infer<typeof ZTransactionStats>;

export const ZTransactionStatsQuery = z.object({
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});

// ---------- transfers ----------

export const ZTransferUser = z.object({ id: z.string(), fullName: z.string(), email: z.string(), profilePicture: z.string().nullable() });
export type TTransferUser = z.infer<typeof ZTransferUser>;

/** GET /api/vote-credit-transfers/search-users?q (2+ characters after trimming). */
export const ZTransferUserSearch = z.object({ users: z.array(ZTransferUser) });
export type TTransferUserSearch = z.infer<typeof ZTransferUserSearch>;
export const ZTransferUserSearchQuery = z.object({ q: z.string().trim().min(2, 'Enter at least 2 characters to search').max(100) });

/** POST /api/vote-credit-transfers/transfer. */
export const ZCreditTransferDone = z.object({
  reference: z.string(),
  recipient: ZTransferUser,
  /** Credits the recipient received. */
  amount: z.number().int().meta({ description: 'Credits the recipient received.' }),
  /** Kobo fee taken from the sender's naira wallet. */
  fee: z
    .number()
    .int()
    .meta({ description: "Kobo fee taken from the sender's naira wallet." })
    .meta({ description: 'fee, in kobo (integer; ₦1 = 100 kobo)' }),
  /** The sender's balances after the transfer. */
  voteCredits: z.number().meta({ description: 'voteCredits, in vote credits' }),
  balance: z.number().int().meta({ description: 'balance, in kobo (integer; ₦1 = 100 kobo)' }),
});
export type TCreditTransferDone = z.infer<typeof ZCreditTransferDone>;

export const TRANSFER_HISTORY_TYPES = ['vote_credit_transfer_sent', 'vote_credit_transfer_received', 'vote_credit_transfer_fee'] as const;

export const ZTransferHistoryItem = z.object({
  id: z.string(),
  type: z.enum(TRANSFER_HISTORY_TYPES),
  /** Credits, signed for the caller (sent negative, received positive, 0 on fee rows). */
  voteCredits: z.number().meta({ description: 'Credits, signed for the caller (sent negative, received positive, 0 on fee rows).' }),
  /** Kobo, signed for the caller (the fee negative, 0 on credit rows). */
  amount: z.number().int().meta({ description: 'Kobo, signed for the caller (the fee negative, 0 on credit rows).' }),
  description: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  metadata: z.object({ recipientName: z.string().optional(), senderName: z.string().optional() }),
});
export type TTransferHistoryItem = z.infer<typeof ZTransferHistoryItem>;

export const ZTransferHistoryPage = z.object({ transactions: z.array(ZTransferHistoryItem), pagination: ZPagination });
export type TTransferHistoryPage = z.infer<typeof ZTransferHistoryPage>;

// ---------- subscriptions ----------

const ZPeriodPrice = z.object({
  /** Kobo charged for the period. */
  totalPrice: z.number().int().meta({ description: 'Kobo charged for the period.' }),
  /** Kobo saved against paying monthly for the same time (0 for monthly). */
  discount: z
    .number()
    .meta({ description: 'discount, in kobo (integer; ₦1 = 100 kobo)' })
    .int()
    .meta({ description: 'Kobo saved against paying monthly for the same time (0 for monthly).' }),
  durationDays: z.number().int(),
});

export const ZSubscriptionPricingItem = z.object({
  tier: z.enum(PAID_SUBSCRIPTION_TIERS),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  monthly: ZPeriodPrice,
  yearly: ZPeriodPrice,
});
export type TSubscriptionPricingItem = z.infer<typeof ZSubscriptionPricingItem>;

/** GET /api/subscriptions/pricing (public). */
export const ZSubscriptionPricing = z.object({ pricing: z.array(ZSubscriptionPricingItem) });
export type TSubscriptionPricing = z.infer<typeof ZSubscriptionPricing>;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'expired', 'failed', 'replaced'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ZSubscription = z.object({
  id: z.string(),
  tier: z.enum(PAID_SUBSCRIPTION_TIERS),
  /** monthly or yearly (paid), or trial: the free 7-day trial (TRIAL_DAYS), granted at email verification. */
  duration: z.enum(SUBSCRIPTION_PERIODS),
  /** True for the free trial: nothing was paid (paymentMethod none, amount 0); it cannot be extended or cancelled. */
  isTrial: z.boolean(),
  /**
   * pending: card payment not verified yet; active: paid and running; cancelled: paid, runs to endDate, no
   * renewal; expired: past endDate; failed: the card payment failed; replaced: superseded by an upgrade.
   */
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** True while the benefits apply (active or cancelled, before endDate). */
  isActive: z.boolean(),
  /** paystack or wallet; none for the free trial. */
  paymentMethod: z.enum(SUBSCRIPTION_PAID_BY),
  /** Kobo paid (all periods, extensions included). */
  amount: z.number().int().meta({ description: 'Kobo paid (all periods, extensions included).' }),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  daysRemaining: z.number().int(),
  /** Days from startDate to endDate (grows with each extension). */
  durationDays: z.number().int(),
  /** Always false: automatic renewal is not offered (spec 001 §4). */
  autoRenew: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** GET /api/subscriptions/current. */
export const ZCurrentSubscription = z.object({
  hasActiveSubscription: z.boolean(),
  subscription: ZSubscription.nullable(),
  /** The tier whose benefits apply now (free when nothing is running). */
  tier: z.enum(['free', ...PAID_SUBSCRIPTION_TIERS]),
});
export type TCurrentSubscription = z.infer<typeof ZCurrentSubscription>;

/**
 * POST /api/subscriptions/initialize: paymentMethod wallet answers the running subscription at once;
 * paystack answers the gateway page (authorizationUrl, reference) and a pending subscription.
 */
export const ZSubscriptionInitialized = z.object({
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  subscription: ZSubscription,
  authorizationUrl: z.string().nullable(),
  reference: z.string(),
  /** Kobo: the naira wallet balance after a wallet payment (null for card payments). */
  balance: z
    .number()
    .int()
    .meta({ description: 'balance, in kobo (integer; ₦1 = 100 kobo)' })
    .nullable()
    .meta({ description: 'Kobo: the naira wallet balance after a wallet payment (null for card payments).' }),
});
export type TSubscriptionInitialized = z.infer<typeof ZSubscriptionInitialized>;

/** POST /api/subscriptions/verify, /cancel, /extend. */
export const ZSubscriptionAnswer = z.object({ subscription: ZSubscription });
export type TSubscriptionAnswer = z.infer<typeof ZSubscriptionAnswer>;

/** GET /api/subscriptions/history?page&limit: newest first. */
export const ZSubscriptionHistory = z.object({ subscriptions: z.array(ZSubscription), pagination: ZPagination });
export type TSubscriptionHistory = z.infer<typeof ZSubscriptionHistory>;

// ---------- reconciliation ----------

export const ZReconciliationFinding = z.object({
  check: z.enum(['ledger_balanced', 'no_negative_balance', 'payments_verified', 'wallet_flows', 'withdrawals_settled', 'credits_flows']),
  message: z.string(),
  /** What the finding is about: an account code, a payment or withdrawal reference, a user id. */
  subject: z.string().nullable(),
});
export type TReconciliationFinding = z.infer<typeof ZReconciliationFinding>;

/** `npm run reconcile` and GET /api/admin/reconciliation. */
export const ZReconciliationReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(z.object({ check: ZReconciliationFinding.shape.check, ok: z.boolean(), examined: z.number().int() })),
  findings: z.array(ZReconciliationFinding),
  totals: z.object({
    /** Kobo held in user wallets. */
    walletsKobo: z.number().int().meta({ description: 'Kobo held in user wallets.' }),
    /** Credits held by users. */
    userCredits: z.number().meta({ description: 'Credits held by users.' }),
    /** Kobo held in contest escrow. */
    escrowKobo: z.number().int().meta({ description: 'Kobo held in contest escrow.' }),
    /** Kobo of platform revenue. */
    revenueKobo: z.number().int().meta({ description: 'Kobo of platform revenue.' }),
  }),
});
export type TReconciliationReport = z.infer<typeof ZReconciliationReport>;
