/**
 * The free 7-day Basic Premium trial (spec 000 §1, the pricing FAQ): granted by the subscriptions module
 * when the user.email_verified event is handled, once per person (email, normalised phone number), with
 * no payment and no ledger posting; Basic Premium's limits apply during it; the subscription-expiry job
 * ends it at its end date and the user is back on the Free plan; the API shows it as a trial.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TRIAL_DAYS,
  type TCurrentSubscription,
  type TSubscription,
  type TSubscriptionHistory,
  type TSubscriptionInitialized,
  type TVoteCreditPackages,
} from '@contesthub/shared';
import { ledgerTransactions, subscriptions } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { checkLedgerIntegrity, platformRevenueTotal } from '../src/modules/ledger/ledger.js';
import { runSubscriptionExpiry } from '../src/modules/subscriptions/subscriptions.service.js';
import { DAY, contestPayload, fundWallet } from './contest-fixtures.js';
import {
  apiCall,
  codeMailedTo,
  createTestApp,
  eventsNamed,
  login,
  nextIp,
  sandboxCheckout,
  uniqueEmail,
  type ApiArgs,
  type TestApp,
} from './helpers.js';

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

const api = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);
const PASSWORD = 'Secret12';
const BASIC_MONTHLY = 250_000;

let phoneSeq = 0;
/** A phone number nobody registered in this file, in the 0803… spelling. */
const uniquePhone = () => `0806${String(2_000_000 + ++phoneSeq * 7_919).slice(-7)}`;

interface Member {
  userId: string;
  email: string;
  token: string;
}

/**
 * Registers through the API, verifies the email with the mailed code, and lets the event dispatcher run
 * (as its job would) unless `dispatch` is false.
 */
async function registerAndVerify(phone = uniquePhone(), email = uniqueEmail('trial'), dispatch = true): Promise<Member> {
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { fullName: 'Chiamaka Obi', email, phone, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const code = await codeMailedTo(t.ctx, email);
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', remoteAddress: nextIp(), payload: { email, code } });
  expect(verified.statusCode, verified.body).toBe(200);
  const { user, token } = (verified.json() as { data: { user: { _id: string }; token: string } }).data;
  if (dispatch) await t.ctx.events.drain({ settleMs: 10_000 });
  return { userId: user._id, email, token };
}

const current = async (token: string) => {
  const res = await api<TCurrentSubscription>('GET', '/api/subscriptions/current', token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const tierOnMe = async (token: string) =>
  (await api<{ user: { subscriptionTier: string } }>('GET', '/api/auth/me', token)).body.data.user.subscriptionTier;
const subscriptionRows = (userId: string) => t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe('granted at email verification', () => {
  it('gives 7 days of Basic Premium, no card, no payment, shown as a trial by /current, /history and /auth/me', async () => {
    setClock(new Date('2026-07-01T08:00:00.000Z'));
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'NGN');
    const m = await registerAndVerify();
    const end = new Date(now().getTime() + TRIAL_DAYS * DAY).toISOString();

    const data = await current(m.token);
    expect(data).toMatchObject({ hasActiveSubscription: true, tier: 'basic_premium' });
    expect(data.subscription).toMatchObject({
      tier: 'basic_premium',
      duration: 'trial',
      isTrial: true,
      status: 'active',
      isActive: true,
      paymentMethod: 'none',
      amount: 0,
      startDate: now().toISOString(),
      endDate: end,
      daysRemaining: 7,
      durationDays: 7,
      autoRenew: false,
    } satisfies Partial<TSubscription>);
    const history = await api<TSubscriptionHistory>('GET', '/api/subscriptions/history', m.token);
    expect(history.body.data.subscriptions).toMatchObject([{ isTrial: true, endDate: end }]);
    expect(await tierOnMe(m.token)).toBe('basic_premium');

    // No money moved: no ledger posting for it, the platform's revenue unchanged.
    expect(
      await t.ctx.db
        .select()
        .from(ledgerTransactions)
        .where(like(ledgerTransactions.reference, `%${m.userId}%`)),
    ).toEqual([]);
    expect(await platformRevenueTotal(t.ctx.db, 'NGN')).toBe(revenueBefore);
    expect(await eventsNamed(t.ctx, 'subscription.changed', (p) => p.userId === m.userId)).toEqual([
      { userId: m.userId, fromTier: 'free', toTier: 'basic_premium', until: end, cause: 'started' },
    ]);
  });

  it('is not granted before the email is verified, nor twice when the event is handled again', async () => {
    const email = uniqueEmail('unverified');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: { fullName: 'Tunde Bello', email, phone: uniquePhone(), password: PASSWORD, confirmPassword: PASSWORD },
    });
    const { token } = (reg.json() as { data: { token: string } }).data;
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect(await current(token)).toEqual({ hasActiveSubscription: false, subscription: null, tier: 'free' });

    const m = await registerAndVerify();
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect(await subscriptionRows(m.userId)).toHaveLength(1);
  });
});

