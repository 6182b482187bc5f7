/**
 * Wallet deposits end to end on the default sandbox gateway: POST /api/wallet/deposit → the sandbox
 * checkout page → Approve / Decline → redirect to the callback → POST /api/wallet/verify-deposit,
 * which credits the wallet exactly once (replays, concurrent verifies), refuses declined, pending,
 * foreign, unknown and tampered payments, and keeps the ledger whole.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nairaToKobo, type TWallet } from '@contesthub/shared';
import { ledgerTransactions, payments, sandboxPayments, users } from '../src/db/schema/index.js';
import { checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { apiCall, createSignedInUser, createTestApp, type TestApp, sandboxCheckout } from './helpers.js';

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

interface Initialized {
  authorizationUrl: string;
  reference: string;
  amount: number;
}
interface Verified {
  wallet: TWallet;
  deposit: { reference: string; amount: number; status: string; credited: boolean };
}

/** A deposit as the dialog sends it: the naira typed ('10,000' or 10000) go on the wire as kobo. */
async function deposit(token: string, payload: { amount: number | string; callbackUrl?: string }): Promise<Initialized> {
  const naira = typeof payload.amount === 'string' ? Number(payload.amount.replace(/,/g, '')) : payload.amount;
  const res = await apiCall<Initialized>(t.app, 'POST', '/api/wallet/deposit', token, { ...payload, amount: nairaToKobo(naira) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const verify = (token: string, reference: string) => apiCall<Verified>(t.app, 'POST', '/api/wallet/verify-deposit', token, { reference });
const balance = async (token: string) => {
  const res = await apiCall<{ wallet: TWallet }>(t.app, 'GET', '/api/wallet', token);
  expect(res.status).toBe(200);
  return res.body.data.wallet.balance;
};
/** A click on Approve or Decline: a plain form post, as a browser without JavaScript sends it. */
const decide = (decision: 'approve' | 'decline', reference: string) => sandboxCheckout(t.app, decision, reference);
const paymentRow = async (reference: string) => (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0];
const ledgerPostings = async (reference: string) =>
  (
    await t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `deposit:${reference}`))
  ).length;

describe('who may deposit', () => {
  it('answers 401 without a login', async () => {
    expect((await apiCall(t.app, 'POST', '/api/wallet/deposit', undefined, { amount: 100_000 })).status).toBe(401);
    expect((await apiCall(t.app, 'POST', '/api/wallet/verify-deposit', undefined, { reference: 'dep-x' })).status).toBe(401);
  });

  it('refuses a signed-in user whose email is not verified', async () => {
    const u = await createSignedInUser(t.app);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, u.userId));
    const res = await apiCall(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: 100_000 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorType: 'EMAIL_NOT_VERIFIED' });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toEqual([]);
  });

  it("refuses an amount that is not whole kobo from ₦1 up with the spec's text", async () => {
    const u = await createSignedInUser(t.app);
    for (const amount of [0, -500, 1_050.5, 99, 'abc', '100000', 1_000_000_001]) {
      const res = await apiCall(t.app, 'POST', '/api/wallet/deposit', u.token, { amount });
      expect(res.status, String(amount)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Enter a valid amount');
    }
  });
});

