/**
 * The paths that settle money without the payer (decision 009): the Paystack webhook (signed events
 * only, acknowledged at once, value still taken from the verify call, repeats with one effect), the
 * payment sweep (a paid checkout nobody came back to verify), and the reconciliation report that
 * checks the books against the payment and withdrawal records.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TReconciliationReport, TWallet } from '@contesthub/shared';
import { ledgerTransactions, payments, withdrawals } from '../src/db/schema/index.js';
import { accounts, checkLedgerIntegrity, post } from '../src/modules/ledger/ledger.js';
import { runPaymentSweep } from '../src/modules/payments/purposes.js';
import { runReconciliation } from '../src/modules/reconciliation/reconciliation.service.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  nextIp,
  type LoginResult,
  type TestApp,
  type TestUser,
  sandboxCheckout,
} from './helpers.js';
import { startFakePaystack, type FakePaystack } from './payments/fake-paystack.js';

type User = TestUser & LoginResult;

let p: TestApp;
let fake: FakePaystack;

const balance = async (app: TestApp['app'], token: string) =>
  (await apiCall<{ wallet: TWallet }>(app, 'GET', '/api/wallet', token)).body.data.wallet;

/** Sends a webhook event as Paystack would (or with the given signature). */
async function webhook(event: unknown, signature?: string | null) {
  const raw = JSON.stringify(event);
  const res = await p.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    remoteAddress: nextIp(),
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-paystack-signature': signature ?? fake.sign(raw) }),
    },
    payload: raw,
  });
  return res;
}

async function startDeposit(user: User, naira: number) {
  const res = await apiCall<{ reference: string }>(p.app, 'POST', '/api/wallet/deposit', user.token, { amount: naira * 100 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.reference;
}

const postings = async (reference: string) =>
  (await p.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference))).length;

beforeAll(async () => {
  fake = await startFakePaystack();
  p = await createTestApp({ paystack: { secretKey: fake.secretKey, baseUrl: fake.url } });
});
afterAll(async () => {
  await p?.close();
  await fake?.close();
});
afterEach(async () => {
  expect((await checkLedgerIntegrity(p.ctx.db)).problems).toEqual([]);
});

