/**
 * Vote credits bought by card, end to end on the default sandbox gateway (and once against the fake
 * Paystack server): packages priced for free and premium buyers to the kobo, purchase by package or by
 * amount → checkout → verify, which adds exactly the credits bought, once (replays, concurrent verifies);
 * declined, pending, foreign, unknown and tampered payments refused with the spec's texts; the credit
 * history merging purchases with every other credit movement; the stats; and a whole ledger after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type {
  TVoteCreditPackages,
  TVoteCreditPurchaseStarted,
  TVoteCreditStats,
  TVoteCreditTransaction,
  TVoteCreditTransactionsPage,
  TVoteCreditVerified,
  TWallet,
} from '@contesthub/shared';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, users } from '../src/db/schema/index.js';
import { now } from '../src/lib/clock.js';
import { chargeEntryFee } from '../src/modules/entries/entry-fees.js';
import { settleCreditPurchase } from '../src/modules/vote-credits/vote-credits.service.js';
import { accounts, balanceOf, checkLedgerIntegrity, platformRevenueTotal } from '../src/modules/ledger/ledger.js';
import { apiCall, createSignedInUser, createTestApp, type TestApp, sandboxCheckout } from './helpers.js';
import { DAY, fundCredits, insertContest, insertEntry } from './engagement-fixtures.js';
import { startFakePaystack, type FakePaystack } from './payments/fake-paystack.js';

const NOT_FOUND_TEXT =
  'This transaction has already been processed or does not exist. Please check your transaction history or try again later.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
});

const packages = async (token: string) => {
  const res = await apiCall<TVoteCreditPackages>(t.app, 'GET', '/api/vote-credits/packages', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const purchase = async (token: string, payload: Record<string, unknown>) => {
  const res = await apiCall<TVoteCreditPurchaseStarted>(t.app, 'POST', '/api/vote-credits/purchase', token, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const verify = (token: string, reference: string) =>
  apiCall<TVoteCreditVerified>(t.app, 'POST', '/api/vote-credits/verify', token, { reference });
const history = async (token: string, query = '') => {
  const res = await apiCall<TVoteCreditTransactionsPage>(t.app, 'GET', `/api/vote-credits/transactions${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const stats = async (token: string) => {
  const res = await apiCall<TVoteCreditStats>(t.app, 'GET', '/api/vote-credits/stats', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const walletCredits = async (token: string) => {
  const res = await apiCall<{ wallet: TWallet }>(t.app, 'GET', '/api/wallet', token);
  expect(res.status).toBe(200);
  return res.body.data.wallet.voteCredits;
};
/** A click on Approve or Decline on the sandbox checkout page. */
const decide = (decision: 'approve' | 'decline', reference: string) => sandboxCheckout(t.app, decision, reference);
const paymentRow = async (reference: string) => (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0];
const postingsOf = (reference: string) =>
  t.ctx.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, `credits:${reference}`));
const makePremium = (userId: string, expiresAt: Date) =>
  t.ctx.db.update(users).set({ subscriptionTier: 'basic_premium', subscriptionExpiresAt: expiresAt }).where(eq(users.id, userId));

/** Buys and pays: purchase → Approve on the sandbox → verify; answers the verify. */
async function buy(token: string, payload: Record<string, unknown>) {
  const started = await purchase(token, payload);
  expect((await decide('approve', started.reference)).statusCode).toBe(302);
  const res = await verify(token, started.reference);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { started, verified: res.body.data };
}

describe('who may call', () => {
  it('answers 401 without a login on every vote-credit route', async () => {
    for (const [method, url] of [
      ['GET', '/api/vote-credits/packages'],
      ['POST', '/api/vote-credits/purchase'],
      ['POST', '/api/vote-credits/verify'],
      ['GET', '/api/vote-credits/transactions'],
      ['GET', '/api/vote-credits/stats'],
    ] as const) {
      const res = await apiCall(t.app, method, url, undefined, method === 'POST' ? { package: 'small' } : undefined);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
    }
  });

  it('documents the vote-credit and transaction routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const path of [
      '/api/vote-credits/packages',
      '/api/vote-credits/transactions',
      '/api/vote-credits/stats',
      '/api/transactions/stats',
    ]) {
      expect(paths[path], path).toHaveProperty('get');
    }
    expect(paths['/api/vote-credits/purchase']).toHaveProperty('post');
    expect(paths['/api/vote-credits/verify']).toHaveProperty('post');
  });

  it('refuses a purchase by a user whose email is not verified, and starts no payment', async () => {
    const u = await createSignedInUser(t.app);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, u.userId));
    const res = await apiCall(t.app, 'POST', '/api/vote-credits/purchase', u.token, { package: 'small' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorType: 'EMAIL_NOT_VERIFIED' });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toEqual([]);
  });
});