describe("Basic Premium's limits apply during the trial", () => {
  it('prices vote credits 10 % off and lets the member create a 4th contest this month', async () => {
    const m = await registerAndVerify();
    const packages = await api<TVoteCreditPackages>('GET', '/api/vote-credits/packages', m.token);
    expect(packages.body.data).toMatchObject({ premium: true, discountPercent: 10 });

    await fundWallet(t.ctx, m.userId, 4 * 500_000);
    for (let i = 0; i < 4; i++) {
      const res = await api('POST', '/api/contests', m.token, contestPayload({ title: `Trial contest ${i}` }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });
});

describe('once per person', () => {
  it('gives no trial to a new account with the phone number of one that had it, however the number is written', async () => {
    const first = await registerAndVerify('08031234001');
    expect((await current(first.token)).subscription?.isTrial).toBe(true);
    // The first account moves to another number; its old one is free to register again.
    const moved = await api('PUT', '/api/auth/profile', first.token, { fullName: 'Chiamaka Obi', phone: '08031234002' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const second = await registerAndVerify('+234 803 123 4001');
    expect(await current(second.token)).toEqual({ hasActiveSubscription: false, subscription: null, tier: 'free' });
    expect(await tierOnMe(second.token)).toBe('free');
    expect(await subscriptionRows(second.userId)).toEqual([]);
    // The first account's trial is untouched.
    expect((await current(first.token)).subscription?.isTrial).toBe(true);
  });
});

describe('the end of the trial', () => {
  it('is ended by the subscription-expiry job at its end date: the member is back on the Free plan and its limits', async () => {
    setClock(new Date('2026-08-01T08:00:00.000Z'));
    const m = await registerAndVerify();
    const endDate = (await current(m.token)).subscription!.endDate!;

    // (Trials of the other tests end on other dates: only this member's row is watched.)
    advanceClock(TRIAL_DAYS * DAY - 60_000);
    await runSubscriptionExpiry(t.ctx);
    expect((await subscriptionRows(m.userId)).map((r) => r.status)).toEqual(['active']);
    const token = (await login(t.app, m.email, PASSWORD)).token;
    expect((await current(token)).subscription).toMatchObject({ isTrial: true, daysRemaining: 1 });

    advanceClock(2 * 60_000);
    expect((await runSubscriptionExpiry(t.ctx)).expired).toBeGreaterThanOrEqual(1);
    expect((await subscriptionRows(m.userId)).map((r) => r.status)).toEqual(['expired']);
    expect(await current(token)).toEqual({ hasActiveSubscription: false, subscription: null, tier: 'free' });
    expect(await tierOnMe(token)).toBe('free');
    const history = await api<TSubscriptionHistory>('GET', '/api/subscriptions/history', token);
    expect(history.body.data.subscriptions).toMatchObject([{ isTrial: true, status: 'expired', isActive: false, endDate }]);
    const packages = await api<TVoteCreditPackages>('GET', '/api/vote-credits/packages', token);
    expect(packages.body.data).toMatchObject({ premium: false, discountPercent: 0 });
    expect(await eventsNamed(t.ctx, 'subscription.changed', (p) => p.userId === m.userId && p.cause === 'expired')).toEqual([
      { userId: m.userId, fromTier: 'basic_premium', toTier: 'free', until: null, cause: 'expired' },
    ]);
  });
});

describe('during the trial', () => {
  it('cannot be extended or cancelled; buying Basic Premium starts it at once at full price and ends the trial', async () => {
    const m = await registerAndVerify();
    const extend = await api('POST', '/api/subscriptions/extend', m.token, { duration: 'monthly' });
    expect(extend.status).toBe(400);
    expect(extend.body.message).toBe(
      'Your free trial cannot be extended. Choose a plan below to subscribe; it starts at once and ends the trial.',
    );
    const cancel = await api('POST', '/api/subscriptions/cancel', m.token, {});
    expect(cancel.status).toBe(400);
    expect(cancel.body.message).toBe('Your free trial ends by itself on its end date, so there is nothing to cancel.');

    await fundWallet(t.ctx, m.userId, BASIC_MONTHLY);
    const bought = await api<TSubscriptionInitialized>('POST', '/api/subscriptions/initialize', m.token, {
      tier: 'basic_premium',
      duration: 'monthly',
      paymentMethod: 'wallet',
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.data).toMatchObject({ balance: 0, subscription: { isTrial: false, amount: BASIC_MONTHLY, daysRemaining: 30 } });
    expect((await subscriptionRows(m.userId)).map((r) => `${r.duration}:${r.status}`).sort()).toEqual(['monthly:active', 'trial:replaced']);
    expect((await current(m.token)).subscription).toMatchObject({ isTrial: false, duration: 'monthly', paymentMethod: 'wallet' });
  });

  it('gives way to a card payment started before the trial was granted: the plan starts at its full price, nothing goes to the wallet', async () => {
    // The member pays by card within the second between the verification and its event being handled.
    const m = await registerAndVerify(uniquePhone(), uniqueEmail('quick'), false);
    const init = await api<TSubscriptionInitialized>('POST', '/api/subscriptions/initialize', m.token, {
      tier: 'professional',
      duration: 'monthly',
      paymentMethod: 'paystack',
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect((await current(m.token)).subscription?.isTrial).toBe(true);

    expect((await sandboxCheckout(t.app, 'approve', init.body.data.reference)).statusCode).toBe(302);
    const verified = await api<{ subscription: TSubscription }>('POST', '/api/subscriptions/verify', m.token, {
      reference: init.body.data.reference,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data.subscription).toMatchObject({ tier: 'professional', status: 'active', amount: 750_000, daysRemaining: 30 });
    expect((await subscriptionRows(m.userId)).map((r) => `${r.duration}:${r.status}`).sort()).toEqual(['monthly:active', 'trial:replaced']);
    expect(await current(m.token)).toMatchObject({ tier: 'professional', subscription: { isTrial: false } });
    const wallet = await api<{ wallet: { balance: number } }>('GET', '/api/wallet', m.token);
    expect(wallet.body.data.wallet.balance).toBe(0);
  });
});