describe('POST /api/payments/paystack/webhook', () => {
  it('credits a paid deposit once from charge.success, however often the event comes, and the payer’s verify agrees', async () => {
    const user = await createSignedInUser(p.app);
    const reference = await startDeposit(user, 7_500);
    fake.settle(reference, { status: 'success' });
    const event = { event: 'charge.success', data: { reference, amount: 750_000, currency: 'NGN', status: 'success' } };

    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect((await balance(p.app, user.token)).balance).toBe(750_000);

    await Promise.all([webhook(event), webhook(event)]);
    const verify = await apiCall<{ deposit: { credited: boolean } }>(p.app, 'POST', '/api/wallet/verify-deposit', user.token, {
      reference,
    });
    expect(verify.status).toBe(200);
    expect(verify.body.data.deposit.credited).toBe(false);
    expect((await balance(p.app, user.token)).balance).toBe(750_000);
    expect(await postings(`deposit:${reference}`)).toBe(1);
  });

  it('refuses a forged, missing or empty signature with 401 and changes nothing', async () => {
    const user = await createSignedInUser(p.app);
    const reference = await startDeposit(user, 2_000);
    fake.settle(reference, { status: 'success' });
    const event = { event: 'charge.success', data: { reference } };

    expect((await webhook(event, 'a'.repeat(128))).statusCode).toBe(401);
    expect((await webhook(event, null)).statusCode).toBe(401);
    expect((await webhook(event, '')).statusCode).toBe(401);
    // Signed for other bytes: a body changed in transit is refused.
    expect((await webhook(event, fake.sign(JSON.stringify({ ...event, extra: 1 })))).statusCode).toBe(401);
    expect((await balance(p.app, user.token)).balance).toBe(0);
    const [row] = await p.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row?.creditedAt).toBeNull();
  });

  it('never takes the event’s word: a signed charge.success for an unpaid or underpaid charge gives nothing', async () => {
    const user = await createSignedInUser(p.app);
    const unpaid = await startDeposit(user, 3_000);
    expect((await webhook({ event: 'charge.success', data: { reference: unpaid, amount: 300_000 } })).statusCode).toBe(200);

    const underpaid = await startDeposit(user, 3_000);
    fake.settle(underpaid, { status: 'success', amount: 100 });
    expect((await webhook({ event: 'charge.success', data: { reference: underpaid, amount: 300_000 } })).statusCode).toBe(200);

    expect((await balance(p.app, user.token)).balance).toBe(0);
    const [row] = await p.ctx.db.select().from(payments).where(eq(payments.reference, underpaid));
    expect(row?.status).toBe('mismatched');
  });

  it('answers 503 while Paystack cannot be asked, so the event is sent again; the retry credits once', async () => {
    const user = await createSignedInUser(p.app);
    const reference = await startDeposit(user, 6_000);
    fake.settle(reference, { status: 'success' });
    const event = { event: 'charge.success', data: { reference } };
    fake.failNext('/transaction/verify', 502, 1);
    expect((await webhook(event)).statusCode).toBe(503);
    expect((await balance(p.app, user.token)).balance).toBe(0);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await balance(p.app, user.token)).balance).toBe(600_000);
  });

  it('acknowledges events it does not act on, and unknown references', async () => {
    expect((await webhook({ event: 'subscription.create', data: { reference: 'x' } })).statusCode).toBe(200);
    expect((await webhook({ event: 'charge.success', data: { reference: 'dep-unknown' } })).statusCode).toBe(200);
    expect((await webhook({ event: 'charge.success', data: {} })).statusCode).toBe(200);
  });

  it('settles a vote-credit purchase from the webhook', async () => {
    const user = await createSignedInUser(p.app);
    const res = await apiCall<{ reference: string; amount: number }>(p.app, 'POST', '/api/vote-credits/purchase', user.token, {
      package: 'small',
    });
    expect(res.status).toBe(200);
    fake.settle(res.body.data.reference, { status: 'success' });
    await webhook({ event: 'charge.success', data: { reference: res.body.data.reference } });
    expect((await balance(p.app, user.token)).voteCredits).toBe(50);
    await webhook({ event: 'charge.success', data: { reference: res.body.data.reference } });
    expect((await balance(p.app, user.token)).voteCredits).toBe(50);
  });
});

describe('payment sweep', () => {
  it('credits a paid deposit nobody verified, once, and leaves young and unpaid ones alone', async () => {
    const user = await createSignedInUser(p.app);
    const paid = await startDeposit(user, 4_000);
    const young = await startDeposit(user, 1_000);
    const unpaid = await startDeposit(user, 9_000);
    fake.settle(paid, { status: 'success' });
    fake.settle(young, { status: 'success' });
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    for (const reference of [paid, unpaid]) {
      await p.ctx.db.update(payments).set({ createdAt: tenMinutesAgo }).where(eq(payments.reference, reference));
    }

    const first = await runPaymentSweep(p.ctx);
    expect(first.credited).toBe(1);
    expect((await balance(p.app, user.token)).balance).toBe(400_000);
    const again = await runPaymentSweep(p.ctx);
    expect(again.credited).toBe(0);
    expect((await balance(p.app, user.token)).balance).toBe(400_000);
    const [row] = await p.ctx.db.select().from(payments).where(eq(payments.reference, unpaid));
    expect(row?.creditedAt).toBeNull();
  });
});

describe('payments that fail first', () => {
  it('credits a payment the gateway first reported failed once the payer pays with another card in the same checkout', async () => {
    const user = await createSignedInUser(p.app);
    const reference = await startDeposit(user, 5_000);
    fake.settle(reference, { status: 'failed', gateway_response: 'Declined' });
    const first = await apiCall(p.app, 'POST', '/api/wallet/verify-deposit', user.token, { reference });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('Payment verification failed');

    fake.settle(reference, { status: 'success' });
    const second = await apiCall(p.app, 'POST', '/api/wallet/verify-deposit', user.token, { reference });
    expect(second.status).toBe(200);
    expect((await balance(p.app, user.token)).balance).toBe(500_000);
  });

  it('the sweep backs off from a payment it asked about recently', async () => {
    const user = await createSignedInUser(p.app);
    const reference = await startDeposit(user, 1_500);
    await p.ctx.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(payments.reference, reference));
    const asked = () => fake.requests.filter((r) => r.path === `/transaction/verify/${reference}`).length;

    await runPaymentSweep(p.ctx);
    expect(asked()).toBe(1);
    // Unpaid an hour after it started: asked again only after a quarter of its age (15 minutes).
    await runPaymentSweep(p.ctx);
    expect(asked()).toBe(1);
    await p.ctx.db
      .update(payments)
      .set({ checkedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(payments.reference, reference));
    fake.settle(reference, { status: 'success' });
    expect((await runPaymentSweep(p.ctx)).credited).toBe(1);
    expect(asked()).toBe(2);
  });
});