describe('rate limits', () => {
  it('counts purchases and verifies per user, whatever the address', async () => {
    const u = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    // apiCall sends every call from a new client address; refused bodies still count.
    for (const [url, max] of [
      ['/api/vote-credits/purchase', 20],
      ['/api/vote-credits/verify', 60],
    ] as const) {
      for (let i = 0; i < max; i++) expect((await apiCall(t.app, 'POST', url, u.token, {})).status, `${url} #${i + 1}`).toBe(400);
      const limited = await apiCall(t.app, 'POST', url, u.token, {});
      expect(limited.status, url).toBe(429);
      expect(limited.body).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });
      expect((await apiCall(t.app, 'POST', url, other.token, {})).status, `${url} for another user`).toBe(400);
    }
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toEqual([]);
  });
});

describe('GET /api/vote-credits/packages', () => {
  it('prices every package for a free user: list price plus the 5 % fee in whole naira', async () => {
    const u = await createSignedInUser(t.app);
    const data = await packages(u.token);
    expect(data).toMatchObject({ premium: false, discountPercent: 0, feePercent: 5, customCreditPrice: 5_000, customMaxCredits: 100_000 });
    expect(data.packages).toEqual([
      // ₦2,500 + ₦125 = ₦2,625
      { id: 'small', credits: 50, price: 250_000, popular: false, discount: 0, fee: 12_500, total: 262_500 },
      { id: 'medium', credits: 100, price: 480_000, popular: false, discount: 0, fee: 24_000, total: 504_000 },
      // 5 % of ₦11,250 = ₦562.50 → ₦563
      { id: 'large', credits: 250, price: 1_125_000, popular: true, discount: 0, fee: 56_300, total: 1_181_300 },
      { id: 'xlarge', credits: 500, price: 2_125_000, popular: false, discount: 0, fee: 106_300, total: 2_231_300 },
      { id: 'xxlarge', credits: 1_000, price: 4_000_000, popular: false, discount: 0, fee: 200_000, total: 4_200_000 },
    ]);
  });

  it('gives a premium user 10 % off before the fee, and stops when the subscription has expired', async () => {
    const u = await createSignedInUser(t.app);
    await makePremium(u.userId, new Date(now().getTime() + 30 * DAY));
    const data = await packages(u.token);
    expect(data).toMatchObject({ premium: true, discountPercent: 10, feePercent: 5 });
    expect(data.packages).toEqual([
      // ₦2,500 − ₦250 = ₦2,250; 5 % = ₦112.50 → ₦113; ₦2,363
      { id: 'small', credits: 50, price: 250_000, popular: false, discount: 25_000, fee: 11_300, total: 236_300 },
      { id: 'medium', credits: 100, price: 480_000, popular: false, discount: 48_000, fee: 21_600, total: 453_600 },
      // ₦10,125 × 5 % = ₦506.25 → ₦506
      { id: 'large', credits: 250, price: 1_125_000, popular: true, discount: 112_500, fee: 50_600, total: 1_063_100 },
      { id: 'xlarge', credits: 500, price: 2_125_000, popular: false, discount: 212_500, fee: 95_600, total: 2_008_100 },
      { id: 'xxlarge', credits: 1_000, price: 4_000_000, popular: false, discount: 400_000, fee: 180_000, total: 3_780_000 },
    ]);

    await makePremium(u.userId, new Date(now().getTime() - 1000));
    const expired = await packages(u.token);
    expect(expired.premium).toBe(false);
    expect(expired.packages[0]).toMatchObject({ id: 'small', discount: 0, total: 262_500 });
  });
});

