/**
 * A contest's life with the clock moved: phases, the end (winner, payout exactly once, badge),
 * cancellation refunds, and the scheduler that drives it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditsToUnits, type TContest, type TContestList, type TPublicProfile } from '@contesthub/shared';
import { buildApp } from '../src/app.js';
import { contests, entries, ledgerTransactions, userBadges, votes } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { createScheduler } from '../src/lib/jobs.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity, platformRevenueTotal, post } from '../src/modules/ledger/ledger.js';
import { cancelContest } from '../src/modules/contest-settlement/change-status.js';
import { finalizeContest, runContestLifecycle } from '../src/modules/contest-settlement/finalize-contest.js';
import { createSignedInUser, createTestApp, createTestUser, login, type TestApp } from './helpers.js';
import {
  DAY,
  HOUR,
  api,
  castVote,
  createUsers,
  chargeEntryFee,
  createContest,
  creditUnitsOf,
  fundWallet,
  giveCredits,
  insertEntry,
  walletOf,
} from './contest-fixtures.js';

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
  const report = await checkLedgerIntegrity(t.ctx.db);
  expect(report.problems).toEqual([]);
});

const revenue = (asset: 'NGN' | 'CREDIT') => platformRevenueTotal(t.ctx.db, asset);
const escrow = (id: string, asset: 'NGN' | 'CREDIT' = 'NGN') => balanceOf(t.ctx.db, accounts.contestEscrow(id, asset));
const contestRow = async (id: string) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const postedCount = async (reference: string) =>
  (await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference))).length;
const listed = async (status: string) =>
  (await api<TContestList>(t.app, 'GET', `/api/contests?status=${status}&limit=50`)).body.data.contests.map((c) => c._id);
const read = async (id: string) => (await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${id}`)).body.data.contest;

/** An organizer signed in at the current (moved) clock with money for the prize. */
async function organizer(kobo: number, input: Parameters<typeof createSignedInUser>[1] = {}) {
  const u = await createSignedInUser(t.app, input);
  if (kobo > 0) await fundWallet(t.ctx, u.userId, kobo);
  return u;
}

/** Sign in again after the clock moved past the access token's 15 minutes. */
const relogin = async (u: { email: string; password: string }) => (await login(t.app, u.email, u.password)).token;