describe('reconciliation', () => {
  const findingsOf = (report: TReconciliationReport, check: string) => report.findings.filter((f) => f.check === check);
  // Its own books: the tests above leave a payment made with another amount, which is a finding.
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp();
  });
  afterAll(async () => {
    await r?.close();
  });

  it('finds the books whole after real payments, and is readable by admins only', async () => {
    const payer = await createSignedInUser(r.app);
    const started = await apiCall<{ reference: string }>(r.app, 'POST', '/api/wallet/deposit', payer.token, { amount: 200_000 });
    await sandboxCheckout(r.app, 'approve', started.body.data.reference);
    expect(
      (await apiCall(r.app, 'POST', '/api/wallet/verify-deposit', payer.token, { reference: started.body.data.reference })).status,
    ).toBe(200);
    const before = await runReconciliation(r.ctx.db);
    expect(before.findings).toEqual([]);
    expect(before.ok).toBe(true);
    expect(before.checks.find((c) => c.check === 'payments_verified')?.examined).toBe(1);
    expect(before.totals.walletsKobo).toBe(200_000);

    const admin = await createSignedInUser(r.app, { role: 'admin' });
    const user = await createSignedInUser(r.app);
    const res = await apiCall<TReconciliationReport>(r.app, 'GET', '/api/admin/reconciliation', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(true);
    expect(res.body.data.checks.map((c) => c.check)).toEqual([
      'ledger_balanced',
      'no_negative_balance',
      'payments_verified',
      'withdrawals_settled',
      'wallet_flows',
      'credits_flows',
    ]);
    expect((await apiCall(r.app, 'GET', '/api/admin/reconciliation', user.token)).status).toBe(403);
    expect((await apiCall(r.app, 'GET', '/api/admin/reconciliation')).status).toBe(401);
  });

  it('reports naira that entered through the gateway without a verified payment, and a withdrawal without its debit', async () => {
    const user = await createSignedInUser(p.app);
    // Money put into a wallet "from the gateway" by hand, with no payment behind it.
    await p.ctx.db.transaction((tx) =>
      post(tx, {
        reference: 'manual:credit:1',
        kind: 'wallet_deposit',
        description: 'Not a real payment',
        lines: [
          { account: accounts.gateway('paystack'), amount: -12_345 },
          { account: accounts.userWallet(user.userId), amount: 12_345 },
        ],
      }),
    );
    // A withdrawal row that claims a payout the ledger never debited.
    await p.ctx.db.insert(withdrawals).values({
      reference: 'wdr-orphan',
      userId: user.userId,
      amountKobo: 50_000,
      feeKobo: 10_000,
      status: 'success',
      gateway: 'paystack',
      bankCode: '058',
      bankName: 'GTBank',
      accountNumber: '0123456789',
      accountName: 'ADEBAYO OLUWASEUN',
    });

    const report = await runReconciliation(p.ctx.db);
    expect(report.ok).toBe(false);
    expect(findingsOf(report, 'payments_verified')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'manual:credit:1', message: expect.stringContaining('without a verified payment') }),
      ]),
    );
    expect(findingsOf(report, 'withdrawals_settled')).toEqual([expect.objectContaining({ subject: 'wdr-orphan' })]);
    expect(findingsOf(report, 'wallet_flows').length).toBeGreaterThan(0);
  });

  it('reports a payment made with another amount until someone refunds it', async () => {
    const report = await runReconciliation(p.ctx.db);
    const mismatched = findingsOf(report, 'payments_verified').filter((f) => f.message.includes('refund the payer'));
    expect(mismatched.length).toBeGreaterThan(0);
    expect(mismatched[0]!.message).toMatch(
      /^payment dep-[0-9a-f]{32} was paid with another amount or currency \(Amount mismatch: NGN 100 kobo\)/,
    );
  });
});
