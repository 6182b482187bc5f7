/**
 * Paid subscriptions (spec 001 §2 Subscription, §4, §7, §9): pricing, starting one (paid from the wallet
 * at once, or by card through the one settlement path of payments/settlement.ts), verify, current,
 * history, cancel (benefits kept until the end date), extend, and the expiry job.
 *
 * Rules:
 * - At most one running subscription per user (active, or cancelled but not ended): a partial unique
 *   index. Every change locks the user's row first, so changes of one user happen one at a time, and
 *   a running one whose end date has passed is expired before anything else is decided.
 * - Same tier running → refused (extend it instead); a lower tier running → upgrade: the new one starts
 *   now, the old one becomes 'replaced', and its unused part (amount × remaining / total, floored to the
 *   kobo) is taken off the new price; a higher tier running → refused. A card upgrade settles later than
 *   its quote: the change of that unused part meanwhile becomes time of the new plan (upgradeAdjustmentMs).
 * - The free trial (trial.ts) is a running subscription worth nothing: any plan bought during it starts
 *   at once at its full price and the trial becomes 'replaced'; the trial itself cannot be extended or
 *   cancelled.
 * - An extension without an Idempotency-Key right after another one (a double click) is refused (409).
 * - Every payment is ONE ledger posting in the transaction that starts or extends the subscription:
 *   wallet → platform revenue (`subscription:<subscriptionId>`, `subscription-extension:…`), or for a card
 *   payment gateway → platform revenue (`subscription:<payment reference>`), given once per payment.
 * - users.subscription_tier / subscription_expires_at mirror the running subscription (written in the
 *   same transaction), so contests, uploads and credit prices follow it (benefits.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  PAID_SUBSCRIPTION_TIERS,
  PAYMENT_MESSAGES,
  PLANS,
  SUBSCRIPTION_DURATIONS,
  SUBSCRIPTION_DURATION_DAYS,
  TRIAL_DAYS,
  formatNaira,
  subscriptionQuote,
  type Kobo,
  type PaidSubscriptionTier,
  type SubscriptionDuration,
  type SubscriptionQuote,
  type TCurrentSubscription,
  type TSubscription,
  type TSubscriptionAnswer,
  type TSubscriptionHistory,
  type TSubscriptionInitializeRequest,
  type TSubscriptionInitialized,
  type TSubscriptionPricing,
  pageOf,
  paths,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError, isAppError, sqlState } from '../../lib/errors.js';
import { accounts } from '../ledger/accounts.js';
import { balanceOf, post, type PostInput } from '../ledger/ledger.js';
import type { PaymentRow } from '../payments/payments.repository.js';
import { settlePayment, startPayment, type SettledPayment } from '../payments/settlement.js';
import { liveTier } from './benefits.js';
import { isRunningAt, expireEnded, lockForChange, setTier } from './subscription-changes.js';
import * as repo from './subscriptions.repository.js';
import type { SubscriptionRow } from './subscriptions.repository.js';
import { isTrial, SUBSCRIPTION_TRIAL_MESSAGES } from './trial.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tier's name as the pricing shows it ('Basic Premium', 'Professional'). */
export function tierName(tier: PaidSubscriptionTier): string {
  return PLANS.find((p) => p.tier === tier)?.name ?? tier;
}

/** The spec's texts (001 §8 Subscription) verbatim; the others are ours, marked. */
export const SUBSCRIPTION_MESSAGES = {
  activated: 'Subscription activated successfully!',
  cancelled: 'Subscription cancelled successfully',
  extended: 'Subscription extended successfully',
  initializeFailed: 'Failed to initialize payment',
  verificationFailed: PAYMENT_MESSAGES.verificationFailed,
  /** Not given by the spec. */
  paymentStarted: 'Subscription payment initialized',
  /** Not given by the spec. */
  noActive: 'No active subscription found',
  /** Not given by the spec. */
  alreadyCancelled: 'Your subscription is already cancelled. Its benefits stay until the end date.',
  /** Not given by the spec. */
  sameTier: (name: string) => `You already have an active ${name} subscription. Extend it instead.`,
  /** Not given by the spec. */
  lowerPlan: (name: string) => `You cannot switch to a lower plan while ${name} is active. Cancel it and subscribe when it ends.`,
  /** Not given by the spec. */
  creditCoversPrice: (name: string) =>
    `The unused part of your ${name} subscription is worth more than this plan. Choose yearly billing to upgrade.`,
  /** Not given by the spec (the spec's wording for naira shortfalls elsewhere). */
  insufficientWallet: (needKobo: Kobo, haveKobo: Kobo) =>
    `Insufficient wallet balance. You need ${formatNaira(needKobo)} but only have ${formatNaira(haveKobo)}`,
  /** Not given by the spec: a card payment confirmed after another subscription started meanwhile. */
  paidToWallet: (amountKobo: Kobo) =>
    `Another subscription started while this payment was being confirmed, so your payment of ${formatNaira(amountKobo)} was added to your wallet.`,
  /** Not given by the spec. */
  idempotencyConflict: 'This Idempotency-Key was already used for a different request',
  /** Not given by the spec: a second extension without an Idempotency-Key right after one (a double click). */
  extendedJustNow:
    'Your subscription was extended a few seconds ago, so this repeat was not charged. To extend it again, wait 10 seconds and try again.',
} as const;

