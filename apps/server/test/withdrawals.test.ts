/**
 * Bank accounts and withdrawals (spec 001 §2 Wallet, §5, §7, §9), on the default sandbox gateway and
 * against a fake Paystack server for the transfer path: the bank list, account resolve, the payout
 * account, withdrawals debited as amount + ₦100 in one posting, paid out with our own reference,
 * failed transfers given back exactly once, inconclusive ones left pending and finished by the
 * follow-up with the same reference (a refused retry included), the follow-up's back-off and
 * leadership, Idempotency-Key repeats, password re-checks counting toward the login lockout, the
 * mail on a changed payout account and per-user rate limits. The ledger is checked whole after every test.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MESSAGES,
  nairaToKobo,
  type TBank,
  type TBankAccountAnswer,
  type TResolvedAccount,
  type TWallet,
  type TWithdrawAnswer,
  type TWithdrawalsPage,
} from '@contesthub/shared';
import { bankAccounts, ledgerAccounts, ledgerEntries, ledgerTransactions, mailOutbox, users, withdrawals } from '../src/db/schema/index.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { tryLeaderLock } from '../src/lib/leader-lock.js';
import { PaystackGateway, SANDBOX_BANKS, sandboxAccountName } from '../src/lib/payments/index.js';
import { checkLedgerIntegrity, platformRevenueTotal, userBalances } from '../src/modules/ledger/ledger.js';
import { listBanks } from '../src/modules/wallet/bank-accounts.service.js';
import { WITHDRAWAL_FOLLOW_UP_LOCK_KEY, runWithdrawalFollowUp, settleWithdrawal } from '../src/modules/wallet/withdrawals.service.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  eventsNamed,
  lastMailTo,
  settleEventMails,
  login,
  nextIp,
  type TestApp,
  type TestUser,
  type LoginResult,
  sandboxCheckout,
} from './helpers.js';
import { startFakePaystack, type FakePaystack } from './payments/fake-paystack.js';

type User = TestUser & LoginResult;

const INVALID_PASSWORD = 'The password you entered is incorrect. Please try again.';
const FAILED_AND_RETURNED = 'The bank transfer failed, so the full amount was returned to your wallet';

let t: TestApp;
let p: TestApp;
let fake: FakePaystack;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakePaystack();
  p = await createTestApp({ paystack: { secretKey: fake.secretKey, baseUrl: fake.url } });
});
afterAll(async () => {
  await t?.close();
  await p?.close();
  await fake?.close();
});
afterEach(async () => {
  setClock(null);
  expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  expect((await checkLedgerIntegrity(p.ctx.db)).problems).toEqual([]);
});

// ---------- helpers ----------

/** Puts naira in the wallet the way a user does: a card deposit, paid at the gateway, verified. */
async function fund(app: TestApp, user: User, naira: number): Promise<void> {
  const init = await apiCall<{ reference: string }>(app.app, 'POST', '/api/wallet/deposit', user.token, { amount: nairaToKobo(naira) });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const reference = init.body.data.reference;
  if (app.ctx.gateway.name === 'sandbox') {
    const approved = await sandboxCheckout(app.app, 'approve', reference);
    expect(approved.statusCode).toBe(302);
  } else {
    fake.settle(reference, { status: 'success' });
  }
  const verified = await apiCall(app.app, 'POST', '/api/wallet/verify-deposit', user.token, { reference });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

const wallet = async (app: TestApp, user: User) => {
  const res = await apiCall<{ wallet: TWallet }>(app.app, 'GET', '/api/wallet', user.token);
  expect(res.status).toBe(200);
  return res.body.data.wallet;
};
const balance = async (app: TestApp, user: User) => (await wallet(app, user)).balance;

const addBank = (app: TestApp, user: User, body: Record<string, unknown>) =>
  apiCall<TBankAccountAnswer>(app.app, 'POST', '/api/wallet/bank-account', user.token, body);

/** Naira as the user typed it ('2,500' or 2500) becomes kobo on the wire, as the Withdraw dialog sends it. */
const kobo = (naira: number | string) => nairaToKobo(typeof naira === 'string' ? Number(naira.replace(/,/g, '')) : naira);

const withdraw = (app: TestApp, user: User, naira: number | string, password: unknown = user.password) =>
  apiCall<TWithdrawAnswer>(app.app, 'POST', '/api/wallet/withdraw', user.token, { amount: kobo(naira), password });

/** A raw `amount` on the wire, for the refusals. */
const withdrawRaw = (app: TestApp, user: User, amount: unknown) =>
  apiCall<TWithdrawAnswer>(app.app, 'POST', '/api/wallet/withdraw', user.token, { amount, password: user.password });

const withdrawWithKey = (app: TestApp, user: User, naira: number | string, key: string) =>
  apiCall<TWithdrawAnswer>(
    app.app,
    'POST',
    '/api/wallet/withdraw',
    user.token,
    { amount: kobo(naira), password: user.password },
    { 'Idempotency-Key': key },
  );

/** A user with money and a verified payout account, ready to withdraw. */
async function readyUser(app: TestApp, naira: number, account = { accountNumber: '0123456789', bankCode: '058' }): Promise<User> {
  const user = await createSignedInUser(app.app);
  await fund(app, user, naira);
  const added = await addBank(app, user, account);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return user;
}

/**
 * A ready user who already withdrew once (₦100 + ₦100 fee), so Paystack knows their transfer recipient and the
 * next withdrawal calls only POST /transfer (the fake's failNext/stallNext match path prefixes, and
 * '/transfer' is also the start of '/transferrecipient').
 */
async function knownPayee(naira: number): Promise<User> {
  const user = await readyUser(p, naira + 200);
  const first = await withdraw(p, user, 100);
  expect(first.body.data.withdrawal.status).toBe('success');
  return user;
}

const row = async (app: TestApp, reference: string) =>
  (await app.ctx.db.select().from(withdrawals).where(eq(withdrawals.reference, reference)))[0]!;

/** The lines of one ledger posting, by account code (empty when it was never posted). */
async function posting(app: TestApp, reference: string): Promise<Record<string, number>> {
  const lines = await app.ctx.db
    .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.reference, reference));
  return Object.fromEntries(lines.map((l) => [l.code, l.amount]));
}

const postings = async (app: TestApp, reference: string) =>
  (await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference))).length;

