/**
 * Subscriptions end to end on the default sandbox gateway: pricing, paying from the wallet or by card
 * (sandbox checkout → verify, once), the one-running-subscription rules (same tier, upgrade with exact
 * proration, downgrade), cancel (premium kept until the end), extension (charged once per
 * Idempotency-Key), the expiry job with the clock moved, and the tier benefits that follow.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, type TCurrentSubscription, type TSubscription, type TSubscriptionInitialized, type TWallet } from '@contesthub/shared';
import { ledgerTransactions, payments, subscriptions, users } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { hasUnlimitedContests } from '../src/modules/contests/create-contest.js';
import { checkLedgerIntegrity, platformRevenueTotal } from '../src/modules/ledger/ledger.js';
import { runSubscriptionExpiry, settleSubscriptionPayment } from '../src/modules/subscriptions/subscriptions.service.js';
import { DAY, contestPayload, fundWallet, walletOf } from './contest-fixtures.js';
import { apiCall, createSignedInUser, createTestApp, eventsNamed, login, type TestApp, type ApiArgs, sandboxCheckout } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  setClock(null);
  await t.close();
});
afterEach(async () => {
  setClock(null);
  expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
});

/** One API call from its own client address, so the per-IP rate limits never interfere. */
const api = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);

const BASIC_MONTHLY = 250_000;
const BASIC_YEARLY = 2_500_000;
const PRO_MONTHLY = 750_000;
const PRO_YEARLY = 7_500_000;

const initialize = (token: string, payload: Record<string, unknown>) =>
  api<TSubscriptionInitialized>('POST', '/api/subscriptions/initialize', token, payload);
const verify = (token: string, reference: string) =>
  api<{ subscription: TSubscription }>('POST', '/api/subscriptions/verify', token, { reference });
const current = async (token: string) => {
  const res = await api<TCurrentSubscription>('GET', '/api/subscriptions/current', token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const walletBalance = async (token: string) => {
  const res = await api<{ wallet: TWallet }>('GET', '/api/wallet', token);
  expect(res.status).toBe(200);
  return res.body.data.wallet.balance;
};
const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const subscriptionsOf = async (userId: string) => t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const postings = async (reference: string) => t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));
const revenue = () => platformRevenueTotal(t.ctx.db, 'NGN');

/** A verified, signed-in user with `kobo` in the wallet. */
async function member(kobo = 0) {
  const u = await createSignedInUser(t.app);
  if (kobo > 0) await fundWallet(t.ctx, u.userId, kobo);
  return u;
}

/** Moves the clock on and signs in again (access tokens expire within the hour). */
async function later(u: { email: string; password: string; token: string }, ms: number) {
  advanceClock(ms);
  u.token = (await login(t.app, u.email, u.password)).token;
}