describe('purchase → sandbox checkout → verify', () => {
  it('buys the small package: charges ₦2,625, adds exactly 50 credits once, and a replay adds nothing', async () => {
    const u = await createSignedInUser(t.app);
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'NGN');
    const started = await purchase(u.token, { package: 'small' });
    expect(started.reference).toMatch(/^vcp-[0-9a-f]{32}$/);
    expect(started.amount).toBe(262_500);
    expect(started.authorizationUrl).toBe(`${t.config.publicUrl}/api/payments/sandbox/checkout?reference=${started.reference}`);
    expect(started.quote).toEqual({
      package: 'small',
      credits: 50,
      premium: false,
      basePrice: 250_000,
      discount: 0,
      discountedPrice: 250_000,
      fee: 12_500,
      total: 262_500,
    });
    expect(await paymentRow(started.reference)).toMatchObject({
      userId: u.userId,
      purpose: 'credits',
      amountKobo: 262_500,
      status: 'pending',
      creditedAt: null,
      metadata: { package: 'small', credits: 50, quote: started.quote },
    });

    const approved = await decide('approve', started.reference);
    expect(new URL(approved.headers.location as string).searchParams.get('reference')).toBe(started.reference);

    const first = await verify(u.token, started.reference);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Payment Verified!');
    expect(first.body.data.credited).toBe(true);
    expect(first.body.data.user.voteCredits).toBe(50);
    expect(first.body.data.transaction).toMatchObject({
      reference: started.reference,
      type: 'vote_credit_purchase',
      status: 'completed',
      failureReason: null,
      voteCredits: 50,
      amount: 262_500,
    });

    const replay = await verify(u.token, started.reference);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ credited: false, user: { voteCredits: 50 }, transaction: { status: 'completed' } });
    expect(await walletCredits(u.token)).toBe(50);

    // One posting: the card's naira to revenue, 50 credits (5,000 hundredths) from issuance to the buyer.
    const postings = await postingsOf(started.reference);
    expect(postings).toHaveLength(1);
    expect(postings[0]!.kind).toBe('vote_credit_purchase');
    const lines = await t.ctx.db
      .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, postings[0]!.id));
    expect(Object.fromEntries(lines.map((l) => [l.code, l.amount]))).toEqual({
      'external:sandbox:NGN': -262_500,
      'platform:revenue:NGN': 262_500,
      'platform:credit-issuance:CREDIT': -5_000,
      [`user:${u.userId}:CREDIT`]: 5_000,
    });
    expect(await platformRevenueTotal(t.ctx.db, 'NGN')).toBe(revenueBefore + 262_500);
    expect(await balanceOf(t.ctx.db, accounts.userWallet(u.userId))).toBe(0);
  });

  it('buys by amount at ₦50 a credit, with the premium discount for a premium buyer', async () => {
    const free = await createSignedInUser(t.app);
    const a = await buy(free.token, { amount: 120 });
    // 120 × ₦50 = ₦6,000 + ₦300 fee
    expect(a.started.quote).toMatchObject({ package: null, credits: 120, basePrice: 600_000, discount: 0, fee: 30_000, total: 630_000 });
    expect(a.started.amount).toBe(630_000);
    expect(a.verified.user.voteCredits).toBe(120);
    expect(a.verified.transaction.description).toBe('Purchase of 120 vote credits');

    const premium = await createSignedInUser(t.app);
    await makePremium(premium.userId, new Date(now().getTime() + DAY));
    const b = await buy(premium.token, { amount: 75 });
    // 75 × ₦50 = ₦3,750 − ₦375 = ₦3,375; 5 % = ₦168.75 → ₦169
    expect(b.started.quote).toMatchObject({
      credits: 75,
      premium: true,
      basePrice: 375_000,
      discount: 37_500,
      fee: 16_900,
      total: 354_400,
    });
    expect(b.verified.user.voteCredits).toBe(75);
    const { started } = await buy(premium.token, { package: 'small' });
    expect(started.amount).toBe(236_300);
    expect(await walletCredits(premium.token)).toBe(125);
  });

  it('credits once when verifies of the same purchase race', async () => {
    const u = await createSignedInUser(t.app);
    const started = await purchase(u.token, { package: 'medium' });
    await decide('approve', started.reference);
    const answers = await Promise.all([verify(u.token, started.reference), verify(u.token, started.reference)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.data.credited)).toHaveLength(1);
    expect(answers.map((a) => a.body.data.user.voteCredits)).toEqual([100, 100]);
    expect(await walletCredits(u.token)).toBe(100);
    expect(await postingsOf(started.reference)).toHaveLength(1);
  });
});

