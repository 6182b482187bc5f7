/**
 * Money rules of issue 5 (spec 001 §5, §8, §9): vote-credit packages and purchase quotes, transfer and
 * withdrawal fees, subscription quotes, and the spec's texts for refusals about money.
 *
 * Units, everywhere in this file:
 *   - `...Kobo`  integer kobo (1 naira = 100 kobo), the one money type of money.ts;
 *   - `credits`  whole vote credits (integers): packages, custom purchases and transfers only move whole
 *                credits (the transfer form has step 1). The ledger stores hundredths (creditsToUnits).
 * Everything is integer arithmetic; an input that is not a safe integer in range is refused with a
 * RangeError, so a wrong call can never become a silently wrong price.
 */
import { CREDIT_PURCHASE, SUBSCRIPTION_PRICES_NAIRA, TRANSFER, WITHDRAWAL_FEE_NAIRA } from './constants.js';
import { VOTE_CREDIT_PACKAGE_IDS, type SubscriptionTier } from './enums.js';
import { formatNaira, formatNumber, KOBO_PER_NAIRA, type Kobo } from './money.js';
import { planPrice, type BillingPeriod } from './pricing.js';

// ---------- integer helpers ----------

function assertWhole(value: number, what: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a whole number of at least ${min}`);
}

/** numerator / denominator rounded to the nearest integer, halves up (both non-negative integers). */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** percent % of an amount of kobo, rounded to the nearest kobo, halves up. */
function percentOfKobo(kobo: Kobo, percent: number): Kobo {
  return divideRoundHalfUp(kobo * percent, 100);
}

/** percent % of an amount of kobo, rounded to the nearest whole naira (halves up), returned in kobo. */
function percentOfKoboToNaira(kobo: Kobo, percent: number): Kobo {
  return divideRoundHalfUp(kobo * percent, 100 * KOBO_PER_NAIRA) * KOBO_PER_NAIRA;
}

// ---------- vote-credit packages ----------

/** Package ids come from enums.ts (VOTE_CREDIT_PACKAGE_IDS). */
export type VoteCreditPackageId = (typeof VOTE_CREDIT_PACKAGE_IDS)[number];

export interface VoteCreditPackage {
  id: VoteCreditPackageId;
  /** Whole vote credits the package adds. */
  credits: number;
  /** Kobo, before any premium discount and before the platform fee. */
  priceKobo: Kobo;
  popular: boolean;
}

/**
 * The spec leaves package prices open ("prices not shown"). Chosen so that:
 *   - one credit costs ₦50 in the small package and the per-credit price falls with size
 *     (₦50 → ₦48 → ₦45 → ₦42.50 → ₦40), a visible reward for buying more;
 *   - the smallest package (50 credits, ₦2,500) already pays for five paid votes at the minimum
 *     voting fee of 10 credits, and is about the price of a data bundle;
 *   - the xlarge package (500 credits) is exactly what a badge contest needs (BADGE_CONTEST_CREDIT_COST);
 *   - every price is a multiple of ₦10, so the premium 10 % discount is always whole naira.
 * 'large' is flagged popular: the middle of the range and the first with a clear saving (10 %).
 */
export const VOTE_CREDIT_PACKAGES: readonly VoteCreditPackage[] = [
  { id: 'small', credits: 50, priceKobo: 2_500_00, popular: false },
  { id: 'medium', credits: 100, priceKobo: 4_800_00, popular: false },
  { id: 'large', credits: 250, priceKobo: 11_250_00, popular: true },
  { id: 'xlarge', credits: 500, priceKobo: 21_250_00, popular: false },
  { id: 'xxlarge', credits: 1_000, priceKobo: 40_000_00, popular: false },
];

export function isVoteCreditPackageId(value: unknown): value is VoteCreditPackageId {
  return typeof value === 'string' && (VOTE_CREDIT_PACKAGE_IDS as readonly string[]).includes(value);
}

export function findVoteCreditPackage(id: string): VoteCreditPackage | undefined {
  return VOTE_CREDIT_PACKAGES.find((p) => p.id === id);
}

/**
 * Purchase by amount: `amount` is a number of whole vote credits (not naira), priced at the small
 * package's rate of ₦50 a credit. Volume pricing stays with the packages, so a custom amount never
 * beats a package of the same size and the two ways of buying cannot be played against each other.
 */
export const CUSTOM_CREDIT_PRICE_KOBO: Kobo = 50_00;
/** Largest custom purchase in credits (₦5,000,000 before discount and fee): a guard, not a product rule. */
export const CUSTOM_CREDIT_PURCHASE_MAX_CREDITS = 100_000;

export const CREDIT_PURCHASE_FEE_PERCENT = CREDIT_PURCHASE.platformFeePercent;
export const PREMIUM_CREDIT_DISCOUNT_PERCENT = CREDIT_PURCHASE.premiumDiscountPercent;

/** Every paid tier gets the vote-credit discount (spec 000 §9: free 0 %, premium 10 %). */
export function hasCreditDiscount(tier: SubscriptionTier): boolean {
  return tier !== 'free';
}

export interface CreditPurchaseQuote {
  /** The package bought, or null for a purchase by amount. */
  package: VoteCreditPackageId | null;
  /** Whole vote credits the buyer receives. */
  credits: number;
  premium: boolean;
  /** Kobo: package price, or credits × CUSTOM_CREDIT_PRICE_KOBO. */
  basePriceKobo: Kobo;
  /** Kobo: 10 % of the base price for premium buyers (nearest kobo, halves up), else 0. */
  discountKobo: Kobo;
  /** Kobo: base price minus discount. */
  discountedPriceKobo: Kobo;
  /** Kobo: platform fee, 5 % of the discounted price rounded to the nearest whole naira, halves up. */
  feeKobo: Kobo;
  /** Kobo: what the buyer pays (the amount sent to the gateway) = discounted price + fee. */
  totalKobo: Kobo;
}

export type CreditPurchaseInput = { package: VoteCreditPackageId; premium: boolean } | { credits: number; premium: boolean };

/**
 * Spec 001 §9: premium discount 10 % of the base price, applied before the fee; the platform fee is 5 % of
 * the discounted price, "rounded"; the amount sent is discounted price plus fee.
 *
 * Rounding: the spec's prices are naira and it says the fee is rounded, so the fee is rounded to the
 * nearest whole naira, halves up (5 % of ₦2,250 = ₦112.50 → ₦113). With package and custom prices in
 * multiples of ₦10 the discount is whole naira too, so every total is a whole naira amount. The discount
 * is still computed to the nearest kobo (halves up) so the rule holds for any base price.
 */
export function creditPurchaseQuote(input: CreditPurchaseInput): CreditPurchaseQuote {
  let packageId: VoteCreditPackageId | null = null;
  let credits: number;
  let basePriceKobo: Kobo;
  if ('package' in input) {
    const pkg = findVoteCreditPackage(input.package);
    if (!pkg) throw new RangeError(`Unknown vote credit package: ${String(input.package)}`);
    packageId = pkg.id;
    credits = pkg.credits;
    basePriceKobo = pkg.priceKobo;
  } else {
    assertWhole(input.credits, 'Credits', 1);
    if (input.credits > CUSTOM_CREDIT_PURCHASE_MAX_CREDITS) throw new RangeError('Credits are out of range');
    credits = input.credits;
    basePriceKobo = input.credits * CUSTOM_CREDIT_PRICE_KOBO;
  }
  const discountKobo = input.premium ? percentOfKobo(basePriceKobo, PREMIUM_CREDIT_DISCOUNT_PERCENT) : 0;
  const discountedPriceKobo = basePriceKobo - discountKobo;
  const feeKobo = percentOfKoboToNaira(discountedPriceKobo, CREDIT_PURCHASE_FEE_PERCENT);
  return {
    package: packageId,
    credits,
    premium: input.premium,
    basePriceKobo,
    discountKobo,
    discountedPriceKobo,
    feeKobo,
    totalKobo: discountedPriceKobo + feeKobo,
  };
}

// ---------- transfers ----------

/** Whole credits each recipient must receive at least (spec 001 §5, §9). */
export const TRANSFER_MIN_CREDITS = TRANSFER.minCredits;
/** Kobo taken from the sender's naira wallet per recipient (₦100). */
export const TRANSFER_FEE_KOBO: Kobo = TRANSFER.feeNairaPerRecipient * KOBO_PER_NAIRA;

export interface TransferQuote {
  /** Whole credits each recipient receives. */
  creditsPerRecipient: number;
  recipients: number;
  /** Whole credits leaving the sender's vote credits: amount × recipients. */
  totalCredits: number;
  /** Kobo leaving the sender's naira wallet: ₦100 × recipients. */
  feeKobo: Kobo;
}

/** The transfer form sends `amount` to each recipient, one call per recipient (spec 001 §5, §7). */
export function transferQuote(amount: number, recipients: number): TransferQuote {
  assertWhole(amount, 'Transfer amount', TRANSFER_MIN_CREDITS);
  assertWhole(recipients, 'Recipients', 1);
  return { creditsPerRecipient: amount, recipients, totalCredits: amount * recipients, feeKobo: TRANSFER_FEE_KOBO * recipients };
}

/**
 * Whether the sender can pay a transfer: the spec's refusal text, or null when both the vote credits
 * (whole credits, may hold hundredths) and the naira balance (kobo) cover it. Credits are checked first,
 * as the transfer screen does.
 */
export function transferShortfall(quote: TransferQuote, have: { voteCredits: number; balanceKobo: Kobo }): string | null {
  if (quote.totalCredits > have.voteCredits) return PAYMENT_MESSAGES.insufficientCredits(quote.totalCredits, have.voteCredits);
  if (quote.feeKobo > have.balanceKobo) return PAYMENT_MESSAGES.insufficientNairaForFees(quote.feeKobo, have.balanceKobo);
  return null;
}

// ---------- withdrawals ----------

/** Kobo: fixed fee on every withdrawal (₦100). */
export const WITHDRAWAL_FEE_KOBO: Kobo = WITHDRAWAL_FEE_NAIRA * KOBO_PER_NAIRA;

export interface WithdrawalQuote {
  /** Kobo paid out to the bank account. */
  amountKobo: Kobo;
  feeKobo: Kobo;
  /** Kobo deducted from the wallet: amount + ₦100 (spec 001 §9). */
  totalKobo: Kobo;
}

export function withdrawalQuote(amountKobo: Kobo): WithdrawalQuote {
  assertWhole(amountKobo, 'Withdrawal amount', 1);
  return { amountKobo, feeKobo: WITHDRAWAL_FEE_KOBO, totalKobo: amountKobo + WITHDRAWAL_FEE_KOBO };
}

// ---------- subscriptions ----------

export const PAID_SUBSCRIPTION_TIERS = ['basic_premium', 'professional'] as const;
export type PaidSubscriptionTier = (typeof PAID_SUBSCRIPTION_TIERS)[number];

export const SUBSCRIPTION_DURATIONS = ['monthly', 'yearly'] as const satisfies readonly BillingPeriod[];
export type SubscriptionDuration = BillingPeriod;

/** Days a paid period lasts: monthly 30, yearly 365. */
export const SUBSCRIPTION_DURATION_DAYS: Record<SubscriptionDuration, number> = { monthly: 30, yearly: 365 };

/**
 * The free trial (spec 000 §1: "New users get a 7-day free trial of Basic Premium"): granted once per
 * person when they verify their email, no card and no payment; it ends by itself after these days.
 */
export const TRIAL_TIER = 'basic_premium' as const satisfies PaidSubscriptionTier;
export const TRIAL_DAYS = 7;
/** Spec 000 §1, verbatim: what /pricing and the subscription page say of the trial. */
export const TRIAL_OFFER = 'New users get a 7-day free trial of Basic Premium.';

/** A subscription's period as its record holds it: a paid duration, or the free trial. */
export const SUBSCRIPTION_PERIODS = [...SUBSCRIPTION_DURATIONS, 'trial'] as const;
export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];

export interface SubscriptionQuote {
  tier: PaidSubscriptionTier;
  duration: SubscriptionDuration;
  durationDays: number;
  /** Kobo charged for the period (spec 001 §9 prices, read through planPrice). */
  amountKobo: Kobo;
  /** Kobo saved against paying the monthly price for the same time: 0 for monthly, 12 months − yearly for yearly. */
  discountKobo: Kobo;
}

export function subscriptionQuote(tier: PaidSubscriptionTier, duration: SubscriptionDuration): SubscriptionQuote {
  if (!(PAID_SUBSCRIPTION_TIERS as readonly string[]).includes(tier)) throw new RangeError(`Not a paid subscription tier: ${tier}`);
  const amountKobo = planPrice(tier, duration) * KOBO_PER_NAIRA;
  const discountKobo = duration === 'yearly' ? SUBSCRIPTION_PRICES_NAIRA[tier].monthly * 12 * KOBO_PER_NAIRA - amountKobo : 0;
  return { tier, duration, durationDays: SUBSCRIPTION_DURATION_DAYS[duration], amountKobo, discountKobo };
}

// ---------- texts ----------

/** The spec's texts about money (001 §5, §8), verbatim; the schemas in schemas/payments.ts use them. */
export const PAYMENT_MESSAGES = {
  validAmount: 'Enter a valid amount',
  accountPassword: 'Enter your account password',
  bankAccountRequired: 'Account number and bank are required',
  referenceRequired: 'Payment reference is required',
  noReferenceInUrl: 'No payment reference found in URL',
  initializeDepositFailed: 'Failed to initialize deposit',
  verificationFailed: 'Payment verification failed',
  verificationError: 'An error occurred during payment verification',
  transactionNotFound:
    'This transaction has already been processed or does not exist. Please check your transaction history or try again later.',
  packageOrAmount: 'Either a valid package or amount must be provided',
  invalidPackage: 'Invalid package selected',
  positiveAmount: 'Amount must be a positive number',
  pagePositive: 'Page must be a positive integer',
  limitRange: 'Limit must be between 1 and 100',
  transferFieldsRequired: 'Please select recipients, enter amount, and password',
  transferMinimum: 'Minimum transfer amount is 10 vote credits',
  insufficientCredits: (need: number, have: number) =>
    `Insufficient vote credits. You need ${formatNumber(need)} credits but only have ${formatNumber(have)}`,
  insufficientNairaForFees: (needKobo: Kobo, haveKobo: Kobo) =>
    `Insufficient naira balance. You need ${formatNaira(needKobo)} for fees but only have ${formatNaira(haveKobo)}`,
  walletNotFound: 'Wallet not found. Please go to the Wallet page to set up your wallet first.',
  selectTier: 'Please select a subscription tier',
  /** Not given by the spec (its screens always send one of the two). */
  selectDuration: 'Please select monthly or yearly billing',
  /** Not given by the spec (its screens always send one of the two). */
  selectPaymentMethod: 'Please select a payment method',
  /** Not given by the spec: the account name only resolves once the number has 10 digits. */
  accountNumberDigits: 'Account number must be 10 digits',
  /** Not given by the spec: custom purchases and transfers move whole credits. */
  wholeCredits: 'Amount must be a whole number of vote credits',
  /** Not given by the spec: guard on custom purchases (CUSTOM_CREDIT_PURCHASE_MAX_CREDITS). */
  maxCustomCredits: `You can buy at most ${formatNumber(CUSTOM_CREDIT_PURCHASE_MAX_CREDITS)} vote credits at once`,
  /** Not given by the spec. */
  invalidReference: 'Invalid payment reference',
} as const;
