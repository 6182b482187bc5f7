/**
 * Vote credits bought by card (spec 001 §2 Wallet "Buy Credits", §4, §7, §9), on the one payment path of
 * payments/settlement.ts:
 *
 *   purchase: the price is quoted here, from the caller's live tier (premium 10 % off before the 5 % fee),
 *             never taken from the client; the payment row keeps {package, credits, quote} in metadata.
 *   verify:   a paid purchase gives its credits in ONE ledger posting `credits:<reference>` (kind
 *             vote_credit_purchase): the gateway's naira to platform revenue, and the same number of
 *             credits from credit issuance to the buyer, read from the payment row, exactly once.
 *   history:  purchases from `payments` (pending, completed, failed with a reason) merged with every other
 *             movement of the buyer's CREDIT account, newest first, paged in SQL. A purchase not credited a
 *             day after it started (PAYMENT_SWEEP_MAX_AGE_MS, when the payment sweep stops asking) is
 *             listed as failed, so the wallet screen stops verifying it again and again.
 */
import {
  CUSTOM_CREDIT_PRICE_KOBO,
  CUSTOM_CREDIT_PURCHASE_MAX_CREDITS,
  CREDIT_PURCHASE_FEE_PERCENT,
  PAYMENT_MESSAGES,
  PREMIUM_CREDIT_DISCOUNT_PERCENT,
  VOTE_CREDIT_PACKAGES,
  creditPurchaseQuote,
  creditsToUnits,
  formatNumber,
  isVoteCreditPackageId,
  CREDIT_USE_KINDS,
  unitsToCredits,
  type CreditPurchaseQuote,
  type TVoteCreditPackages,
  type TVoteCreditPurchaseQuote,
  type TVoteCreditPurchaseRequest,
  type TVoteCreditPurchaseStarted,
  type TVoteCreditStats,
  type TVoteCreditTransaction,
  type TVoteCreditTransactionsPage,
  type TVoteCreditTransactionsQuery,
  type TVoteCreditVerified,
  pageOf,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { accounts } from '../ledger/accounts.js';
import { creditUnitsUsed, post, userBalances } from '../ledger/ledger.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import { PAYMENT_SWEEP_MAX_AGE_MS } from '../payments/settlement.js';
import { settlePayment, startPayment, type SettledPayment } from '../payments/settlement.js';
import { isPremium } from '../subscriptions/benefits.js';
import {
  findTierFields,
  listCreditHistory,
  purchaseTotals,
  type CreditHistoryFilter,
  type CreditHistoryRow,
} from './vote-credits.repository.js';

/** The spec's texts (001 §8 Vote credits), verbatim where the spec has them. */
export const VOTE_CREDIT_MESSAGES = {
  initializeFailed: 'Failed to initialize payment',
  verified: 'Payment Verified!',
  /** Not given by the spec. */
  initialized: 'Payment initialized',
  /** Not given by the spec: the failure reason of a purchase still unpaid a day after it started. */
  notCompleted: 'Payment not completed',
  /** Not given by the spec: the failure reason of a payment whose paid amount was not the one we asked for. */
  amountMismatch: 'Paid amount did not match',
} as const;

/** The ledger kind of a card purchase of credits (the spec's transaction type). */
export const CREDIT_PURCHASE_KIND = 'vote_credit_purchase';
/** The type the credit history shows for credits spent on paid votes and on entry fees (spec 001 §3). */
export const VOTE_SPEND_TYPE = 'vote_spend';
/** Ledger kinds of modules/votes (paid votes) and modules/entries (entry fees) that spend credits. */
export const CREDIT_SPEND_KINDS = CREDIT_USE_KINDS.spend;

/** The ledger reference of a purchase's credits: one posting per payment, ever. */
export const creditPurchaseLedgerReference = (reference: string) => `credits:${reference}`;

// ---------- quotes ----------

async function callerIsPremium(db: DbOrTx, userId: string): Promise<boolean> {
  const user = await findTierFields(db, userId);
  if (!user) throw AppError.unauthorized();
  return isPremium(user, now());
}

function quoteView(q: CreditPurchaseQuote): TVoteCreditPurchaseQuote {
  return {
    package: q.package,
    credits: q.credits,
    premium: q.premium,
    basePrice: q.basePriceKobo,
    discount: q.discountKobo,
    discountedPrice: q.discountedPriceKobo,
    fee: q.feeKobo,
    total: q.totalKobo,
  };
}

/** GET /api/vote-credits/packages: every package priced for the caller (their live tier's discount). */
export async function listPackages(ctx: AppContext, userId: string): Promise<TVoteCreditPackages> {
  const premium = await callerIsPremium(ctx.db, userId);
  return {
    packages: VOTE_CREDIT_PACKAGES.map((pkg) => {
      const q = creditPurchaseQuote({ package: pkg.id, premium });
      return {
        id: pkg.id,
        credits: pkg.credits,
        price: pkg.priceKobo,
        popular: pkg.popular,
        discount: q.discountKobo,
        fee: q.feeKobo,
        total: q.totalKobo,
      };
    }),
    premium,
    discountPercent: premium ? PREMIUM_CREDIT_DISCOUNT_PERCENT : 0,
    feePercent: CREDIT_PURCHASE_FEE_PERCENT,
    customCreditPrice: CUSTOM_CREDIT_PRICE_KOBO,
    customMaxCredits: CUSTOM_CREDIT_PURCHASE_MAX_CREDITS,
  };
}

// ---------- purchase ----------

export type CreditPurchaseInput = TVoteCreditPurchaseRequest & { callbackUrl?: string | undefined };

/**
 * POST /api/vote-credits/purchase {package | amount}: quotes the purchase for the caller, writes the
 * pending payment (what it buys in metadata) and answers the gateway's page. The request schema has
 * already refused a missing, double, unknown or non-positive choice with the spec's texts; the checks
 * here keep the service safe for any other caller.
 */
export async function startCreditPurchase(
  ctx: AppContext,
  userId: string,
  input: CreditPurchaseInput,
): Promise<TVoteCreditPurchaseStarted> {
  const hasPackage = input.package !== undefined;
  const hasAmount = input.amount !== undefined;
  if (hasPackage === hasAmount) throw AppError.badRequest(PAYMENT_MESSAGES.packageOrAmount);
  if (hasPackage && !isVoteCreditPackageId(input.package)) throw AppError.badRequest(PAYMENT_MESSAGES.invalidPackage);
  if (hasAmount && !(Number.isSafeInteger(input.amount) && input.amount! > 0)) throw AppError.badRequest(PAYMENT_MESSAGES.positiveAmount);
  if (hasAmount && input.amount! > CUSTOM_CREDIT_PURCHASE_MAX_CREDITS) throw AppError.badRequest(PAYMENT_MESSAGES.maxCustomCredits);

  const premium = await callerIsPremium(ctx.db, userId);
  const quote = quoteView(
    creditPurchaseQuote(input.package !== undefined ? { package: input.package, premium } : { credits: input.amount!, premium }),
  );
  const started = await startPayment(ctx, userId, {
    purpose: 'credits',
    amountKobo: quote.total,
    callbackUrl: input.callbackUrl,
    metadata: { package: quote.package, credits: quote.credits, quote },
    failedMessage: VOTE_CREDIT_MESSAGES.initializeFailed,
  });
  return { authorizationUrl: started.authorizationUrl, reference: started.reference, amount: started.amount, quote };
}

// ---------- settlement ----------

/** Whole credits a purchase buys, as written in its metadata when it started. */
function purchasedCredits(payment: PaymentRow): number {
  const credits = payment.metadata.credits;
  if (typeof credits !== 'number' || !Number.isSafeInteger(credits) || credits < 1) {
    // Never guess what was bought: the settling transaction rolls back and the payment stays uncredited.
    throw new Error(`vote-credit payment ${payment.reference} has no valid credits in its metadata`);
  }
  return credits;
}

/**
 * The value of a paid purchase, inside the settling transaction: the naira paid goes from the gateway
 * to platform revenue, and the credits bought from credit issuance to the buyer, in one posting.
 */
export async function applyCreditPurchase(tx: Tx, payment: PaymentRow): Promise<void> {
  const credits = purchasedCredits(payment);
  const units = creditsToUnits(credits);
  await post(tx, {
    reference: creditPurchaseLedgerReference(payment.reference),
    kind: CREDIT_PURCHASE_KIND,
    description: purchaseDescription(credits, packageOf(payment.metadata.package)),
    metadata: { paymentReference: payment.reference, gateway: payment.gateway, package: packageOf(payment.metadata.package), credits },
    lines: [
      { account: accounts.gateway(payment.gateway), amount: -payment.amountKobo },
      { account: accounts.platformRevenue('NGN'), amount: payment.amountKobo },
      { account: accounts.creditIssuance(), amount: -units },
      { account: accounts.userCredits(payment.userId), amount: units },
    ],
  });
}

/** Settles a purchase: the buyer's verify (userId) or the gateway's webhook (null). */
export function settleCreditPurchase(ctx: AppContext, userId: string | null, reference: string): Promise<SettledPayment> {
  return settlePayment(ctx, { reference, purpose: 'credits', userId, apply: applyCreditPurchase });
}

/**
 * POST /api/vote-credits/verify {reference}: credits a paid purchase exactly once; a replay answers the
 * same success with credited=false. Unknown or foreign → 404, declined or unpaid → 400 (settlement.ts).
 */
export async function verifyCreditPurchase(ctx: AppContext, userId: string, reference: string): Promise<TVoteCreditVerified> {
  const { payment, credited } = await settleCreditPurchase(ctx, userId, reference);
  const balances = await userBalances(ctx.db, userId);
  return { user: { voteCredits: unitsToCredits(balances.creditUnits) }, transaction: purchaseTransaction(payment, now()), credited };
}

// ---------- history and stats ----------

function packageOf(value: unknown): string | null {
  return isVoteCreditPackageId(value) ? value : null;
}

function purchaseDescription(credits: number, packageId: string | null): string {
  const what = `${formatNumber(credits)} vote ${credits === 1 ? 'credit' : 'credits'}`;
  return packageId ? `Purchase of ${what} (${packageId} package)` : `Purchase of ${what}`;
}

/** Uncredited purchases started at or before this moment are listed as failed ('Payment not completed'). */
const staleBefore = (at: Date) => new Date(at.getTime() - PAYMENT_SWEEP_MAX_AGE_MS);

/**
 * How a purchase is listed at `at` (the same rule as the history's SQL in vote-credits.repository.ts):
 * credited → completed; declined → failed with the gateway's reason; paid with an amount that is not
 * ours (status mismatched) → failed, 'Paid amount did not match'; still open a day after it started →
 * failed, 'Payment not completed'; otherwise pending, abandoned included (the payer may still pay it and
 * settlement.ts asks the gateway again), so the wallet screen keeps verifying it.
 */
function paymentStatus(payment: PaymentRow, at: Date): Pick<TVoteCreditTransaction, 'status' | 'failureReason'> {
  if (payment.creditedAt) return { status: 'completed', failureReason: null };
  if (payment.status === 'mismatched') return { status: 'failed', failureReason: VOTE_CREDIT_MESSAGES.amountMismatch };
  if (payment.status === 'failed') return { status: 'failed', failureReason: payment.gatewayResponse };
  if (payment.createdAt <= staleBefore(at)) return { status: 'failed', failureReason: VOTE_CREDIT_MESSAGES.notCompleted };
  return { status: 'pending', failureReason: null };
}

/** A purchase as the history lists it at `at`. */
function purchaseTransaction(payment: PaymentRow, at: Date): TVoteCreditTransaction {
  const credits = typeof payment.metadata.credits === 'number' ? payment.metadata.credits : 0;
  return {
    id: payment.id,
    reference: payment.reference,
    type: CREDIT_PURCHASE_KIND,
    ...paymentStatus(payment, at),
    description: purchaseDescription(credits, packageOf(payment.metadata.package)),
    voteCredits: credits,
    amount: payment.amountKobo,
    createdAt: payment.createdAt.toISOString(),
  };
}

function historyTransaction(row: CreditHistoryRow): TVoteCreditTransaction {
  if (row.source === 'payment') {
    return {
      id: row.id,
      reference: row.reference,
      type: row.type,
      status: row.status,
      failureReason: row.failureReason,
      description: purchaseDescription(row.purchasedCredits, packageOf(row.packageId)),
      voteCredits: row.purchasedCredits,
      amount: row.amountKobo,
      createdAt: row.createdAt.toISOString(),
    };
  }
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    status: 'completed',
    failureReason: null,
    description: row.description ?? '',
    voteCredits: unitsToCredits(row.units),
    amount: 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/vote-credits/transactions (and /api/transactions/vote-credits): the caller's purchases and
 * every other credit movement, newest first. Filters: type (vote_credit_purchase, vote_spend, or another
 * ledger kind), status, startDate and endDate (inclusive).
 */
export async function listCreditTransactions(
  ctx: AppContext,
  userId: string,
  q: TVoteCreditTransactionsQuery,
): Promise<TVoteCreditTransactionsPage> {
  const filter: CreditHistoryFilter = {
    userId,
    purchaseKind: CREDIT_PURCHASE_KIND,
    spendKinds: CREDIT_SPEND_KINDS,
    spendType: VOTE_SPEND_TYPE,
    staleBefore: staleBefore(now()),
    failureReasons: { mismatched: VOTE_CREDIT_MESSAGES.amountMismatch, notCompleted: VOTE_CREDIT_MESSAGES.notCompleted },
    type: q.type,
    status: q.status,
    from: q.startDate ? new Date(q.startDate) : undefined,
    to: q.endDate ? new Date(q.endDate) : undefined,
  };
  const { rows, total } = await listCreditHistory(ctx.db, filter, { limit: q.limit, offset: (q.page - 1) * q.limit });
  return {
    transactions: rows.map(historyTransaction),
    pagination: pageOf(q, total),
  };
}

/** GET /api/vote-credits/stats: credits held, completed purchases, and credits used on votes and entry fees. */
export async function creditStats(ctx: AppContext, userId: string): Promise<TVoteCreditStats> {
  const [balances, bought, usedUnits] = await Promise.all([
    userBalances(ctx.db, userId),
    purchaseTotals(ctx.db, userId),
    creditUnitsUsed(ctx.db, userId),
  ]);
  return {
    currentCredits: unitsToCredits(balances.creditUnits),
    totalSpent: bought.kobo,
    totalCreditsPurchased: bought.credits,
    totalTransactions: bought.purchases,
    totalCreditsUsed: unitsToCredits(usedUnits),
  };
}
