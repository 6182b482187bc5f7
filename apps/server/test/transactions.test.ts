/**
 * /api/transactions (spec 001 §7): the same movement list as the wallet's, the same credit history as
 * /api/vote-credits/transactions, and the stats of the caller's ledger lines in a date range, after real
 * flows: a card deposit, a cash contest's prize escrow, a credit purchase and a paid vote.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TTransactionStats, TVoteCreditPurchaseStarted, TWalletTransactionsPage } from '@contesthub/shared';
import { checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  type LoginResult,
  type TestApp,
  type TestUser,
  type ApiArgs,
  sandboxCheckout,
} from './helpers.js';
import { createContest } from './contest-fixtures.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';

let t: TestApp;
let u: TestUser & LoginResult;
let other: TestUser & LoginResult;

const api = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);
async function get<T>(url: string, token = u.token): Promise<T> {
  const res = await api<T>('GET', url, token);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}
const decide = (reference: string) => sandboxCheckout(t.app, 'approve', reference);
/** Journal times come from the database clock: a pause keeps each step's lines apart from the next. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeAll(async () => {
  t = await createTestApp();
  [u, other] = [await createSignedInUser(t.app, { fullName: 'Tola Trader' }), await createSignedInUser(t.app, { fullName: 'Olu Other' })];

  // ₦10,000 by card.
  const dep = await api<{ reference: string }>('POST', '/api/wallet/deposit', u.token, { amount: 1_000_000 });
  await decide(dep.body.data.reference);
  expect((await api('POST', '/api/wallet/verify-deposit', u.token, { reference: dep.body.data.reference })).status).toBe(200);
  await pause();
  // ₦5,000 prize held in escrow for a cash contest.
  await createContest(t.app, u.token, { prizeType: 'cash', prizeAmount: 500_000 });
  await pause();
  // 50 credits bought by card.
  const buy = await api<TVoteCreditPurchaseStarted>('POST', '/api/vote-credits/purchase', u.token, { package: 'small' });
  await decide(buy.body.data.reference);
  expect((await api('POST', '/api/vote-credits/verify', u.token, { reference: buy.body.data.reference })).status).toBe(200);
  await pause();
  // A paid vote of 10 credits.
  const contest = await insertContest(t.ctx, other.userId);
  const entry = await insertEntry(t.ctx, contest.id, other.userId);
  const vote = await api('POST', '/api/votes', u.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 1 });
  expect(vote.status, JSON.stringify(vote.body)).toBe(201);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
});

describe('who may call', () => {
  it('answers 401 without a login', async () => {
    for (const url of ['/api/transactions', '/api/transactions/vote-credits', '/api/transactions/stats']) {
      const res = await api('GET', url);
      expect(res.status, url).toBe(401);
      expect(res.body).toMatchObject({ success: false });
    }
  });
});

describe('GET /api/transactions', () => {
  it('answers exactly what GET /api/wallet/transactions answers, filters and pages included', async () => {
    for (const query of [
      '',
      '?asset=NGN',
      '?asset=CREDIT&direction=debit',
      '?direction=credit',
      '?type=contest_escrow',
      '?limit=2&page=2',
    ]) {
      const mine = await get<TWalletTransactionsPage>(`/api/transactions${query}`);
      expect(mine, query).toEqual(await get<TWalletTransactionsPage>(`/api/wallet/transactions${query}`));
    }
    const all = await get<TWalletTransactionsPage>('/api/transactions');
    expect(all.transactions.map((x) => [x.kind, x.asset, x.direction, x.amount])).toEqual([
      ['vote_spend', 'CREDIT', 'debit', 10],
      ['vote_credit_purchase', 'CREDIT', 'credit', 50],
      ['contest_escrow', 'NGN', 'debit', 500_000],
      ['wallet_deposit', 'NGN', 'credit', 1_000_000],
    ]);
    const refused = await api('GET', '/api/transactions?limit=0', u.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Limit must be between 1 and 100' });
    expect((await get<TWalletTransactionsPage>('/api/transactions', other.token)).transactions).toEqual([]);
  });
});

describe('GET /api/transactions/vote-credits', () => {
  it('answers exactly what GET /api/vote-credits/transactions answers', async () => {
    for (const query of ['', '?type=vote_spend', '?status=completed&limit=1', '?page=2&limit=1']) {
      expect(await get(`/api/transactions/vote-credits${query}`), query).toEqual(await get(`/api/vote-credits/transactions${query}`));
    }
    const list = await get<{ transactions: Array<{ type: string; voteCredits: number }> }>('/api/transactions/vote-credits');
    expect(list.transactions.map((x) => [x.type, x.voteCredits])).toEqual([
      ['vote_spend', -10],
      ['vote_credit_purchase', 50],
    ]);
    for (const [query, text] of [
      ['?limit=101', 'Limit must be between 1 and 100'],
      ['?page=0', 'Page must be a positive integer'],
    ] as const) {
      const res = await api('GET', `/api/transactions/vote-credits${query}`, u.token);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ message: text });
    }
  });
});

describe('GET /api/transactions/stats', () => {
  it('sums all my movements when no range is given', async () => {
    expect(await get<TTransactionStats>('/api/transactions/stats')).toEqual({
      naira: { totalIn: 1_000_000, totalOut: 500_000, transactions: 2 },
      credits: { totalIn: 50, totalOut: 10, transactions: 2 },
      byType: [
        { type: 'vote_credit_purchase', asset: 'CREDIT', count: 1, total: 50 },
        { type: 'vote_spend', asset: 'CREDIT', count: 1, total: -10 },
        { type: 'contest_escrow', asset: 'NGN', count: 1, total: -500_000 },
        { type: 'wallet_deposit', asset: 'NGN', count: 1, total: 1_000_000 },
      ],
      startDate: null,
      endDate: null,
    });
  });

  it('keeps to the range, both ends inclusive', async () => {
    const all = await get<TWalletTransactionsPage>('/api/transactions');
    const at = (kind: string) => new Date(all.transactions.find((x) => x.kind === kind)!.createdAt).getTime();
    // The escrow alone: from its own (millisecond) time to just after it.
    const start = new Date(at('contest_escrow')).toISOString();
    const end = new Date(at('contest_escrow') + 5).toISOString();
    expect(await get<TTransactionStats>(`/api/transactions/stats?startDate=${start}&endDate=${end}`)).toEqual({
      naira: { totalIn: 0, totalOut: 500_000, transactions: 1 },
      credits: { totalIn: 0, totalOut: 0, transactions: 0 },
      byType: [{ type: 'contest_escrow', asset: 'NGN', count: 1, total: -500_000 }],
      startDate: start,
      endDate: end,
    });

    // From the purchase on: the credit flows only.
    const fromPurchase = await get<TTransactionStats>(
      `/api/transactions/stats?startDate=${new Date(at('vote_credit_purchase')).toISOString()}`,
    );
    expect(fromPurchase).toMatchObject({
      naira: { totalIn: 0, totalOut: 0, transactions: 0 },
      credits: { totalIn: 50, totalOut: 10, transactions: 2 },
      endDate: null,
    });
    // Up to just after the deposit: the deposit only.
    const toDeposit = await get<TTransactionStats>(`/api/transactions/stats?endDate=${new Date(at('wallet_deposit') + 5).toISOString()}`);
    expect(toDeposit.byType).toEqual([{ type: 'wallet_deposit', asset: 'NGN', count: 1, total: 1_000_000 }]);
    // After everything: nothing.
    const later = await get<TTransactionStats>(`/api/transactions/stats?startDate=${new Date(at('vote_spend') + 60_000).toISOString()}`);
    expect(later).toMatchObject({ naira: { transactions: 0 }, credits: { transactions: 0 }, byType: [] });
  });

  it('shows another user none of my flows, and refuses a date that is not one', async () => {
    expect(await get<TTransactionStats>('/api/transactions/stats', other.token)).toMatchObject({
      naira: { totalIn: 0, totalOut: 0, transactions: 0 },
      credits: { totalIn: 0, totalOut: 0, transactions: 0 },
      byType: [],
    });
    const res = await api('GET', '/api/transactions/stats?startDate=yesterday', u.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });
});