const transferCalls = (reference: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/transfer' && r.body?.reference === reference);

/** How often Paystack was asked about a transfer: each follow-up check of a sent withdrawal asks once. */
const verifyCalls = (reference: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/transfer/verify/${reference}`).length;

const userWithdrawals = (app: TestApp, user: User) => app.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, user.userId));

// ---------- sandbox ----------

describe('banks and account resolve (sandbox)', () => {
  it('lists the banks sorted by name, to signed-in users only', async () => {
    expect((await apiCall(t.app, 'GET', '/api/wallet/banks')).status).toBe(401);
    const u = await createSignedInUser(t.app);
    const res = await apiCall<TBank[]>(t.app, 'GET', '/api/wallet/banks', u.token);
    expect(res.status).toBe(200);
    const names = res.body.data.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(res.body.data).toHaveLength(SANDBOX_BANKS.length);
    expect(res.body.data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
  });

  it('resolves a 10-digit number at a listed bank to its account name', async () => {
    const u = await createSignedInUser(t.app);
    const res = await apiCall<TResolvedAccount>(t.app, 'GET', '/api/wallet/resolve-account?accountNumber=0123456789&bankCode=058', u.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accountName: 'JOHNSON IFEOMA', accountNumber: '0123456789', bankCode: '058' });
  });

  it('refuses an account the bank cannot resolve, a bad number, missing fields and an unknown bank', async () => {
    const u = await createSignedInUser(t.app);
    const resolve = (query: string) => apiCall(t.app, 'GET', `/api/wallet/resolve-account?${query}`, u.token);

    const unresolvable = await resolve('accountNumber=0000000000&bankCode=058');
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body).toMatchObject({
      success: false,
      message: 'We could not verify this account number with the selected bank',
    });

    const short = await resolve('accountNumber=12345&bankCode=058');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Account number must be 10 digits');

    const letters = await resolve('accountNumber=01234abcde&bankCode=058');
    expect(letters.body.message).toBe('Account number must be 10 digits');

    for (const query of ['bankCode=058', 'accountNumber=0123456789', 'accountNumber=&bankCode=']) {
      const missing = await resolve(query);
      expect(missing.status, query).toBe(400);
      expect(missing.body.message, query).toBe('Account number and bank are required');
    }

    const unknownBank = await resolve('accountNumber=0123456789&bankCode=999');
    expect(unknownBank.status).toBe(400);
    expect(unknownBank.body.message).toBe('Unknown bank. Please select your bank from the list');
  });

  it('limits account resolves to 20 a minute per user', async () => {
    const u = await createSignedInUser(t.app);
    const url = '/api/wallet/resolve-account?accountNumber=0123456789&bankCode=058';
    for (let i = 0; i < 20; i++) expect((await apiCall(t.app, 'GET', url, u.token)).status).toBe(200);
    const limited = await apiCall(t.app, 'GET', url, u.token);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });
    // Another user is not held back by it.
    const other = await createSignedInUser(t.app);
    expect((await apiCall(t.app, 'GET', url, other.token)).status).toBe(200);
  });
});

describe('the payout bank account (sandbox)', () => {
  it('stores the name the bank resolved, never the one sent, and the wallet shows it', async () => {
    const u = await createSignedInUser(t.app);
    const none = await apiCall<TBankAccountAnswer>(t.app, 'GET', '/api/wallet/bank-account', u.token);
    expect(none.body.data).toEqual({ bankAccount: null });

    const added = await addBank(t, u, { accountNumber: '0123456781', bankCode: '057', accountName: 'SOMEONE ELSE' });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Bank account added successfully');
    expect(added.body.data.bankAccount).toMatchObject({
      bankName: 'Zenith Bank',
      bankCode: '057',
      accountNumber: '0123456781',
      accountName: sandboxAccountName('0123456781'),
      isVerified: true,
    });
    expect(added.body.data.bankAccount?.accountName).toBe('BELLO IFEOMA');

    const read = await apiCall<TBankAccountAnswer>(t.app, 'GET', '/api/wallet/bank-account', u.token);
    expect(read.body.data).toEqual(added.body.data);
    expect((await wallet(t, u)).bankAccount).toEqual(added.body.data.bankAccount);
  });

  it('replaces the account (dropping the old transfer recipient) and keeps it when the same account is saved again', async () => {
    const u = await readyUser(t, 1000);
    expect((await withdraw(t, u, 100)).status).toBe(200); // creates the transfer recipient
    const first = (await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, u.userId)))[0]!;
    expect(first.recipientCode).toBe('RCP_sandbox_058_0123456789');

    await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' });
    const same = (await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, u.userId)))[0]!;
    expect(same.recipientCode).toBe('RCP_sandbox_058_0123456789');

    const changed = await addBank(t, u, { accountNumber: '1111111112', bankCode: '044' });
    expect(changed.body.data.bankAccount).toMatchObject({ bankName: 'Access Bank', accountNumber: '1111111112' });
    const rows = await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountNumber: '1111111112', bankCode: '044', recipientCode: null });
  });

  it('refuses an account the bank cannot resolve and keeps the one there was', async () => {
    const u = await createSignedInUser(t.app);
    await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' });
    const refused = await addBank(t, u, { accountNumber: '0000000000', bankCode: '058' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('We could not verify this account number with the selected bank');
    expect((await wallet(t, u)).bankAccount).toMatchObject({ accountNumber: '0123456789' });
    const missing = await addBank(t, u, { bankCode: '058' });
    expect(missing.body.message).toBe('Account number and bank are required');
  });

  it('needs a verified email to add an account', async () => {
    const u = await createSignedInUser(t.app);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, u.userId));
    const res = await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' });
    expect(res.status).toBe(403);
    expect(await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, u.userId))).toEqual([]);
  });
});

describe('withdrawals (sandbox)', () => {
  it('pays out: the wallet drops by exactly amount + ₦100, the fee is revenue, the amount leaves through the gateway', async () => {
    const u = await readyUser(t, 10_000);
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'NGN');

    const res = await withdraw(t, u, '2,500');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Withdrawal processed successfully');
    const w = res.body.data.withdrawal;
    expect(w).toMatchObject({
      amount: 250_000,
      fee: 10_000,
      total: 260_000,
      status: 'success',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456789',
      accountName: 'JOHNSON IFEOMA',
      failureReason: null,
    });
    expect(w.reference).toMatch(/^wdr-[0-9a-f]{32}$/);
    expect(res.body.data.balance).toBe(1_000_000 - 260_000);
    expect(await balance(t, u)).toBe(740_000);
    expect((await platformRevenueTotal(t.ctx.db, 'NGN')) - revenueBefore).toBe(10_000);

    expect(await posting(t, `withdrawal:${w.reference}`)).toEqual({
      [`user:${u.userId}:NGN`]: -260_000,
      'external:sandbox:NGN': 250_000,
      'platform:revenue:NGN': 10_000,
    });
    expect(await row(t, w.reference)).toMatchObject({ status: 'success', attempts: 1, recipientCode: 'RCP_sandbox_058_0123456789' });
    expect((await row(t, w.reference)).settledAt).toBeInstanceOf(Date);

    const list = await apiCall<TWithdrawalsPage>(t.app, 'GET', '/api/wallet/withdrawals', u.token);
    expect(list.body.data.withdrawals).toEqual([w]);
    expect(list.body.data.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });

    const movements = await apiCall<{ transactions: Array<{ reference: string; kind: string; amount: number; direction: string }> }>(
      t.app,
      'GET',
      '/api/wallet/transactions?asset=NGN',
      u.token,
    );
    expect(movements.body.data.transactions[0]).toMatchObject({
      reference: `withdrawal:${w.reference}`,
      kind: 'withdrawal',
      amount: 260_000,
      direction: 'debit',
    });
  });

  it('lets a user withdraw everything but the fee, to the kobo', async () => {
    const u = await readyUser(t, 1_100);
    const res = await withdraw(t, u, 1_000);
    expect(res.status).toBe(200);
    expect(res.body.data.balance).toBe(0);
  });

  it('refuses a wrong password and moves nothing', async () => {
    const u = await readyUser(t, 5_000);
    const res = await withdraw(t, u, 1_000, 'not-my-password');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: INVALID_PASSWORD, errorType: 'INVALID_PASSWORD' });
    expect(await balance(t, u)).toBe(500_000);
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, u.userId))).toEqual([]);
  });

  it("refuses a short password and a bad amount with the spec's texts", async () => {
    const u = await readyUser(t, 5_000);
    const short = await withdraw(t, u, 1_000, '12345');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Enter your account password');
    for (const amount of [0, -1_000, 1_050.5, 99, 'abc', '100000']) {
      const bad = await withdrawRaw(t, u, amount);
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.body.message, String(amount)).toBe('Enter a valid amount');
    }
    expect(await balance(t, u)).toBe(500_000);
  });

  it('refuses a withdrawal without a bank account', async () => {
    const u = await createSignedInUser(t.app);
    await fund(t, u, 5_000);
    const res = await withdraw(t, u, 1_000);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Add a bank account before withdrawing');
    expect(await balance(t, u)).toBe(500_000);
  });

  it('refuses more than the balance covers, saying what is needed and what there is', async () => {
    const u = await readyUser(t, 10_000);
    const res = await withdraw(t, u, 10_000);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Insufficient balance. You need ₦10,100 (amount plus ₦100 fee) but only have ₦10,000',
      errorType: 'INSUFFICIENT_BALANCE',
    });
    expect(await balance(t, u)).toBe(1_000_000);
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, u.userId))).toEqual([]);
  });

  it('lets only one of two racing withdrawals spend the same money', async () => {
    const u = await readyUser(t, 1_000);
    const answers = await Promise.all([withdraw(t, u, 600), withdraw(t, u, 600)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.message).toBe('Insufficient balance. You need ₦700 (amount plus ₦100 fee) but only have ₦300');
    expect(await balance(t, u)).toBe(30_000);
  });

  it('gives a failed transfer back to the kobo, once, however often it is settled again', async () => {
    const u = await readyUser(t, 3_000, { accountNumber: '9999999999', bankCode: '033' });
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'NGN');
    const res = await withdraw(t, u, 1_234);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FAILED_AND_RETURNED);
    const w = res.body.data.withdrawal;
    expect(w).toMatchObject({ status: 'failed', amount: 123_400, fee: 10_000, failureReason: 'The bank transfer failed' });
    expect(res.body.data.balance).toBe(300_000);

    await settleWithdrawal(t.ctx, w.reference);
    await Promise.all([settleWithdrawal(t.ctx, w.reference), settleWithdrawal(t.ctx, w.reference)]);
    expect(await balance(t, u)).toBe(300_000);
    expect(await platformRevenueTotal(t.ctx.db, 'NGN')).toBe(revenueBefore);
    expect(await postings(t, `withdrawal-reversal:${w.reference}`)).toBe(1);
    expect(await posting(t, `withdrawal-reversal:${w.reference}`)).toEqual({
      [`user:${u.userId}:NGN`]: 133_400,
      'external:sandbox:NGN': -123_400,
      'platform:revenue:NGN': -10_000,
    });
    expect(await row(t, w.reference)).toMatchObject({ status: 'failed', failureReason: 'The bank transfer failed' });

    const list = await apiCall<TWithdrawalsPage>(t.app, 'GET', '/api/wallet/withdrawals', u.token);
    expect(list.body.data.withdrawals).toEqual([expect.objectContaining({ reference: w.reference, status: 'failed' })]);
    const movements = await apiCall<{ transactions: Array<{ kind: string; direction: string; amount: number }> }>(
      t.app,
      'GET',
      '/api/wallet/transactions?asset=NGN',
      u.token,
    );
    expect(movements.body.data.transactions.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'withdrawal_reversal', direction: 'credit', amount: 133_400 }),
      expect.objectContaining({ kind: 'withdrawal', direction: 'debit', amount: 133_400 }),
    ]);
  });

  it('shows each user only their own withdrawals, newest first, page by page', async () => {
    const owner = await readyUser(t, 10_000);
    const other = await createSignedInUser(t.app);
    const refs: string[] = [];
    for (const amount of [100, 200, 300]) refs.push((await withdraw(t, owner, amount)).body.data.withdrawal.reference);

    const mine = await apiCall<TWithdrawalsPage>(t.app, 'GET', '/api/wallet/withdrawals?page=1&limit=2', owner.token);
    expect(mine.body.data.withdrawals.map((w) => w.reference)).toEqual([refs[2], refs[1]]);
    expect(mine.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const page2 = await apiCall<TWithdrawalsPage>(t.app, 'GET', '/api/wallet/withdrawals?page=2&limit=2', owner.token);
    expect(page2.body.data.withdrawals.map((w) => w.reference)).toEqual([refs[0]]);

    const theirs = await apiCall<TWithdrawalsPage>(t.app, 'GET', '/api/wallet/withdrawals', other.token);
    expect(theirs.body.data).toEqual({ withdrawals: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 1 } });
    expect((await apiCall(t.app, 'GET', '/api/wallet/withdrawals')).status).toBe(401);
  });

  it('needs a signed-in, verified user', async () => {
    expect((await apiCall(t.app, 'POST', '/api/wallet/withdraw', undefined, { amount: 10_000, password: 'whatever' })).status).toBe(401);
    const u = await readyUser(t, 1_000);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, u.userId));
    const res = await withdraw(t, u, 100);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorType: 'EMAIL_NOT_VERIFIED' });
  });
});

// ---------- fake Paystack ----------

describe('with Paystack (fake server)', () => {
  /** A Paystack client that gives up after 300 ms, so a stalled call times out quickly. */
  const quickGateway = () => new PaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 300 });

  it("lists Paystack's active banks sorted by name, and asks Paystack once an hour", async () => {
    const u = await createSignedInUser(p.app);
    const before = fake.requests.filter((r) => r.path === '/bank').length;
    const res = await apiCall<TBank[]>(p.app, 'GET', '/api/wallet/banks', u.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((b) => b.name)).toEqual([
      'Access Bank',
      'First Bank of Nigeria',
      'Guaranty Trust Bank',
      'Kuda Bank',
      'Zenith Bank',
    ]);
    const calls = fake.requests.filter((r) => r.path === '/bank').length - before;
    expect(calls).toBeGreaterThan(0);

    expect((await apiCall(p.app, 'GET', '/api/wallet/banks', u.token)).body.data).toEqual(res.body.data);
    expect(fake.requests.filter((r) => r.path === '/bank').length - before).toBe(calls);
    advanceClock(60 * 60 * 1000 + 1);
    expect(await listBanks(p.ctx)).toEqual(res.body.data);
    expect(fake.requests.filter((r) => r.path === '/bank').length - before).toBe(calls * 2);
  });

  it('resolves through Paystack and refuses what Paystack cannot resolve', async () => {
    const u = await createSignedInUser(p.app);
    const ok = await apiCall<TResolvedAccount>(p.app, 'GET', '/api/wallet/resolve-account?accountNumber=0123456789&bankCode=058', u.token);
    expect(ok.body.data.accountName).toBe('ADEBAYO OLUWASEUN');
    const refused = await apiCall(p.app, 'GET', '/api/wallet/resolve-account?accountNumber=0123456780&bankCode=058', u.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('We could not verify this account number with the selected bank');
  });

  it('pays out with our reference and the amount without the fee, and reuses the transfer recipient', async () => {
    const u = await readyUser(p, 20_000);
    const first = await withdraw(p, u, 5_000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const w = first.body.data.withdrawal;
    expect(w.status).toBe('success');
    expect(first.body.data.balance).toBe(2_000_000 - 510_000);

    const recipientCalls = fake.requests.filter((r) => r.path === '/transferrecipient');
    const created = recipientCalls.at(-1)!;
    expect(created.body).toMatchObject({ type: 'nuban', name: 'ADEBAYO OLUWASEUN', account_number: '0123456789', bank_code: '058' });
    const [call] = transferCalls(w.reference);
    expect(call!.body).toMatchObject({ source: 'balance', amount: 500_000, reference: w.reference, currency: 'NGN' });
    const recipient = String(call!.body!.recipient);
    expect(await row(p, w.reference)).toMatchObject({
      status: 'success',
      recipientCode: recipient,
      transferCode: fake.transfers.get(w.reference)!.transfer_code,
    });

    const recipientsBefore = fake.requests.filter((r) => r.path === '/transferrecipient').length;
    const second = await withdraw(p, u, 1_000);
    expect(second.body.data.withdrawal.status).toBe('success');
    expect(fake.requests.filter((r) => r.path === '/transferrecipient').length).toBe(recipientsBefore);
    expect(transferCalls(second.body.data.withdrawal.reference)[0]!.body!.recipient).toBe(recipient);
    expect(await balance(p, u)).toBe(2_000_000 - 510_000 - 110_000);
  });

  it('leaves a timed-out transfer pending, then the follow-up retries it with the same reference', async () => {
    const u = await knownPayee(10_000);
    const slow = quickGateway();
    const original = p.ctx.gateway;
    p.ctx.gateway = slow;
    try {
      fake.stallNext('/transfer', 1_500); // Paystack never gets it
      const res = await withdraw(p, u, 4_000);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('Withdrawal processed successfully');
      const w = res.body.data.withdrawal;
      expect(w.status).toBe('pending');
      expect(res.body.data.balance).toBe(590_000);
      expect(fake.transfers.has(w.reference)).toBe(false);
      expect(await row(p, w.reference)).toMatchObject({ status: 'pending', attempts: 1 });

      // Younger than a minute: the follow-up leaves it alone.
      expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 0 });
      expect(transferCalls(w.reference)).toHaveLength(1);

      advanceClock(61_000);
      expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 1 });
      expect(transferCalls(w.reference).map((c) => c.body!.reference)).toEqual([w.reference, w.reference]);
      expect(await row(p, w.reference)).toMatchObject({ status: 'success', attempts: 2 });
      expect(await balance(p, u)).toBe(590_000);
      expect(await postings(p, `withdrawal-reversal:${w.reference}`)).toBe(0);

      // Nothing pending any more.
      expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 0 });
      expect(transferCalls(w.reference)).toHaveLength(2);
    } finally {
      p.ctx.gateway = original;
    }
  });

  it('does not pay twice when a timed-out transfer had in fact landed', async () => {
    const u = await knownPayee(10_000);
    const original = p.ctx.gateway;
    p.ctx.gateway = quickGateway();
    try {
      fake.stallNext('/transfer', 1_000, { landed: true });
      const res = await withdraw(p, u, 2_000);
      const w = res.body.data.withdrawal;
      expect(w.status).toBe('pending');
      expect(fake.transfers.get(w.reference)).toMatchObject({ status: 'success', amount: 200_000 });

      await settleWithdrawal(p.ctx, w.reference);
      expect(await row(p, w.reference)).toMatchObject({ status: 'success', attempts: 1 });
      expect(transferCalls(w.reference)).toHaveLength(1);
      expect(await balance(p, u)).toBe(790_000);
    } finally {
      p.ctx.gateway = original;
    }
  });

  it('never gives back a transfer whose outcome is unknown (Paystack 500), and finishes it later', async () => {
    const u = await knownPayee(5_000);
    fake.failNext('/transfer', 500);
    const res = await withdraw(p, u, 1_000);
    const w = res.body.data.withdrawal;
    expect(w.status).toBe('pending');
    expect(res.body.data.balance).toBe(390_000);

    await settleWithdrawal(p.ctx, w.reference);
    expect(await row(p, w.reference)).toMatchObject({ status: 'success', attempts: 2 });
    expect(await postings(p, `withdrawal-reversal:${w.reference}`)).toBe(0);
    expect(await balance(p, u)).toBe(390_000);
  });

  it('gives back a transfer Paystack refuses, once', async () => {
    const u = await knownPayee(5_000);
    fake.failNext('/transfer', 400, 1, { status: false, message: 'Your balance is not enough to fulfil this request' });
    const res = await withdraw(p, u, 1_000);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FAILED_AND_RETURNED);
    expect(res.body.data.withdrawal).toMatchObject({ status: 'failed', failureReason: 'The payment provider refused the transfer' });
    expect(res.body.data.balance).toBe(500_000);
    await settleWithdrawal(p.ctx, res.body.data.withdrawal.reference);
    expect(await postings(p, `withdrawal-reversal:${res.body.data.withdrawal.reference}`)).toBe(1);
    expect(await balance(p, u)).toBe(500_000);
  });

  it('gives back a withdrawal whose bank account Paystack will not pay to', async () => {
    const u = await readyUser(p, 5_000);
    fake.failNext('/transferrecipient', 400, 1, { status: false, message: 'Account details are invalid' });
    const res = await withdraw(p, u, 1_000);
    expect(res.body.data.withdrawal).toMatchObject({
      status: 'failed',
      failureReason: 'The payment provider could not pay to this bank account',
    });
    expect(transferCalls(res.body.data.withdrawal.reference)).toHaveLength(0);
    expect(res.body.data.balance).toBe(500_000);
  });

  it('answers a transfer still processing as pending; the reversed event gives the total back once', async () => {
    const u = await readyUser(p, 8_000);
    fake.nextTransferStatus('pending');
    const res = await withdraw(p, u, 3_000);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Withdrawal processed successfully');
    const w = res.body.data.withdrawal;
    expect(w.status).toBe('pending');
    expect(res.body.data.balance).toBe(490_000);
    expect(await row(p, w.reference)).toMatchObject({ transferCode: fake.transfers.get(w.reference)!.transfer_code });

    // Still processing: settling changes nothing.
    await settleWithdrawal(p.ctx, w.reference);
    expect(await row(p, w.reference)).toMatchObject({ status: 'pending' });

    fake.setTransferStatus(w.reference, 'reversed');
    // transfer.reversed delivered three times, two of them at once.
    await Promise.all([settleWithdrawal(p.ctx, w.reference), settleWithdrawal(p.ctx, w.reference)]);
    await settleWithdrawal(p.ctx, w.reference);
    expect(await row(p, w.reference)).toMatchObject({ status: 'reversed', failureReason: 'The bank transfer was reversed' });
    expect(await postings(p, `withdrawal-reversal:${w.reference}`)).toBe(1);
    expect(await balance(p, u)).toBe(800_000);
    expect(transferCalls(w.reference)).toHaveLength(1);
  });

  it('settles a processing transfer as paid when Paystack reports success', async () => {
    const u = await readyUser(p, 8_000);
    fake.nextTransferStatus('otp');
    const w = (await withdraw(p, u, 3_000)).body.data.withdrawal;
    expect(w.status).toBe('pending');
    fake.setTransferStatus(w.reference, 'success');
    await settleWithdrawal(p.ctx, w.reference);
    await settleWithdrawal(p.ctx, w.reference);
    expect(await row(p, w.reference)).toMatchObject({ status: 'success' });
    expect(await balance(p, u)).toBe(490_000);
    const list = await apiCall<TWithdrawalsPage>(p.app, 'GET', '/api/wallet/withdrawals', u.token);
    expect(list.body.data.withdrawals[0]).toMatchObject({ reference: w.reference, status: 'success' });
  });

  it('gives back a transfer Paystack fails at once', async () => {
    const u = await readyUser(p, 2_000);
    fake.nextTransferStatus('failed');
    const res = await withdraw(p, u, 500);
    expect(res.body.data.withdrawal).toMatchObject({ status: 'failed', failureReason: 'The bank transfer failed' });
    expect(res.body.data.balance).toBe(200_000);
  });

  it('gives back a paid transfer the bank later reversed', async () => {
    const u = await readyUser(p, 2_000);
    const w = (await withdraw(p, u, 500)).body.data.withdrawal;
    expect(w.status).toBe('success');
    expect(await balance(p, u)).toBe(140_000);
    fake.setTransferStatus(w.reference, 'reversed');
    await settleWithdrawal(p.ctx, w.reference);
    await settleWithdrawal(p.ctx, w.reference);
    expect(await row(p, w.reference)).toMatchObject({ status: 'reversed' });
    expect(await postings(p, `withdrawal-reversal:${w.reference}`)).toBe(1);
    expect(await balance(p, u)).toBe(200_000);
  });
});

// ---------- the follow-up: refused retries, back-off, one leader ----------

describe('the follow-up (Paystack)', () => {
  const quickGateway = () => new PaystackGateway({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 300 });

  it('never gives back a refused retry Paystack has no record of yet; the earlier call landing later settles it once', async () => {
    const u = await knownPayee(10_000);
    const original = p.ctx.gateway;
    p.ctx.gateway = quickGateway();
    try {
      fake.stallNext('/transfer', 1_000); // the first call times out: its outcome is unknown
      const w = (await withdraw(p, u, 4_000)).body.data.withdrawal;
      expect(w.status).toBe('pending');
      expect(await row(p, w.reference)).toMatchObject({ status: 'pending', attempts: 1 });

      // The retry is refused as a duplicate while Paystack's record does not show the transfer yet.
      fake.failNext('/transfer/verify', 400, 2, { status: false, message: 'Transfer not found' });
      fake.failNext('/transfer', 400, 1, { status: false, message: 'Duplicate Transfer Reference' });
      advanceClock(61_000);
      expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 0 });
      expect(transferCalls(w.reference)).toHaveLength(2);
      expect(await row(p, w.reference)).toMatchObject({ status: 'pending', attempts: 2, failureReason: null, settledAt: null });
      expect(await postings(p, `withdrawal-reversal:${w.reference}`)).toBe(0);
      expect(await balance(p, u)).toBe(590_000);
      const listed = await apiCall<TWithdrawalsPage>(p.app, 'GET', '/api/wallet/withdrawals', u.token);
      expect(listed.body.data.withdrawals[0]).toMatchObject({ reference: w.reference, status: 'pending' });

      // The first call lands after all: Paystack now has the transfer, paid.
      const recipient = String(transferCalls(w.reference)[0]!.body!.recipient);
      fake.transfers.set(w.reference, {
        reference: w.reference,
        amount: 400_000,
        recipient,
        transfer_code: 'TRF_landed',
        status: 'success',
      });
      advanceClock(61_000);
      expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 1 });
      expect(await row(p, w.reference)).toMatchObject({ status: 'success', attempts: 2, transferCode: 'TRF_landed' });
      await settleWithdrawal(p.ctx, w.reference);
      expect(await row(p, w.reference)).toMatchObject({ status: 'success' });
      expect(transferCalls(w.reference)).toHaveLength(2);
      expect(await postings(p, `withdrawal:${w.reference}`)).toBe(1);
      expect(await postings(p, `withdrawal-reversal:${w.reference}`)).toBe(0);
      expect(await balance(p, u)).toBe(590_000);
    } finally {
      p.ctx.gateway = original;
    }
  });

  it('checks a stuck withdrawal less and less often: after max(1 minute, a quarter of its age) since the last check', async () => {
    const u = await readyUser(p, 5_000);
    fake.nextTransferStatus('pending'); // the bank never confirms
    const w = (await withdraw(p, u, 1_000)).body.data.withdrawal;
    expect(w.status).toBe('pending');
    const checks = () => verifyCalls(w.reference);
    const followUpAfter = async (ms: number) => {
      advanceClock(ms);
      expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 0 });
      return checks();
    };

    expect(await followUpAfter(30_000)).toBe(0); // 30 s old: too young
    expect(await followUpAfter(31_000)).toBe(1); // 61 s old
    expect(await followUpAfter(30_000)).toBe(1); // checked 30 s ago
    expect(await followUpAfter(31_000)).toBe(2); // checked 61 s ago
    expect(await followUpAfter(60 * 60_000)).toBe(3); // 62 minutes old, checked an hour ago
    expect(await followUpAfter(10 * 60_000)).toBe(3); // checked 10 minutes ago, a quarter of its age is 18
    expect(await followUpAfter(11 * 60_000)).toBe(4); // checked 21 minutes ago, a quarter of its age is 20.75
    expect(await row(p, w.reference)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(transferCalls(w.reference)).toHaveLength(1);

    fake.setTransferStatus(w.reference, 'success');
    advanceClock(30 * 60_000);
    expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 1 });
    expect(await row(p, w.reference)).toMatchObject({ status: 'success' });
    // (Read from the ledger: the user's access token ran out while the clock moved on.)
    expect((await userBalances(p.ctx.db, u.userId)).walletKobo).toBe(390_000);
  });

  it('checks the least recently checked first, so an old stuck withdrawal does not starve a newer one', async () => {
    const u = await readyUser(p, 5_000);
    fake.nextTransferStatus('pending', 2);
    const old = (await withdraw(p, u, 1_000)).body.data.withdrawal;
    advanceClock(10_000);
    const newer = (await withdraw(p, u, 1_000)).body.data.withdrawal;
    expect([old.status, newer.status]).toEqual(['pending', 'pending']);

    advanceClock(61_000); // both due; the old one was last touched first
    await runWithdrawalFollowUp(p.ctx, { batch: 1 });
    expect([verifyCalls(old.reference), verifyCalls(newer.reference)]).toEqual([1, 0]);

    advanceClock(61_000); // both due again: the newer one has waited longer since it was last looked at
    await runWithdrawalFollowUp(p.ctx, { batch: 1 });
    expect([verifyCalls(old.reference), verifyCalls(newer.reference)]).toEqual([1, 1]);

    fake.setTransferStatus(old.reference, 'success');
    fake.setTransferStatus(newer.reference, 'success');
    advanceClock(61_000);
    expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 2 });
    expect((await userBalances(p.ctx.db, u.userId)).walletKobo).toBe(280_000);
  });

  // PGlite is one in-process database (one instance, always the leader): two servers share a PostgreSQL.
  it.runIf(!!process.env.TEST_DATABASE_URL)('runs on one server at a time: another holding the lock leaves it alone', async () => {
    const u = await readyUser(p, 3_000);
    fake.nextTransferStatus('pending');
    const w = (await withdraw(p, u, 1_000)).body.data.withdrawal;
    fake.setTransferStatus(w.reference, 'success');
    advanceClock(61_000);
    // A second server on the same database, in the middle of its own follow-up.
    const other = await createTestApp({ paystack: { secretKey: fake.secretKey, baseUrl: fake.url } }, { database: p.database });
    try {
      await other.ctx.db.transaction(async (tx) => {
        expect(await tryLeaderLock(tx, WITHDRAWAL_FOLLOW_UP_LOCK_KEY)).toBe(true);
        expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: false, settled: 0 });
      });
    } finally {
      await other.close();
    }
    expect(verifyCalls(w.reference)).toBe(0);
    expect(await row(p, w.reference)).toMatchObject({ status: 'pending' });
    expect(await runWithdrawalFollowUp(p.ctx)).toEqual({ leader: true, settled: 1 });
    expect(await row(p, w.reference)).toMatchObject({ status: 'success' });
  });
});

// ---------- Idempotency-Key ----------

describe('withdrawing with an Idempotency-Key (sandbox)', () => {
  const referenceFor = (user: User, key: string) =>
    `wdr-${createHash('sha256').update(`${user.userId}:${key}`).digest('hex').slice(0, 32)}`;

  it('answers a repeat with the first withdrawal: one debit, one payout, the same answer', async () => {
    const u = await readyUser(t, 10_000);
    const first = await withdrawWithKey(t, u, 2_000, 'attempt-1_A');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Withdrawal processed successfully');
    expect(first.body.data.withdrawal).toMatchObject({ reference: referenceFor(u, 'attempt-1_A'), status: 'success', total: 210_000 });
    expect(first.body.data.balance).toBe(790_000);

    const again = await withdrawWithKey(t, u, '2,000', 'attempt-1_A');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balance(t, u)).toBe(790_000);
    expect(await userWithdrawals(t, u)).toHaveLength(1);
    expect(await postings(t, `withdrawal:${first.body.data.withdrawal.reference}`)).toBe(1);

    // A new key is a new withdrawal.
    const second = await withdrawWithKey(t, u, 2_000, 'attempt-2');
    expect(second.body.data.withdrawal.reference).not.toBe(first.body.data.withdrawal.reference);
    expect(await balance(t, u)).toBe(580_000);
  });

  it('debits once when two requests with the same key race', async () => {
    const u = await readyUser(t, 1_000);
    const answers = await Promise.all([withdrawWithKey(t, u, 600, 'twin'), withdrawWithKey(t, u, 600, 'twin')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.body.data.withdrawal.reference))).toEqual(new Set([referenceFor(u, 'twin')]));
    expect(await userWithdrawals(t, u)).toHaveLength(1);
    expect(await balance(t, u)).toBe(30_000);
  });

  it('refuses the same key with a different amount (409) and moves nothing', async () => {
    const u = await readyUser(t, 10_000);
    expect((await withdrawWithKey(t, u, 1_000, 'k1')).status).toBe(200);
    const conflict = await withdrawWithKey(t, u, 1_500, 'k1');
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({
      success: false,
      message: 'This Idempotency-Key was already used for a different withdrawal',
      errorType: 'IDEMPOTENCY_CONFLICT',
    });
    expect(await balance(t, u)).toBe(890_000);
    expect(await userWithdrawals(t, u)).toHaveLength(1);
  });

  it("keeps one user's key apart from another's, and refuses a malformed key", async () => {
    const a = await readyUser(t, 5_000);
    const b = await readyUser(t, 5_000);
    const fromA = await withdrawWithKey(t, a, 1_000, 'shared-key');
    const fromB = await withdrawWithKey(t, b, 1_000, 'shared-key');
    expect(fromB.status).toBe(200);
    expect(fromB.body.data.withdrawal.reference).not.toBe(fromA.body.data.withdrawal.reference);
    expect(await balance(t, a)).toBe(390_000);
    expect(await balance(t, b)).toBe(390_000);

    for (const key of ['has space', 'x'.repeat(101), 'semi;colon']) {
      const bad = await withdrawWithKey(t, b, 1_000, key);
      expect(bad.status, key).toBe(400);
      expect(bad.body.message, key).toBe('Idempotency-Key must be 1 to 100 letters, digits, _ or -');
    }
    expect(await balance(t, b)).toBe(390_000);
  });
});

// ---------- password re-checks ----------

describe('the password re-check and the login lockout (sandbox)', () => {
  it('counts wrong withdrawal passwords as failed logins: after 5, even the right one is refused and login is locked', async () => {
    const u = await readyUser(t, 5_000);
    const remaining: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const wrong = await withdraw(t, u, 1_000, 'not-my-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ message: INVALID_PASSWORD, errorType: 'INVALID_PASSWORD' });
      remaining.push(wrong.body.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1]);
    const fifth = await withdraw(t, u, 1_000, 'not-my-password');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ errorType: 'ACCOUNT_LOCKED', message: MESSAGES.accounts.ACCOUNT_LOCKED });

    const right = await withdraw(t, u, 1_000);
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ errorType: 'ACCOUNT_LOCKED', message: MESSAGES.accounts.ACCOUNT_LOCKED });
    expect(right.body.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const locked = await apiCall(t.app, 'POST', '/api/auth/login', undefined, { email: u.email, password: u.password });
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ errorType: 'ACCOUNT_LOCKED' });
    expect(await balance(t, u)).toBe(500_000);
    expect(await userWithdrawals(t, u)).toEqual([]);

    advanceClock(15 * 60_000 + 1_000);
    const signedIn = await login(t.app, u.email, u.password);
    const after = await withdraw(t, { ...u, ...signedIn }, 1_000);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.data.balance).toBe(390_000);
  });

  it('leaves the count alone on a right password: wrong re-checks and wrong logins add up', async () => {
    const u = await readyUser(t, 5_000);
    for (let i = 0; i < 3; i++) expect((await withdraw(t, u, 1_000, 'not-my-password')).status).toBe(400);
    expect((await withdraw(t, u, 1_000)).status).toBe(200);
    const wrongLogin = await apiCall(t.app, 'POST', '/api/auth/login', undefined, { email: u.email, password: 'not-my-password' });
    expect(wrongLogin.body).toMatchObject({ errorType: 'INVALID_PASSWORD', attemptsRemaining: 1 });
    const last = await withdraw(t, u, 1_000, 'not-my-password');
    expect(last.status).toBe(423);
    expect(await balance(t, u)).toBe(390_000);
  });
});

// ---------- the payout account change mail ----------

describe('changing the payout bank account (sandbox)', () => {
  const changeMails = (user: User) =>
    t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email.toLowerCase()), eq(mailOutbox.subject, 'Your payout bank account was changed')));

  it('mails the user when the account is replaced, with the new bank and only the last 4 digits', async () => {
    const u = await createSignedInUser(t.app, { fullName: 'Ifeoma Bello' });
    expect((await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' })).status).toBe(200);
    expect((await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' })).status).toBe(200);
    await settleEventMails(t.ctx);
    expect(await changeMails(u)).toEqual([]); // a first account, and the same one saved again, are no change

    const changed = await addBank(t, u, { accountNumber: '1111111112', bankCode: '044' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Bank account added successfully');
    // The mail follows from the wallet.bank_account_changed event, through the wallet-mails subscriber.
    await settleEventMails(t.ctx);
    await settleEventMails(t.ctx); // a second run mails nothing more
    const mail = await lastMailTo(t.ctx, u.email);
    expect(mail?.subject).toBe('Your payout bank account was changed');
    expect(mail?.text).toContain('Hello Ifeoma Bello,');
    expect(mail?.text).toContain('Bank:    Access Bank');
    expect(mail?.text).toContain('Account: ending in 1112');
    expect(mail?.text).not.toContain('1111111112');
    expect(mail?.text).toContain('If this was not you, change your password now and contact support at support@contesthub.ng.');
    expect(await changeMails(u)).toHaveLength(1);

    // The same number at another bank is another account.
    await addBank(t, u, { accountNumber: '1111111112', bankCode: '057' });
    await settleEventMails(t.ctx);
    expect(await changeMails(u)).toHaveLength(2);
    expect((await lastMailTo(t.ctx, u.email))?.text).toContain('Bank:    Zenith Bank');
  });

  it('sends nothing when the change is refused', async () => {
    const u = await createSignedInUser(t.app);
    await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' });
    expect((await addBank(t, u, { accountNumber: '0000000000', bankCode: '058' })).status).toBe(400);
    await settleEventMails(t.ctx);
    expect(await changeMails(u)).toEqual([]);
  });
});

// ---------- rate limits ----------

describe('money routes are limited per user, not per address (sandbox)', () => {
  it('holds back a user who deposits too often from any address, not others behind the same address', async () => {
    const u = await createSignedInUser(t.app);
    // apiCall sends every call from a new address: only a per-user limit can stop the 21st.
    for (let i = 0; i < 20; i++)
      expect((await apiCall(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: 10_000 })).status).toBe(200);
    const limited = await apiCall(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: 10_000 });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });

    // Two users behind one address: the first one's limit does not hold back the other.
    const ip = nextIp();
    const shared = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallet/deposit',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
        payload: { amount: 10_000 },
      });
    expect((await shared(u.token)).statusCode).toBe(429);
    const other = await createSignedInUser(t.app);
    expect((await shared(other.token)).statusCode).toBe(200);
  });

  it('limits deposit verifications per user too', async () => {
    const u = await createSignedInUser(t.app);
    const verify = () =>
      apiCall(t.app, 'POST', '/api/wallet/verify-deposit', u.token, { reference: 'dep-00000000000000000000000000000000' });
    for (let i = 0; i < 30; i++) expect((await verify()).status).not.toBe(429);
    expect((await verify()).status).toBe(429);
  });
});

// ---------- domain events of the wallet ----------

describe('domain events of payments and withdrawals', () => {
  const ofUser = (user: User) => (p: Record<string, unknown>) => p.userId === user.userId;

  it('records payment.settled once for a verified deposit, and none for a declined one', async () => {
    const u = await createSignedInUser(t.app);
    await fund(t, u, 2_500);
    const [settled, ...more] = await eventsNamed(t.ctx, 'payment.settled', ofUser(u));
    expect(more).toEqual([]);
    expect(settled).toEqual({
      paymentId: expect.any(String),
      reference: expect.stringMatching(/^dep-/),
      purpose: 'deposit',
      userId: u.userId,
      amountKobo: 250_000,
    });
    // Verifying again is a replay: no second event.
    await apiCall(t.app, 'POST', '/api/wallet/verify-deposit', u.token, { reference: settled!.reference });
    expect(await eventsNamed(t.ctx, 'payment.settled', ofUser(u))).toHaveLength(1);

    const other = await createSignedInUser(t.app);
    const init = await apiCall<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', other.token, { amount: 100_000 });
    await sandboxCheckout(t.app, 'decline', init.body.data.reference);
    expect((await apiCall(t.app, 'POST', '/api/wallet/verify-deposit', other.token, { reference: init.body.data.reference })).status).toBe(
      400,
    );
    expect(await eventsNamed(t.ctx, 'payment.settled', ofUser(other))).toEqual([]);
  });

  it('records withdrawal.settled once for a paid withdrawal, and none for a refused one', async () => {
    const u = await readyUser(t, 5_000);
    expect((await withdraw(t, u, 1_000, 'not-my-password')).status).toBe(400);
    expect(await eventsNamed(t.ctx, 'withdrawal.settled', ofUser(u))).toEqual([]);

    const w = (await withdraw(t, u, 1_000)).body.data.withdrawal;
    await settleWithdrawal(t.ctx, w.reference);
    expect(await eventsNamed(t.ctx, 'withdrawal.settled', ofUser(u))).toEqual([
      {
        withdrawalId: expect.any(String),
        userId: u.userId,
        reference: w.reference,
        status: 'success',
        amountKobo: 100_000,
        feeKobo: 10_000,
      },
    ]);
  });

  it('records withdrawal.settled once for a failed transfer given back, however often it is settled', async () => {
    const u = await readyUser(t, 3_000, { accountNumber: '9999999999', bankCode: '033' });
    const w = (await withdraw(t, u, 1_234)).body.data.withdrawal;
    await Promise.all([settleWithdrawal(t.ctx, w.reference), settleWithdrawal(t.ctx, w.reference)]);
    expect(await eventsNamed(t.ctx, 'withdrawal.settled', ofUser(u))).toEqual([
      expect.objectContaining({ reference: w.reference, status: 'failed', amountKobo: 123_400, feeKobo: 10_000 }),
    ]);
  });

  it('records a second withdrawal.settled when the bank reverses a paid transfer', async () => {
    const u = await readyUser(p, 2_000);
    const w = (await withdraw(p, u, 500)).body.data.withdrawal;
    fake.setTransferStatus(w.reference, 'reversed');
    await settleWithdrawal(p.ctx, w.reference);
    await settleWithdrawal(p.ctx, w.reference);
    expect((await eventsNamed(p.ctx, 'withdrawal.settled', ofUser(u))).map((e) => e.status)).toEqual(['success', 'reversed']);
  });

  it('records wallet.bank_account_changed once per replaced account, with the last 4 digits only', async () => {
    const u = await createSignedInUser(t.app);
    await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' });
    await addBank(t, u, { accountNumber: '0123456789', bankCode: '058' });
    expect((await addBank(t, u, { accountNumber: '0000000000', bankCode: '058' })).status).toBe(400);
    expect(await eventsNamed(t.ctx, 'wallet.bank_account_changed', ofUser(u))).toEqual([]);

    await addBank(t, u, { accountNumber: '1111111112', bankCode: '044' });
    expect(await eventsNamed(t.ctx, 'wallet.bank_account_changed', ofUser(u))).toEqual([
      { userId: u.userId, bankName: 'Access Bank', accountLast4: '1112', at: expect.any(String) },
    ]);
  });
});