describe('phases follow the clock', () => {
  it('active → voting → ended, paying the winner 95% and the platform 5% to the kobo, once', async () => {
    setClock(new Date('2033-02-01T09:00:00Z'));
    const PRIZE = 1_000_099; // ₦10,000.99: the fee rounds down, the winner gets the odd kobo
    const org = await organizer(PRIZE);
    const contest = await createContest(t.app, org.token, { prizeAmount: PRIZE });
    const [p1, p2, p3] = await createUsers(t.ctx, 3, { fullName: 'Chidi Winner' });
    await insertEntry(t.ctx, contest._id, p1!.user.id, { title: 'Runner-up', weightedVotes: 10, votesCount: 10 });
    const e2 = await insertEntry(t.ctx, contest._id, p2!.user.id, { title: 'Champion', weightedVotes: 15, votesCount: 3 });
    // A pending entry never wins, however many votes it shows.
    await insertEntry(t.ctx, contest._id, p3!.user.id, { status: 'pending', weightedVotes: 100 });
    const ngnRevenue = await revenue('NGN');

    // Entry period over: the answer follows the dates at once, the tick then stores it.
    advanceClock(2 * DAY);
    expect(await read(contest._id)).toMatchObject({ status: 'voting', phase: 'voting', isAcceptingEntries: false, isVotingActive: true });
    expect((await contestRow(contest._id)).status).toBe('active');
    // Filters agree with the answers: listed as voting, not as active, before any tick.
    expect(await listed('voting')).toContain(contest._id);
    expect(await listed('active')).not.toContain(contest._id);
    let tick = await runContestLifecycle(t.ctx);
    expect(tick).toMatchObject({ leader: true, movedToVoting: 1, finalized: [] });
    expect((await contestRow(contest._id)).status).toBe('voting');

    // Voting over: shown as ended right away, paid by the next tick.
    advanceClock(2 * DAY);
    expect(await read(contest._id)).toMatchObject({ status: 'ended', phase: 'ended', isVotingActive: false, winner: null });
    expect(await listed('ended')).toContain(contest._id);
    expect(await listed('voting')).not.toContain(contest._id);
    tick = await runContestLifecycle(t.ctx);
    expect(tick.finalized.filter((f) => f.contestId === contest._id)).toEqual([
      {
        contestId: contest._id,
        winnerEntryId: e2,
        winnerUserId: p2!.user.id,
        prizePaid: 950_095,
        fee: 50_004,
        refunded: 0,
        badgeAwarded: false,
        prizeHeld: false,
      },
    ]);
    expect(await walletOf(t.ctx, p2!.user.id)).toBe(950_095);
    expect(await walletOf(t.ctx, p1!.user.id)).toBe(0);
    expect(await revenue('NGN')).toBe(ngnRevenue + 50_004);
    expect(await escrow(contest._id)).toBe(0);
    const row = await contestRow(contest._id);
    expect(row).toMatchObject({ status: 'ended', winnerEntryId: e2 });
    expect(row.finalizedAt?.toISOString()).toBe(now().toISOString());
    expect((await read(contest._id)).winner).toEqual({
      entryId: e2,
      title: 'Champion',
      participant: { _id: p2!.user.id, fullName: 'Chidi Winner' },
    });
    expect(await postedCount(`contest:payout:${contest._id}`)).toBe(1);

    // Later ticks change nothing.
    advanceClock(DAY);
    expect((await runContestLifecycle(t.ctx)).finalized).toEqual([]);
    expect(await walletOf(t.ctx, p2!.user.id)).toBe(950_095);
  });

  it('pays once when two ticks run at the same time', async () => {
    setClock(new Date('2033-03-01T09:00:00Z'));
    const org = await organizer(400_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 400_000 });
    const winner = await createTestUser(t.ctx);
    await insertEntry(t.ctx, contest._id, winner.user.id, { weightedVotes: 1 });
    advanceClock(5 * DAY);
    const ticks = await Promise.all([runContestLifecycle(t.ctx), runContestLifecycle(t.ctx), runContestLifecycle(t.ctx)]);
    expect(ticks.flatMap((r) => r.finalized.map((f) => f.contestId)).filter((id) => id === contest._id)).toEqual([contest._id]);
    expect(await walletOf(t.ctx, winner.user.id)).toBe(380_000);
    expect(await postedCount(`contest:payout:${contest._id}`)).toBe(1);
  });

  it('finalizes once when finalize is attempted concurrently (no leader lock involved)', async () => {
    setClock(new Date('2033-03-05T09:00:00Z'));
    const org = await organizer(200_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 200_000 });
    const winner = await createTestUser(t.ctx);
    await insertEntry(t.ctx, contest._id, winner.user.id);
    advanceClock(5 * DAY);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => finalizeContest(t.ctx, contest._id)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await walletOf(t.ctx, winner.user.id)).toBe(190_000);
    expect(await revenue('NGN')).toBeGreaterThanOrEqual(10_000);
  });

  it('pays once when the organizer ends the contest while a tick runs', async () => {
    setClock(new Date('2033-03-10T09:00:00Z'));
    const org = await organizer(1_000_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 1_000_000 });
    const winner = await createTestUser(t.ctx);
    await insertEntry(t.ctx, contest._id, winner.user.id, { weightedVotes: 3 });
    advanceClock(4 * DAY + HOUR);
    const token = await relogin(org);
    const [patched, tick] = await Promise.all([
      api<{ contest: TContest }>(t.app, 'PATCH', `/api/contests/${contest._id}/status`, token, { status: 'ended' }),
      runContestLifecycle(t.ctx),
    ]);
    expect([200, 409]).toContain(patched.status);
    if (patched.status === 409) expect(patched.body.message).toBe('This contest has already ended');
    expect(tick.finalized.length + (patched.status === 200 ? 1 : 0)).toBe(1);
    expect(await walletOf(t.ctx, winner.user.id)).toBe(950_000);
    expect(await postedCount(`contest:payout:${contest._id}`)).toBe(1);
    expect((await read(contest._id)).winner?.participant._id).toBe(winner.user.id);
  });

  it('pays the winner when the organizer ends voting early (PATCH voting, then ended)', async () => {
    setClock(new Date('2033-03-15T09:00:00Z'));
    const org = await organizer(300_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 300_000 });
    const winner = await createTestUser(t.ctx);
    const entryId = await insertEntry(t.ctx, contest._id, winner.user.id, { weightedVotes: 2 });
    expect((await api(t.app, 'PATCH', `/api/contests/${contest._id}/status`, org.token, { status: 'voting' })).status).toBe(200);
    advanceClock(HOUR);
    const res = await api<{ contest: TContest; finalized: Record<string, unknown> }>(
      t.app,
      'PATCH',
      `/api/contests/${contest._id}/status`,
      await relogin(org),
      { status: 'ended' },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The contest has ended and its results are final.');
    expect(res.body.data.finalized).toEqual({ winnerEntryId: entryId, prizePaid: 285_000, fee: 15_000, refunded: 0, badgeAwarded: false });
    expect(res.body.data.contest).toMatchObject({ status: 'ended', votingEndDate: now().toISOString(), winner: { entryId } });
    expect(await walletOf(t.ctx, winner.user.id)).toBe(285_000);
    // The scheduler finds nothing left to do.
    expect((await runContestLifecycle(t.ctx)).finalized.map((f) => f.contestId)).not.toContain(contest._id);
  });
});

