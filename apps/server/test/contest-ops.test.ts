/**
 * The Contest Management page and money that needs a person (issue 15 items 5 and 7), through the
 * API as an admin client sees it, on a fake Paystack for the transfer paths: pending entries per
 * contest, the voting monitor's figures and flags, prize payouts held (finalize leaves the prize in
 * escrow, a restart keeps the hold) and released (paid once), the featured flag and phase actions,
 * and withdrawals the gateway refused, retried with the same reference, marked failed with one
 * refund, or held because their owner was banned (skipped by the payout job, kept after an unban).
 * Every action's audit row is read back; the ledger and the reconciliation are checked clean.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  nairaToKobo,
  type TAttentionWithdrawalsPage,
  type TAuditLogPage,
  type TContestPrize,
  type TFeaturedContests,
  type TPendingEntriesPage,
  type TPrizesPage,
  type TStaffContestSettings,
  type TVotingMonitor,
  type TWithdrawAnswer,
  type TWithdrawalActionAnswer,
} from '@contesthub/shared';
import { contests, ledgerTransactions, users, votes, withdrawals } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { recordEvent } from '../src/lib/events/index.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { runReconciliation } from '../src/modules/reconciliation/reconciliation.service.js';
import { userBanned, userUnbanned } from '../src/modules/users/users.events.js';
import { runWithdrawalFollowUp } from '../src/modules/wallet/withdrawals.service.js';
import { DAY, HOUR, castVote, createContest, createUsers, giveCredits, insertContest, insertEntry } from './contest-fixtures.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  eventsNamed,
  login,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';
import { startFakePaystack, type FakePaystack } from './payments/fake-paystack.js';

type User = TestUser & LoginResult;

let p: TestApp;
let fake: FakePaystack;
let admin: User;
let moderator: User;
let member: User;

beforeAll(async () => {
  fake = await startFakePaystack();
  p = await createTestApp({ paystack: { secretKey: fake.secretKey, baseUrl: fake.url } });
  admin = await createSignedInUser(p.app, { role: 'admin' });
  moderator = await createSignedInUser(p.app, { role: 'moderator' });
  member = await createSignedInUser(p.app);
});
afterAll(async () => {
  setClock(null);
  await p?.close();
  await fake?.close();
});
afterEach(async () => {
  setClock(null);
  expect((await checkLedgerIntegrity(p.ctx.db)).problems).toEqual([]);
});

const call = <T>(method: 'GET' | 'PUT', url: string, who: User | null, body?: unknown) =>
  apiCall<T>(p.app, method, url, who?.token, body as Record<string, unknown> | undefined);

/** The audit rows of a target, newest first, as the audit log API answers them. */
async function auditOf(targetId: string) {
  const res = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?target=${targetId}&limit=50`, admin);
  expect(res.status).toBe(200);
  return res.body.data.entries;
}

const postings = async (reference: string) =>
  (await p.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference))).length;
const wallet = (userId: string) => balanceOf(p.ctx.db, accounts.userWallet(userId));
const escrow = (contestId: string) => balanceOf(p.ctx.db, accounts.contestEscrow(contestId, 'NGN'));

async function reconciliationClean() {
  const report = await runReconciliation(p.ctx.db);
  expect(report.findings).toEqual([]);
  expect(report.ok).toBe(true);
}

// ---------- access ----------

describe('access', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const contestRoutes: Array<['GET' | 'PUT', string, unknown?]> = [
    ['GET', '/api/admin-tools/contests/pending-entries'],
    ['GET', '/api/admin-tools/contests/voting-monitor'],
    ['GET', '/api/admin-tools/contests/settings'],
    ['PUT', `/api/admin-tools/contests/${ID}/feature`, { featured: true }],
    ['PUT', `/api/admin-tools/contests/${ID}/phase`, { action: 'close', phase: 'voting', reason: 'x' }],
  ];
  const moneyRoutes: Array<['GET' | 'PUT', string, unknown?]> = [
    ['GET', '/api/admin-tools/contests/prizes'],
    ['PUT', `/api/admin-tools/contests/${ID}/payout-hold`, { reason: 'dispute' }],
    ['PUT', `/api/admin-tools/contests/${ID}/payout-release`, { reason: 'resolved' }],
    ['GET', '/api/admin-tools/withdrawals?status=needs_attention'],
    ['PUT', `/api/admin-tools/withdrawals/${ID}/retry`],
    ['PUT', `/api/admin-tools/withdrawals/${ID}/fail`, { reason: 'bank closed' }],
  ];

  it('refuses a signed-out caller (401), a plain user and a moderator (403) on every endpoint', async () => {
    for (const [method, url, body] of [...contestRoutes, ...moneyRoutes]) {
      expect((await call(method, url, null, body)).status, url).toBe(401);
      expect((await call(method, url, member, body)).status, url).toBe(403);
      expect((await call(method, url, moderator, body)).status, url).toBe(403);
    }
  });

  it('answers 404 for an unknown contest or withdrawal, for an admin', async () => {
    for (const [method, url, body] of [...contestRoutes, ...moneyRoutes].filter(([m]) => m === 'PUT')) {
      const res = await call<unknown>(method, url, admin, body);
      expect(res.status, url).toBe(404);
    }
  });

  it('refuses bad input with 400 and the texts', async () => {
    const org = await createSignedInUser(p.app);
    const id = await insertContest(p.ctx, org.userId);
    const bad: Array<[string, unknown, string]> = [
      [`/api/admin-tools/contests/${id}/payout-hold`, {}, 'Please provide a reason'],
      [`/api/admin-tools/contests/${id}/payout-hold`, { reason: '   ' }, 'Please provide a reason'],
      [`/api/admin-tools/contests/${id}/payout-release`, { reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
      [`/api/admin-tools/contests/${id}/feature`, { featured: 'yes' }, 'featured must be true or false'],
      [`/api/admin-tools/contests/${id}/phase`, { action: 'pause', phase: 'voting', reason: 'r' }, "action must be 'extend' or 'close'"],
      [`/api/admin-tools/contests/${id}/phase`, { action: 'extend', phase: 'voting', reason: 'r' }, 'Choose when the phase should now end'],
      [`/api/admin-tools/contests/${id}/phase`, { action: 'close', phase: 'voting' }, 'Please provide a reason'],
      [`/api/admin-tools/withdrawals/${id}/fail`, {}, 'Please provide a reason'],
    ];
    for (const [url, body, text] of bad) {
      const res = await call<unknown>('PUT', url, admin, body);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body), url).toContain(text);
    }
    expect((await call('GET', '/api/admin-tools/withdrawals?status=all', admin)).status).toBe(400);
    expect((await call('GET', '/api/admin-tools/contests/pending-entries?limit=0', admin)).status).toBe(400);
  });
});

// ---------- pending entries ----------

describe('pending entries', () => {
  it('groups entries awaiting review per contest with counts and each contest review page, 10 a page', async () => {
    const org = await createSignedInUser(p.app, { fullName: 'Ada Organizer' });
    const [a, b, c] = await createUsers(p.ctx, 3);
    const before = (await call<TPendingEntriesPage>('GET', '/api/admin-tools/contests/pending-entries', admin)).body.data.totalPending;
    const one = await insertContest(p.ctx, org.userId, { title: 'Review One', entryReview: 'review' });
    const two = await insertContest(p.ctx, org.userId, { title: 'Review Two', entryReview: 'review' });
    const cancelled = await insertContest(p.ctx, org.userId, { title: 'Gone', status: 'cancelled' });
    await insertEntry(p.ctx, one, a!.user.id, { status: 'pending', createdAt: new Date(now().getTime() - 3 * HOUR) });
    await insertEntry(p.ctx, one, b!.user.id, { status: 'pending' });
    await insertEntry(p.ctx, one, c!.user.id, { status: 'approved' });
    await insertEntry(p.ctx, two, a!.user.id, { status: 'pending' });
    await insertEntry(p.ctx, cancelled, a!.user.id, { status: 'pending' });

    const res = await call<TPendingEntriesPage>('GET', '/api/admin-tools/contests/pending-entries', admin);
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(res.body.data.totalPending).toBe(before + 3);
    const byId = new Map(res.body.data.contests.map((x) => [x.contestId, x]));
    expect(byId.get(one)).toMatchObject({
      title: 'Review One',
      organizerName: 'Ada Organizer',
      pendingCount: 2,
      reviewPath: `/dashboard/contests/${one}/review`,
    });
    expect(byId.get(two)).toMatchObject({ pendingCount: 1, reviewPath: `/dashboard/contests/${two}/review` });
    expect(byId.has(cancelled)).toBe(false);
    // Oldest waiting first.
    const ids = res.body.data.contests.map((x) => x.contestId);
    expect(ids.indexOf(one)).toBeLessThan(ids.indexOf(two));
  });
});

// ---------- voting monitor ----------

describe('voting monitor', () => {
  it('gives per-minute rates, shares and flags for live contests only', async () => {
    const org = await createSignedInUser(p.app);
    const live = await insertContest(p.ctx, org.userId, {
      title: 'Live Vote',
      status: 'voting',
      entryStartDate: new Date(now().getTime() - 3 * DAY),
      entryEndDate: new Date(now().getTime() - DAY),
      votingStartDate: new Date(now().getTime() - 2 * HOUR),
      votingEndDate: new Date(now().getTime() + DAY),
      votingType: 'both',
    });
    const quiet = await insertContest(p.ctx, org.userId, {
      title: 'Quiet Vote',
      status: 'voting',
      entryStartDate: new Date(now().getTime() - 3 * DAY),
      entryEndDate: new Date(now().getTime() - DAY),
      votingStartDate: new Date(now().getTime() - 2 * HOUR),
      votingEndDate: new Date(now().getTime() + 2 * DAY),
    });
    const notLive = await insertContest(p.ctx, org.userId, { title: 'Still Entries' });
    const [artist] = await createUsers(p.ctx, 1);
    const entry = await insertEntry(p.ctx, live, artist!.user.id);
    const quietEntry = await insertEntry(p.ctx, quiet, artist!.user.id);

    // Seven new accounts: one casts 20 paid votes, six cast one free vote each; one old account cast 3, 30 minutes ago.
    const fresh = await createUsers(p.ctx, 7);
    const [old] = await createUsers(p.ctx, 1);
    await p.ctx.db
      .update(users)
      .set({ createdAt: new Date(now().getTime() - 30 * DAY) })
      .where(eq(users.id, old!.user.id));
    await giveCredits(p.ctx, fresh[0]!.user.id, 200);
    await castVote(p.ctx, { contestId: live, entryId: entry, voterId: fresh[0]!.user.id, type: 'paid', amount: 20 });
    for (const f of fresh.slice(1)) await castVote(p.ctx, { contestId: live, entryId: entry, voterId: f.user.id, type: 'free' });
    const oldVote = await castVote(p.ctx, { contestId: live, entryId: entry, voterId: old!.user.id, type: 'free', amount: 3 });
    await p.ctx.db
      .update(votes)
      .set({ createdAt: new Date(now().getTime() - 30 * 60_000) })
      .where(eq(votes.id, oldVote));
    // A refunded (inactive) vote is not counted.
    const refunded = await castVote(p.ctx, { contestId: live, entryId: entry, voterId: old!.user.id, type: 'free', amount: 5 });
    await p.ctx.db.update(votes).set({ isActive: false }).where(eq(votes.id, refunded));
    await castVote(p.ctx, { contestId: quiet, entryId: quietEntry, voterId: old!.user.id, type: 'free' });

    const res = await call<TVotingMonitor>('GET', '/api/admin-tools/contests/voting-monitor', admin);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.contests.map((x) => [x.contestId, x]));
    expect(byId.has(notLive)).toBe(false);
    const m = byId.get(live)!;
    expect(m).toMatchObject({
      totalVotes: 29,
      uniqueVoters: 8,
      votesLast10Min: 26,
      votesLast60Min: 29,
      perMinute10: 2.6,
      perMinute60: 0.5,
      paidShare: 0.69,
      newAccountShare: 0.897,
      topVotersShare: 0.897,
      reviewPath: `/dashboard/contests/${live}/review`,
    });
    // 2.6 votes a minute against the hour's 0.5: a spike.
    expect(m.flags.map((f) => [f.code, f.severity])).toEqual([
      ['vote_spike', 'warning'],
      ['new_accounts', 'critical'],
      ['concentrated_voters', 'critical'],
    ]);
    expect(byId.get(quiet)).toMatchObject({ totalVotes: 1, uniqueVoters: 1, flags: [] });
  });
});

// ---------- prizes ----------

/** Puts naira in the wallet with a card deposit through the fake Paystack. */
async function fund(user: User, naira: number) {
  const init = await apiCall<{ reference: string }>(p.app, 'POST', '/api/wallet/deposit', user.token, { amount: nairaToKobo(naira) });
  expect(init.status).toBe(200);
  fake.settle(init.body.data.reference, { status: 'success' });
  expect((await apiCall(p.app, 'POST', '/api/wallet/verify-deposit', user.token, { reference: init.body.data.reference })).status).toBe(
    200,
  );
}

/** A cash contest made through the API (its escrow funded), with a winning entry, in its entry phase. */
async function cashContest(prize: number) {
  const org = await createSignedInUser(p.app);
  await fund(org, prize / 100);
  const contest = await createContest(p.app, org.token, { prizeAmount: prize });
  const [winner, other] = await createUsers(p.ctx, 2, { fullName: 'Tolu Winner' });
  await insertEntry(p.ctx, contest._id, winner!.user.id, { weightedVotes: 20, votesCount: 20 });
  await insertEntry(p.ctx, contest._id, other!.user.id, { weightedVotes: 2, votesCount: 2 });
  return { id: contest._id, org, winner: winner!.user.id };
}

const phase = (id: string, body: Record<string, unknown>) =>
  call<TStaffContestSettings>('PUT', `/api/admin-tools/contests/${id}/phase`, admin, body);

/** Closes entries then voting through the admin phase action: the contest ends and is finalized. */
async function endNow(id: string) {
  expect((await phase(id, { action: 'close', phase: 'submission', reason: 'Enough entries' })).status).toBe(200);
  const ended = await phase(id, { action: 'close', phase: 'voting', reason: 'Voting closed early' });
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  expect(ended.body.data.status).toBe('ended');
}

const prize = async (id: string) => {
  const res = await call<TPrizesPage>('GET', '/api/admin-tools/contests/prizes?limit=50', admin);
  expect(res.status).toBe(200);
  return res.body.data.prizes.find((x) => x.contestId === id)!;
};

describe('prize management', () => {
  it('a held payout stays in escrow through finalize and a restart; the release pays it once', async () => {
    const PRIZE = 1_000_000;
    const c = await cashContest(PRIZE);
    expect(await prize(c.id)).toMatchObject({ payoutStatus: 'pending', escrowHeld: PRIZE, prizeAmount: PRIZE, hold: null, winner: null });

    const held = await call<TContestPrize>('PUT', `/api/admin-tools/contests/${c.id}/payout-hold`, admin, { reason: 'Plagiarism dispute' });
    expect(held.status).toBe(200);
    expect(held.body.message).toBe('Prize payout held');
    expect(held.body.data).toMatchObject({ payoutStatus: 'held', hold: { reason: 'Plagiarism dispute' } });
    const again = await call('PUT', `/api/admin-tools/contests/${c.id}/payout-hold`, admin, { reason: 'twice' });
    expect(again.status).toBe(409);

    await endNow(c.id);
    expect(await postings(`contest:payout:${c.id}`)).toBe(0);
    expect(await escrow(c.id)).toBe(PRIZE);
    expect(await wallet(c.winner)).toBe(0);
    expect(await prize(c.id)).toMatchObject({
      payoutStatus: 'held',
      escrowHeld: PRIZE,
      winner: { userId: c.winner, fullName: 'Tolu Winner' },
    });
    await reconciliationClean();

    // A second app on the same database (a restart): the hold is still there, the lifecycle pays nothing.
    const restarted = await createTestApp({}, { database: p.database });
    try {
      const { runContestLifecycle } = await import('../src/modules/contest-settlement/finalize-contest.js');
      await runContestLifecycle(restarted.ctx);
      const [row] = await restarted.ctx.db.select().from(contests).where(eq(contests.id, c.id));
      expect(row!.payoutHoldReason).toBe('Plagiarism dispute');
    } finally {
      await restarted.close();
    }
    expect(await postings(`contest:payout:${c.id}`)).toBe(0);

    const released = await call<TContestPrize>('PUT', `/api/admin-tools/contests/${c.id}/payout-release`, admin, {
      reason: 'Dispute rejected',
    });
    expect(released.status).toBe(200);
    expect(released.body.message).toBe('Prize payout released');
    expect(released.body.data).toMatchObject({ payoutStatus: 'paid', escrowHeld: 0, paidToWinner: 950_000, hold: null });
    expect(await wallet(c.winner)).toBe(950_000);
    expect(await postings(`contest:payout:${c.id}`)).toBe(1);
    expect(await eventsNamed(p.ctx, 'contest.prize_released', (e) => e.contestId === c.id)).toEqual([
      expect.objectContaining({ winnerUserId: c.winner, prizePaidKobo: 950_000, feeKobo: 50_000, actorId: admin.userId }),
    ]);

    // Exactly once: releasing again is refused, holding a paid prize too.
    expect((await call('PUT', `/api/admin-tools/contests/${c.id}/payout-release`, admin, { reason: 'again' })).status).toBe(409);
    const late = await call<unknown>('PUT', `/api/admin-tools/contests/${c.id}/payout-hold`, admin, { reason: 'late' });
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain('The prize of this contest has already been paid');
    expect(await wallet(c.winner)).toBe(950_000);
    await reconciliationClean();

    const audit = await auditOf(c.id);
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === 'payout.hold')).toHaveLength(1);
    expect(actions.filter((a) => a === 'payout.release')).toHaveLength(1);
    expect(actions.filter((a) => a === 'contest.phase_change')).toHaveLength(2);
    expect(audit.find((a) => a.action === 'payout.hold')).toMatchObject({ reason: 'Plagiarism dispute', actor: { id: admin.userId } });
    expect(audit.find((a) => a.action === 'payout.release')).toMatchObject({
      reason: 'Dispute rejected',
      after: { prizePaid: 950_000, fee: 50_000, payoutHeldAt: null },
    });
  });

  it('a hold released before the end lets finalize pay as usual; a badge contest cannot be held', async () => {
    const c = await cashContest(200_000);
    expect((await call('PUT', `/api/admin-tools/contests/${c.id}/payout-hold`, admin, { reason: 'Check' })).status).toBe(200);
    const released = await call<TContestPrize>('PUT', `/api/admin-tools/contests/${c.id}/payout-release`, admin, { reason: 'Fine' });
    expect(released.body.data).toMatchObject({ payoutStatus: 'pending', escrowHeld: 200_000 });
    await endNow(c.id);
    expect(await prize(c.id)).toMatchObject({ payoutStatus: 'paid', escrowHeld: 0, paidToWinner: 190_000 });
    expect(await postings(`contest:payout:${c.id}`)).toBe(1);
    // Paid by finalize (contest.finalized says so), not by the release.
    expect(await eventsNamed(p.ctx, 'contest.prize_released', (e) => e.contestId === c.id)).toEqual([]);
    expect(await eventsNamed(p.ctx, 'contest.finalized', (e) => e.contestId === c.id)).toEqual([
      expect.objectContaining({ prizePaidKobo: 190_000 }),
    ]);

    const org = await createSignedInUser(p.app);
    const badge = await insertContest(p.ctx, org.userId);
    const refused = await call<unknown>('PUT', `/api/admin-tools/contests/${badge}/payout-hold`, admin, { reason: 'x' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('This contest has no cash prize');
    await reconciliationClean();
  });
});

// ---------- contest settings ----------

describe('contest settings', () => {
  it('features a contest first on the home page, audited', async () => {
    const org = await createSignedInUser(p.app);
    const id = await insertContest(p.ctx, org.userId, { title: 'Spotlight' });
    const res = await call<TStaffContestSettings>('PUT', `/api/admin-tools/contests/${id}/feature`, admin, { featured: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contest featured on the home page');
    expect(res.body.data).toMatchObject({ contestId: id, isFeatured: true });
    const home = await call<TFeaturedContests>('GET', '/api/contests/featured?limit=20', null);
    const featured = home.body.data.contests;
    expect(featured.some((x) => x._id === id)).toBe(true);
    expect(featured.findIndex((x) => !x.isFeatured)).not.toBe(0);

    const off = await call<TStaffContestSettings>('PUT', `/api/admin-tools/contests/${id}/feature`, admin, { featured: false });
    expect(off.body).toMatchObject({ message: 'Contest no longer featured', data: { isFeatured: false } });
    const audit = (await auditOf(id)).filter((a) => a.action === 'contest.feature');
    expect(audit.map((a) => a.after)).toEqual([{ isFeatured: false }, { isFeatured: true }]);

    const listed = await call<{ contests: TStaffContestSettings[] }>('GET', '/api/admin-tools/contests/settings?limit=50', admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.contests.some((x) => x.contestId === id)).toBe(true);
  });

  it('extends and closes phases with a reason, and refuses invalid transitions with clear texts', async () => {
    const org = await createSignedInUser(p.app);
    const id = await insertContest(p.ctx, org.userId);
    const [row] = await p.ctx.db.select().from(contests).where(eq(contests.id, id));
    const later = new Date(row!.entryEndDate.getTime() + HOUR).toISOString();

    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [
        { action: 'extend', phase: 'submission', until: row!.entryEndDate.toISOString() },
        400,
        'The new end must be later than the current end',
      ],
      [
        { action: 'extend', phase: 'submission', until: new Date(now().getTime() - HOUR).toISOString() },
        400,
        'The new end must be in the future',
      ],
      [
        { action: 'extend', phase: 'submission', until: new Date(row!.votingEndDate.getTime() + HOUR).toISOString() },
        409,
        'The submission phase must end before voting ends; extend voting first',
      ],
      [{ action: 'close', phase: 'voting' }, 409, 'Close entries (move the contest to voting) before ending it'],
    ];
    for (const [body, status, text] of refusals) {
      const res = await phase(id, { reason: 'Organizer asked', ...body });
      expect(res.status, text).toBe(status);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    // Extend voting first, then submission up to the voting start.
    const votingLater = new Date(row!.votingEndDate.getTime() + DAY).toISOString();
    const extended = await phase(id, { action: 'extend', phase: 'voting', until: votingLater, reason: 'More time' });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ message: 'Phase extended', data: { votingEndDate: votingLater } });
    const sub = await phase(id, { action: 'extend', phase: 'submission', until: later, reason: 'Late uploads' });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    // Voting now starts when the longer submission phase ends.
    expect(sub.body.data).toMatchObject({ entryEndDate: later, votingStartDate: later, votingEndDate: votingLater });

    const closed = await phase(id, { action: 'close', phase: 'submission', reason: 'Enough entries' });
    expect(closed.body).toMatchObject({ message: 'Phase closed', data: { status: 'voting' } });
    const again = await phase(id, { action: 'extend', phase: 'submission', until: votingLater, reason: 'x' });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('The submission phase of this contest is over');

    const audit = (await auditOf(id)).filter((a) => a.action === 'contest.phase_change');
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      reason: 'Enough entries',
      before: { status: 'active' },
      after: { status: 'voting', action: 'close' },
    });
    expect(audit[2]).toMatchObject({ reason: 'More time', after: { votingEndDate: votingLater } });
  });
});

// ---------- withdrawals that need a person ----------

async function readyUser(naira: number): Promise<User> {
  const user = await createSignedInUser(p.app);
  await fund(user, naira);
  const added = await apiCall(p.app, 'POST', '/api/wallet/bank-account', user.token, { accountNumber: '0123456789', bankCode: '058' });
  expect(added.status).toBe(200);
  return user;
}

const withdraw = (user: User, naira: number) =>
  apiCall<TWithdrawAnswer>(p.app, 'POST', '/api/wallet/withdraw', user.token, { amount: nairaToKobo(naira), password: user.password });

/** A user who withdrew once already, so Paystack knows their recipient and a withdrawal calls only POST /transfer. */
async function knownPayee(naira: number): Promise<User> {
  const user = await readyUser(naira + 200);
  expect((await withdraw(user, 100)).body.data.withdrawal.status).toBe('success');
  return user;
}

const transferCalls = (reference: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/transfer' && r.body?.reference === reference).length;
const wRow = async (reference: string) => (await p.ctx.db.select().from(withdrawals).where(eq(withdrawals.reference, reference)))[0]!;

/** A withdrawal whose first call's outcome was unknown and whose retry Paystack refused: pending, with the refusal. */
async function refusedWithdrawal(user: User, naira: number) {
  fake.failNext('/transfer', 500);
  const w = (await withdraw(user, naira)).body.data.withdrawal;
  expect(w.status).toBe('pending');
  fake.failNext('/transfer/verify', 400, 2, { status: false, message: 'Transfer not found' });
  fake.failNext('/transfer', 400, 1, { status: false, message: 'Duplicate Transfer Reference' });
  advanceClock(61_000);
  await runWithdrawalFollowUp(p.ctx);
  expect(await wRow(w.reference)).toMatchObject({ status: 'pending', attempts: 2 });
  return w;
}

const attention = async () => {
  const res = await call<TAttentionWithdrawalsPage>('GET', '/api/admin-tools/withdrawals?status=needs_attention&limit=50', admin);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('withdrawals that need a person', () => {
  it('lists a refused withdrawal; Mark failed refunds amount + fee once (a second call 409), audited', async () => {
    const u = await knownPayee(5_000);
    const w = await refusedWithdrawal(u, 1_000);
    expect(await wallet(u.userId)).toBe(390_000);
    const listed = (await attention()).withdrawals.find((x) => x.id === w.id)!;
    expect(listed).toMatchObject({ attention: 'refused', attempts: 2, user: { id: u.userId }, total: 110_000 });
    expect(listed.lastError).toContain('Duplicate Transfer Reference');

    const failed = await call<TWithdrawalActionAnswer>('PUT', `/api/admin-tools/withdrawals/${w.id}/fail`, admin, {
      reason: 'Bank account closed',
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body).toMatchObject({ message: 'Withdrawal marked failed and refunded', data: { withdrawal: { status: 'failed' } } });
    expect(await wallet(u.userId)).toBe(500_000);
    const second = await call<unknown>('PUT', `/api/admin-tools/withdrawals/${w.id}/fail`, admin, { reason: 'again' });
    expect(second.status).toBe(409);
    expect(JSON.stringify(second.body)).toContain('This withdrawal is no longer pending');
    expect((await call('PUT', `/api/admin-tools/withdrawals/${w.id}/retry`, admin)).status).toBe(409);
    expect(await postings(`withdrawal-reversal:${w.reference}`)).toBe(1);
    expect(await wallet(u.userId)).toBe(500_000);
    expect((await attention()).withdrawals.some((x) => x.id === w.id)).toBe(false);

    const audit = await auditOf(w.id);
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.fail']);
    expect(audit[0]).toMatchObject({ reason: 'Bank account closed', after: { status: 'failed', refundedKobo: 110_000 } });
    await reconciliationClean();
  });

  it('Retry sends the same reference again and pays once; a withdrawal the gateway paid cannot be marked failed', async () => {
    const u = await knownPayee(5_000);
    const w = await refusedWithdrawal(u, 1_000);
    expect(transferCalls(w.reference)).toBe(2);
    const retried = await call<TWithdrawalActionAnswer>('PUT', `/api/admin-tools/withdrawals/${w.id}/retry`, admin);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ message: 'Withdrawal sent to the bank again', data: { withdrawal: { status: 'success' } } });
    expect(transferCalls(w.reference)).toBe(3);
    expect(fake.transfers.get(w.reference)).toMatchObject({ status: 'success', amount: 100_000 });
    expect(await postings(`withdrawal-reversal:${w.reference}`)).toBe(0);
    expect(await wallet(u.userId)).toBe(390_000);
    expect((await auditOf(w.id)).map((a) => a.action)).toEqual(['withdrawal.retry']);

    // The bank has it in hand: still pending here, paid at Paystack.
    fake.nextTransferStatus('pending');
    const inFlight = (await withdraw(u, 500)).body.data.withdrawal;
    expect(inFlight.status).toBe('pending');
    fake.setTransferStatus(inFlight.reference, 'success');
    const refused = await call<unknown>('PUT', `/api/admin-tools/withdrawals/${inFlight.id}/fail`, admin, { reason: 'no' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('The payment provider reports this withdrawal as paid');
    expect(await postings(`withdrawal-reversal:${inFlight.reference}`)).toBe(0);
    expect(await auditOf(inFlight.id)).toEqual([]);
    await reconciliationClean();
  });

  it("holds a banned user's pending withdrawal: the payout job skips it, an unban keeps it held, a person retries it", async () => {
    const u = await readyUser(5_000);
    fake.failNext('/transferrecipient', 500); // the recipient could not be made: no transfer call yet
    const w = (await withdraw(u, 2_000)).body.data.withdrawal;
    expect(await wRow(w.reference)).toMatchObject({ status: 'pending', attempts: 0 });

    const ban = async (event: typeof userBanned | typeof userUnbanned, status: 'banned' | 'active') => {
      await p.ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ status }).where(eq(users.id, u.userId));
        const at = now().toISOString();
        if (event === userBanned) await recordEvent(tx, userBanned, { userId: u.userId, actorId: admin.userId, reason: 'Vote fraud', at });
        else await recordEvent(tx, userUnbanned, { userId: u.userId, actorId: admin.userId, at });
      });
      await p.ctx.events.drain({ settleMs: 10_000 });
    };
    await ban(userBanned, 'banned');
    expect(await wRow(w.reference)).toMatchObject({ status: 'pending', holdReason: 'Account banned: Vote fraud' });
    const listed = (await attention()).withdrawals.find((x) => x.id === w.id)!;
    expect(listed).toMatchObject({ attention: 'held', holdReason: 'Account banned: Vote fraud', user: { status: 'banned' } });

    // The payout job runs well after: nothing is sent for a held withdrawal.
    const before = fake.requests.length;
    advanceClock(10 * 60_000);
    await runWithdrawalFollowUp(p.ctx);
    advanceClock(10 * 60_000);
    await runWithdrawalFollowUp(p.ctx);
    expect(fake.requests.slice(before).filter((r) => JSON.stringify(r.body ?? {}).includes(w.reference))).toEqual([]);
    expect(transferCalls(w.reference)).toBe(0);
    expect(await wRow(w.reference)).toMatchObject({ status: 'pending', attempts: 0 });

    await ban(userUnbanned, 'active');
    admin.token = (await login(p.app, admin.email, admin.password)).token; // the clock moved past its access token
    expect((await wRow(w.reference)).heldAt).not.toBeNull();
    advanceClock(10 * 60_000);
    await runWithdrawalFollowUp(p.ctx);
    expect(transferCalls(w.reference)).toBe(0);

    const retried = await call<TWithdrawalActionAnswer>('PUT', `/api/admin-tools/withdrawals/${w.id}/retry`, admin);
    expect(retried.status).toBe(200);
    expect(retried.body.data.withdrawal.status).toBe('success');
    expect(transferCalls(w.reference)).toBe(1);
    expect(await wallet(u.userId)).toBe(500_000 - 210_000);
    const audit = await auditOf(w.id);
    expect(audit[0]).toMatchObject({
      action: 'withdrawal.retry',
      before: { holdReason: 'Account banned: Vote fraud' },
      after: { heldAt: null },
    });
    await reconciliationClean();
  });
});