/** A running subscription paid from the wallet (asserted). */
async function subscribeWithWallet(token: string, tier: string, duration = 'monthly') {
  const res = await initialize(token, { tier, duration, paymentMethod: 'wallet' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A click on Approve or Decline on the sandbox checkout page. */
const decide = (decision: 'approve' | 'decline', reference: string) => sandboxCheckout(t.app, decision, reference);

describe('GET /api/subscriptions/pricing', () => {
  it('answers everyone the spec’s prices in kobo, with the plans’ names, descriptions and features', async () => {
    const res = await api('GET', '/api/subscriptions/pricing');
    expect(res.status).toBe(200);
    const plan = (tier: string) => PLANS.find((p) => p.tier === tier)!;
    expect(res.body.data).toEqual({
      pricing: [
        {
          tier: 'basic_premium',
          name: 'Basic Premium',
          description: plan('basic_premium').description,
          features: plan('basic_premium').highlights,
          monthly: { totalPrice: BASIC_MONTHLY, discount: 0, durationDays: 30 },
          yearly: { totalPrice: BASIC_YEARLY, discount: 500_000, durationDays: 365 },
        },
        {
          tier: 'professional',
          name: 'Professional',
          description: plan('professional').description,
          features: plan('professional').highlights,
          monthly: { totalPrice: PRO_MONTHLY, discount: 0, durationDays: 30 },
          yearly: { totalPrice: PRO_YEARLY, discount: 1_500_000, durationDays: 365 },
        },
      ],
    });
  });
});

describe('who may subscribe', () => {
  it('answers 401 without a login and 403 to an unverified email', async () => {
    const body = { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'wallet' };
    expect((await initialize('', body)).status).toBe(401);
    expect((await api('GET', '/api/subscriptions/current')).status).toBe(401);
    expect((await api('POST', '/api/subscriptions/cancel', undefined, {})).status).toBe(401);
    const u = await member(BASIC_MONTHLY);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, u.userId));
    const res = await initialize(u.token, body);
    expect(res.status).toBe(403);
    expect(res.body.errorType).toBe('EMAIL_NOT_VERIFIED');
    expect(await subscriptionsOf(u.userId)).toEqual([]);
  });

  it('refuses a missing tier with the spec’s text', async () => {
    const u = await member();
    const res = await initialize(u.token, { duration: 'monthly', paymentMethod: 'wallet' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Please select a subscription tier');
  });
});

describe('paying from the wallet', () => {
  it('takes exactly ₦2,500, runs for 30 days, sets the tier and lifts the contest limit', async () => {
    const u = await member(3_000_000);
    // Free tier: the 4th contest of the month is refused.
    for (let i = 0; i < 3; i++) {
      expect((await api('POST', '/api/contests', u.token, { ...contestPayload({ title: `Contest ${i}` }) })).status).toBe(201);
    }
    const refused = await api('POST', '/api/contests', u.token, { ...contestPayload({ title: 'Contest 3' }) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You have reached your limit of 3 contests this month. Upgrade to Premium for unlimited contests.');

    const before = await walletBalance(u.token);
    const revenueBefore = await revenue();
    const res = await initialize(u.token, { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'wallet' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Subscription activated successfully!');
    const { subscription } = res.body.data;
    expect(res.body.data).toMatchObject({ paymentMethod: 'wallet', authorizationUrl: null, balance: before - BASIC_MONTHLY });
    expect(subscription).toMatchObject({
      tier: 'basic_premium',
      duration: 'monthly',
      status: 'active',
      isActive: true,
      paymentMethod: 'wallet',
      amount: BASIC_MONTHLY,
      daysRemaining: 30,
      durationDays: 30,
      autoRenew: false,
      cancelledAt: null,
    });
    expect(new Date(subscription.endDate!).getTime() - new Date(subscription.startDate!).getTime()).toBe(30 * DAY);

    expect(await walletBalance(u.token)).toBe(before - BASIC_MONTHLY);
    expect((await revenue()) - revenueBefore).toBe(BASIC_MONTHLY);
    const [posting] = await postings(`subscription:${subscription.id}`);
    expect(posting).toMatchObject({ kind: 'subscription_payment' });
    expect(res.body.data.reference).toBe(`subscription:${subscription.id}`);

    const now_ = await current(u.token);
    expect(now_).toMatchObject({
      hasActiveSubscription: true,
      tier: 'basic_premium',
      subscription: { id: subscription.id, daysRemaining: 30 },
    });
    const row = await userRow(u.userId);
    expect(row.subscriptionTier).toBe('basic_premium');
    expect(row.subscriptionExpiresAt?.toISOString()).toBe(subscription.endDate);
    const me = await api<{ user: { subscriptionTier: string } }>('GET', '/api/auth/me', u.token);
    expect(me.body.data.user.subscriptionTier).toBe('basic_premium');

    // Premium: the 4th and 5th contests of the month go through.
    expect((await api('POST', '/api/contests', u.token, { ...contestPayload({ title: 'Contest 3' }) })).status).toBe(201);
    expect((await api('POST', '/api/contests', u.token, { ...contestPayload({ title: 'Contest 4' }) })).status).toBe(201);
  });

  it('refuses a wallet that cannot pay, saying what is needed and what is there, and moves nothing', async () => {
    const u = await member(100_000);
    const revenueBefore = await revenue();
    const res = await initialize(u.token, { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'wallet' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      errorType: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient wallet balance. You need ₦2,500 but only have ₦1,000',
    });
    expect(await walletBalance(u.token)).toBe(100_000);
    expect(await revenue()).toBe(revenueBefore);
    expect(await subscriptionsOf(u.userId)).toEqual([]);
    expect((await userRow(u.userId)).subscriptionTier).toBe('free');
    expect(await current(u.token)).toEqual({ hasActiveSubscription: false, subscription: null, tier: 'free' });
  });

  it('refuses the same tier while it runs, by wallet or by card, charging nothing', async () => {
    const u = await member(2 * BASIC_MONTHLY);
    await subscribeWithWallet(u.token, 'basic_premium');
    for (const paymentMethod of ['wallet', 'paystack']) {
      const res = await initialize(u.token, { tier: 'basic_premium', duration: 'yearly', paymentMethod });
      expect(res.status, paymentMethod).toBe(400);
      expect(res.body.message).toBe('You already have an active Basic Premium subscription. Extend it instead.');
    }
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toEqual([]);
    expect(await subscriptionsOf(u.userId)).toHaveLength(1);
  });

  it('lets only one of two simultaneous purchases through and charges once', async () => {
    const u = await member(2 * BASIC_MONTHLY);
    const body = { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'wallet' };
    const answers = await Promise.all([initialize(u.token, body), initialize(u.token, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe(
      'You already have an active Basic Premium subscription. Extend it instead.',
    );
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY);
    expect(await subscriptionsOf(u.userId)).toHaveLength(1);
  });
});

describe('paying by card (sandbox checkout)', () => {
  it('starts pending, and a verified payment activates it once; replays and the webhook add nothing', async () => {
    const u = await member();
    const revenueBefore = await revenue();
    const init = await initialize(u.token, { tier: 'professional', duration: 'monthly', paymentMethod: 'paystack' });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const { reference, authorizationUrl, subscription: pending } = init.body.data;
    expect(reference).toMatch(/^sub-[0-9a-f]{32}$/);
    expect(authorizationUrl).toBe(`${t.config.publicUrl}/api/payments/sandbox/checkout?reference=${reference}`);
    expect(init.body.data).toMatchObject({ paymentMethod: 'paystack', balance: null });
    expect(pending).toMatchObject({ status: 'pending', isActive: false, amount: PRO_MONTHLY, startDate: null, daysRemaining: 0 });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ purpose: 'subscription', amountKobo: PRO_MONTHLY, status: 'pending' });
    expect(payment!.metadata).toMatchObject({ tier: 'professional', duration: 'monthly', subscriptionId: pending.id, creditKobo: 0 });
    expect((await current(u.token)).hasActiveSubscription).toBe(false);

    const approved = await decide('approve', reference);
    expect(approved.statusCode).toBe(302);
    const back = new URL(approved.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}/dashboard/subscription-verification`);
    expect(back.searchParams.get('reference')).toBe(reference);

    const first = await verify(u.token, reference);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Subscription activated successfully!');
    expect(first.body.data.subscription).toMatchObject({
      id: pending.id,
      tier: 'professional',
      status: 'active',
      isActive: true,
      paymentMethod: 'paystack',
      amount: PRO_MONTHLY,
      daysRemaining: 30,
      durationDays: 30,
    });

    const replay = await verify(u.token, reference);
    expect(replay.status).toBe(200);
    expect(replay.body.data.subscription).toEqual(first.body.data.subscription);
    expect((await settleSubscriptionPayment(t.ctx, null, reference)).credited).toBe(false);

    expect(await postings(`subscription:${reference}`)).toHaveLength(1);
    expect((await revenue()) - revenueBefore).toBe(PRO_MONTHLY);
    expect(await walletOf(t.ctx, u.userId)).toBe(0);
    expect(await current(u.token)).toMatchObject({ hasActiveSubscription: true, tier: 'professional' });
    expect((await userRow(u.userId)).subscriptionTier).toBe('professional');
  });

  it('marks a declined payment failed with the spec’s text and gives nothing', async () => {
    const u = await member();
    const revenueBefore = await revenue();
    const init = await initialize(u.token, { tier: 'basic_premium', duration: 'yearly', paymentMethod: 'paystack' });
    expect(init.status).toBe(200);
    const { reference } = init.body.data;
    expect(init.body.data.subscription.amount).toBe(BASIC_YEARLY);
    // Still at the checkout: refused, and the subscription stays pending.
    expect((await verify(u.token, reference)).body.message).toBe('Payment verification failed');
    expect((await subscriptionsOf(u.userId))[0]!.status).toBe('pending');
    await decide('decline', reference);
    // The webhook or the payment sweep learns it first: the subscription fails there too.
    await expect(settleSubscriptionPayment(t.ctx, null, reference)).rejects.toThrow('Payment verification failed');
    expect((await subscriptionsOf(u.userId))[0]!.status).toBe('failed');
    for (let i = 0; i < 2; i++) {
      const res = await verify(u.token, reference);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Payment verification failed');
    }
    const [row] = await subscriptionsOf(u.userId);
    expect(row).toMatchObject({ status: 'failed', startDate: null });
    expect(await postings(`subscription:${reference}`)).toEqual([]);
    expect(await revenue()).toBe(revenueBefore);
    expect(await current(u.token)).toEqual({ hasActiveSubscription: false, subscription: null, tier: 'free' });
  });

  it('answers 404 for an unknown reference or another user’s payment', async () => {
    const a = await member();
    const b = await member();
    const init = await initialize(a.token, { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'paystack' });
    await decide('approve', init.body.data.reference);
    for (const reference of [init.body.data.reference, 'sub-00000000000000000000000000000000']) {
      const res = await verify(b.token, reference);
      expect(res.status).toBe(404);
    }
    expect((await subscriptionsOf(a.userId))[0]!.status).toBe('pending');
  });

  it('puts a card payment into the wallet when another subscription started before it was confirmed', async () => {
    const u = await member(BASIC_MONTHLY);
    const init = await initialize(u.token, { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'paystack' });
    await subscribeWithWallet(u.token, 'basic_premium');
    await decide('approve', init.body.data.reference);
    const res = await verify(u.token, init.body.data.reference);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Another subscription started while this payment was being confirmed, so your payment of ₦2,500 was added to your wallet.',
    );
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY);
    const rows = await subscriptionsOf(u.userId);
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'failed']);
    expect(await postings(`subscription:${init.body.data.reference}`)).toHaveLength(1);
  });
});

describe('upgrades and downgrades', () => {
  it('upgrades by wallet: the unused part of the old plan comes off the price, exact to the kobo', async () => {
    const start = new Date('2026-03-01T09:00:00.000Z');
    setClock(start);
    const u = await member(1_000_000);
    const basic = await subscribeWithWallet(u.token, 'basic_premium');
    await later(u, 10 * DAY + 3 * 60 * 60 * 1000 + 17 * 60 * 1000);
    const revenueBefore = await revenue();

    // Unused: 250,000 × 1,716,180,000 ms / 2,592,000,000 ms = 165,526.62… → 165,526 kobo.
    const res = await initialize(u.token, { tier: 'professional', duration: 'monthly', paymentMethod: 'wallet' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.subscription).toMatchObject({ tier: 'professional', status: 'active', amount: 584_474, daysRemaining: 30 });
    expect(res.body.data.subscription.startDate).toBe(now().toISOString());
    expect(res.body.data.balance).toBe(1_000_000 - BASIC_MONTHLY - 584_474);
    expect(await walletBalance(u.token)).toBe(1_000_000 - BASIC_MONTHLY - 584_474);
    expect((await revenue()) - revenueBefore).toBe(584_474);

    const rows = await subscriptionsOf(u.userId);
    expect(rows.find((r) => r.id === basic.subscription.id)!.status).toBe('replaced');
    expect(await current(u.token)).toMatchObject({ tier: 'professional', subscription: { id: res.body.data.subscription.id } });
    expect((await userRow(u.userId)).subscriptionTier).toBe('professional');

    const history = await api<{ subscriptions: TSubscription[]; pagination: unknown }>('GET', '/api/subscriptions/history', u.token);
    expect(history.body.data.subscriptions.map((s) => [s.tier, s.status])).toEqual([
      ['professional', 'active'],
      ['basic_premium', 'replaced'],
    ]);
    expect(history.body.data.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    const second = await api<{ subscriptions: TSubscription[] }>('GET', '/api/subscriptions/history?page=2&limit=1', u.token);
    expect(second.body.data.subscriptions.map((s) => s.id)).toEqual([basic.subscription.id]);
  });

  it('upgrades by card: charges the difference, and time used at the checkout comes off the new plan', async () => {
    const start = new Date('2026-04-01T09:00:00.000Z');
    setClock(start);
    const u = await member(BASIC_MONTHLY);
    const basic = await subscribeWithWallet(u.token, 'basic_premium');
    await later(u, 10 * DAY);

    // Unused at the quote: 250,000 × 20/30 = 166,666.67 → 166,666; charged 750,000 − 166,666.
    const init = await initialize(u.token, { tier: 'professional', duration: 'monthly', paymentMethod: 'paystack' });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body.data.subscription.amount).toBe(583_334);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.reference, init.body.data.reference));
    expect(payment).toMatchObject({ amountKobo: 583_334 });
    expect(payment!.metadata).toMatchObject({ creditKobo: 166_666, priceKobo: PRO_MONTHLY, replacesSubscriptionId: basic.subscription.id });

    // The payer finishes a day later: unused is now 158,333, so 8,333 kobo of the credit was used up,
    // worth 8,333 × 2,592,000,000 / 750,000 = 28,798,848 ms of the new plan.
    await later(u, DAY);
    await decide('approve', init.body.data.reference);
    const res = await verify(u.token, init.body.data.reference);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const at = now().getTime();
    expect(res.body.data.subscription).toMatchObject({ tier: 'professional', status: 'active', amount: 583_334 });
    expect(res.body.data.subscription.startDate).toBe(new Date(at).toISOString());
    expect(res.body.data.subscription.endDate).toBe(new Date(at + 30 * DAY - 28_798_848).toISOString());
    expect((await subscriptionsOf(u.userId)).find((r) => r.id === basic.subscription.id)!.status).toBe('replaced');
    expect((await userRow(u.userId)).subscriptionExpiresAt?.getTime()).toBe(at + 30 * DAY - 28_798_848);
  });

  it('upgrades by card after the old plan was extended at the checkout: the surplus becomes time of the new plan', async () => {
    setClock(new Date('2026-04-15T09:00:00.000Z'));
    const u = await member(BASIC_MONTHLY * 2);
    const basic = await subscribeWithWallet(u.token, 'basic_premium');
    await later(u, 10 * DAY);

    // Unused at the quote: 250,000 × 20/30 → 166,666 kobo off the yearly Professional price.
    const init = await initialize(u.token, { tier: 'professional', duration: 'yearly', paymentMethod: 'paystack' });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body.data.subscription.amount).toBe(PRO_YEARLY - 166_666);
    const reference = init.body.data.reference!;

    // While the checkout is open, the old plan is extended by a month from the wallet.
    const extended = await api('POST', '/api/subscriptions/extend', u.token, { duration: 'monthly' });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(await walletBalance(u.token)).toBe(0);

    // A day later the card payment is confirmed. The old plan is now 500,000 kobo over 60 days with 49 left:
    // unused 408,333.33 → 408,333 kobo, 241,667 more than the credit given at the quote. At the yearly
    // Professional rate (7,500,000 kobo per 31,536,000,000 ms) that is 1,016,161,401.6 ms → 1,016,161,401 ms more.
    await later(u, DAY);
    const revenueBefore = await revenue();
    await decide('approve', reference);
    const res = await verify(u.token, reference);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const at = now().getTime();
    const endMs = at + 365 * DAY + 1_016_161_401;
    expect(res.body.data.subscription).toMatchObject({
      tier: 'professional',
      status: 'active',
      amount: PRO_YEARLY - 166_666,
      startDate: new Date(at).toISOString(),
      endDate: new Date(endMs).toISOString(),
    });
    expect((await subscriptionsOf(u.userId)).find((r) => r.id === basic.subscription.id)!.status).toBe('replaced');
    expect((await userRow(u.userId)).subscriptionExpiresAt?.getTime()).toBe(endMs);
    expect(await current(u.token)).toMatchObject({ tier: 'professional', subscription: { endDate: new Date(endMs).toISOString() } });
    // Only the card's payment moved now; nothing was paid back into the wallet.
    expect((await revenue()) - revenueBefore).toBe(PRO_YEARLY - 166_666);
    expect(await walletBalance(u.token)).toBe(0);
    const [posting] = await postings(`subscription:${reference}`);
    expect(posting).toMatchObject({
      kind: 'subscription_payment',
      metadata: { creditKobo: 166_666, unusedAtSettlementKobo: 408_333, adjustmentMs: 1_016_161_401 },
    });
  });

  it('refuses a lower plan while a higher one runs', async () => {
    const u = await member(PRO_MONTHLY + BASIC_MONTHLY);
    await subscribeWithWallet(u.token, 'professional');
    for (const paymentMethod of ['wallet', 'paystack']) {
      const res = await initialize(u.token, { tier: 'basic_premium', duration: 'monthly', paymentMethod });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'You cannot switch to a lower plan while Professional is active. Cancel it and subscribe when it ends.',
      );
    }
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY);
  });

  it('refuses an upgrade whose credit would exceed the new price (a new yearly plan is needed)', async () => {
    const u = await member(BASIC_YEARLY + PRO_MONTHLY);
    await subscribeWithWallet(u.token, 'basic_premium', 'yearly');
    const res = await initialize(u.token, { tier: 'professional', duration: 'monthly', paymentMethod: 'wallet' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The unused part of your Basic Premium subscription is worth more than this plan. Choose yearly billing to upgrade.',
    );
    expect(await walletBalance(u.token)).toBe(PRO_MONTHLY);
  });
});

describe('cancel and expiry', () => {
  it('keeps premium until the end date, then the expiry job returns the user to free', async () => {
    setClock(new Date('2026-05-01T09:00:00.000Z'));
    const u = await member(BASIC_MONTHLY);
    const { subscription } = await subscribeWithWallet(u.token, 'basic_premium');

    const res = await api<{ subscription: TSubscription }>('POST', '/api/subscriptions/cancel', u.token, {
      reason: 'User requested cancellation',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subscription cancelled successfully');
    expect(res.body.data.subscription).toMatchObject({
      status: 'cancelled',
      isActive: true,
      daysRemaining: 30,
      cancelledAt: now().toISOString(),
      cancelReason: 'User requested cancellation',
      endDate: subscription.endDate,
    });
    expect(await current(u.token)).toMatchObject({ hasActiveSubscription: true, tier: 'basic_premium' });
    expect(hasUnlimitedContests(await userRow(u.userId), now())).toBe(true);

    const again = await api('POST', '/api/subscriptions/cancel', u.token, {});
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Your subscription is already cancelled. Its benefits stay until the end date.');

    await later(u, 29 * DAY + 1);
    expect((await current(u.token)).subscription?.daysRemaining).toBe(1);

    await later(u, DAY);
    // Ended: the benefits stop on time, even before the job has run.
    expect(await current(u.token)).toEqual({ hasActiveSubscription: false, subscription: null, tier: 'free' });
    expect(hasUnlimitedContests(await userRow(u.userId), now())).toBe(false);

    const due = await t.ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, ['active', 'cancelled']), lte(subscriptions.endDate, now())));
    expect(await runSubscriptionExpiry(t.ctx)).toEqual({ expired: due.length });
    expect(await runSubscriptionExpiry(t.ctx)).toEqual({ expired: 0 });
    expect((await subscriptionsOf(u.userId))[0]).toMatchObject({ status: 'expired' });
    const row = await userRow(u.userId);
    expect(row).toMatchObject({ subscriptionTier: 'free', subscriptionExpiresAt: null });
    const me = await api<{ user: { subscriptionTier: string } }>('GET', '/api/auth/me', u.token);
    expect(me.body.data.user.subscriptionTier).toBe('free');
    const noLonger = await api('POST', '/api/subscriptions/cancel', u.token, {});
    expect(noLonger.status).toBe(404);
    expect(noLonger.body.message).toBe('No active subscription found');
  });

  it('lets the job expire an active subscription past its end and a new one start after', async () => {
    setClock(new Date('2026-06-01T09:00:00.000Z'));
    const u = await member(2 * BASIC_MONTHLY);
    await subscribeWithWallet(u.token, 'basic_premium');
    await later(u, 31 * DAY);
    const result = await runSubscriptionExpiry(t.ctx);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await userRow(u.userId)).subscriptionTier).toBe('free');
    const renewed = await subscribeWithWallet(u.token, 'basic_premium');
    expect(renewed.subscription).toMatchObject({ status: 'active', daysRemaining: 30 });
    expect((await subscriptionsOf(u.userId)).map((r) => r.status).sort()).toEqual(['active', 'expired']);
    expect(await walletBalance(u.token)).toBe(0);
  });

  it('answers 404 to a cancel without a subscription', async () => {
    const u = await member();
    const res = await api('POST', '/api/subscriptions/cancel', u.token, {});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No active subscription found');
  });
});

describe('POST /api/subscriptions/extend', () => {
  const extend = (token: string, duration: string, key?: string) =>
    api<{ subscription: TSubscription }>('POST', '/api/subscriptions/extend', token, { duration }, key ? { 'idempotency-key': key } : {});

  it('adds the days, charges the price once per Idempotency-Key, and revives a cancelled subscription', async () => {
    const start = new Date('2026-07-01T09:00:00.000Z');
    setClock(start);
    const u = await member(BASIC_MONTHLY * 2 + BASIC_YEARLY);
    const { subscription } = await subscribeWithWallet(u.token, 'basic_premium');
    await api('POST', '/api/subscriptions/cancel', u.token, { reason: 'Too expensive' });
    const revenueBefore = await revenue();

    const first = await extend(u.token, 'monthly', 'ext-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Subscription extended successfully');
    expect(first.body.data.subscription).toMatchObject({
      id: subscription.id,
      status: 'active',
      cancelledAt: null,
      cancelReason: null,
      amount: 2 * BASIC_MONTHLY,
      daysRemaining: 60,
      durationDays: 60,
      endDate: new Date(start.getTime() + 60 * DAY).toISOString(),
    });
    const replay = await extend(u.token, 'monthly', 'ext-1');
    expect(replay.status).toBe(200);
    expect(replay.body.data.subscription.endDate).toBe(first.body.data.subscription.endDate);
    expect(await walletBalance(u.token)).toBe(BASIC_YEARLY);
    expect(await postings(`subscription-extension:${u.userId}:ext-1`)).toHaveLength(1);

    const conflict = await extend(u.token, 'yearly', 'ext-1');
    expect(conflict.status).toBe(409);
    expect(conflict.body.errorType).toBe('IDEMPOTENCY_CONFLICT');

    const yearly = await extend(u.token, 'yearly');
    expect(yearly.status).toBe(200);
    expect(yearly.body.data.subscription).toMatchObject({
      amount: 2 * BASIC_MONTHLY + BASIC_YEARLY,
      durationDays: 425,
      endDate: new Date(start.getTime() + 425 * DAY).toISOString(),
    });
    expect(await walletBalance(u.token)).toBe(0);
    expect((await revenue()) - revenueBefore).toBe(BASIC_MONTHLY + BASIC_YEARLY);
    expect((await userRow(u.userId)).subscriptionExpiresAt?.toISOString()).toBe(new Date(start.getTime() + 425 * DAY).toISOString());
    const [kinds] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'subscription_extension'),
          sql`${ledgerTransactions.metadata}->>'subscriptionId' = ${subscription.id}`,
        ),
      );
    expect(kinds!.n).toBe(2);
  });

  it('refuses a repeat without an Idempotency-Key within 10 seconds (a double click), charging once', async () => {
    const start = new Date('2026-08-01T09:00:00.000Z');
    setClock(start);
    const u = await member(BASIC_MONTHLY * 4);
    const { subscription } = await subscribeWithWallet(u.token, 'basic_premium');
    const repeatText =
      'Your subscription was extended a few seconds ago, so this repeat was not charged. To extend it again, wait 10 seconds and try again.';

    // Two keyless requests at the same moment: one extends, the other is refused and charges nothing.
    const both = await Promise.all([extend(u.token, 'monthly'), extend(u.token, 'monthly')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body).toMatchObject({ success: false, errorType: 'CONFLICT', message: repeatText });
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY * 2);

    advanceClock(9_999);
    const again = await extend(u.token, 'monthly');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(repeatText);
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY * 2);

    // A request with its own Idempotency-Key is not a repeat of a keyless one.
    expect((await extend(u.token, 'monthly', 'after-keyless')).status).toBe(200);
    expect(await walletBalance(u.token)).toBe(BASIC_MONTHLY);

    // 10 seconds after the last keyless extension, a keyless one goes through.
    advanceClock(1);
    const later10s = await extend(u.token, 'monthly');
    expect(later10s.status, JSON.stringify(later10s.body)).toBe(200);
    expect(later10s.body.data.subscription).toMatchObject({
      id: subscription.id,
      endDate: new Date(start.getTime() + 120 * DAY).toISOString(),
      amount: BASIC_MONTHLY * 4,
    });
    expect(await walletBalance(u.token)).toBe(0);
  });

  it('refuses an extension the wallet cannot pay, and one without a subscription', async () => {
    const u = await member(BASIC_MONTHLY + 100_000);
    const { subscription } = await subscribeWithWallet(u.token, 'basic_premium');
    const res = await extend(u.token, 'monthly');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Insufficient wallet balance. You need ₦2,500 but only have ₦1,000');
    expect(await walletBalance(u.token)).toBe(100_000);
    expect((await subscriptionsOf(u.userId))[0]!.endDate?.toISOString()).toBe(subscription.endDate);

    const none = await member(BASIC_MONTHLY);
    const missing = await extend(none.token, 'monthly');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No active subscription found');
    expect(await walletBalance(none.token)).toBe(BASIC_MONTHLY);
  });
});

describe('rate limits', () => {
  it('counts initialize, verify, cancel and extend per user, whatever the address', async () => {
    const u = await member();
    const other = await member();
    // Every call comes from a new client address (api()); refused bodies still count.
    const routes: Array<[string, number, number]> = [
      ['/api/subscriptions/initialize', 20, 400],
      ['/api/subscriptions/verify', 30, 400],
      ['/api/subscriptions/cancel', 20, 404],
      ['/api/subscriptions/extend', 20, 400],
    ];
    for (const [url, max, status] of routes) {
      for (let i = 0; i < max; i++) expect((await api('POST', url, u.token, {})).status, `${url} #${i + 1}`).toBe(status);
      const limited = await api('POST', url, u.token, {});
      expect(limited.status, url).toBe(429);
      expect(limited.body).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });
      expect((await api('POST', url, other.token, {})).status, `${url} for another user`).toBe(status);
    }
  });
});

describe('the subscription.changed event', () => {
  const of = (userId: string) => (p: Record<string, unknown>) => p.userId === userId;

  it('records the start, an extension and the expiry, each once, in the transaction of the change', async () => {
    const start = new Date('2026-09-01T09:00:00.000Z');
    setClock(start);
    const u = await member(BASIC_MONTHLY * 2);
    const { subscription } = await subscribeWithWallet(u.token, 'basic_premium');
    const extended = await api<{ subscription: TSubscription }>(
      'POST',
      '/api/subscriptions/extend',
      u.token,
      { duration: 'monthly' },
      { 'Idempotency-Key': 'event-ext' },
    );
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    // A replay changes nothing and records nothing.
    await api('POST', '/api/subscriptions/extend', u.token, { duration: 'monthly' }, { 'Idempotency-Key': 'event-ext' });
    await later(u, 61 * DAY);
    await runSubscriptionExpiry(t.ctx);
    await runSubscriptionExpiry(t.ctx);
    expect(await eventsNamed(t.ctx, 'subscription.changed', of(u.userId))).toEqual([
      { userId: u.userId, fromTier: 'free', toTier: 'basic_premium', until: subscription.endDate, cause: 'started' },
      {
        userId: u.userId,
        fromTier: 'basic_premium',
        toTier: 'basic_premium',
        until: extended.body.data.subscription.endDate,
        cause: 'extended',
      },
      { userId: u.userId, fromTier: 'basic_premium', toTier: 'free', until: null, cause: 'expired' },
    ]);
  });

  it('records nothing for a refused purchase', async () => {
    const u = await member(BASIC_MONTHLY - 1);
    expect((await initialize(u.token, { tier: 'basic_premium', duration: 'monthly', paymentMethod: 'wallet' })).status).toBe(400);
    expect(await eventsNamed(t.ctx, 'subscription.changed', of(u.userId))).toEqual([]);
  });
});
