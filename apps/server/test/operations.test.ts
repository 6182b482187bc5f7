/**
 * Operations (issue 15): system monitoring (GET /api/admin-tools/system-health) whose figures move
 * with the requests and failures this instance serves, the thresholds that grade them, the financial
 * report (GET /api/admin-tools/financial-reports) equal to the reconciliation after money moved
 * through the real routes, the admin overview (GET /api/dashboard/admin-stats) counting what the
 * test created, and who is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_THRESHOLDS,
  WITHDRAWAL_FEE_KOBO,
  gradeFigure,
  nairaToKobo,
  worstStatus,
  type TAdminStats,
  type TFinancialReport,
  type TReconciliationReport,
  type TSystemHealth,
  type TVoteCreditPurchaseStarted,
  type TWallet,
} from '@contesthub/shared';
import { eq } from 'drizzle-orm';
import { eventParked, reports } from '../src/db/schema/index.js';
import { createMetrics, latencyBucket, LATENCY_BUCKETS_MS, quantileOf, RECENT_FAILURES_KEPT } from '../src/lib/metrics.js';
import { setClock } from '../src/lib/clock.js';
import { createScheduler } from '../src/lib/jobs.js';
import { failureMessage } from '../src/plugins/errors.js';
import { contestPayload } from './contest-fixtures.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  sandboxCheckout,
  type ApiArgs,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';

type User = TestUser & LoginResult;

let t: TestApp;
let admin: User;
let moderator: User;
let member: User;
const call = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);

beforeAll(async () => {
  t = await createTestApp();
  // A route that fails the way a bug does: the errors plugin answers 500 and records it.
  t.app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
    throw new Error('the flux capacitor broke');
  });
  await t.app.ready();
  admin = await createSignedInUser(t.app, { role: 'admin' });
  moderator = await createSignedInUser(t.app, { role: 'moderator' });
  member = await createSignedInUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const health = async () => {
  const res = await call<TSystemHealth>('GET', '/api/admin-tools/system-health', admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const finance = async (query = '') => {
  const res = await call<TFinancialReport>('GET', `/api/admin-tools/financial-reports${query}`, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const adminStats = async () => {
  const res = await call<TAdminStats>('GET', '/api/dashboard/admin-stats', admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('who may call', () => {
  it('refuses a moderator and a plain user on system health and financial reports, and anyone not signed in', async () => {
    for (const url of ['/api/admin-tools/system-health', '/api/admin-tools/financial-reports', '/api/dashboard/admin-stats']) {
      expect((await call('GET', url)).status, url).toBe(401);
      const asModerator = await call('GET', url, moderator.token);
      expect(asModerator.status, url).toBe(403);
      expect(asModerator.body.success).toBe(false);
      expect((await call('GET', url, member.token)).status, url).toBe(403);
    }
  });

  it('refuses a period outside 1–366 whole days with 400', async () => {
    for (const period of ['0', '367', '2.5', 'abc', '-3']) {
      const res = await call('GET', `/api/admin-tools/financial-reports?period=${period}`, admin.token);
      expect(res.status, period).toBe(400);
      expect(res.body.message).toBe('Period must be a whole number of days from 1 to 366');
    }
    expect((await finance('?period=366')).period.days).toBe(366);
    expect((await finance()).period.days).toBe(30);
  });
});

describe('system health', () => {
  it('counts the requests and the 500 this instance served, and lists the failure without a stack', async () => {
    const before = await health();
    expect(before.scope).toBe('instance');
    for (let i = 0; i < 6; i += 1) expect((await call('GET', '/api/health')).status).toBe(200);
    const boom = await call('GET', '/api/test/explode?secret=1');
    expect(boom.status).toBe(500);
    expect(boom.body).toMatchObject({ success: false, errorType: 'INTERNAL_ERROR' });
    expect(JSON.stringify(boom.body)).not.toContain('flux capacitor');
    const requestId = String(boom.headers['x-request-id']);

    // A live stream's request (EventSource asks for text/event-stream) is no answer time: left out.
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { accept: 'text/event-stream' } });

    const after = await health();
    // The six health checks, the failure and the first health read itself (this one is counted when answered).
    expect(after.traffic.last5Minutes.requests - before.traffic.last5Minutes.requests).toBe(8);
    expect(after.traffic.last60Minutes.requests).toBeGreaterThanOrEqual(after.traffic.last5Minutes.requests);
    expect(after.traffic.last5Minutes.errors - before.traffic.last5Minutes.errors).toBe(1);
    expect(after.traffic.last5Minutes.errorRatePercent).toBeGreaterThan(0);
    expect(after.traffic.last5Minutes.p95Ms).not.toBeNull();
    expect(after.traffic.last5Minutes.requestsPerMinute).toBeGreaterThan(0);

    const failure = after.recentErrors[0]!;
    expect(failure).toMatchObject({ method: 'GET', route: '/api/test/explode', status: 500, requestId });
    expect(failure.message).toContain('the flux capacitor broke');
    expect(JSON.stringify(after.recentErrors)).not.toMatch(/\n\s+at |secret=1/);

    expect(after.database.driver).toBe(t.ctx.database.kind);
    expect(after.database.latencyMs).toEqual(expect.any(Number));
    expect(after.database.sizeBytes).toBeGreaterThan(0);
    expect(after.memory.rssBytes).toBeGreaterThan(0);
    expect(after.memory.percent).toBeGreaterThan(0);
    expect(after.server.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // Jobs are off in test apps: nothing runs here (on PostgreSQL the shared queue may still be read).
    expect(after.jobs.source).not.toBe('process');
    expect(after.jobs.list).toEqual([]);
    expect(after.events.pending).toBeGreaterThanOrEqual(0);
    expect(['healthy', 'warning', 'critical']).toContain(after.status);
    expect(after.thresholds).toEqual(HEALTH_THRESHOLDS);
  });

  it('grades a late job and a parked event, and the overall status follows the worst figure', async () => {
    const at = Date.now();
    t.ctx.metrics.watchJobs(() => [
      {
        name: 'contest-lifecycle',
        intervalMs: 60_000,
        running: false,
        lastStartedAt: at - 11 * 60_000,
        lastFinishedAt: at - 11 * 60_000,
        lastFailedAt: null,
      },
      {
        name: 'mail-delivery',
        intervalMs: 5_000,
        running: true,
        lastStartedAt: at - 1_000,
        lastFinishedAt: at - 6_000,
        lastFailedAt: at - 6_000,
      },
    ]);
    const subscriber = t.ctx.events.subscribers[0]!.name;
    await t.ctx.db
      .insert(eventParked)
      .values({ subscriber, eventId: 999_999_999, aggregate: 'test:1', attempts: 1, nextAttemptAt: new Date(at + 60_000) });
    try {
      const h = await health();
      expect(h.jobs).toMatchObject({ source: 'process', depth: 1, failing: 0, status: 'critical' });
      expect(h.jobs.lagSeconds).toBeGreaterThanOrEqual(600);
      expect(h.jobs.list.find((j) => j.name === 'contest-lifecycle')!.lateSeconds).toBeGreaterThanOrEqual(600);
      // A failed run followed by a new start is not "failing" until that run fails too.
      expect(h.jobs.list.find((j) => j.name === 'mail-delivery')!.lastFailedAt).toBeNull();
      expect(h.events).toMatchObject({ parked: 1, status: 'warning' });
      expect(h.status).toBe('critical');
    } finally {
      t.ctx.metrics.watchJobs(undefined);
      await t.ctx.db.delete(eventParked).where(eq(eventParked.eventId, 999_999_999));
    }
    const calm = await health();
    expect(calm.jobs.source).not.toBe('process');
    expect(calm.events.parked).toBe(0);
  });

  it('grades each figure by the stated thresholds, the overall status being the worst', () => {
    expect(gradeFigure('p95LatencyMs', 120)).toBe('healthy');
    expect(gradeFigure('p95LatencyMs', 500)).toBe('healthy');
    expect(gradeFigure('p95LatencyMs', 501)).toBe('warning');
    expect(gradeFigure('p95LatencyMs', 2001)).toBe('critical');
    expect(gradeFigure('errorRatePercent', 1.5)).toBe('warning');
    expect(gradeFigure('errorRatePercent', 5.01)).toBe('critical');
    expect(gradeFigure('eventLoopP99Ms', 150)).toBe('warning');
    expect(gradeFigure('eventLoopP99Ms', 600)).toBe('critical');
    expect(gradeFigure('jobLagSeconds', 61)).toBe('warning');
    expect(gradeFigure('jobLagSeconds', 301)).toBe('critical');
    expect(gradeFigure('parkedEvents', 0)).toBe('healthy');
    expect(gradeFigure('parkedEvents', 1)).toBe('warning');
    expect(gradeFigure('databaseLatencyMs', null)).toBe('healthy');
    expect(worstStatus(['healthy', 'warning', 'healthy'])).toBe('warning');
    expect(worstStatus(['warning', 'critical'])).toBe('critical');
    expect(worstStatus([])).toBe('healthy');
  });

  it('computes p95 and the error rate from the per-minute histograms, and forgets what is older than an hour', () => {
    const m = createMetrics({ startedAt: 0 });
    const t0 = 10 * 60 * 60_000;
    // 100 answers in one minute: 94 fast, 6 slow (p95 falls among the slow ones), 3 of them 500s.
    for (let i = 0; i < 94; i += 1) m.recordResponse(200, 20, t0 + i);
    for (let i = 0; i < 6; i += 1) m.recordResponse(i < 3 ? 500 : 200, 900, t0 + 100 + i);
    const w = m.traffic(5, t0 + 1_000);
    expect(w).toMatchObject({ requests: 100, errors: 3, errorRatePercent: 3 });
    expect(w.p95Ms).toBeGreaterThan(HEALTH_THRESHOLDS.p95LatencyMs.warning);
    expect(w.p95Ms).toBeLessThanOrEqual(900 * 1.25);
    expect(w.p50Ms).toBeLessThanOrEqual(25);
    expect(gradeFigure('p95LatencyMs', w.p95Ms)).toBe('warning');
    expect(gradeFigure('errorRatePercent', w.errorRatePercent)).toBe('warning');

    // Ten minutes on: out of the 5-minute window, still in the hour's.
    const later = t0 + 10 * 60_000;
    m.recordResponse(200, 3_000, later);
    expect(m.traffic(5, later)).toMatchObject({ requests: 1, errors: 0 });
    expect(gradeFigure('p95LatencyMs', m.traffic(5, later).p95Ms)).toBe('critical');
    expect(m.traffic(60, later).requests).toBe(101);
    // Over an hour on: the first minute is gone.
    const muchLater = t0 + 70 * 60_000;
    m.recordResponse(200, 5, muchLater);
    expect(m.traffic(60, muchLater).requests).toBe(1);
    m.close();
  });

  it('keeps the last 20 failures, newest first, and never a query or its parameters', () => {
    const m = createMetrics();
    for (let i = 0; i < 25; i += 1)
      m.recordFailure({ method: 'POST', route: '/api/x', status: 500, message: `failure ${i}`, requestId: `r${i}` });
    const kept = m.recentFailures();
    expect(kept).toHaveLength(RECENT_FAILURES_KEPT);
    expect(kept[0]!.message).toBe('failure 24');
    m.close();
    const dbError = Object.assign(new Error('Failed query: select * from users where email = $1\nparams: someone@example.com'), {
      cause: new Error('relation "users" does not exist'),
    });
    expect(failureMessage(dbError)).toBe('Database: relation "users" does not exist');
    expect(failureMessage(new TypeError('x is undefined'))).toBe('TypeError: x is undefined');
  });

  it("reports each job's runs in this process: started, finished, failed", async () => {
    const quiet = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<typeof createScheduler>[1];
    let fail = true;
    const scheduler = createScheduler(
      [
        {
          name: 'flaky',
          intervalMs: 60_000,
          run: async () => {
            if (fail) throw new Error('nope');
          },
        },
      ],
      quiet,
      { timers: false },
    );
    expect(scheduler.stats()).toEqual([
      { name: 'flaky', intervalMs: 60_000, running: false, lastStartedAt: null, lastFinishedAt: null, lastFailedAt: null },
    ]);
    await scheduler.run('flaky');
    const failed = scheduler.stats()[0]!;
    expect(failed.lastStartedAt).toEqual(expect.any(Number));
    expect(failed.lastFailedAt).toBeGreaterThanOrEqual(failed.lastStartedAt!);
    fail = false;
    await scheduler.run('flaky');
    const fine = scheduler.stats()[0]!;
    expect(fine.lastFailedAt).toBe(failed.lastFailedAt);
    expect(fine.lastFinishedAt).toBeGreaterThanOrEqual(fine.lastStartedAt!);
    await scheduler.stop();
  });

  it('puts each duration in the first bucket that holds it', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(1)).toBe(0);
    expect(LATENCY_BUCKETS_MS[latencyBucket(500)]!).toBeGreaterThanOrEqual(500);
    expect(latencyBucket(10 * 60_000)).toBe(LATENCY_BUCKETS_MS.length);
    expect(quantileOf([], 0.95)).toBeNull();
  });
});

// ---------- money through the real routes ----------

async function deposit(user: User, naira: number) {
  const init = await call<{ reference: string }>('POST', '/api/wallet/deposit', user.token, { amount: nairaToKobo(naira) });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  expect((await sandboxCheckout(t.app, 'approve', init.body.data.reference)).statusCode).toBe(302);
  const verified = await call('POST', '/api/wallet/verify-deposit', user.token, { reference: init.body.data.reference });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

async function buyCredits(user: User): Promise<number> {
  const started = await call<TVoteCreditPurchaseStarted>('POST', '/api/vote-credits/purchase', user.token, { package: 'small' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect((await sandboxCheckout(t.app, 'approve', started.body.data.reference)).statusCode).toBe(302);
  const verified = await call('POST', '/api/vote-credits/verify', user.token, { reference: started.body.data.reference });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return started.body.data.amount;
}

const walletOf = async (user: User) => {
  const res = await call<{ wallet: TWallet }>('GET', '/api/wallet', user.token);
  expect(res.status).toBe(200);
  return res.body.data.wallet;
};

describe('financial reports', () => {
  it('reports revenue by source, money held and payouts from the ledger, equal to the reconciliation', async () => {
    const reportBefore = await finance('?period=30');
    const buyer = await createSignedInUser(t.app, { fullName: 'Bisi Buyer' });
    const friend = await createSignedInUser(t.app, { fullName: 'Femi Friend' });
    const paid = await buyCredits(buyer);
    await deposit(buyer, 10_000);

    // A credit transfer: its naira fee is revenue.
    const walletBefore = (await walletOf(buyer)).balance;
    const sent = await call('POST', '/api/vote-credit-transfers/transfer', buyer.token, {
      recipientEmail: friend.email,
      amount: 10,
      password: buyer.password,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const transferFee = walletBefore - (await walletOf(buyer)).balance;
    expect(transferFee).toBeGreaterThan(0);

    // A withdrawal to a bank: ₦1,000 sent, the ₦100 fee is revenue.
    const bank = await call('POST', '/api/wallet/bank-account', buyer.token, { accountNumber: '0123456789', bankCode: '058' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    const out = await call('POST', '/api/wallet/withdraw', buyer.token, { amount: nairaToKobo(1_000), password: buyer.password });
    expect(out.status, JSON.stringify(out.body)).toBe(200);

    // A cash-prize contest: its ₦5,000 prize leaves the wallet for escrow.
    const prize = await call('POST', '/api/contests', buyer.token, contestPayload({ prizeAmount: 500_000 }));
    expect(prize.status, JSON.stringify(prize.body)).toBe(201);

    // A paid vote: 10 credits into the platform's credit revenue.
    const organizer = await createSignedInUser(t.app);
    const participant = await createSignedInUser(t.app);
    const contest = await insertContest(t.ctx, organizer.userId);
    const entry = await insertEntry(t.ctx, contest.id, participant.userId);
    const vote = await call('POST', '/api/votes', buyer.token, { entryId: entry.id, contestId: contest.id, voteType: 'paid', amount: 1 });
    expect(vote.status, JSON.stringify(vote.body)).toBe(201);

    const report = await finance('?period=30');
    const source = (s: string) => report.revenue.bySource.find((l) => l.source === s)!;
    const grew = (s: string) => source(s).kobo - reportBefore.revenue.bySource.find((l) => l.source === s)!.kobo;
    expect(grew('credit_purchases')).toBe(paid);
    expect(grew('transfer_fees')).toBe(transferFee);
    expect(grew('withdrawal_fees')).toBe(WITHDRAWAL_FEE_KOBO);
    expect(source('paid_votes').credits - reportBefore.revenue.bySource.find((l) => l.source === 'paid_votes')!.credits).toBe(10);
    expect(report.revenue.totalKobo - reportBefore.revenue.totalKobo).toBe(paid + transferFee + WITHDRAWAL_FEE_KOBO);
    expect(report.payouts.withdrawalsKobo - reportBefore.payouts.withdrawalsKobo).toBe(nairaToKobo(1_000));
    expect(report.payouts.withdrawals - reportBefore.payouts.withdrawals).toBe(1);

    // The recent transactions carry the spec's types.
    const types = new Set(report.transactions.items.map((i) => i.type));
    expect(types).toContain('vote_credit');
    expect(types).toContain('withdrawal');
    expect(report.transactions.items.length).toBeLessThanOrEqual(10);
    expect(report.transactions.pagination).toMatchObject({ page: 1, limit: 10 });
    // Purchase, deposit, transfer, withdrawal, escrow, vote.
    expect(report.transactions.pagination.total - reportBefore.transactions.pagination.total).toBe(6);
    expect(report.held.escrowKobo - reportBefore.held.escrowKobo).toBe(500_000);
    expect(report.transactions.items.find((i) => i.kind === 'contest_escrow')).toMatchObject({ type: 'contest_fee', kobo: 500_000 });
    const [first, second] = [await finance('?period=30&limit=2'), await finance('?period=30&limit=2&page=2')];
    expect(first.transactions.items).toHaveLength(2);
    expect(second.transactions.items).toHaveLength(2);
    expect(first.transactions.items[0]!.kind).toBe('vote_spend');
    expect(second.transactions.items.map((i) => i.id)).not.toContain(first.transactions.items[0]!.id);

    // Equal to the reconciliation, which finds nothing wrong.
    const rec = await call<TReconciliationReport>('GET', '/api/admin/reconciliation', admin.token);
    expect(rec.status).toBe(200);
    expect(rec.body.data.ok).toBe(true);
    const totals = rec.body.data.totals;
    expect(report.held.walletsKobo).toBe(totals.walletsKobo);
    expect(report.held.escrowKobo).toBe(totals.escrowKobo);
    expect(report.held.userCredits).toBe(totals.userCredits);
    expect(report.revenue.allTimeKobo).toBe(totals.revenueKobo);
    // Everything in this database happened within the period.
    expect(report.revenue.totalKobo).toBe(totals.revenueKobo);
    expect((await adminStats()).totalRevenue).toBe(totals.revenueKobo);
  });

  it('leaves out what happened before the period, and keeps it in money held and all-time revenue', async () => {
    const today = await finance('?period=7');
    expect(today.revenue.totalKobo).toBeGreaterThan(0);
    expect(new Date(today.period.to).getTime() - new Date(today.period.from).getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    setClock(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    try {
      // A token from 8 days ago has expired: the admin signs in again, in the future.
      const later = await createSignedInUser(t.app, { role: 'admin' });
      const res = await call<TFinancialReport>('GET', '/api/admin-tools/financial-reports?period=7', later.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const week = res.body.data;
      expect(week.revenue.totalKobo).toBe(0);
      expect(week.revenue.bySource.every((l) => l.kobo === 0 && l.credits === 0 && l.transactions === 0)).toBe(true);
      expect(week.payouts).toEqual({ prizesKobo: 0, prizes: 0, withdrawalsKobo: 0, withdrawals: 0 });
      expect(week.transactions.pagination.total).toBe(0);
      expect(week.revenue.allTimeKobo).toBe(today.revenue.allTimeKobo);
      expect(week.held).toEqual(today.held);
      const month = (await call<TFinancialReport>('GET', '/api/admin-tools/financial-reports?period=30', later.token)).body.data;
      expect(month.revenue.totalKobo).toBe(today.revenue.totalKobo);
    } finally {
      setClock(null);
    }
  });
});

describe('admin stats', () => {
  it('counts the users, live contests, flagged items, entries awaiting review and daily active people the test created', async () => {
    const before = await adminStats();
    const organizer = await createSignedInUser(t.app);
    const participant = await createSignedInUser(t.app);
    const reporter = await createSignedInUser(t.app);
    const open = await insertContest(t.ctx, organizer.userId, { status: 'active' });
    await insertContest(t.ctx, organizer.userId, { status: 'voting' });
    await insertContest(t.ctx, organizer.userId, { status: 'ended' });
    await insertEntry(t.ctx, open.id, participant.userId, { status: 'pending' });
    await insertEntry(t.ctx, open.id, participant.userId, { status: 'approved' });

    const filed = await call('POST', `/api/contests/${open.id}/report`, reporter.token, {
      reason: 'spam',
      description: 'This contest is clearly spam.',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    // A second report of the same contest is the same flagged item; a report of a user is another.
    const second = await call('POST', `/api/contests/${open.id}/report`, participant.token, {
      reason: 'scam',
      description: 'Looks like a scam to me.',
    });
    expect(second.status).toBe(201);
    await t.ctx.db.insert(reports).values({
      targetType: 'user',
      targetId: organizer.userId,
      reporterId: reporter.userId,
      reason: 'harassment',
      description: 'Sends abusive messages.',
    });
    // A dismissed report flags nothing.
    await t.ctx.db.insert(reports).values({
      targetType: 'user',
      targetId: participant.userId,
      reporterId: reporter.userId,
      reason: 'spam',
      description: 'Not really.',
      status: 'dismissed',
    });

    const after = await adminStats();
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.dailyActiveUsers - before.dailyActiveUsers).toBe(3);
    expect(after.activeContests - before.activeContests).toBe(2);
    expect(after.flaggedContent - before.flaggedContent).toBe(2);
    expect(after.flaggedContests - before.flaggedContests).toBe(1);
    expect(after.flaggedUsers - before.flaggedUsers).toBe(1);
    expect(after.pendingReview - before.pendingReview).toBe(1);
    expect(['healthy', 'warning', 'critical']).toContain(after.systemHealth.status);
    expect(after.systemHealth.responseTimeMs).toEqual(expect.any(Number));
    expect(after.systemHealth.availabilityPercent).toBeGreaterThan(0);
    expect(after.systemHealth.availabilityPercent).toBeLessThanOrEqual(100);
    expect(after.systemHealth.memoryPercent).toBeGreaterThan(0);
  });
});
