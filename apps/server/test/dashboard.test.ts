/**
 * The dashboard overview: the user's figures (contests, entries, votes, wins, winnings, balances,
 * best current rank by the leaderboard's order, badges) and their recent activity merged newest
 * first, with the limit, the refusals and nobody else's events.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TRecentActivity, TUserStats } from '@contesthub/shared';
import { contests, votes } from '../src/db/schema/index.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { finalizeContest } from '../src/modules/contest-settlement/finalize-contest.js';
import { createSignedInUser, createTestApp, login, type TestApp } from './helpers.js';
import { DAY, HOUR, api, castVote, createContest, fundWallet, giveCredits, insertContest, insertEntry } from './contest-fixtures.js';
import { createParticipant, smallPng, submit } from './entry-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  setClock(null);
  await t.close();
});
afterEach(() => {
  setClock(null);
});

const userStats = async (token: string) => {
  const res = await api<TUserStats>(t.app, 'GET', '/api/dashboard/user-stats', token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const activity = async (token: string, query = '') => {
  const res = await api<{ activities: TRecentActivity[] }>(t.app, 'GET', `/api/dashboard/recent-activity${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data.activities;
};
const relogin = async (u: { email: string; password: string }) => (await login(t.app, u.email, u.password)).token;

describe('who may call', () => {
  it('answers 401 without a login', async () => {
    for (const url of ['/api/dashboard/user-stats', '/api/dashboard/recent-activity']) {
      const res = await api(t.app, 'GET', url);
      expect(res.status, url).toBe(401);
      expect(res.body).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
    }
  });
});

describe('GET /api/dashboard/user-stats', () => {
  it('shows a new user zeros, no rank and no badges', async () => {
    const u = await createSignedInUser(t.app);
    expect(await userStats(u.token)).toEqual({
      contestsCreated: 0,
      contestsJoined: 0,
      entriesSubmitted: 0,
      votesCast: 0,
      wins: 0,
      totalWinnings: 0,
      walletBalance: 0,
      voteCredits: 0,
      currentRank: null,
      badges: [],
    });
  });

  it('counts contests, entries, votes, wins, winnings, balances and badges', async () => {
    const org = await createSignedInUser(t.app, { fullName: 'Kemi Organizer' });
    await fundWallet(t.ctx, org.userId, 500_000);
    const cash = await createContest(t.app, org.token, { title: 'Cash Contest', prizeAmount: 200_000 });
    const u = await createSignedInUser(t.app, { fullName: 'Ada Participant' });
    await giveCredits(t.ctx, u.userId, 40.5);
    await fundWallet(t.ctx, u.userId, 12_345);

    // Two contests of the user's own (one a draft), entries in three contests (two in one).
    await insertContest(t.ctx, u.userId, { title: 'Mine' });
    await insertContest(t.ctx, u.userId, { title: 'My draft', status: 'draft' });
    const badgeContest = await insertContest(t.ctx, org.userId, { title: 'Badge Contest', badgeTitle: 'Golden Lens' });
    const other = await insertContest(t.ctx, org.userId, { title: 'Other' });
    const uCash = await insertEntry(t.ctx, cash._id, u.userId, { weightedVotes: 8 });
    const uBadge = await insertEntry(t.ctx, badgeContest, u.userId, { weightedVotes: 3 });
    await insertEntry(t.ctx, other, u.userId, { weightedVotes: 0 });
    await insertEntry(t.ctx, other, u.userId, { status: 'pending' });

    // Votes: 1 free + 3 paid count; a refunded (inactive) vote does not.
    const rival = await createSignedInUser(t.app);
    const rivalEntry = await insertEntry(t.ctx, other, rival.userId, { weightedVotes: 1 });
    await castVote(t.ctx, { contestId: other, entryId: rivalEntry, voterId: u.userId, type: 'free' });
    await castVote(t.ctx, { contestId: other, entryId: rivalEntry, voterId: u.userId, type: 'paid', amount: 3, feeCredits: 1 });
    const refunded = await castVote(t.ctx, { contestId: other, entryId: rivalEntry, voterId: u.userId, type: 'free' });
    await t.ctx.db.update(votes).set({ isActive: false }).where(eq(votes.id, refunded));

    // The cash contest and the badge contest end with the user's entries on top.
    await t.ctx.db
      .update(contests)
      .set({
        entryStartDate: new Date(Date.now() - 4 * DAY),
        entryEndDate: new Date(Date.now() - 3 * DAY),
        votingStartDate: new Date(Date.now() - 3 * DAY),
        votingEndDate: new Date(Date.now() - DAY),
        status: 'voting',
      })
      .where(eq(contests.id, badgeContest));
    expect(await finalizeContest(t.ctx, badgeContest)).toMatchObject({ winnerEntryId: uBadge, badgeAwarded: true });
    advanceClock(5 * DAY);
    expect(await finalizeContest(t.ctx, cash._id)).toMatchObject({ winnerEntryId: uCash, prizePaid: 190_000 });

    const stats = await userStats(await relogin(u));
    expect(stats).toMatchObject({
      contestsCreated: 2,
      contestsJoined: 3,
      entriesSubmitted: 4,
      votesCast: 4,
      wins: 2,
      totalWinnings: 190_000,
      walletBalance: 12_345 + 190_000,
      voteCredits: 40.5 - 3,
      currentRank: 1,
    });
    expect(stats.badges).toEqual([
      { title: 'Golden Lens', contestId: badgeContest, contestTitle: 'Badge Contest', awardedAt: expect.any(String) },
    ]);
    // The organizer's figures are theirs alone.
    expect(await userStats(await relogin(org))).toMatchObject({
      contestsCreated: 3,
      contestsJoined: 0,
      wins: 0,
      totalWinnings: 0,
      walletBalance: 300_000,
      badges: [],
    });
  });

  it('takes the best position among approved entries by the leaderboard order, ignoring cancelled contests', async () => {
    const org = await createSignedInUser(t.app);
    const u = await createSignedInUser(t.app);
    const [x, y] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    const base = Date.now() - 10 * HOUR;
    const at = (h: number) => new Date(base + h * HOUR);

    // P: tie on weighted votes with X, X submitted earlier → X 1st, the user 2nd.
    const p = await insertContest(t.ctx, org.userId, { title: 'P' });
    await insertEntry(t.ctx, p, x.userId, { weightedVotes: 5, createdAt: at(1) });
    await insertEntry(t.ctx, p, u.userId, { weightedVotes: 5, createdAt: at(2) });
    // Q: third.
    const q = await insertContest(t.ctx, org.userId, { title: 'Q' });
    await insertEntry(t.ctx, q, x.userId, { weightedVotes: 9 });
    await insertEntry(t.ctx, q, y.userId, { weightedVotes: 7 });
    await insertEntry(t.ctx, q, u.userId, { weightedVotes: 6 });
    // R: first, but cancelled. S: a pending entry with the most votes is not ranked.
    const r = await insertContest(t.ctx, org.userId, { title: 'R', status: 'cancelled' });
    await insertEntry(t.ctx, r, u.userId, { weightedVotes: 50 });
    const s = await insertContest(t.ctx, org.userId, { title: 'S' });
    await insertEntry(t.ctx, s, u.userId, { status: 'pending', weightedVotes: 99 });
    await insertEntry(t.ctx, s, x.userId, { weightedVotes: 1 });

    expect((await userStats(u.token)).currentRank).toBe(2);
    // The public leaderboard agrees on the user's place in P.
    const board = await api<{ leaderboard: Array<{ rank: number; entry: { participant: { _id: string } } }> }>(
      t.app,
      'GET',
      `/api/entries/contest/${p}/leaderboard`,
    );
    expect(board.body.data.leaderboard.find((row) => row.entry.participant._id === u.userId)?.rank).toBe(2);
    expect((await userStats(x.token)).currentRank).toBe(1);
    expect((await userStats(y.token)).currentRank).toBe(2);
  });
});

describe('GET /api/dashboard/recent-activity', () => {
  /**
   * A user's life through the real operations (so each records its domain event), an hour apart:
   * an entry to a contest they win, a contest of their own, an approved and a rejected entry, a
   * paid vote, a comment; and another user's doings in between that never show in their feed.
   */
  async function timeline() {
    const start = Date.now() - 6 * DAY;
    const at = (h: number) => setClock(new Date(start + h * HOUR));
    at(0);
    const org = await createSignedInUser(t.app, { fullName: 'Org Anizer' });
    // Premium: four contests of their own this month (three is the free tier's limit).
    const u = await createParticipant(t.app, { subscriptionTier: 'basic_premium' });
    const stranger = await createParticipant(t.app);
    // Access tokens last 15 minutes of the (moved) clock: each step signs in afresh.
    const fresh = async (p: { email: string; password: string }) => (await login(t.app, p.email, p.password)).token;
    await giveCredits(t.ctx, org.userId, 2_000);
    await giveCredits(t.ctx, u.userId, 3_000);
    const window = (entryDays: number) => ({
      entryStartDate: new Date(start).toISOString(),
      entryEndDate: new Date(start + entryDays * DAY).toISOString(),
      votingStartDate: new Date(start + entryDays * DAY).toISOString(),
      votingEndDate: new Date(start + (entryDays + 1) * DAY).toISOString(),
    });
    const won = await createContest(t.app, await fresh(org), {
      title: 'Won Contest',
      prizeType: 'badge',
      badgeTitle: 'Champion',
      prizeAmount: 0,
      ...window(1),
    });
    const other = await createContest(t.app, await fresh(org), {
      title: 'Other Contest',
      prizeType: 'badge',
      badgeTitle: 'Star',
      prizeAmount: 0,
      entryReview: 'review',
      votingType: 'both',
      votingFeeAmount: 10,
      maxVotesPerUser: 10,
      settings: { allowMultipleEntries: true },
      ...window(2),
    });
    const photo = { data: await smallPng(), filename: 'shot.png', contentType: 'image/png' };
    const enter = async (who: { email: string; password: string }, contestId: string, title: string) => {
      const res = await submit(t.app, await fresh(who), { contestId, title, files: [photo] });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { data: { entry: { _id: string } } }).data.entry._id;
    };
    at(0.5);
    await enter(u, won._id, 'Winning Shot');
    at(1);
    const mine = await createContest(t.app, await fresh(u), {
      title: 'My Contest',
      prizeType: 'badge',
      badgeTitle: 'Mine',
      prizeAmount: 0,
      ...window(3),
    });
    at(2);
    const approved = await enter(u, other._id, 'Approved Shot');
    at(3);
    expect((await api(t.app, 'PATCH', `/api/entries/${approved}/approve`, await fresh(org))).status).toBe(200);
    at(3.5);
    const strangerEntry = await enter(stranger, other._id, 'Stranger Shot');
    expect((await api(t.app, 'PATCH', `/api/entries/${strangerEntry}/approve`, await fresh(org))).status).toBe(200);
    at(5);
    const comment = await api<{ _id: string }>(t.app, 'POST', '/api/comments', await fresh(u), { contestId: other._id, content: 'Lovely' });
    expect(comment.status).toBe(201);
    at(6);
    const rejected = await enter(u, other._id, 'Rejected Shot');
    at(6.5);
    // The stranger's own doings never show up in the user's feed.
    await createContest(t.app, await fresh(stranger), {
      title: 'Stranger Contest',
      prizeType: 'badge',
      badgeTitle: 'S',
      prizeAmount: 0,
      ...window(3),
    }).catch(() => {});
    at(7);
    expect((await api(t.app, 'PATCH', `/api/entries/${rejected}/reject`, await fresh(org), { reason: 'Blurry' })).status).toBe(200);
    // Voting in Other Contest opens after two days; the user pays for 3 votes on the stranger's entry.
    at(50);
    const relog = await login(t.app, u.email, u.password);
    const vote = await api<{ vote: { _id: string } }>(t.app, 'POST', '/api/votes', relog.token, {
      contestId: other._id,
      entryId: strangerEntry,
      voteType: 'paid',
      amount: 3,
    });
    expect(vote.status, JSON.stringify(vote.body)).toBe(201);
    // Won Contest's voting ended after two days: the scheduler settles it; the user's entry wins.
    at(51);
    expect(await finalizeContest(t.ctx, won._id)).toMatchObject({ winnerUserId: u.userId });
    await t.ctx.events.drain({ settleMs: 10_000 });
    return {
      u: { ...u, token: await fresh(u) },
      ids: { won: won._id, mine: mine._id, other: other._id, comment: comment.body.data._id, vote: vote.body.data.vote._id },
    };
  }

  it('lists every doing newest first with titles and links, from the events', async () => {
    const { u, ids } = await timeline();
    const items = await activity(u.token);
    expect(items.map((i) => [i.type, i.title, i.link])).toEqual([
      ['prize_won', 'You won "Won Contest"', `/contest/${ids.won}`],
      ['vote_cast', 'You cast 3 votes for "Stranger Shot" in "Other Contest"', `/contest/${ids.other}`],
      ['entry_rejected', 'Your entry "Rejected Shot" was rejected', '/dashboard/entries'],
      ['entry_submitted', 'You submitted "Rejected Shot" to "Other Contest"', '/dashboard/entries'],
      ['comment_posted', 'You commented on "Other Contest"', `/contest/${ids.other}`],
      ['entry_approved', 'Your entry "Approved Shot" was approved', '/dashboard/entries'],
      ['entry_submitted', 'You submitted "Approved Shot" to "Other Contest"', '/dashboard/entries'],
      ['contest_created', 'You created the contest "My Contest"', `/contest/${ids.mine}`],
      // Auto-approved in an open contest: submitted only, no separate approval.
      ['entry_submitted', 'You submitted "Winning Shot" to "Won Contest"', '/dashboard/entries'],
    ]);
    expect(items[0]!.id).toBe(`prize_won:${ids.won}`);
    expect(items[1]!.id).toBe(`vote_cast:${ids.vote}`);
    expect(items[4]!.id).toBe(`comment_posted:${ids.comment}`);
    const times = items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Handing the same events over again (a replay) changes nothing.
    await t.ctx.events.replay('activity');
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect((await activity(u.token)).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('honours the limit (the overview asks 5) and defaults to 10', async () => {
    const { u } = await timeline();
    const five = await activity(u.token, '?limit=5');
    expect(five.map((i) => i.type)).toEqual(['prize_won', 'vote_cast', 'entry_rejected', 'entry_submitted', 'comment_posted']);
    // Twelve with three more contests: the default answer stops at 10.
    const token = (await login(t.app, u.email, u.password)).token;
    for (let i = 0; i < 3; i++) {
      await createContest(t.app, token, { title: `Extra ${i}`, prizeType: 'badge', badgeTitle: 'X', prizeAmount: 0 });
    }
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect(await activity(u.token)).toHaveLength(10);
    expect(await activity(u.token, '?limit=50')).toHaveLength(12);
    for (const limit of ['0', '51', 'ten']) {
      const res = await api(t.app, 'GET', `/api/dashboard/recent-activity?limit=${limit}`, u.token);
      expect(res.status, limit).toBe(400);
      expect(res.body.message).toContain('Limit must be between 1 and 50');
    }
  });

  it('links a draft to My Contests, and shows a new user nothing', async () => {
    const u = await createSignedInUser(t.app);
    expect(await activity(u.token)).toEqual([]);
    await giveCredits(t.ctx, u.userId, 500);
    const draft = await createContest(t.app, u.token, { title: 'Not yet', prizeType: 'badge', badgeTitle: 'X', prizeAmount: 0 });
    // A contest still in draft (as the wizard may leave it) links to My Contests.
    await t.ctx.db.update(contests).set({ status: 'draft' }).where(eq(contests.id, draft._id));
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect(await activity(u.token)).toEqual([
      expect.objectContaining({ type: 'contest_created', title: 'You created the contest "Not yet"', link: '/dashboard/contests' }),
    ]);
  });
});