describe('settled by the gateway (webhook, sweep)', () => {
  it('credits a paid purchase with no payer in the call, and the payer verifying after is a replay', async () => {
    const u = await createSignedInUser(t.app);
    const started = await purchase(u.token, { package: 'xlarge' });
    await expect(settleCreditPurchase(t.ctx, null, started.reference)).rejects.toMatchObject({ statusCode: 400 });
    await decide('approve', started.reference);
    const settled = await settleCreditPurchase(t.ctx, null, started.reference);
    expect(settled.credited).toBe(true);
    expect((await settleCreditPurchase(t.ctx, null, started.reference)).credited).toBe(false);
    const res = await verify(u.token, started.reference);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ credited: false, user: { voteCredits: 500 } });
    expect(await postingsOf(started.reference)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it("refuses a purchase without a valid choice with the spec's texts, and starts no payment", async () => {
    const u = await createSignedInUser(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Either a valid package or amount must be provided'],
      [{ package: '', amount: null }, 'Either a valid package or amount must be provided'],
      [{ package: 'small', amount: 10 }, 'Either a valid package or amount must be provided'],
      [{ package: 'mega' }, 'Invalid package selected'],
      [{ amount: 0 }, 'Amount must be a positive number'],
      [{ amount: -20 }, 'Amount must be a positive number'],
      [{ amount: 'ten' }, 'Amount must be a positive number'],
      [{ amount: 12.5 }, 'Amount must be a whole number of vote credits'],
      [{ amount: 100_001 }, 'You can buy at most 100,000 vote credits at once'],
    ];
    for (const [payload, text] of cases) {
      const res = await apiCall(t.app, 'POST', '/api/vote-credits/purchase', u.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toMatchObject({ success: false, message: text });
    }
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toEqual([]);
  });

  it('refuses a declined purchase, adds nothing, and lists it as failed with its reason', async () => {
    const u = await createSignedInUser(t.app);
    const started = await purchase(u.token, { package: 'large' });
    await decide('decline', started.reference);
    for (let i = 0; i < 2; i++) {
      const res = await verify(u.token, started.reference);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Payment verification failed' });
    }
    expect(await walletCredits(u.token)).toBe(0);
    expect(await postingsOf(started.reference)).toHaveLength(0);
    expect(await paymentRow(started.reference)).toMatchObject({ status: 'failed', gatewayResponse: 'Declined', creditedAt: null });
    const list = await history(u.token);
    expect(list.transactions).toEqual([
      {
        id: (await paymentRow(started.reference))!.id,
        reference: started.reference,
        type: 'vote_credit_purchase',
        status: 'failed',
        failureReason: 'Declined',
        description: 'Purchase of 250 vote credits (large package)',
        voteCredits: 250,
        amount: 1_181_300,
        createdAt: (await paymentRow(started.reference))!.createdAt.toISOString(),
      },
    ]);
  });

  it('refuses a purchase not paid yet, lists it as pending, and credits it once it is paid', async () => {
    const u = await createSignedInUser(t.app);
    const started = await purchase(u.token, { package: 'small' });
    const early = await verify(u.token, started.reference);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ message: 'Payment verification failed' });
    expect((await history(u.token)).transactions).toEqual([
      expect.objectContaining({ reference: started.reference, status: 'pending', failureReason: null, voteCredits: 50, amount: 262_500 }),
    ]);

    await decide('approve', started.reference);
    expect((await verify(u.token, started.reference)).status).toBe(200);
    expect((await history(u.token)).transactions).toEqual([expect.objectContaining({ reference: started.reference, status: 'completed' })]);
  });

  it('lists a purchase still unpaid a day after it started as failed (Payment not completed), which the payer may still pay', async () => {
    const u = await createSignedInUser(t.app);
    const started = await purchase(u.token, { package: 'medium' });
    const startedAt = async (msAgo: number) =>
      t.ctx.db
        .update(payments)
        .set({ createdAt: new Date(now().getTime() - msAgo) })
        .where(eq(payments.reference, started.reference));

    // A minute short of a day: still pending (the wallet screen keeps verifying it).
    await startedAt(DAY - 60_000);
    expect((await history(u.token)).transactions).toEqual([
      expect.objectContaining({ reference: started.reference, status: 'pending', failureReason: null }),
    ]);

    // Past a day: failed, with its reason, and the status filter follows.
    await startedAt(DAY + 1_000);
    expect((await history(u.token)).transactions).toEqual([
      expect.objectContaining({ reference: started.reference, status: 'failed', failureReason: 'Payment not completed' }),
    ]);
    expect((await history(u.token, '?status=failed')).transactions.map((x) => x.reference)).toEqual([started.reference]);
    expect((await history(u.token, '?status=pending')).transactions).toEqual([]);
    expect(await walletCredits(u.token)).toBe(0);

    // Paid after all, and verified by the payer: credited once, and completed.
    await decide('approve', started.reference);
    const res = await verify(u.token, started.reference);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.transaction).toMatchObject({ status: 'completed', failureReason: null });
    expect((await history(u.token)).transactions).toEqual([
      expect.objectContaining({ reference: started.reference, status: 'completed', failureReason: null }),
    ]);
  });

  it('lists a payment whose paid amount was not ours (status mismatched) as failed: Paid amount did not match', async () => {
    const u = await createSignedInUser(t.app);
    const started = await purchase(u.token, { package: 'small' });
    // The status the settlement gives a payment settled with another amount than the one we asked for.
    await t.ctx.db
      .update(payments)
      .set({ status: 'mismatched', gatewayResponse: 'Amount mismatch: NGN 10000 kobo' })
      .where(eq(payments.reference, started.reference));
    const [listed] = (await history(u.token)).transactions;
    expect(listed).toMatchObject({ reference: started.reference, status: 'failed', failureReason: 'Paid amount did not match' });
    expect((await history(u.token, '?status=failed')).transactions).toHaveLength(1);
    expect((await history(u.token, '?status=pending')).transactions).toEqual([]);
    expect(await walletCredits(u.token)).toBe(0);
  });

  it("answers another user's, an unknown or a deposit's reference as not found, and a blank one with the spec's text", async () => {
    const owner = await createSignedInUser(t.app);
    const thief = await createSignedInUser(t.app);
    const started = await purchase(owner.token, { package: 'small' });
    await decide('approve', started.reference);

    const stolen = await verify(thief.token, started.reference);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ success: false, message: NOT_FOUND_TEXT });
    expect(await walletCredits(thief.token)).toBe(0);
    expect((await history(thief.token)).transactions).toEqual([]);

    const unknown = await verify(owner.token, 'vcp-00000000000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: NOT_FOUND_TEXT });

    const dep = await apiCall<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', owner.token, { amount: 100_000 });
    await decide('approve', dep.body.data.reference);
    const wrongPurpose = await verify(owner.token, dep.body.data.reference);
    expect(wrongPurpose.status).toBe(404);
    expect(await walletCredits(owner.token)).toBe(0);

    const blank = await verify(owner.token, '');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: 'Payment reference is required' });

    expect((await verify(owner.token, started.reference)).body.data.user.voteCredits).toBe(50);
  });
});

