/**
 * Money under concurrency (issue 5): many card deposits and credit purchases (each verified by the
 * payer twice at once and by the system), transfers, paid votes, withdrawals (some failing at the bank)
 * and subscriptions, all at the same time across users, through the real routes on the default sandbox.
 * Afterwards every balance is exactly what the accepted operations add up to, and the reconciliation
 * finds nothing wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWallet } from '@contesthub/shared';
import { creditsToUnits } from '@contesthub/shared';
import { settleAnyPayment } from '../src/modules/payments/purposes.js';
import { runReconciliation } from '../src/modules/reconciliation/reconciliation.service.js';
import { accounts, balanceOf, platformRevenueTotal } from '../src/modules/ledger/ledger.js';
import { lockOrganizer } from '../src/modules/contests/contests.repository.js';
import { lockUser } from '../src/modules/subscriptions/subscriptions.repository.js';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_PASSWORD,
  apiCall,
  createSignedInUser,
  createTestApp,
  createTestUser,
  type LoginResult,
  type TestApp,
  type TestUser,
  sandboxCheckout,
} from './helpers.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';

type User = TestUser & LoginResult;

const USERS = 6;
const DEPOSIT_NAIRA = 50_000;
const PURCHASES = 2; // small packages: 50 credits each
const TRANSFERS = 3; // 10 credits to the next user each
const PAID_VOTES = 3; // 1 paid vote (10 credits) each
const WITHDRAWALS = 2; // ₦1,000 each (+ ₦100 fee)
const FAILING_ACCOUNT = '9999999999'; // the sandbox's bank refuses transfers to it

let t: TestApp;

/** One API call; a 429 (load shedding on the busy contest) is retried after a pause, as a client would. */
async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) {
  for (let attempt = 0; ; attempt += 1) {
    const res = await apiCall<Record<string, unknown>>(t.app, method, url, token, payload);
    if (res.status !== 429 || attempt >= 50) return res;
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
}

/** The payer approves at the sandbox checkout (a plain form post, as the page sends it). */
async function approve(reference: string) {
  const res = await sandboxCheckout(t.app, 'approve', reference);
  expect(res.statusCode).toBe(302);
}

/** A card payment verified three ways at once: the payer twice (two tabs) and the system (webhook/sweep). */
async function payAndSettle(reference: string, verifyUrl: string, token: string) {
  await approve(reference);
  const answers = await Promise.all([
    call('POST', verifyUrl, token, { reference }),
    call('POST', verifyUrl, token, { reference }),
    settleAnyPayment(t.ctx, reference),
  ]);
  expect(answers[0].status).toBe(200);
  expect(answers[1].status).toBe(200);
}

const wallet = async (token: string) => (await call('GET', '/api/wallet', token)).body.data.wallet as TWallet;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('money under concurrency', () => {
  it('deposits, purchases, transfers, votes, withdrawals and subscriptions in parallel leave exact balances and clean books', async () => {
    const users: User[] = await Promise.all(
      Array.from({ length: USERS }, (_, i) => createSignedInUser(t.app, { fullName: `Money User ${i}` })),
    );
    const organizer = await createSignedInUser(t.app, { fullName: 'Contest Organizer' });
    const contest = await insertContest(t.ctx, organizer.userId);
    const entry = await insertEntry(t.ctx, contest.id, organizer.userId);
    const revenueBefore = await platformRevenueTotal(t.ctx.db, 'NGN');

    // 1. Everyone deposits at once, and adds a bank account (user 0's bank refuses every transfer).
    await Promise.all(
      users.map(async (u, i) => {
        const started = await call('POST', '/api/wallet/deposit', u.token, { amount: DEPOSIT_NAIRA * 100 });
        expect(started.status).toBe(200);
        await payAndSettle(started.body.data.reference as string, '/api/wallet/verify-deposit', u.token);
        const bank = await call('POST', '/api/wallet/bank-account', u.token, {
          accountNumber: i === 0 ? FAILING_ACCOUNT : `01234567${String(i).padStart(2, '0')}`,
          bankCode: '058',
        });
        expect(bank.status, JSON.stringify(bank.body)).toBe(200);
      }),
    );

    // 2. Everyone buys credit packages at once (paid by card, so the wallet does not move).
    await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: PURCHASES }, async () => {
          const started = await call('POST', '/api/vote-credits/purchase', u.token, { package: 'small' });
          expect(started.status).toBe(200);
          await payAndSettle(started.body.data.reference as string, '/api/vote-credits/verify', u.token);
        }),
      ),
    );

    // 3. Transfers, paid votes, withdrawals and subscriptions, all at the same time. Each user tries to
    //    subscribe twice at once: exactly one may win.
    const subscribeAnswers: number[][] = users.map(() => []);
    await Promise.all(
      users.flatMap((u, i) => {
        const next = users[(i + 1) % USERS]!;
        return [
          ...Array.from({ length: TRANSFERS }, async () => {
            const res = await call('POST', '/api/vote-credit-transfers/transfer', u.token, {
              recipientEmail: next.email,
              amount: 10,
              password: DEFAULT_PASSWORD,
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }),
          ...Array.from({ length: PAID_VOTES }, async () => {
            const res = await call('POST', '/api/votes', u.token, {
              entryId: entry.id,
              contestId: contest.id,
              voteType: 'paid',
              amount: 1,
            });
            expect(res.status, JSON.stringify(res.body)).toBe(201);
          }),
          ...Array.from({ length: WITHDRAWALS }, async () => {
            const res = await call('POST', '/api/wallet/withdraw', u.token, { amount: 100_000, password: DEFAULT_PASSWORD });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }),
          ...[0, 1].map(async () => {
            const res = await call('POST', '/api/subscriptions/initialize', u.token, {
              tier: 'basic_premium',
              duration: 'monthly',
              paymentMethod: 'wallet',
            });
            subscribeAnswers[i]!.push(res.status);
          }),
        ];
      }),
    );

    // Exactly one subscription per user; the other attempt was refused without charging.
    for (const answers of subscribeAnswers) expect(answers.sort()).toEqual([200, 400]);

    // 4. Every balance is exact.
    for (const [i, u] of users.entries()) {
      const w = await wallet(u.token);
      const withdrawn = i === 0 ? 0 : WITHDRAWALS * (1_000 + 100); // user 0's payouts failed and were given back
      expect(w.balance, `wallet of user ${i}`).toBe((DEPOSIT_NAIRA - TRANSFERS * 100 - withdrawn - 2_500) * 100);
      // Bought 100, sent 30, received 30, spent 30 on paid votes.
      expect(w.voteCredits, `credits of user ${i}`).toBe(PURCHASES * 50 - TRANSFERS * 10 + TRANSFERS * 10 - PAID_VOTES * 10);
    }
    const withdrawalFees = (USERS - 1) * WITHDRAWALS * 100 * 100;
    const transferFees = USERS * TRANSFERS * 100 * 100;
    const subscriptions = USERS * 2_500 * 100;
    const creditSales = USERS * PURCHASES * 262_500; // small package, free tier: ₦2,500 + ₦125 fee
    expect(await platformRevenueTotal(t.ctx.db, 'NGN')).toBe(revenueBefore + withdrawalFees + transferFees + subscriptions + creditSales);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(organizer.userId))).toBe(0);

    // 5. The reconciliation agrees.
    const report = await runReconciliation(t.ctx.db);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checks.find((c) => c.check === 'payments_verified')?.examined).toBeGreaterThanOrEqual(USERS * (1 + PURCHASES));
    expect(report.checks.find((c) => c.check === 'withdrawals_settled')?.examined).toBeGreaterThanOrEqual(USERS * WITHDRAWALS);
    expect(creditsToUnits(report.totals.userCredits)).toBeGreaterThan(0);
  });

  // A users row locked FOR UPDATE blocks every insert that references the user (votes, withdrawals,
  // payments check the foreign key with FOR KEY SHARE), which closed a deadlock cycle with postings
  // under load. The rows are locked FOR NO KEY UPDATE: a reference to the user goes through.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'a user row locked for a subscription or a new contest never blocks rows that reference the user',
    async () => {
      const user = await createTestUser(t.ctx);
      for (const lock of [lockUser, lockOrganizer]) {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const holder = t.ctx.db.transaction(async (tx) => {
          await lock(tx, user.user.id);
          locked();
          await held;
        });
        await isLocked;
        try {
          // What a foreign-key check takes; with FOR UPDATE held elsewhere this waits and times out.
          const probe = t.ctx.db.transaction(async (tx) => {
            await tx.execute(sql`set local lock_timeout = '2s'`);
            await tx.execute(sql`select 1 from users where id = ${user.user.id} for key share`);
            return 'passed';
          });
          await expect(probe).resolves.toBe('passed');
        } finally {
          release();
          await holder;
        }
      }
    },
  );
});
