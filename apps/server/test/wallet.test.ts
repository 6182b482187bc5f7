/**
 * The wallet as a view of the ledger: balance after a cash contest escrows its prize and after the
 * winner is paid, the movement list with its filters and pages, the stats, and that a user only
 * ever sees their own wallet.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TWallet, TWalletStats, TWalletTransactionsPage } from '@contesthub/shared';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { finalizeContest } from '../src/modules/contest-settlement/finalize-contest.js';
import { createSignedInUser, createTestApp, login, type TestApp } from './helpers.js';
import { DAY, api, castVote, createContest, fundWallet, giveCredits, insertContest, insertEntry } from './contest-fixtures.js';

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

const wallet = async (token: string) => {
  const res = await api<{ wallet: TWallet }>(t.app, 'GET', '/api/wallet', token);
  expect(res.status).toBe(200);
  return res.body.data.wallet;
};
const transactions = async (token: string, query = '') => {
  const res = await api<TWalletTransactionsPage>(t.app, 'GET', `/api/wallet/transactions${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const stats = async (token: string) => {
  const res = await api<TWalletStats>(t.app, 'GET', '/api/wallet/stats', token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const relogin = async (u: { email: string; password: string }) => (await login(t.app, u.email, u.password)).token;

describe('who may call', () => {
  it('answers 401 without a login on every wallet route', async () => {
    for (const [method, url] of [
      ['GET', '/api/wallet'],
      ['POST', '/api/wallet/create'],
      ['GET', '/api/wallet/transactions'],
      ['GET', '/api/wallet/stats'],
    ] as const) {
      const res = await api(t.app, method, url);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
    }
  });

  it('documents the wallet and dashboard routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const path of ['/api/wallet/', '/api/wallet/transactions', '/api/wallet/stats', '/api/dashboard/user-stats']) {
      expect(paths[path], path).toHaveProperty('get');
    }
    expect(paths['/api/wallet/create']).toHaveProperty('post');
  });

  it('refuses a forged token', async () => {
    expect((await api(t.app, 'GET', '/api/wallet', 'not-a-token')).status).toBe(401);
  });
});

describe('GET /api/wallet and POST /api/wallet/create', () => {
  it('shows a new user an empty wallet that creating again does not change', async () => {
    const u = await createSignedInUser(t.app);
    const first = await wallet(u.token);
    expect(first).toMatchObject({ userId: u.userId, balance: 0, currency: 'NGN', voteCredits: 0, totalWinnings: 0 });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);

    const created = await api<{ wallet: TWallet }>(t.app, 'POST', '/api/wallet/create', u.token);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Wallet already exists');
    expect(created.body.data.wallet).toEqual(first);
    expect(await wallet(u.token)).toEqual(first);
    expect(await transactions(u.token)).toEqual({ transactions: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } });
  });

  it('creates the wallet once when create comes first, then answers the same one', async () => {
    const u = await createSignedInUser(t.app);
    const created = await api<{ wallet: TWallet }>(t.app, 'POST', '/api/wallet/create', u.token);
    expect(created.body.message).toBe('Wallet created successfully');
    const again = await api<{ wallet: TWallet }>(t.app, 'POST', '/api/wallet/create', u.token);
    expect(again.body.message).toBe('Wallet already exists');
    expect(again.body.data.wallet.id).toBe(created.body.data.wallet.id);
    expect((await wallet(u.token)).id).toBe(created.body.data.wallet.id);
  });

  it('debits the escrowed prize when a cash contest is created, and pays the winner 95% at the end', async () => {
    const org = await createSignedInUser(t.app, { fullName: 'Kemi Organizer' });
    await fundWallet(t.ctx, org.userId, 1_000_000);
    expect((await wallet(org.token)).balance).toBe(1_000_000);

    const contest = await createContest(t.app, org.token, { title: 'Lagos Nights', prizeAmount: 300_000 });
    expect(await wallet(org.token)).toMatchObject({ balance: 700_000, totalWinnings: 0 });
    const orgMoves = await transactions(org.token);
    expect(orgMoves.transactions.map((m) => [m.kind, m.asset, m.direction, m.amount, m.balanceAfter])).toEqual([
      ['contest_escrow', 'NGN', 'debit', 300_000, 700_000],
      ['wallet_deposit', 'NGN', 'credit', 1_000_000, 1_000_000],
    ]);
    expect(orgMoves.transactions[0]).toMatchObject({ description: 'Prize for "Lagos Nights" held in escrow', status: 'completed' });

    const winner = await createSignedInUser(t.app, { fullName: 'Tunde Winner' });
    const loser = await createSignedInUser(t.app);
    await insertEntry(t.ctx, contest._id, winner.userId, { weightedVotes: 9 });
    await insertEntry(t.ctx, contest._id, loser.userId, { weightedVotes: 4 });
    advanceClock(5 * DAY);
    expect(await finalizeContest(t.ctx, contest._id)).toMatchObject({ winnerUserId: winner.userId, prizePaid: 285_000, fee: 15_000 });

    const winnerToken = await relogin(winner);
    expect(await wallet(winnerToken)).toMatchObject({ balance: 285_000, totalWinnings: 285_000 });
    const [payout] = (await transactions(winnerToken)).transactions;
    expect(payout).toMatchObject({
      kind: 'contest_payout',
      reference: `contest:payout:${contest._id}`,
      asset: 'NGN',
      direction: 'credit',
      amount: 285_000,
      balanceAfter: 285_000,
    });
    expect(await stats(winnerToken)).toEqual({
      naira: { totalIn: 285_000, totalOut: 0, transactions: 1 },
      credits: { totalIn: 0, totalOut: 0, transactions: 0 },
      creditsUsed: 0,
      totalWinnings: 285_000,
      prizesWon: 1,
    });
    // The organizer paid the prize, they did not win it; the loser got nothing.
    expect(await wallet(await relogin(org))).toMatchObject({ balance: 700_000, totalWinnings: 0 });
    expect(await wallet(await relogin(loser))).toMatchObject({ balance: 0, totalWinnings: 0 });
  });
});

describe('GET /api/wallet/transactions', () => {
  /** A user with 3 naira movements and 3 credit movements (2 in, 1 out), oldest first. */
  async function busyUser() {
    const u = await createSignedInUser(t.app);
    await fundWallet(t.ctx, u.userId, 50_000);
    await giveCredits(t.ctx, u.userId, 100);
    await fundWallet(t.ctx, u.userId, 25_050);
    const org = await createSignedInUser(t.app);
    const contestId = await insertContest(t.ctx, org.userId, { votingType: 'paid', votingFeeAmount: 1000 });
    const entryId = await insertEntry(t.ctx, contestId, org.userId);
    await castVote(t.ctx, { contestId, entryId, voterId: u.userId, type: 'paid', amount: 2, feeCredits: 12.5 });
    await giveCredits(t.ctx, u.userId, 0.5);
    await fundWallet(t.ctx, u.userId, 100);
    return u;
  }

  it('lists both assets newest first, credits in credits and naira in kobo', async () => {
    const u = await busyUser();
    const page = await transactions(u.token);
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: 6, totalPages: 1 });
    expect(page.transactions.map((m) => [m.asset, m.direction, m.amount, m.balanceAfter])).toEqual([
      ['NGN', 'credit', 100, 75_150],
      ['CREDIT', 'credit', 0.5, 75.5],
      ['CREDIT', 'debit', 25, 75],
      ['NGN', 'credit', 25_050, 75_050],
      ['CREDIT', 'credit', 100, 100],
      ['NGN', 'credit', 50_000, 50_000],
    ]);
    expect(page.transactions[2]).toMatchObject({ kind: 'vote_spend', description: 'Paid vote' });
    expect(new Set(page.transactions.map((m) => m.id)).size).toBe(6);
  });

  it('filters by asset, direction and type, and pages', async () => {
    const u = await busyUser();
    const ngn = await transactions(u.token, '?asset=NGN');
    expect(ngn.transactions.map((m) => m.amount)).toEqual([100, 25_050, 50_000]);
    const creditsIn = await transactions(u.token, '?asset=CREDIT&direction=credit');
    expect(creditsIn.transactions.map((m) => m.amount)).toEqual([0.5, 100]);
    const out = await transactions(u.token, '?direction=debit');
    expect(out.transactions.map((m) => [m.asset, m.amount])).toEqual([['CREDIT', 25]]);
    const deposits = await transactions(u.token, '?type=wallet_deposit');
    expect(deposits.pagination.total).toBe(3);

    const page2 = await transactions(u.token, '?limit=4&page=2');
    expect(page2.pagination).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2 });
    expect(page2.transactions.map((m) => m.amount)).toEqual([100, 50_000]);
    const beyond = await transactions(u.token, '?limit=4&page=3');
    expect(beyond.transactions).toEqual([]);
  });

  it('filters by date', async () => {
    const u = await busyUser();
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await transactions(u.token, `?startDate=${hourAgo}&endDate=${inAnHour}`)).pagination.total).toBe(6);
    expect((await transactions(u.token, `?startDate=${inAnHour}`)).transactions).toEqual([]);
    expect((await transactions(u.token, `?endDate=${hourAgo}`)).transactions).toEqual([]);
  });

  it('refuses bad filters with the validation envelope', async () => {
    const u = await createSignedInUser(t.app);
    for (const query of ['?limit=101', '?limit=0', '?page=0', '?asset=USD', '?direction=sideways', '?startDate=yesterday']) {
      const res = await api(t.app, 'GET', `/api/wallet/transactions${query}`, u.token);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const res = await api(t.app, 'GET', '/api/wallet/transactions?limit=101', u.token);
    expect(res.body.message).toContain('Limit must be between 1 and 100');
  });

  it("never shows another user's movements or balances", async () => {
    const rich = await busyUser();
    const other = await createSignedInUser(t.app);
    expect(await wallet(other.token)).toMatchObject({ balance: 0, voteCredits: 0 });
    expect((await transactions(other.token)).transactions).toEqual([]);
    expect((await transactions(other.token, '?type=wallet_deposit')).transactions).toEqual([]);
    expect(await stats(other.token)).toEqual({
      naira: { totalIn: 0, totalOut: 0, transactions: 0 },
      credits: { totalIn: 0, totalOut: 0, transactions: 0 },
      creditsUsed: 0,
      totalWinnings: 0,
      prizesWon: 0,
    });
    // The rich user's own view is untouched by the other's calls.
    expect(await wallet(rich.token)).toMatchObject({ balance: 75_150, voteCredits: 75.5 });
  });
});