describe('GET /api/vote-credits/transactions', () => {
  it('refuses a page below 1 and a limit outside 1 to 100', async () => {
    const u = await createSignedInUser(t.app);
    for (const [query, text] of [
      ['?limit=0', 'Limit must be between 1 and 100'],
      ['?limit=101', 'Limit must be between 1 and 100'],
      ['?page=0', 'Page must be a positive integer'],
      ['?page=-2', 'Page must be a positive integer'],
    ] as const) {
      const res = await apiCall(t.app, 'GET', `/api/vote-credits/transactions${query}`, u.token);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ success: false, message: text });
    }
    expect((await history(u.token, '?limit=100')).pagination).toEqual({ page: 1, limit: 100, total: 0, totalPages: 1 });
  });

  it('merges purchases with every other credit movement, newest first, without listing a purchase twice', async () => {
    const organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
    const participant = await createSignedInUser(t.app, { fullName: 'Pat Participant' });
    const u = await createSignedInUser(t.app, { fullName: 'Val Voter' });

    await fundCredits(t.ctx, u.userId, 20); // a promotion: 'promotion'
    const paid = await buy(u.token, { package: 'small' }); // +50
    const declined = await purchase(u.token, { amount: 30 });
    await decide('decline', declined.reference);
    expect((await verify(u.token, declined.reference)).status).toBe(400);

    // A paid vote through the votes module: 10 credits, ledger kind vote_spend.
    const contest = await insertContest(t.ctx, organizer.userId);
    const entry = await insertEntry(t.ctx, contest.id, participant.userId);
    const vote = await apiCall(t.app, 'POST', '/api/votes', u.token, {
      entryId: entry.id,
      contestId: contest.id,
      voteType: 'paid',
      amount: 1,
    });
    expect(vote.status, JSON.stringify(vote.body)).toBe(201);

    // An entry fee as the entries module charges it: 15 credits, ledger kind entry_fee, shown as vote_spend.
    const feeContest = await insertContest(t.ctx, organizer.userId);
    const feeEntry = await insertEntry(t.ctx, feeContest.id, u.userId);
    await t.ctx.db.transaction((tx) =>
      chargeEntryFee(tx, {
        entryId: feeEntry.id,
        contestId: feeContest.id,
        contestTitle: feeContest.title,
        userId: u.userId,
        units: 1_500,
      }),
    );
    const pending = await purchase(u.token, { package: 'medium' });

    const list = await history(u.token);
    expect(list.pagination).toEqual({ page: 1, limit: 50, total: 6, totalPages: 1 });
    expect(
      list.transactions.map((x) => ({
        type: x.type,
        status: x.status,
        voteCredits: x.voteCredits,
        amount: x.amount,
        reason: x.failureReason,
      })),
    ).toEqual([
      { type: 'vote_credit_purchase', status: 'pending', voteCredits: 100, amount: 504_000, reason: null },
      { type: 'vote_spend', status: 'completed', voteCredits: -15, amount: 0, reason: null },
      { type: 'vote_spend', status: 'completed', voteCredits: -10, amount: 0, reason: null },
      { type: 'vote_credit_purchase', status: 'failed', voteCredits: 30, amount: 157_500, reason: 'Declined' },
      { type: 'vote_credit_purchase', status: 'completed', voteCredits: 50, amount: 262_500, reason: null },
      { type: 'promotional_credit', status: 'completed', voteCredits: 20, amount: 0, reason: null },
    ]);
    expect(list.transactions[0]!.reference).toBe(pending.reference);
    expect(list.transactions[1]!.description).toBe(`Entry fee: ${feeContest.title}`);
    expect(list.transactions[2]!.description).toBe('1 paid vote');
    expect(list.transactions[4]).toMatchObject({
      reference: paid.started.reference,
      description: 'Purchase of 50 vote credits (small package)',
    });
    expect(list.transactions.filter((x) => x.reference.includes(paid.started.reference))).toHaveLength(1);
    expect(await walletCredits(u.token)).toBe(45);

    // Filters and pages.
    const types = (p: TVoteCreditTransactionsPage) => p.transactions.map((x: TVoteCreditTransaction) => `${x.type}/${x.status}`);
    expect(types(await history(u.token, '?type=vote_spend'))).toEqual(['vote_spend/completed', 'vote_spend/completed']);
    expect(types(await history(u.token, '?type=vote_credit_purchase'))).toEqual([
      'vote_credit_purchase/pending',
      'vote_credit_purchase/failed',
      'vote_credit_purchase/completed',
    ]);
    expect(types(await history(u.token, '?status=completed'))).toEqual([
      'vote_spend/completed',
      'vote_spend/completed',
      'vote_credit_purchase/completed',
      'promotional_credit/completed',
    ]);
    expect(types(await history(u.token, '?status=failed'))).toEqual(['vote_credit_purchase/failed']);
    expect(types(await history(u.token, '?type=vote_credit_purchase&status=pending'))).toEqual(['vote_credit_purchase/pending']);

    const page2 = await history(u.token, '?page=2&limit=4');
    expect(page2.pagination).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2 });
    expect(page2.transactions.map((x) => x.id)).toEqual(list.transactions.slice(4).map((x) => x.id));
    expect((await history(u.token, '?page=3&limit=4')).transactions).toEqual([]);

    const newest = new Date(list.transactions[0]!.createdAt);
    expect((await history(u.token, `?startDate=${new Date(newest.getTime() + 60_000).toISOString()}`)).transactions).toEqual([]);
    const all = await history(
      u.token,
      `?startDate=${new Date(newest.getTime() - DAY).toISOString()}&endDate=${new Date(newest.getTime() + DAY).toISOString()}`,
    );
    expect(all.pagination.total).toBe(6);

    // Nobody else sees any of it.
    expect((await history(organizer.token)).transactions).toEqual([]);

    // Stats: 45 credits now, one completed purchase of 50 for ₦2,625, 25 used on a paid vote and an entry fee.
    expect(await stats(u.token)).toEqual({
      currentCredits: 45,
      totalSpent: 262_500,
      totalCreditsPurchased: 50,
      totalTransactions: 1,
      totalCreditsUsed: 25,
    });
  });
});