/** A keyless extension this soon after the user's last keyless one is taken for a repeat and refused (409). */
export const KEYLESS_EXTEND_GAP_MS = 10_000;

/** Ledger kinds (the wallet's transaction types). */
export const SUBSCRIPTION_PAYMENT_KIND = 'subscription_payment';
export const SUBSCRIPTION_EXTENSION_KIND = 'subscription_extension';
/** A card payment that could no longer buy the subscription it was for: given to the payer's wallet. */
export const SUBSCRIPTION_TO_WALLET_KIND = 'subscription_payment_to_wallet';

/** Where the gateway sends a card payer back. */
export const SUBSCRIPTION_VERIFICATION_PATH = paths.subscriptionVerification();

/** The ledger reference of a subscription payment: the wallet subscription's id, or the card payment's reference. */
export const subscriptionLedgerReference = (key: string) => `subscription:${key}`;
/** The ledger reference of an extension: per Idempotency-Key when the client sent one. */
export const extensionLedgerReference = (userId: string, idempotencyKey?: string) =>
  idempotencyKey ? `subscription-extension:${userId}:${idempotencyKey}` : `subscription-extension:${randomUUID()}`;

// ---------------------------------------------------------------------------------------------
// Views

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscriptionView(row: SubscriptionRow, at: Date): TSubscription {
  const running = isRunningAt(row, at);
  const remainingMs = running ? row.endDate!.getTime() - at.getTime() : 0;
  return {
    id: row.id,
    tier: row.tier,
    duration: row.duration,
    isTrial: isTrial(row),
    status: row.status,
    isActive: running,
    paymentMethod: row.paymentMethod,
    amount: row.amountKobo,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    daysRemaining: Math.ceil(remainingMs / DAY_MS),
    durationDays:
      row.startDate && row.endDate
        ? Math.round((row.endDate.getTime() - row.startDate.getTime()) / DAY_MS)
        : row.duration === 'trial'
          ? TRIAL_DAYS
          : SUBSCRIPTION_DURATION_DAYS[row.duration],
    autoRenew: false,
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/subscriptions/pricing: the spec's prices (kobo) with the plans' names, descriptions and features. */
export function subscriptionPricing(): TSubscriptionPricing {
  const period = (q: SubscriptionQuote) => ({ totalPrice: q.amountKobo, discount: q.discountKobo, durationDays: q.durationDays });
  return {
    pricing: PAID_SUBSCRIPTION_TIERS.map((tier) => {
      const plan = PLANS.find((p) => p.tier === tier)!;
      return {
        tier,
        name: plan.name,
        description: plan.description,
        features: plan.highlights,
        monthly: period(subscriptionQuote(tier, 'monthly')),
        yearly: period(subscriptionQuote(tier, 'yearly')),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

/**
 * The unused part of a subscription at `at`: amount × remaining ms / total ms, floored to the kobo
 * (BigInt: kobo × milliseconds passes 2^53 for a yearly plan).
 */
export function unusedValueKobo(row: Pick<SubscriptionRow, 'amountKobo' | 'startDate' | 'endDate'>, at: Date): Kobo {
  if (!row.startDate || !row.endDate) return 0;
  const totalMs = row.endDate.getTime() - row.startDate.getTime();
  if (totalMs <= 0) return 0;
  const remainingMs = Math.min(Math.max(row.endDate.getTime() - at.getTime(), 0), totalMs);
  return Number((BigInt(row.amountKobo) * BigInt(remainingMs)) / BigInt(totalMs));
}

const tierRank = (tier: PaidSubscriptionTier) => PAID_SUBSCRIPTION_TIERS.indexOf(tier);

interface PurchasePlan {
  quote: SubscriptionQuote;
  /** The running lower-tier subscription this purchase upgrades (becomes 'replaced'). */
  replaces: SubscriptionRow | null;
  /** Kobo: the unused part of `replaces`, taken off the price. */
  creditKobo: Kobo;
  /** Kobo the payer is charged: price − credit. */
  chargeKobo: Kobo;
}

/** What buying `tier` for `duration` costs the user at `at`, given their running subscription; or the refusal. */
function planPurchase(
  running: SubscriptionRow | undefined,
  tier: PaidSubscriptionTier,
  duration: SubscriptionDuration,
  at: Date,
): PurchasePlan {
  const quote = subscriptionQuote(tier, duration);
  if (!running) return { quote, replaces: null, creditKobo: 0, chargeKobo: quote.amountKobo };
  // The free trial gives way to any plan, at its full price (nothing was paid for the trial).
  if (isTrial(running)) return { quote, replaces: running, creditKobo: 0, chargeKobo: quote.amountKobo };
  if (running.tier === tier) throw AppError.badRequest(SUBSCRIPTION_MESSAGES.sameTier(tierName(tier)));
  if (tierRank(running.tier) > tierRank(tier)) throw AppError.badRequest(SUBSCRIPTION_MESSAGES.lowerPlan(tierName(running.tier)));
  const creditKobo = unusedValueKobo(running, at);
  if (creditKobo >= quote.amountKobo) throw AppError.badRequest(SUBSCRIPTION_MESSAGES.creditCoversPrice(tierName(running.tier)));
  return { quote, replaces: running, creditKobo, chargeKobo: quote.amountKobo - creditKobo };
}

const insufficientWallet = (needKobo: Kobo, haveKobo: Kobo) =>
  new AppError(400, SUBSCRIPTION_MESSAGES.insufficientWallet(needKobo, haveKobo), 'INSUFFICIENT_BALANCE', {
    required: needKobo,
    available: haveKobo,
  });

/** The partial unique index (one running subscription per user) refused a second one. */
function violatesOneRunning(err: unknown): boolean {
  if (sqlState(err) !== '23505') return false;
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const { constraint, message } = cur as { constraint?: unknown; message?: unknown };
    if (constraint === 'subscriptions_one_running_per_user') return true;
    if (typeof message === 'string' && message.includes('subscriptions_one_running_per_user')) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

async function guardOneRunning<T>(tier: PaidSubscriptionTier, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (violatesOneRunning(err)) throw AppError.badRequest(SUBSCRIPTION_MESSAGES.sameTier(tierName(tier)));
    throw err;
  }
}

/** A ledger refusal (a concurrent spend emptied the wallet) told with the same words, from the fresh balance. */
async function postFromWallet(tx: Tx, userId: string, chargeKobo: Kobo, input: Omit<PostInput, 'lines'>) {
  const wallet = accounts.userWallet(userId);
  try {
    const posted = await post(tx, {
      ...input,
      lines: [
        { account: wallet, amount: -chargeKobo },
        { account: accounts.platformRevenue('NGN'), amount: chargeKobo },
      ],
    });
    return posted.balances[wallet.code] ?? 0;
  } catch (err) {
    if (isAppError(err) && err.errorType === 'INSUFFICIENT_BALANCE') throw insufficientWallet(chargeKobo, await balanceOf(tx, wallet));
    throw err;
  }
}

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

// ---------------------------------------------------------------------------------------------
// Starting a subscription

/** Pays from the wallet and starts the subscription, inside the caller's transaction (the user row locked). */
async function startWithWallet(
  tx: Tx,
  userId: string,
  input: { tier: PaidSubscriptionTier; duration: SubscriptionDuration },
  at: Date,
): Promise<{ row: SubscriptionRow; balance: Kobo }> {
  const plan = planPurchase(await repo.findRunning(tx, userId), input.tier, input.duration, at);
  const have = await balanceOf(tx, accounts.userWallet(userId));
  if (have < plan.chargeKobo) throw insufficientWallet(plan.chargeKobo, have);

  if (plan.replaces) await repo.updateSubscription(tx, plan.replaces.id, { status: 'replaced', updatedAt: at });
  const id = randomUUID();
  const reference = subscriptionLedgerReference(id);
  const endDate = addDays(at, plan.quote.durationDays);
  const row = await repo.insertSubscription(tx, {
    id,
    userId,
    tier: input.tier,
    duration: input.duration,
    status: 'active',
    paymentMethod: 'wallet',
    amountKobo: plan.chargeKobo,
    paymentReference: reference,
    startDate: at,
    endDate,
    createdAt: at,
    updatedAt: at,
  });
  const balance = await postFromWallet(tx, userId, plan.chargeKobo, {
    reference,
    kind: SUBSCRIPTION_PAYMENT_KIND,
    description: `${tierName(input.tier)} subscription (${input.duration})`,
    newReference: true,
    metadata: {
      subscriptionId: id,
      tier: input.tier,
      duration: input.duration,
      priceKobo: plan.quote.amountKobo,
      creditKobo: plan.creditKobo,
      replacesSubscriptionId: plan.replaces?.id ?? null,
    },
  });
  await setTier(tx, userId, input.tier, endDate, at, 'started');
  return { row, balance };
}

/** What a card payment for a subscription carries (payments.metadata), fixed when it starts. */
const ZCardMetadata = z.object({
  tier: z.enum(PAID_SUBSCRIPTION_TIERS),
  duration: z.enum(SUBSCRIPTION_DURATIONS),
  subscriptionId: z.uuid(),
  priceKobo: z.number().int().positive(),
  creditKobo: z.number().int().nonnegative(),
  replacesSubscriptionId: z.uuid().nullable(),
});
type CardMetadata = z.infer<typeof ZCardMetadata>;

/**
 * A card upgrade settles later than it was quoted, so the old plan's unused value at settlement differs
 * from the credit taken off the price at the quote by `differenceKobo` (now − quoted). The difference is
 * turned into time of the new plan at the new plan's rate (price kobo per duration ms), always rounded
 * in the house's favour, so neither side gains or loses more than a millisecond:
 * - negative: the old plan kept running while the payer was at the checkout; that used-up part comes off
 *   the new plan's time (rounded up to the ms).
 * - positive: the old plan was extended while the checkout was open (its extension was paid into the old
 *   plan, whose unused value grew); that surplus is ADDED to the new plan's time (rounded down to the ms).
 *   We add time rather than paying the surplus into the wallet: the payer bought subscription time with
 *   that money and keeps it as subscription time; the card payment stays ONE posting, and no revenue is
 *   handed back as cash.
 */
export function upgradeAdjustmentMs(differenceKobo: number, durationMs: number, priceKobo: Kobo): number {
  if (differenceKobo >= 0) return Number((BigInt(differenceKobo) * BigInt(durationMs)) / BigInt(priceKobo));
  return -Number((BigInt(-differenceKobo) * BigInt(durationMs) + BigInt(priceKobo - 1)) / BigInt(priceKobo));
}

/**
 * POST /api/subscriptions/initialize. wallet: paid and running at once (one transaction). paystack: the
 * rules are checked, the payment started with the gateway, and a pending subscription written with the
 * payment's reference; it runs once the payment is verified (applySubscriptionPayment).
 */
export async function initializeSubscription(
  ctx: AppContext,
  userId: string,
  input: TSubscriptionInitializeRequest,
): Promise<TSubscriptionInitialized> {
  const at = now();
  if (input.paymentMethod === 'wallet') {
    const { row, balance } = await guardOneRunning(input.tier, () =>
      ctx.db.transaction(async (tx) => {
        await lockForChange(tx, userId, at);
        return startWithWallet(tx, userId, input, at);
      }),
    );
    return {
      paymentMethod: 'wallet',
      subscription: toSubscriptionView(row, at),
      authorizationUrl: null,
      reference: row.paymentReference,
      balance,
    };
  }

  const plan = await ctx.db.transaction(async (tx) => {
    await lockForChange(tx, userId, at);
    return planPurchase(await repo.findRunning(tx, userId), input.tier, input.duration, at);
  });
  const subscriptionId = randomUUID();
  const metadata: CardMetadata = {
    tier: input.tier,
    duration: input.duration,
    subscriptionId,
    priceKobo: plan.quote.amountKobo,
    creditKobo: plan.creditKobo,
    replacesSubscriptionId: plan.replaces?.id ?? null,
  };
  const started = await startPayment(ctx, userId, {
    purpose: 'subscription',
    amountKobo: plan.chargeKobo,
    fallbackPath: SUBSCRIPTION_VERIFICATION_PATH,
    metadata,
    failedMessage: SUBSCRIPTION_MESSAGES.initializeFailed,
  });
  const row = await repo.insertSubscription(ctx.db, {
    id: subscriptionId,
    userId,
    tier: input.tier,
    duration: input.duration,
    status: 'pending',
    paymentMethod: 'paystack',
    amountKobo: plan.chargeKobo,
    paymentReference: started.reference,
    createdAt: at,
    updatedAt: at,
  });
  return {
    paymentMethod: 'paystack',
    subscription: toSubscriptionView(row, at),
    authorizationUrl: started.authorizationUrl,
    reference: started.reference,
    balance: null,
  };
}

/**
 * The value of a paid card payment, inside the settling transaction (once per payment): the gateway's
 * naira to platform revenue, and the pending subscription (created from the metadata if its row is
 * missing) running from `at`.
 *
 * The upgrade credit was fixed when the price was quoted and is checked again here: the subscription it
 * came from must still be the running one (or have ended meanwhile), and its unused value NOW is set
 * against that credit (see upgradeAdjustmentMs). If another subscription started meanwhile, the payment
 * no longer buys anything: it goes to the payer's wallet.
 */
export async function applySubscriptionPayment(tx: Tx, payment: PaymentRow, at: Date): Promise<void> {
  const meta = ZCardMetadata.parse(payment.metadata);
  const userId = payment.userId;
  await lockForChange(tx, userId, at);
  const running = await repo.findRunning(tx, userId);
  const pending =
    (await repo.findByPaymentReference(tx, payment.reference)) ??
    (await repo.insertSubscription(tx, {
      id: meta.subscriptionId,
      userId,
      tier: meta.tier,
      duration: meta.duration,
      status: 'pending',
      paymentMethod: 'paystack',
      amountKobo: payment.amountKobo,
      paymentReference: payment.reference,
      createdAt: at,
      updatedAt: at,
    }));
  const reference = subscriptionLedgerReference(payment.reference);
  const gateway = accounts.gateway(payment.gateway);

  // A free trial that began after the quote (the verification's event is handled within a second)
  // gives way as the quoted one would: it is worth nothing, so the price stands.
  const replacing = running && (running.id === meta.replacesSubscriptionId || isTrial(running)) ? running : undefined;
  if (running && !replacing) {
    await post(tx, {
      reference,
      kind: SUBSCRIPTION_TO_WALLET_KIND,
      description: `${tierName(meta.tier)} subscription payment added to wallet`,
      metadata: { paymentReference: payment.reference, subscriptionId: pending.id, runningSubscriptionId: running.id },
      lines: [
        { account: gateway, amount: -payment.amountKobo },
        { account: accounts.userWallet(userId), amount: payment.amountKobo },
      ],
    });
    await repo.updateSubscription(tx, pending.id, { status: 'failed', updatedAt: at });
    return;
  }

  const durationMs = SUBSCRIPTION_DURATION_DAYS[meta.duration] * DAY_MS;
  let endMs = at.getTime() + durationMs;
  let upgrade: { unusedAtSettlementKobo: Kobo; adjustmentMs: number } | null = null;
  if (meta.replacesSubscriptionId || replacing) {
    const unusedNowKobo = replacing ? unusedValueKobo(replacing, at) : 0;
    const adjustmentMs = upgradeAdjustmentMs(unusedNowKobo - meta.creditKobo, durationMs, meta.priceKobo);
    endMs += adjustmentMs;
    upgrade = { unusedAtSettlementKobo: unusedNowKobo, adjustmentMs };
    if (replacing) await repo.updateSubscription(tx, replacing.id, { status: 'replaced', updatedAt: at });
  }
  const endDate = new Date(endMs);
  await repo.updateSubscription(tx, pending.id, {
    status: 'active',
    startDate: at,
    endDate,
    amountKobo: payment.amountKobo,
    updatedAt: at,
  });
  await post(tx, {
    reference,
    kind: SUBSCRIPTION_PAYMENT_KIND,
    description: `${tierName(meta.tier)} subscription (${meta.duration})`,
    metadata: { ...meta, ...upgrade, paymentReference: payment.reference, gateway: payment.gateway },
    lines: [
      { account: gateway, amount: -payment.amountKobo },
      { account: accounts.platformRevenue('NGN'), amount: payment.amountKobo },
    ],
  });
  await setTier(tx, userId, meta.tier, endDate, at, 'started');
}

/**
 * Settles a subscription's card payment: the payer's verify (userId) or the gateway's webhook and the
 * payment sweep (null). A payment the gateway calls failed (final) fails its pending subscription too;
 * an abandoned one stays pending, as the payer may still pay.
 */
export async function settleSubscriptionPayment(ctx: AppContext, userId: string | null, reference: string): Promise<SettledPayment> {
  try {
    return await settlePayment(ctx, { reference, purpose: 'subscription', userId, apply: applySubscriptionPayment });
  } catch (err) {
    if (isAppError(err) && err.statusCode === 400 && err.extra.status === 'failed') await repo.failPending(ctx.db, reference, now());
    throw err;
  }
}

/**
 * POST /api/subscriptions/verify {reference}. A paid payment starts the subscription once (a replay
 * answers it again); a declined one → 400 'Payment verification failed' and the pending subscription
 * becomes failed; unknown or foreign → 404.
 */
export async function verifySubscription(ctx: AppContext, userId: string, reference: string): Promise<TSubscriptionAnswer> {
  await settleSubscriptionPayment(ctx, userId, reference);
  const row = await repo.findByPaymentReference(ctx.db, reference);
  if (!row) throw AppError.notFound(PAYMENT_MESSAGES.transactionNotFound);
  if (row.status === 'failed') throw AppError.conflict(SUBSCRIPTION_MESSAGES.paidToWallet(row.amountKobo));
  return { subscription: toSubscriptionView(row, now()) };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /api/subscriptions/current. */
export async function currentSubscription(ctx: AppContext, userId: string): Promise<TCurrentSubscription> {
  const at = now();
  const [user, running] = await Promise.all([repo.findUser(ctx.db, userId), repo.findRunning(ctx.db, userId)]);
  if (!user) throw AppError.unauthorized();
  const live = running && isRunningAt(running, at) ? running : null;
  return { hasActiveSubscription: !!live, subscription: live ? toSubscriptionView(live, at) : null, tier: liveTier(user, at) };
}

/** GET /api/subscriptions/history?page&limit: every subscription of the caller, newest first. */
export async function subscriptionHistory(
  ctx: AppContext,
  userId: string,
  q: { page: number; limit: number },
): Promise<TSubscriptionHistory> {
  const at = now();
  const { rows, total } = await repo.listOf(ctx.db, userId, q.page, q.limit);
  return {
    subscriptions: rows.map((r) => toSubscriptionView(r, at)),
    pagination: pageOf(q, total),
  };
}

// ---------------------------------------------------------------------------------------------
// Cancel, extend

/** POST /api/subscriptions/cancel: no renewal; the benefits (and the user's tier) stay until the end date. */
export async function cancelSubscription(ctx: AppContext, userId: string, reason?: string): Promise<TSubscriptionAnswer> {
  const at = now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockForChange(tx, userId, at);
    const running = await repo.findRunning(tx, userId);
    if (!running) throw AppError.notFound(SUBSCRIPTION_MESSAGES.noActive);
    if (isTrial(running)) throw AppError.badRequest(SUBSCRIPTION_TRIAL_MESSAGES.notCancellable);
    if (running.status === 'cancelled') throw AppError.badRequest(SUBSCRIPTION_MESSAGES.alreadyCancelled);
    return repo.updateSubscription(tx, running.id, {
      status: 'cancelled',
      cancelledAt: at,
      cancelReason: reason?.trim() || null,
      updatedAt: at,
    });
  });
  return { subscription: toSubscriptionView(row, at) };
}

export interface ExtendResult extends TSubscriptionAnswer {
  /** True when an earlier call with the same Idempotency-Key answered (nothing moved again). */
  replayed: boolean;
}

/**
 * POST /api/subscriptions/extend {duration}: the running subscription's tier at that duration's price,
 * paid from the wallet; the end date moves by the duration's days and a cancelled subscription runs
 * again. With an Idempotency-Key a retry answers the first result without charging again. Without one,
 * a repeat within KEYLESS_EXTEND_GAP_MS of the user's last keyless extension (a double click) is refused
 * with 409 and charges nothing; the check runs under the user's lock, so two at once are one and a 409.
 */
export async function extendSubscription(
  ctx: AppContext,
  userId: string,
  duration: SubscriptionDuration,
  idempotencyKey?: string,
): Promise<ExtendResult> {
  const at = now();
  const reference = extensionLedgerReference(userId, idempotencyKey);
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, userId, at);
    if (idempotencyKey) {
      // Under the user's lock: a twin of this request has either committed or not started.
      const earlier = await repo.findPosting(tx, reference);
      if (earlier) {
        const subscriptionId = earlier.metadata.subscriptionId;
        if (earlier.kind !== SUBSCRIPTION_EXTENSION_KIND || earlier.metadata.duration !== duration || typeof subscriptionId !== 'string') {
          throw new AppError(409, SUBSCRIPTION_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_CONFLICT');
        }
        const row = await repo.findById(tx, subscriptionId);
        if (!row) throw AppError.notFound(SUBSCRIPTION_MESSAGES.noActive);
        return { subscription: toSubscriptionView(row, at), replayed: true };
      }
    } else {
      const last = await repo.lastKeylessPostingOf(tx, accounts.userWallet(userId).code, SUBSCRIPTION_EXTENSION_KIND);
      const lastAt = typeof last?.metadata.extendedAt === 'string' ? Date.parse(last.metadata.extendedAt) : NaN;
      if (at.getTime() - lastAt < KEYLESS_EXTEND_GAP_MS) throw AppError.conflict(SUBSCRIPTION_MESSAGES.extendedJustNow);
    }

    const running = await repo.findRunning(tx, userId);
    if (!running?.endDate) throw AppError.notFound(SUBSCRIPTION_MESSAGES.noActive);
    if (isTrial(running)) throw AppError.badRequest(SUBSCRIPTION_TRIAL_MESSAGES.notExtendable);
    const quote = subscriptionQuote(running.tier, duration);
    const have = await balanceOf(tx, accounts.userWallet(userId));
    if (have < quote.amountKobo) throw insufficientWallet(quote.amountKobo, have);

    const endDate = addDays(running.endDate, quote.durationDays);
    const row = await repo.updateSubscription(tx, running.id, {
      status: 'active',
      endDate,
      amountKobo: running.amountKobo + quote.amountKobo,
      cancelledAt: null,
      cancelReason: null,
      updatedAt: at,
    });
    await postFromWallet(tx, userId, quote.amountKobo, {
      reference,
      kind: SUBSCRIPTION_EXTENSION_KIND,
      description: `${tierName(running.tier)} subscription extended (${duration})`,
      newReference: !idempotencyKey,
      metadata: {
        subscriptionId: running.id,
        tier: running.tier,
        duration,
        priceKobo: quote.amountKobo,
        keyless: !idempotencyKey,
        extendedAt: at.toISOString(),
      },
    });
    await setTier(tx, userId, running.tier, endDate, at, 'extended');
    return { subscription: toSubscriptionView(row, at), replayed: false };
  });
}

// ---------------------------------------------------------------------------------------------
// Expiry (the scheduler's job)

const EXPIRY_BATCH = 200;

/**
 * Running subscriptions whose end date has passed become expired, and their users go back to the free
 * tier (unless another subscription runs). One small transaction per user under the user's lock, so a
 * purchase or extension of that user at the same moment is never overwritten. Safe on many instances.
 */
export async function runSubscriptionExpiry(ctx: AppContext): Promise<{ expired: number }> {
  const at = now();
  let expired = 0;
  for (;;) {
    const userIds = await repo.usersWithEndedSubscriptions(ctx.db, at, EXPIRY_BATCH);
    let progressed = 0;
    for (const userId of userIds) {
      progressed += await ctx.db.transaction(async (tx) => {
        if (!(await repo.lockUser(tx, userId))) return 0;
        return expireEnded(tx, userId, at);
      });
    }
    expired += progressed;
    if (userIds.length === 0 || progressed === 0) break;
  }
  return { expired };
}