describe('GET /api/wallet/stats', () => {
  it('sums money in and out per asset', async () => {
    const u = await createSignedInUser(t.app);
    await fundWallet(t.ctx, u.userId, 400_000);
    await giveCredits(t.ctx, u.userId, 30);
    await createContest(t.app, u.token, { prizeAmount: 150_000 });
    const org = await createSignedInUser(t.app);
    const contestId = await insertContest(t.ctx, org.userId, { votingType: 'paid', votingFeeAmount: 1000 });
    const entryId = await insertEntry(t.ctx, contestId, org.userId);
    await castVote(t.ctx, { contestId, entryId, voterId: u.userId, type: 'paid', amount: 1, feeCredits: 10 });
    expect(await stats(u.token)).toEqual({
      naira: { totalIn: 400_000, totalOut: 150_000, transactions: 2 },
      credits: { totalIn: 30, totalOut: 10, transactions: 2 },
      creditsUsed: 10,
      totalWinnings: 0,
      prizesWon: 0,
    });
    // One figure for "credits used" on every wallet tab: the Buy Credits tab's stats say the same.
    const creditStats = await t.app.inject({
      method: 'GET',
      url: '/api/vote-credits/stats',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(creditStats.json().data.totalCreditsUsed).toBe(10);
  });
});
