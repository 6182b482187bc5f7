/**
 * Browse, search, featured, categories, my-contests, organizer lists, detail and stats, on a fixed
 * set of contests written straight to the database at a frozen clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContest, TContestCategoryCount, TContestList, TContestStats, TMyContests } from '@contesthub/shared';
import { contests, votes } from '../src/db/schema/index.js';
import { setClock } from '../src/lib/clock.js';
import { checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { createSignedInUser, createTestApp, login, type TestApp } from './helpers.js';
import { DAY, HOUR, api, castVote, createUsers, giveCredits, insertContest, insertEntry } from './contest-fixtures.js';

const BASE = new Date('2032-05-01T12:00:00Z');
const at = (ms: number) => new Date(BASE.getTime() + ms);

let t: TestApp;
let ids: Record<string, string>;
let organizerA: Awaited<ReturnType<typeof createSignedInUser>>;
let organizerB: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  setClock(BASE);
  t = await createTestApp();
  organizerA = await createSignedInUser(t.app, { fullName: 'Ada Organizer' });
  organizerB = await createSignedInUser(t.app, { fullName: 'Bola Organizer' });
  const open = { entryStartDate: at(-DAY), entryEndDate: at(2 * DAY), votingStartDate: at(2 * DAY), votingEndDate: at(4 * DAY) };
  const a = organizerA.userId;
  ids = {
    photo: await insertContest(t.ctx, a, {
      ...open,
      title: 'Photography Contest Lagos',
      description: 'Capture the city.',
      category: 'photography',
      prizeType: 'cash',
      prizeAmount: 1_000_000,
      badgeTitle: null,
      totalEntries: 5,
      totalVotes: 50,
      createdAt: at(-5 * HOUR),
    }),
    dance: await insertContest(t.ctx, a, {
      ...open,
      entryEndDate: at(DAY),
      votingStartDate: at(DAY),
      title: 'Afrobeats Dance Challenge',
      description: 'Move to the beat.',
      category: 'music',
      entryType: 'video',
      prizeType: 'cashanditem',
      prizeAmount: 2_000_000,
      prizeItems: ['Speaker'],
      badgeTitle: null,
      entryFee: 'paid',
      entryFeeAmount: 250,
      votingType: 'both',
      votingFeeAmount: 1000,
      totalEntries: 20,
      totalVotes: 10,
      createdAt: at(-4 * HOUR),
    }),
    story: await insertContest(t.ctx, a, {
      ...open,
      entryEndDate: at(3 * DAY),
      votingStartDate: at(3 * DAY),
      votingEndDate: at(5 * DAY),
      title: 'Short Story Prize',
      description: 'Fiction inspired by photography and memory.',
      category: 'writing',
      entryType: 'article',
      votingType: 'paid',
      votingFeeAmount: 1000,
      totalEntries: 1,
      totalVotes: 300,
      createdAt: at(-3 * HOUR),
    }),
    jollof: await insertContest(t.ctx, a, {
      title: 'Jollof Cook-off',
      description: 'Best pot wins.',
      category: 'food',
      status: 'voting',
      prizeType: 'cash',
      prizeAmount: 500_000,
      badgeTitle: null,
      entryStartDate: at(-3 * DAY),
      entryEndDate: at(-HOUR),
      votingStartDate: at(-HOUR),
      votingEndDate: at(DAY),
      isFeatured: true,
      totalEntries: 2,
      createdAt: at(-2 * HOUR),
    }),
    portrait: await insertContest(t.ctx, a, {
      title: 'Old Portrait Contest',
      description: 'Faces of the past.',
      category: 'photography',
      status: 'ended',
      prizeType: 'cash',
      prizeAmount: 300_000,
      badgeTitle: null,
      tags: ['portrait'],
      entryStartDate: at(-10 * DAY),
      entryEndDate: at(-8 * DAY),
      votingStartDate: at(-8 * DAY),
      votingEndDate: at(-6 * DAY),
      finalizedAt: at(-6 * DAY),
      createdAt: at(-6 * HOUR),
    }),
    sky: await insertContest(t.ctx, a, {
      ...open,
      title: 'Night Sky Photos',
      description: 'Stars over Jos.',
      category: 'other',
      customCategory: 'Astronomy',
      status: 'cancelled',
      cancelledAt: at(-30 * 60_000),
      createdAt: at(-HOUR),
    }),
    draft: await insertContest(t.ctx, a, { ...open, title: 'Secret Draft Photography', status: 'draft', createdAt: at(-10 * 60_000) }),
    fashion: await insertContest(t.ctx, organizerB.userId, {
      ...open,
      entryEndDate: at(12 * HOUR),
      title: 'Fashion Week Looks',
      description: 'Street style.',
      category: 'fashion',
      totalEntries: 3,
      createdAt: at(-30 * 60_000),
    }),
  };
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const list = async (query = '') => {
  const res = await api<TContestList>(t.app, 'GET', `/api/contests${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const titlesOf = (contests: TContest[]) => contests.map((c) => c.title);
const keysOf = (contests: TContest[]) => contests.map((c) => Object.entries(ids).find(([, id]) => id === c._id)?.[0]);

describe('GET /api/contests', () => {
  it('lists every contest but drafts, newest first, with the totals the page reads', async () => {
    const data = await list();
    expect(keysOf(data.contests)).toEqual(['fashion', 'sky', 'jollof', 'story', 'dance', 'photo', 'portrait']);
    expect(data.pagination).toEqual({ page: 1, limit: 12, total: 7, totalPages: 1 });
    expect(data.totalContests).toBe(7);
    expect(data.totalPages).toBe(1);
  });

  it('pages', async () => {
    const second = await list('?limit=3&page=2');
    expect(keysOf(second.contests)).toEqual(['story', 'dance', 'photo']);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 7, totalPages: 3 });
    expect(keysOf((await list('?limit=3&page=3')).contests)).toEqual(['portrait']);
    expect((await list('?limit=3&page=4')).contests).toEqual([]);
    const bad = await api(t.app, 'GET', '/api/contests?limit=51');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ limit: 'Limit must be between 1 and 50' });
  });

  it.each([
    ['?status=voting', ['jollof']],
    ['?status=ended', ['portrait']],
    ['?status=draft', []],
    ['?category=photography', ['photo', 'portrait']],
    ['?category=other', ['sky']],
    ['?entryType=video', ['dance']],
    ['?prizeType=cashanditem', ['dance']],
    ['?prizeType=badge', ['fashion', 'sky', 'story']],
    ['?entryFee=paid', ['dance']],
    ['?votingType=paid', ['story']],
    ['?category=photography&prizeType=cash&status=active', ['photo']],
  ])('filters %s', async (query, expected) => {
    expect(keysOf((await list(query)).contests)).toEqual(expected);
  });

  it('refuses unknown filter values', async () => {
    const res = await api(t.app, 'GET', '/api/contests?category=astrology');
    expect(res.status).toBe(400);
    expect(res.body.errorType).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['oldest', ['portrait', 'photo', 'dance', 'story', 'jollof', 'sky', 'fashion']],
    ['entries', ['dance', 'photo', 'fashion', 'jollof', 'story', 'sky', 'portrait']],
    ['prize', ['dance', 'photo', 'jollof', 'portrait', 'fashion', 'sky', 'story']],
    ['votes', ['story', 'photo', 'dance', 'fashion', 'sky', 'jollof', 'portrait']],
    // Still taking entries, closest deadline first; then the rest, most recently closed first.
    ['deadline', ['fashion', 'dance', 'photo', 'story', 'sky', 'jollof', 'portrait']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(keysOf((await list(`?sortBy=${sortBy}`)).contests)).toEqual(expected);
  });

  it('ranks a search: title matches above category/tag matches above description matches', async () => {
    const data = await list('?search=photography');
    expect(keysOf(data.contests)).toEqual(['photo', 'portrait', 'story']);
    expect(data.totalContests).toBe(3);
    // An explicit sort wins over relevance.
    expect(keysOf((await list('?search=photography&sortBy=newest')).contests)).toEqual(['story', 'photo', 'portrait']);
  });

  it('forgives typos: a misspelt word finds what the right spelling finds', async () => {
    const misspelt = (await list('?search=photgraphy')).contests;
    expect(titlesOf(misspelt)[0]).toBe('Photography Contest Lagos');
    expect(keysOf(misspelt)).toEqual(keysOf((await list('?search=photography')).contests));
    expect(keysOf((await list('?search=afrobets')).contests)).toEqual(['dance']);
    expect(keysOf((await list('?search=jolof')).contests)).toEqual(['jollof']);
  });

  it('matches the last word as a prefix (search as you type) and answers punctuation with nothing', async () => {
    expect(titlesOf((await list('?search=photography%20contest%20lag')).contests)).toEqual(['Photography Contest Lagos']);
    const none = await list('?search=%21%21%3F');
    expect(none.contests).toEqual([]);
    expect(none.totalContests).toBe(0);
  });

  it('learns the words of a contest as it is written, typos included', async () => {
    const [before] = await t.ctx.db.select({ title: contests.title }).from(contests).where(eq(contests.id, ids.sky!));
    await t.ctx.db.update(contests).set({ title: 'Kaleidoscope Nights' }).where(eq(contests.id, ids.sky!));
    expect(keysOf((await list('?search=kaleidoskope')).contests)).toEqual(['sky']);
    await t.ctx.db.update(contests).set({ title: before!.title }).where(eq(contests.id, ids.sky!));
  });

  it('searches tags and custom categories, never drafts', async () => {
    expect(keysOf((await list('?search=portrait')).contests)).toEqual(['portrait']);
    expect(keysOf((await list('?search=astronomy')).contests)).toEqual(['sky']);
    expect(titlesOf((await list('?search=secret%20draft')).contests)).toEqual([]);
    expect(keysOf((await list('?search=photography&category=writing')).contests)).toEqual(['story']);
  });

  it('refuses a one-character search', async () => {
    const res = await api(t.app, 'GET', '/api/contests?search=%20p%20');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ search: 'Search query must be at least 2 characters long' });
  });
});

describe('GET /api/contests/search', () => {
  it('answers the ranked search with its pages', async () => {
    const res = await api<TContestList>(t.app, 'GET', '/api/contests/search?q=photography&limit=2');
    expect(res.status).toBe(200);
    expect(keysOf(res.body.data.contests)).toEqual(['photo', 'portrait']);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
  });

  it.each(['', '?q=', '?q=a', '?q=%20%20b'])('refuses %s with the spec message', async (query) => {
    const res = await api(t.app, 'GET', `/api/contests/search${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Search query must be at least 2 characters long');
  });
});

describe('GET /api/contests/featured', () => {
  it('shows featured contests first, then the open ones with the most entries', async () => {
    const res = await api<{ contests: TContest[] }>(t.app, 'GET', '/api/contests/featured');
    expect(res.status).toBe(200);
    expect(keysOf(res.body.data.contests)).toEqual(['jollof', 'dance', 'photo', 'fashion', 'story']);
    const two = await api<{ contests: TContest[] }>(t.app, 'GET', '/api/contests/featured?limit=2');
    expect(keysOf(two.body.data.contests)).toEqual(['jollof', 'dance']);
  });

  it.each(['0', '21', 'abc'])('refuses limit=%s', async (limit) => {
    const res = await api(t.app, 'GET', `/api/contests/featured?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ limit: 'Limit must be between 1 and 20' });
  });
});

describe('GET /api/contests/categories', () => {
  it('counts the contests of every category (drafts excluded)', async () => {
    const res = await api<{ categories: TContestCategoryCount[] }>(t.app, 'GET', '/api/contests/categories');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.categories.map((c) => [c.category, c]));
    expect(res.body.data.categories).toHaveLength(11);
    expect(byName.photography).toEqual({ category: 'photography', count: 2, activeCount: 1 });
    expect(byName.food).toEqual({ category: 'food', count: 1, activeCount: 1 });
    expect(byName.other).toEqual({ category: 'other', count: 1, activeCount: 0 });
    expect(byName.coding).toEqual({ category: 'coding', count: 0, activeCount: 0 });
  });
});

describe('my contests and organizer lists', () => {
  it('lists the caller’s own contests, drafts included, with total and totalPages', async () => {
    const res = await api<TMyContests>(t.app, 'GET', '/api/contests/my-contests?limit=5', organizerA.token);
    expect(res.status).toBe(200);
    expect(keysOf(res.body.data.contests)).toEqual(['draft', 'sky', 'jollof', 'story', 'dance']);
    expect(res.body.data).toMatchObject({ total: 7, totalPages: 2, pagination: { page: 1, limit: 5, total: 7, totalPages: 2 } });
    const drafts = await api<TMyContests>(t.app, 'GET', '/api/contests/my-contests?status=draft', organizerA.token);
    expect(keysOf(drafts.body.data.contests)).toEqual(['draft']);
    const other = await api<TMyContests>(t.app, 'GET', '/api/contests/my-contests', organizerB.token);
    expect(keysOf(other.body.data.contests)).toEqual(['fashion']);
    expect(other.body.data.pagination.limit).toBe(12);
    expect((await api(t.app, 'GET', '/api/contests/my-contests')).status).toBe(401);
  });

  it('lists an organizer’s published contests to anyone', async () => {
    const res = await api<TMyContests>(t.app, 'GET', `/api/contests/organizer/${organizerA.userId}?status=active`);
    expect(res.status).toBe(200);
    expect(keysOf(res.body.data.contests)).toEqual(['story', 'dance', 'photo']);
    const all = await api<TMyContests>(t.app, 'GET', `/api/contests/organizer/${organizerA.userId}`);
    expect(all.body.data.total).toBe(6);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      const missing = await api(t.app, 'GET', `/api/contests/organizer/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Organizer not found');
    }
  });
});

describe('GET /api/contests/:id and /stats', () => {
  it('shows the display category, phase and organizer', async () => {
    const sky = await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${ids.sky}`);
    expect(sky.body.data.contest).toMatchObject({
      displayCategory: 'Astronomy',
      status: 'cancelled',
      phase: 'cancelled',
      isAcceptingEntries: false,
      organizer: { _id: organizerA.userId, fullName: 'Ada Organizer' },
    });
    const dance = await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${ids.dance}`);
    expect(dance.body.data.contest).toMatchObject({
      entryFeeAmount: 2.5,
      votingFeeAmount: 10,
      phase: 'entries',
      duration: 2,
      votingDuration: 3,
    });
  });

  it('counts entries by status, active votes by type, voters and the top entries', async () => {
    const id = ids.photo!;
    const [p1, p2, p3, p4] = await createUsers(t.ctx, 4);
    const e1 = await insertEntry(t.ctx, id, p1!.user.id, { title: 'Market at dawn', createdAt: at(-4 * HOUR) });
    const e2 = await insertEntry(t.ctx, id, p2!.user.id, { title: 'Danfo rush', createdAt: at(-3 * HOUR) });
    await insertEntry(t.ctx, id, p3!.user.id, { status: 'pending' });
    await insertEntry(t.ctx, id, p4!.user.id, { status: 'rejected', rejectionReason: 'Off topic' });
    const [v1, v2, v3, v4] = await createUsers(t.ctx, 4);
    await giveCredits(t.ctx, v3!.user.id, 20);
    await castVote(t.ctx, { contestId: id, entryId: e1, voterId: v1!.user.id, type: 'free' });
    await castVote(t.ctx, { contestId: id, entryId: e1, voterId: v2!.user.id, type: 'free' });
    await castVote(t.ctx, { contestId: id, entryId: e2, voterId: v1!.user.id, type: 'free' });
    await castVote(t.ctx, { contestId: id, entryId: e2, voterId: v3!.user.id, type: 'paid', amount: 2, feeCredits: 10 });
    const removed = await castVote(t.ctx, { contestId: id, entryId: e1, voterId: v4!.user.id, type: 'free' });
    await t.ctx.db.update(votes).set({ isActive: false }).where(eq(votes.id, removed));

    const res = await api<TContestStats>(t.app, 'GET', `/api/contests/${id}/stats`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      contestId: id,
      status: 'active',
      phase: 'entries',
      entries: { total: 4, pending: 1, approved: 2, rejected: 1, disqualified: 0 },
      // What the votes cost is the organizer's and the platform's business, on every endpoint.
      votes: { total: 5, free: 3, paid: 2, weighted: 13, creditsSpent: null },
      uniqueVoters: 3,
      participants: 4,
      averageVotesPerEntry: 2.5,
    });
    const voter = await login(t.app, v3!.email, v3!.password);
    expect((await api<TContestStats>(t.app, 'GET', `/api/contests/${id}/stats`, voter.token)).body.data.votes.creditsSpent).toBeNull();
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    expect((await api<TContestStats>(t.app, 'GET', `/api/contests/${id}/stats`, admin.token)).body.data.votes.creditsSpent).toBe(20);
    expect(res.body.data.topEntries).toEqual([
      {
        _id: e2,
        title: 'Danfo rush',
        votesCount: 3,
        weightedVotes: 11,
        ranking: 1,
        participant: { _id: p2!.user.id, fullName: 'Test User' },
      },
      {
        _id: e1,
        title: 'Market at dawn',
        votesCount: 3,
        weightedVotes: 3,
        ranking: 2,
        participant: { _id: p1!.user.id, fullName: 'Test User' },
      },
    ]);
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });
});