describe('deposit → sandbox checkout → verify', () => {
  it('credits ₦10,000 once, and a replayed verify adds nothing', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: '10,000' });
    expect(init.reference).toMatch(/^dep-[0-9a-f]{32}$/);
    expect(init.amount).toBe(1_000_000);
    expect(init.authorizationUrl).toBe(`${t.config.publicUrl}/api/payments/sandbox/checkout?reference=${init.reference}`);
    expect(await paymentRow(init.reference)).toMatchObject({
      userId: u.userId,
      purpose: 'deposit',
      amountKobo: 1_000_000,
      status: 'pending',
      gateway: 'sandbox',
      creditedAt: null,
    });

    const approved = await decide('approve', init.reference);
    expect(approved.statusCode).toBe(302);
    const back = new URL(approved.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}/dashboard/payment-verification`);
    expect(back.searchParams.get('reference')).toBe(init.reference);
    expect(back.searchParams.get('trxref')).toBe(init.reference);

    const first = await verify(u.token, init.reference);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.deposit).toMatchObject({ reference: init.reference, amount: 1_000_000, status: 'success', credited: true });
    expect(first.body.data.wallet.balance).toBe(1_000_000);

    const replay = await verify(u.token, init.reference);
    expect(replay.status).toBe(200);
    expect(replay.body.data.deposit).toMatchObject({ status: 'success', credited: false });
    expect(await balance(u.token)).toBe(1_000_000);
    expect(await ledgerPostings(init.reference)).toBe(1);
    const row = await paymentRow(init.reference);
    expect(row).toMatchObject({ status: 'success', gatewayResponse: 'Successful' });
    expect(row!.creditedAt).toBeInstanceOf(Date);

    const movements = await apiCall<{ transactions: Array<{ reference: string; kind: string; amount: number; direction: string }> }>(
      t.app,
      'GET',
      '/api/wallet/transactions',
      u.token,
    );
    expect(movements.body.data.transactions).toEqual([
      expect.objectContaining({ reference: `deposit:${init.reference}`, kind: 'wallet_deposit', amount: 1_000_000, direction: 'credit' }),
    ]);
  });

  it('credits once when two verifies of the same payment race', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: 2500 });
    await decide('approve', init.reference);
    const answers = await Promise.all([verify(u.token, init.reference), verify(u.token, init.reference), verify(u.token, init.reference)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.data.deposit.credited)).toHaveLength(1);
    expect(await balance(u.token)).toBe(250_000);
    expect(await ledgerPostings(init.reference)).toBe(1);
  });

  it('adds up several deposits of one user', async () => {
    const u = await createSignedInUser(t.app);
    for (const amount of [100, 2_000, 35_000]) {
      const init = await deposit(u.token, { amount });
      await decide('approve', init.reference);
      expect((await verify(u.token, init.reference)).status).toBe(200);
    }
    expect(await balance(u.token)).toBe(3_710_000);
  });
});

describe('refusals', () => {
  it('refuses a declined payment and credits nothing, however often it is verified', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: 5000 });
    const declined = await decide('decline', init.reference);
    expect(declined.statusCode).toBe(302);
    expect(new URL(declined.headers.location as string).searchParams.get('reference')).toBe(init.reference);

    for (let i = 0; i < 2; i++) {
      const res = await verify(u.token, init.reference);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Payment verification failed' });
    }
    expect(await balance(u.token)).toBe(0);
    expect(await ledgerPostings(init.reference)).toBe(0);
    expect(await paymentRow(init.reference)).toMatchObject({ status: 'failed', creditedAt: null });

    // Approving after the decline changes nothing: the sandbox's decision is final.
    await decide('approve', init.reference);
    expect((await verify(u.token, init.reference)).status).toBe(400);
    expect(await balance(u.token)).toBe(0);
  });

  it('refuses a payment not yet approved, and credits it once it is', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: 700 });
    const early = await verify(u.token, init.reference);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ message: 'Payment verification failed' });
    expect(await paymentRow(init.reference)).toMatchObject({ status: 'pending' });

    await decide('approve', init.reference);
    expect((await verify(u.token, init.reference)).status).toBe(200);
    expect(await balance(u.token)).toBe(70_000);
  });

  it("refuses another user's reference as if it did not exist, and the owner is still credited", async () => {
    const owner = await createSignedInUser(t.app);
    const thief = await createSignedInUser(t.app);
    const init = await deposit(owner.token, { amount: 1200 });
    await decide('approve', init.reference);

    const stolen = await verify(thief.token, init.reference);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ success: false, message: NOT_FOUND_TEXT });
    expect(await balance(thief.token)).toBe(0);
    expect(await paymentRow(init.reference)).toMatchObject({ status: 'pending', creditedAt: null });

    expect((await verify(owner.token, init.reference)).status).toBe(200);
    expect(await balance(owner.token)).toBe(120_000);
  });

  it("answers an unknown or malformed reference with the spec's texts", async () => {
    const u = await createSignedInUser(t.app);
    const unknown = await verify(u.token, 'dep-00000000000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: NOT_FOUND_TEXT });
    const blank = await verify(u.token, '');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Payment reference is required');
  });

  it('refuses a payment whose amount at the gateway differs from what was asked', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: 10_000 });
    // Someone tampered with the checkout: the gateway now holds ₦100 for this reference.
    const [stored] = await t.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, init.reference));
    await t.ctx.db
      .update(sandboxPayments)
      .set({ record: { ...stored!.record, amountKobo: 10_000 } })
      .where(eq(sandboxPayments.reference, init.reference));
    await decide('approve', init.reference);

    const res = await verify(u.token, init.reference);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Payment verification failed' });
    expect(await balance(u.token)).toBe(0);
    expect(await ledgerPostings(init.reference)).toBe(0);
    expect(await paymentRow(init.reference)).toMatchObject({ status: 'mismatched', creditedAt: null });
  });
});

describe('callback URL', () => {
  const storedCallback = async (reference: string) => {
    const [row] = await t.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
    return row!.record.callbackUrl;
  };

  it('keeps a callback on our own origin and sends the payer back to it', async () => {
    const u = await createSignedInUser(t.app);
    const own = `${t.config.publicUrl}/dashboard/payment-verification?from=wallet`;
    const init = await deposit(u.token, { amount: 1000, callbackUrl: own });
    expect(await storedCallback(init.reference)).toBe(own);
    const res = await decide('approve', init.reference);
    const back = new URL(res.headers.location as string);
    expect(back.searchParams.get('from')).toBe('wallet');
    expect(back.searchParams.get('reference')).toBe(init.reference);
    expect((await verify(u.token, init.reference)).status).toBe(200);
  });

  it('replaces a callback on a foreign origin with the payment verification page', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: 1000, callbackUrl: 'https://evil.example/steal' });
    expect(await storedCallback(init.reference)).toBe(`${t.config.publicUrl}/dashboard/payment-verification`);
    const res = await decide('decline', init.reference);
    expect(new URL(res.headers.location as string).origin).toBe(new URL(t.config.publicUrl).origin);
  });
});

describe('sandbox checkout page', () => {
  it('shows the amount with thousands separators and Approve / Decline forms, with no script', async () => {
    const u = await createSignedInUser(t.app);
    const init = await deposit(u.token, { amount: 1_234_567 });
    const res = await t.app.inject({ method: 'GET', url: new URL(init.authorizationUrl).pathname + new URL(init.authorizationUrl).search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('₦1,234,567');
    expect(res.body).toContain(init.reference);
    expect(res.body).toMatch(/<form id="approve-form" method="post" action="\/api\/payments\/sandbox\/checkout\/approve">/);
    // The optional test card number belongs to the Approve form (a card fingerprint, as Paystack reports one).
    expect(res.body).toMatch(/<input id="card" name="card" form="approve-form"/);
    expect(res.body).toMatch(/<form method="post" action="\/api\/payments\/sandbox\/checkout\/decline">/);
    expect(res.body).toMatch(/<button class="approve" type="submit">Approve<\/button>/);
    expect(res.body).toMatch(/<button class="decline" type="submit">Decline<\/button>/);
    expect(res.body).not.toMatch(/<script/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');

    await decide('approve', init.reference);
    const after = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/checkout?reference=${init.reference}` });
    expect(after.body).toContain('This payment was approved.');
    expect(after.body).not.toContain('>Decline<');
  });

  it('answers an unknown reference with a not-found page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?reference=dep-nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Payment not found');
    expect((await decide('approve', 'dep-nope')).statusCode).toBe(404);
  });
});

describe('with Paystack configured', () => {
  it('has no sandbox checkout', async () => {
    const p = await createTestApp({}, { env: { PAYSTACK_SECRET_KEY: 'sk_test_deposits', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      expect(p.ctx.gateway.name).toBe('paystack');
      const res = await p.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?reference=dep-x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
      const post = await p.app.inject({ method: 'POST', url: '/api/payments/sandbox/checkout/approve', payload: { reference: 'dep-x' } });
      expect(post.statusCode).toBe(404);
    } finally {
      await p.close();
    }
  });
});