describe('who wins (docs/decisions/004-contest-ranking.md)', () => {
  it('breaks a tie in weighted votes by the earlier submission', async () => {
    setClock(new Date('2033-04-01T09:00:00Z'));
    const org = await organizer(200_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 200_000 });
    const [early, late] = await createUsers(t.ctx, 2);
    await insertEntry(t.ctx, contest._id, late.user.id, { weightedVotes: 7, createdAt: new Date(now().getTime() + 2 * HOUR) });
    const earlyEntry = await insertEntry(t.ctx, contest._id, early.user.id, {
      weightedVotes: 7,
      createdAt: new Date(now().getTime() + HOUR),
    });
    advanceClock(5 * DAY);
    const outcome = (await runContestLifecycle(t.ctx)).finalized.find((f) => f.contestId === contest._id);
    expect(outcome?.winnerEntryId).toBe(earlyEntry);
    expect(await walletOf(t.ctx, early.user.id)).toBe(190_000);
    expect(await walletOf(t.ctx, late.user.id)).toBe(0);
  });

  it('then by the lower id, and records the badge of a badge contest', async () => {
    setClock(new Date('2033-04-05T09:00:00Z'));
    const org = await organizer(0);
    await giveCredits(t.ctx, org.userId, 500);
    const contest = await createContest(t.app, org.token, { prizeType: 'badge', prizeAmount: 0, badgeTitle: 'Golden Lens' });
    const [a, b] = await createUsers(t.ctx, 2);
    const same = new Date(now().getTime() + HOUR);
    const low = '00000000-0000-4000-8000-00000000000a';
    const high = '00000000-0000-4000-8000-00000000000b';
    await insertEntry(t.ctx, contest._id, b.user.id, { id: high, weightedVotes: 4, createdAt: same });
    await insertEntry(t.ctx, contest._id, a.user.id, { id: low, weightedVotes: 4, createdAt: same });
    const creditRevenue = await revenue('CREDIT');
    advanceClock(5 * DAY);
    const outcome = (await runContestLifecycle(t.ctx)).finalized.find((f) => f.contestId === contest._id);
    expect(outcome).toMatchObject({ winnerEntryId: low, badgeAwarded: true, prizePaid: 0 });
    const badges = await t.ctx.db.select().from(userBadges).where(eq(userBadges.contestId, contest._id));
    expect(badges).toMatchObject([{ userId: a.user.id, title: 'Golden Lens' }]);
    // The badge fee stays platform revenue once the contest ran.
    expect(await revenue('CREDIT')).toBe(creditRevenue);
    const profile = await api<TPublicProfile>(t.app, 'GET', `/api/users/${a.user.id}/public`);
    expect(profile.body.data).toMatchObject({ contestsWon: 1, badges: [{ title: 'Golden Lens' }] });
  });

  it('returns the prize to the organizer when no entry was approved', async () => {
    setClock(new Date('2033-04-10T09:00:00Z'));
    const org = await organizer(250_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 250_000, entryReview: 'review' });
    const [p1, p2] = await createUsers(t.ctx, 2);
    await insertEntry(t.ctx, contest._id, p1.user.id, { status: 'pending', weightedVotes: 3 });
    await insertEntry(t.ctx, contest._id, p2.user.id, { status: 'rejected', rejectionReason: 'Blurry' });
    expect(await walletOf(t.ctx, org.userId)).toBe(0);
    advanceClock(5 * DAY);
    const outcome = (await runContestLifecycle(t.ctx)).finalized.find((f) => f.contestId === contest._id);
    expect(outcome).toMatchObject({ winnerEntryId: null, prizePaid: 0, fee: 0, refunded: 250_000 });
    expect(await walletOf(t.ctx, org.userId)).toBe(250_000);
    expect(await postedCount(`contest:refund:${contest._id}`)).toBe(1);
    expect(await read(contest._id)).toMatchObject({ status: 'ended', winner: null });
  });

  it('turns the entry fees held in escrow into platform revenue at the end', async () => {
    setClock(new Date('2033-04-15T09:00:00Z'));
    const org = await organizer(100_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 100_000, entryFee: 'paid', entryFeeAmount: 2.5 });
    const p = await createTestUser(t.ctx);
    await giveCredits(t.ctx, p.user.id, 10);
    const entryId = await insertEntry(t.ctx, contest._id, p.user.id);
    await chargeEntryFee(t.ctx, contest._id, entryId, p.user.id, 2.5);
    expect(await escrow(contest._id, 'CREDIT')).toBe(250);
    const creditRevenue = await revenue('CREDIT');
    advanceClock(5 * DAY);
    await runContestLifecycle(t.ctx);
    expect(await escrow(contest._id, 'CREDIT')).toBe(0);
    expect(await revenue('CREDIT')).toBe(creditRevenue + 250);
    expect(await postedCount(`contest:entry-fees:${contest._id}`)).toBe(1);
    expect(await walletOf(t.ctx, p.user.id)).toBe(95_000);
  });
});