describe('GET /api/vote-credits/stats', () => {
  it('starts at zero and adds up completed purchases only', async () => {
    const u = await createSignedInUser(t.app);
    expect(await stats(u.token)).toEqual({
      currentCredits: 0,
      totalSpent: 0,
      totalCreditsPurchased: 0,
      totalTransactions: 0,
      totalCreditsUsed: 0,
    });
    await buy(u.token, { package: 'small' });
    await buy(u.token, { package: 'xlarge' });
    await buy(u.token, { amount: 7 });
    await purchase(u.token, { package: 'xxlarge' }); // never paid
    expect(await stats(u.token)).toEqual({
      currentCredits: 557,
      // ₦2,625 + ₦22,313 + (₦350 + ₦18 fee)
      totalSpent: 262_500 + 2_231_300 + 36_800,
      totalCreditsPurchased: 557,
      totalTransactions: 3,
      totalCreditsUsed: 0,
    });
  });
});

describe('with Paystack', () => {
  let fake: FakePaystack;
  let p: TestApp;
  beforeAll(async () => {
    fake = await startFakePaystack();
    p = await createTestApp({ paystack: { secretKey: fake.secretKey, baseUrl: fake.url } });
  });
  afterAll(async () => {
    await p.close();
    await fake.close();
  });
  afterEach(async () => {
    expect((await checkLedgerIntegrity(p.ctx.db)).problems).toEqual([]);
  });

  it('charges the quoted total, credits a payment made in full, and refuses one settled with another amount', async () => {
    const u = await createSignedInUser(p.app);
    const start = await apiCall<TVoteCreditPurchaseStarted>(p.app, 'POST', '/api/vote-credits/purchase', u.token, {
      package: 'large',
      callbackUrl: `${p.config.publicUrl}/dashboard/payment-verification?from=credits`,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const good = start.body.data;
    expect(good.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(fake.transactions.get(good.reference)).toMatchObject({
      amount: 1_181_300,
      callback_url: `${p.config.publicUrl}/dashboard/payment-verification?from=credits`,
    });
    fake.settle(good.reference, { status: 'success' });
    const ok = await apiCall<TVoteCreditVerified>(p.app, 'POST', '/api/vote-credits/verify', u.token, { reference: good.reference });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ credited: true, user: { voteCredits: 250 } });

    // The payer paid ₦100 for a package that costs ₦26.25 more than that: never credited.
    const tampered = (await apiCall<TVoteCreditPurchaseStarted>(p.app, 'POST', '/api/vote-credits/purchase', u.token, { package: 'small' }))
      .body.data;
    fake.settle(tampered.reference, { status: 'success', amount: 10_000 });
    const refused = await apiCall(p.app, 'POST', '/api/vote-credits/verify', u.token, { reference: tampered.reference });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: 'Payment verification failed' });
    const again = await apiCall(p.app, 'POST', '/api/vote-credits/verify', u.token, { reference: tampered.reference });
    expect(again.status).toBe(400);

    const credits = await apiCall<{ wallet: TWallet }>(p.app, 'GET', '/api/wallet', u.token);
    expect(credits.body.data.wallet.voteCredits).toBe(250);
    expect(await p.ctx.db.select().from(ledgerTransactions).where(like(ledgerTransactions.reference, 'credits:%'))).toHaveLength(1);
    const list = await apiCall<TVoteCreditTransactionsPage>(p.app, 'GET', '/api/vote-credits/transactions', u.token);
    expect(list.body.data.transactions.map((x) => [x.reference, x.status])).toEqual([
      [tampered.reference, 'failed'],
      [good.reference, 'completed'],
    ]);
    expect(list.body.data.transactions[0]!.failureReason).toBe('Paid amount did not match');
  });
});