describe('cancellation refunds everything in one go', () => {
  it('returns the escrow, every active paid vote, every paid entry fee; votes become inactive', async () => {
    setClock(new Date('2033-05-01T09:00:00Z'));
    const org = await organizer(600_000);
    const contest = await createContest(t.app, org.token, {
      prizeAmount: 600_000,
      entryFee: 'paid',
      entryFeeAmount: 5,
      votingType: 'both',
      votingFeeAmount: 10,
      freeVotesPerUser: 1,
      maxVotesPerUser: 10,
    });
    const [p1, p2, p3] = await createUsers(t.ctx, 3);
    const entryIds: string[] = [];
    for (const p of [p1!, p2!, p3!]) {
      await giveCredits(t.ctx, p.user.id, 5);
      const id = await insertEntry(t.ctx, contest._id, p.user.id);
      await chargeEntryFee(t.ctx, contest._id, id, p.user.id, 5);
      entryIds.push(id);
    }
    // p3's entry was already deleted and refunded by the entries module: not refunded twice.
    await t.ctx.db.transaction((tx) =>
      post(tx, {
        reference: `entry:fee-refund:${entryIds[2]}`,
        kind: 'entry_fee_refund',
        description: 'Entry deleted',
        lines: [
          { account: accounts.contestEscrow(contest._id, 'CREDIT'), amount: -creditsToUnits(5) },
          { account: accounts.userCredits(p3!.user.id), amount: creditsToUnits(5) },
        ],
      }),
    );

    advanceClock(2 * DAY + HOUR); // voting
    const [v1, v2] = await createUsers(t.ctx, 2);
    await giveCredits(t.ctx, v1.user.id, 100);
    await giveCredits(t.ctx, v2.user.id, 30);
    const creditRevenueBefore = await revenue('CREDIT');
    const paid1 = await castVote(t.ctx, {
      contestId: contest._id,
      entryId: entryIds[0]!,
      voterId: v1.user.id,
      type: 'paid',
      amount: 3,
      feeCredits: 10,
    });
    await castVote(t.ctx, { contestId: contest._id, entryId: entryIds[1]!, voterId: v1.user.id, type: 'paid', amount: 2, feeCredits: 10 });
    await castVote(t.ctx, { contestId: contest._id, entryId: entryIds[1]!, voterId: v2.user.id, type: 'paid', amount: 1, feeCredits: 10 });
    await castVote(t.ctx, { contestId: contest._id, entryId: entryIds[0]!, voterId: v2.user.id, type: 'free' });
    expect(await creditUnitsOf(t.ctx, v1.user.id)).toBe(creditsToUnits(50));
    expect(await revenue('CREDIT')).toBe(creditRevenueBefore + creditsToUnits(60));

    const token = await relogin(org);
    const res = await api<{ contest: TContest; refunds: Record<string, number> }>(
      t.app,
      'PATCH',
      `/api/contests/${contest._id}/status`,
      token,
      { status: 'cancelled', reason: 'Sponsor pulled out' },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The contest has been cancelled and every payment refunded.');
    expect(res.body.data.refunds).toEqual({
      escrowRefunded: 600_000,
      votesRefunded: 3,
      voteCreditsRefunded: 60,
      entryFeesRefunded: 2,
      entryFeeCreditsRefunded: 10,
      badgeFeeRefunded: 0,
    });
    expect(res.body.data.contest).toMatchObject({ status: 'cancelled', phase: 'cancelled', cancelReason: 'Sponsor pulled out' });
    expect(await walletOf(t.ctx, org.userId)).toBe(600_000);
    expect(await escrow(contest._id)).toBe(0);
    expect(await escrow(contest._id, 'CREDIT')).toBe(0);
    expect(await creditUnitsOf(t.ctx, v1.user.id)).toBe(creditsToUnits(100));
    expect(await creditUnitsOf(t.ctx, v2.user.id)).toBe(creditsToUnits(30));
    for (const p of [p1!, p2!, p3!]) expect(await creditUnitsOf(t.ctx, p.user.id)).toBe(creditsToUnits(5));
    expect(await revenue('CREDIT')).toBe(creditRevenueBefore);
    const active = await t.ctx.db
      .select()
      .from(votes)
      .where(and(eq(votes.contestId, contest._id), eq(votes.isActive, true)));
    expect(active).toEqual([]);
    // Refunded votes no longer count anywhere.
    const counted = await t.ctx.db
      .select({ votes: entries.votesCount, weighted: entries.weightedVotes })
      .from(entries)
      .where(eq(entries.contestId, contest._id));
    expect(counted.every((e) => e.votes === 0 && e.weighted === 0)).toBe(true);
    expect(res.body.data.contest.stats).toMatchObject({ totalVotes: 0 });
    expect(await postedCount(`vote:refund:${paid1}`)).toBe(1);
    expect(await postedCount(`contest:cancel:${contest._id}:escrow`)).toBe(1);

    // Nothing is paid at the contest's end: it never ends.
    advanceClock(10 * DAY);
    expect((await runContestLifecycle(t.ctx)).finalized.map((f) => f.contestId)).not.toContain(contest._id);
  });

  it('returns the badge fee of a cancelled badge contest; the votes module may cancel for an admin', async () => {
    setClock(new Date('2033-05-10T09:00:00Z'));
    const org = await organizer(0);
    await giveCredits(t.ctx, org.userId, 500);
    const contest = await createContest(t.app, org.token, { prizeType: 'badge', prizeAmount: 0, badgeTitle: 'Pioneer' });
    const stranger = await createTestUser(t.ctx);
    await expect(cancelContest(t.ctx, contest._id, { userId: stranger.user.id, role: 'user' }, 'No')).rejects.toMatchObject({
      statusCode: 403,
    });
    const admin = await createTestUser(t.ctx, { role: 'admin' });
    const result = await cancelContest(t.ctx, contest._id, { userId: admin.user.id, role: 'admin' }, 'Refund requested');
    expect(result.refunds).toMatchObject({ badgeFeeRefunded: 500, escrowRefunded: 0 });
    expect(result.contest.status).toBe('cancelled');
    expect(await creditUnitsOf(t.ctx, org.userId)).toBe(creditsToUnits(500));
    await expect(cancelContest(t.ctx, contest._id, { userId: admin.user.id, role: 'admin' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'This contest has been cancelled',
    });
  });

  it('refuses to cancel once voting is over: the winner is owed the prize', async () => {
    setClock(new Date('2033-05-20T09:00:00Z'));
    const org = await organizer(100_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 100_000 });
    advanceClock(5 * DAY);
    const token = await relogin(org);
    const res = await api(t.app, 'PATCH', `/api/contests/${contest._id}/status`, token, { status: 'cancelled' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This contest has already ended');
    expect(await escrow(contest._id)).toBe(100_000);
  });
});

describe('the scheduler', () => {
  it('runs a job on its interval, never two runs of it at once, and waits for a run on stop', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const log = t.app.log;
    const scheduler = createScheduler(
      [
        {
          name: 'slow',
          intervalMs: 10,
          run: async () => {
            running += 1;
            maxRunning = Math.max(maxRunning, running);
            await new Promise((r) => setTimeout(r, 35));
            running -= 1;
            runs += 1;
          },
        },
      ],
      log,
    );
    await new Promise((r) => setTimeout(r, 150));
    await scheduler.stop();
    expect(running).toBe(0);
    expect(maxRunning).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    const after = runs;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(after);
  });

  it('keeps going after a failing run', async () => {
    let calls = 0;
    const scheduler = createScheduler(
      [
        {
          name: 'flaky',
          intervalMs: 10,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('boom');
          },
        },
      ],
      t.app.log,
    );
    await new Promise((r) => setTimeout(r, 80));
    await scheduler.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('is started by the app when it is ready (jobs on) and pays a contest that is due', async () => {
    setClock(new Date('2033-06-01T09:00:00Z'));
    const org = await organizer(100_000);
    const contest = await createContest(t.app, org.token, { prizeAmount: 100_000 });
    const winner = await createTestUser(t.ctx);
    await insertEntry(t.ctx, contest._id, winner.user.id);
    advanceClock(5 * DAY);
    const second = await buildApp(t.config, { database: t.database.database, logger: false, jobs: true });
    try {
      await second.ready();
      for (let i = 0; i < 500 && (await walletOf(t.ctx, winner.user.id)) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await second.close();
    }
    expect(await walletOf(t.ctx, winner.user.id)).toBe(95_000);
    expect((await contestRow(contest._id)).status).toBe('ended');
  });
});
