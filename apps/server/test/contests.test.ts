import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditsToUnits, type TContest } from '@contesthub/shared';
import { contests, ledgerTransactions, users } from '../src/db/schema/index.js';
import { now, setClock } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { bearer, createSignedInUser, createTestUser, login, type TestApp, createTestApp } from './helpers.js';
import {
  DAY,
  HOUR,
  api,
  contestPayload,
  createContest,
  creditUnitsOf,
  fundWallet,
  giveCredits,
  insertEntry,
  walletOf,
} from './contest-fixtures.js';
import { multipart, type Part } from './multipart.js';

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

const PRIZE = 500_000; // ₦5,000 in kobo
const contestCount = async (organizerId: string) =>
  (await t.ctx.db.select({ id: contests.id }).from(contests).where(eq(contests.organizerId, organizerId))).length;
const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const posted = async (reference: string) =>
  (await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference))).length === 1;

/** A verified, signed-in organizer with money for cash prizes. */
async function organizer(input: Parameters<typeof createSignedInUser>[1] = {}, kobo = 10 * PRIZE) {
  const u = await createSignedInUser(t.app, input);
  if (kobo > 0) await fundWallet(t.ctx, u.userId, kobo);
  return u;
}

describe('POST /api/contests: wizard rules', () => {
  const at = () => now().getTime();
  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['customCategory', { category: 'other' as const }, 'Please enter a custom category'],
    ['customCategory', { category: 'other' as const, customCategory: 'x'.repeat(51) }, 'Custom category cannot exceed 50 characters'],
    ['badgeTitle', { prizeType: 'badge' as const, prizeAmount: 0 }, 'Badge title is required'],
    ['prizeAmount', { prizeAmount: 99_999 }, 'Minimum cash prize is ₦1,000'],
    ['prizeItems', { prizeType: 'cashanditem' as const }, 'Add at least one prize item'],
    [
      'prizeItems',
      { prizeType: 'cashanditem' as const, prizeItems: Array.from({ length: 11 }, (_, i) => `Item ${i}`) },
      'You can list up to 10 prize items',
    ],
    ['entryFeeAmount', { entryFee: 'paid' as const, entryFeeAmount: 0 }, 'Entry fee must be greater than 0 vote credits'],
    ['votingFeeAmount', { votingType: 'paid' as const, votingFeeAmount: 9 }, 'Paid voting requires a minimum of 10 vote credits.'],
    ['votingFeeAmount', { votingType: 'both' as const, votingFeeAmount: 0 }, 'Paid voting requires a minimum of 10 vote credits.'],
    [
      'freeVotesPerUser',
      { votingType: 'both' as const, votingFeeAmount: 10, freeVotesPerUser: 3, maxVotesPerUser: 2 },
      'Free votes per user cannot exceed max votes per user',
    ],
    ['maxVotesPerUser', { maxVotesPerUser: 11 }, 'Max votes per user must be between 1 and 10'],
    ['tags.0', { tags: ['Bad Tag'] }, 'Tags can contain lowercase letters, numbers and hyphens only'],
    ['rules', { rules: Array.from({ length: 21 }, (_, i) => `Rule ${i}`) }, 'You can add up to 20 rules'],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    const u = await organizer();
    const res = await api(t.app, 'POST', '/api/contests', u.token, contestPayload(change));
    expect(res.status).toBe(400);
    expect(res.body.errorType).toBe('VALIDATION_ERROR');
    expect(res.body.errors?.[field]).toBe(message);
    expect(await contestCount(u.userId)).toBe(0);
  });

  it('refuses dates out of order, field by field', async () => {
    const u = await organizer();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ entryEndDate: new Date(at() - 2 * HOUR).toISOString() }, 'entryEndDate', 'Entry end date must be after the entry start date'],
      [{ votingStartDate: new Date(at() + DAY).toISOString() }, 'votingStartDate', 'Voting cannot start before entries close'],
      [{ votingEndDate: new Date(at() + 2 * DAY).toISOString() }, 'votingEndDate', 'Voting end date must be after the voting start date'],
      [{ entryStartDate: 'not a date' }, 'entryStartDate', 'Entry start date is required'],
    ];
    for (const [change, field, message] of cases) {
      const res = await api(t.app, 'POST', '/api/contests', u.token, contestPayload(change));
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect(await contestCount(u.userId)).toBe(0);
  });

  it('refuses an entry period that is already over (server clock)', async () => {
    const u = await organizer();
    const res = await api(
      t.app,
      'POST',
      '/api/contests',
      u.token,
      contestPayload({
        entryStartDate: new Date(at() - 3 * DAY).toISOString(),
        entryEndDate: new Date(at() - DAY).toISOString(),
        votingStartDate: new Date(at() - DAY).toISOString(),
        votingEndDate: new Date(at() + DAY).toISOString(),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ entryEndDate: 'Entry end date must be in the future' });
    expect(await walletOf(t.ctx, u.userId)).toBe(10 * PRIZE);
  });

  it('needs a signed-in user with a verified email', async () => {
    expect((await api(t.app, 'POST', '/api/contests', undefined, contestPayload())).status).toBe(401);
    const phone = `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const registered = await api<{ token: string }>(t.app, 'POST', '/api/auth/register', undefined, {
      fullName: 'New Member',
      email: `new.${randomBytes(4).toString('hex')}@example.test`,
      phone,
      password: 'Passw0rd!23',
      confirmPassword: 'Passw0rd!23',
    });
    expect(registered.status).toBe(201);
    const res = await api(t.app, 'POST', '/api/contests', registered.body.data.token, contestPayload());
    expect(res.status).toBe(403);
    expect(res.body.errorType).toBe('EMAIL_NOT_VERIFIED');
  });

  it('creates an active contest with the wizard fields in their units and the organizer shown', async () => {
    const u = await organizer({ fullName: 'Ada Obi' });
    const contest = await createContest(t.app, u.token, {
      category: 'other',
      customCategory: 'Street Food',
      entryFee: 'paid',
      entryFeeAmount: 2.5,
      entryReview: 'review',
      votingType: 'both',
      votingFeeAmount: 10,
      freeVotesPerUser: 2,
      maxVotesPerUser: 5,
      maxParticipants: 50,
      restrictions: { ageRestriction: true, minAge: 18, maxAge: 40, locationRestriction: true, allowedLocations: ['Lagos'] },
    });
    expect(contest).toMatchObject({
      status: 'active',
      phase: 'entries',
      isAcceptingEntries: true,
      isVotingActive: false,
      category: 'other',
      displayCategory: 'Street Food',
      entryFee: 'paid',
      entryFeeAmount: 2.5,
      entryReview: 'review',
      votingType: 'both',
      votingFeeAmount: 10,
      freeVotesPerUser: 2,
      maxVotesPerUser: 5,
      maxParticipants: 50,
      prizeAmount: PRIZE,
      entriesCount: 0,
      isAdminContest: false,
      winner: null,
      organizer: { _id: u.userId, fullName: 'Ada Obi' },
      settings: { requireApproval: true, showVoteCount: true, allowComments: true, allowMultipleEntries: false },
      restrictions: { ageRestriction: true, minAge: 18, maxAge: 40, allowedLocations: ['Lagos'] },
    });
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest._id));
    expect(row!.entryFeeAmount).toBe(250); // credit units
    expect(row!.votingFeeAmount).toBe(1000);
    const res = await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${contest._id}`);
    expect(res.body.data.contest).toEqual(contest);
  });

  it('marks an admin’s contest as an admin contest', async () => {
    const admin = await organizer({ role: 'admin' });
    const contest = await createContest(t.app, admin.token);
    expect(contest.isAdminContest).toBe(true);
  });
});

describe('free-tier limit: 3 contests per calendar month (WAT)', () => {
  const LIMIT = 'You have reached your limit of 3 contests this month. Upgrade to Premium for unlimited contests.';

  it('allows the 3rd, refuses the 4th without touching money, and resets when the Lagos month changes', async () => {
    // 23:30 WAT on 31 January: still January in Lagos.
    setClock(new Date('2031-01-31T22:30:00Z'));
    const u = await organizer();
    for (let i = 0; i < 3; i++) await createContest(t.app, u.token, { title: `Contest ${i}` });
    expect((await userRow(u.userId)).monthlyContestCount).toBe(3);

    const refused = await api(t.app, 'POST', '/api/contests', u.token, contestPayload({ title: 'One too many' }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: LIMIT, errorType: 'FORBIDDEN', limit: 3, used: 3 });
    expect(await contestCount(u.userId)).toBe(3);
    expect(await walletOf(t.ctx, u.userId)).toBe(7 * PRIZE);

    // 00:30 WAT on 1 February (still 31 January in UTC): a new month in Lagos.
    setClock(new Date('2031-01-31T23:30:00Z'));
    const again = await login(t.app, u.email, u.password);
    await createContest(t.app, again.token, { title: 'February contest' });
    const row = await userRow(u.userId);
    expect(row.monthlyContestCount).toBe(1);
    expect(row.lastContestReset?.toISOString()).toBe('2031-01-31T23:30:00.000Z');
  });

  it('lets premium members and admins create without limit, but not an expired premium', async () => {
    const premium = await organizer({ subscriptionTier: 'basic_premium' });
    for (let i = 0; i < 4; i++) await createContest(t.app, premium.token, { title: `Premium ${i}` });
    const admin = await organizer({ role: 'admin' });
    for (let i = 0; i < 4; i++) await createContest(t.app, admin.token, { title: `Admin ${i}` });

    const lapsed = await organizer({ subscriptionTier: 'professional' });
    await t.ctx.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(now().getTime() - DAY) })
      .where(eq(users.id, lapsed.userId));
    for (let i = 0; i < 3; i++) await createContest(t.app, lapsed.token, { title: `Lapsed ${i}` });
    expect((await api(t.app, 'POST', '/api/contests', lapsed.token, contestPayload())).status).toBe(403);
  });

  it('two creations at once cannot both take the last free slot', async () => {
    const u = await organizer();
    await createContest(t.app, u.token, { title: 'First' });
    await createContest(t.app, u.token, { title: 'Second' });
    const results = await Promise.all(
      [1, 2, 3].map((i) => api(t.app, 'POST', '/api/contests', u.token, contestPayload({ title: `Race ${i}` }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(await contestCount(u.userId)).toBe(3);
    expect((await userRow(u.userId)).monthlyContestCount).toBe(3);
    expect(await walletOf(t.ctx, u.userId)).toBe(7 * PRIZE);
  });
});

describe('prize money at creation', () => {
  it('charges 500 vote credits for a badge contest, into platform revenue', async () => {
    const u = await organizer({}, 0);
    await giveCredits(t.ctx, u.userId, 600);
    const revenueBefore = await balanceOf(t.ctx.db, accounts.platformRevenue('CREDIT'));
    const contest = await createContest(t.app, u.token, { prizeType: 'badge', prizeAmount: 0, badgeTitle: 'Lens Master' });
    expect(contest).toMatchObject({ prizeType: 'badge', badgeTitle: 'Lens Master', prizeAmount: 0 });
    expect(await creditUnitsOf(t.ctx, u.userId)).toBe(creditsToUnits(100));
    expect(await balanceOf(t.ctx.db, accounts.platformRevenue('CREDIT'))).toBe(revenueBefore + creditsToUnits(500));
    expect(await posted(`contest:create:${contest._id}:badge-fee`)).toBe(true);
  });

  it('refuses a badge contest without 500 vote credits and writes nothing', async () => {
    const u = await organizer({}, 0);
    await giveCredits(t.ctx, u.userId, 499.99);
    const res = await api(
      t.app,
      'POST',
      '/api/contests',
      u.token,
      contestPayload({ prizeType: 'badge', prizeAmount: 0, badgeTitle: 'Lens' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Insufficient vote credits. You need 500 vote credits to create a badge contest.',
      errorType: 'INSUFFICIENT_CREDITS',
      required: 500,
      shortBy: 0.01,
    });
    expect(await creditUnitsOf(t.ctx, u.userId)).toBe(49_999);
    expect(await contestCount(u.userId)).toBe(0);
    expect((await userRow(u.userId)).monthlyContestCount).toBe(0);
  });

  it('moves a cash prize from the wallet into the contest escrow', async () => {
    const u = await organizer({}, 1_200_000);
    const contest = await createContest(t.app, u.token, { prizeAmount: 1_000_050 });
    expect(await walletOf(t.ctx, u.userId)).toBe(199_950);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest._id, 'NGN'))).toBe(1_000_050);
    expect(await posted(`contest:create:${contest._id}:escrow`)).toBe(true);
  });

  it('escrows a cash-and-items prize and keeps its items', async () => {
    const u = await organizer({}, PRIZE);
    const contest = await createContest(t.app, u.token, { prizeType: 'cashanditem', prizeItems: ['Camera bag', 'Tripod'] });
    expect(contest.prizeItems).toEqual(['Camera bag', 'Tripod']);
    expect(await walletOf(t.ctx, u.userId)).toBe(0);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest._id, 'NGN'))).toBe(PRIZE);
  });

  it('refuses a cash prize the wallet cannot cover, with a message about the wallet, and writes nothing', async () => {
    const u = await organizer({}, PRIZE - 1);
    const res = await api(t.app, 'POST', '/api/contests', u.token, contestPayload());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Insufficient wallet balance. You need ₦5,000 in your wallet to fund this prize.',
      errorType: 'INSUFFICIENT_BALANCE',
      required: PRIZE,
      available: PRIZE - 1,
      shortBy: 1,
    });
    expect(res.body.message).toContain('wallet');
    expect(await walletOf(t.ctx, u.userId)).toBe(PRIZE - 1);
    expect(await contestCount(u.userId)).toBe(0);
    expect((await userRow(u.userId)).monthlyContestCount).toBe(0);
  });
});

/** The wizard's multipart form: object fields as JSON strings, numbers and booleans as text. */
function formParts(fields: Record<string, unknown>): Part[] {
  return Object.entries(fields).map(([name, value]) => ({ name, data: typeof value === 'string' ? value : JSON.stringify(value) }));
}

const mediaFile = (url: string) => path.join(t.config.dataDir, 'media', url.replace(/^\/media\//, ''));
/** POST /api/contests as multipart/form-data with these parts. */
const postForm = (token: string, parts: Part[]) => {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/contests', headers: { ...form.headers, ...bearer(token) }, payload: form.payload });
};
/** The files stored under a contest's cover folder, sorted. */
const coverFiles = (contestId: string) => {
  const dir = path.join(t.config.dataDir, 'media', 'covers', contestId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe('cover image (multipart)', () => {
  it('stores the cover re-encoded as WebP at most 1600 px wide, with the fields sent as JSON strings', async () => {
    const u = await organizer();
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await postForm(u.token, [
      ...formParts({ ...contestPayload(), maxParticipants: '', title: '2024' }),
      { name: 'coverImage', filename: 'cover.png', contentType: 'image/png', data: png },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const contest = (res.json() as { data: { contest: TContest } }).data.contest;
    expect(contest.title).toBe('2024');
    expect(contest.tags).toEqual(['lagos', 'street']);
    expect(contest.maxParticipants).toBeNull();
    expect(contest.coverImage).toMatch(new RegExp(`^/media/covers/${contest._id}/[0-9a-f]{32}\\.webp$`));
    const meta = await sharp(mediaFile(contest.coverImage!)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const served = await t.app.inject({ method: 'GET', url: contest.coverImage! });
    expect(served.statusCode).toBe(200);

    // Narrower copies for srcset, each a WebP of the width it claims, in proportion, and served.
    const set = contest.coverImageSet!;
    expect(set).toMatchObject({ src: contest.coverImage, width: 1600, height: 800 });
    expect(set.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    expect(set.variants.at(-1)!.url).toBe(contest.coverImage);
    for (const v of set.variants) {
      expect(v.url).toMatch(new RegExp(`^/media/covers/${contest._id}/[0-9a-f]{32}(-${v.width})?\\.webp$`));
      expect(await sharp(mediaFile(v.url)).metadata()).toMatchObject({ format: 'webp', width: v.width, height: v.width / 2 });
      expect((await t.app.inject({ method: 'GET', url: v.url })).statusCode).toBe(200);
    }

    // Every contest answer carries the set: the contest page, the browse list and the organizer's profile.
    const one = await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${contest._id}`);
    expect(one.body.data.contest.coverImageSet).toEqual(set);
    const list = await api<{ contests: TContest[] }>(t.app, 'GET', '/api/contests');
    expect(list.body.data.contests.find((c) => c._id === contest._id)?.coverImageSet).toEqual(set);
    const profile = await api<{ contests: Array<{ _id: string; coverImageSet: unknown }> }>(
      t.app,
      'GET',
      `/api/users/${u.userId}/contests`,
    );
    expect(profile.body.data.contests.find((c) => c._id === contest._id)?.coverImageSet).toEqual(set);
  });

  it('never enlarges a small cover: only the widths below its own are made', async () => {
    const u = await organizer();
    const small = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#aa3300' } })
      .jpeg()
      .toBuffer();
    const res = await postForm(u.token, [
      ...formParts(contestPayload()),
      { name: 'coverImage', filename: 'small.jpg', contentType: 'image/jpeg', data: small },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const contest = (res.json() as { data: { contest: TContest } }).data.contest;
    expect(contest.coverImageSet).toEqual({
      src: contest.coverImage,
      width: 300,
      height: 450,
      variants: [{ url: contest.coverImage, width: 300 }],
    });
    expect(coverFiles(contest._id)).toEqual([path.basename(contest.coverImage!)]);
    expect(await sharp(mediaFile(contest.coverImage!)).metadata()).toMatchObject({ width: 300, height: 450 });
  });

  it('answers a cover stored before widths were kept with its url and no set', async () => {
    const u = await organizer();
    const contest = await createContest(t.app, u.token);
    await t.ctx.db.update(contests).set({ coverImage: '/media/covers/old.webp', coverImageSet: null }).where(eq(contests.id, contest._id));
    const res = await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${contest._id}`);
    expect(res.body.data.contest).toMatchObject({ coverImage: '/media/covers/old.webp', coverImageSet: null });
  });

  it('answers multipart field errors like JSON ones and refuses a cover that is not an image', async () => {
    const u = await organizer();
    const bad = multipart(formParts({ ...contestPayload(), votingType: 'paid', votingFeeAmount: '5' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contests',
      headers: { ...bad.headers, ...bearer(u.token) },
      payload: bad.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors.votingFeeAmount).toBe(
      'Paid voting requires a minimum of 10 vote credits.',
    );

    const refused = await postForm(u.token, [
      ...formParts(contestPayload()),
      { name: 'coverImage', filename: 'cover.jpg', contentType: 'image/jpeg', data: 'definitely not a jpeg' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Please select an image file', errorType: 'INVALID_FILE_TYPE' });
    expect(await contestCount(u.userId)).toBe(0);
    expect(await walletOf(t.ctx, u.userId)).toBe(10 * PRIZE);
  });

  it('refuses a cover over 5 MB', async () => {
    const u = await organizer();
    const res = await postForm(u.token, [
      ...formParts(contestPayload()),
      { name: 'coverImage', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ errorType: 'FILE_TOO_LARGE' });
    expect(await contestCount(u.userId)).toBe(0);
  });

  it('replaces the cover on edit and removes the old file', async () => {
    const u = await organizer();
    const png = (colour: string) =>
      sharp({ create: { width: 800, height: 400, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const created = await postForm(u.token, [
      ...formParts(contestPayload()),
      { name: 'coverImage', filename: 'a.png', contentType: 'image/png', data: await png('#ff0000') },
    ]);
    const contest = (created.json() as { data: { contest: TContest } }).data.contest;
    expect(existsSync(mediaFile(contest.coverImage!))).toBe(true);
    expect((await sharp(mediaFile(contest.coverImage!)).metadata()).width).toBe(800); // never enlarged
    const oldUrls = contest.coverImageSet!.variants.map((v) => v.url);
    expect(contest.coverImageSet!.variants.map((v) => v.width)).toEqual([400, 800]);
    expect(coverFiles(contest._id)).toHaveLength(2);

    const edit = multipart([
      { name: 'title', data: 'New look' },
      { name: 'coverImage', filename: 'b.png', contentType: 'image/png', data: await png('#00ff00') },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/contests/${contest._id}`,
      headers: { ...edit.headers, ...bearer(u.token) },
      payload: edit.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = (res.json() as { data: { contest: TContest } }).data.contest;
    expect(updated.title).toBe('New look');
    expect(updated.coverImage).not.toBe(contest.coverImage);
    expect(existsSync(mediaFile(updated.coverImage!))).toBe(true);
    expect(existsSync(mediaFile(contest.coverImage!))).toBe(false);
    // Every width of the old cover is gone; the contest's folder holds exactly the new cover's widths.
    for (const url of oldUrls) expect(existsSync(mediaFile(url))).toBe(false);
    expect(coverFiles(contest._id)).toEqual(updated.coverImageSet!.variants.map((v) => path.basename(v.url)).sort());

    // Deleting the contest removes every width of its cover.
    expect((await api(t.app, 'DELETE', `/api/contests/${contest._id}`, u.token)).status).toBe(200);
    expect(coverFiles(contest._id)).toEqual([]);
  });
});

describe('PUT /api/contests/:id', () => {
  it('lets the organizer and an admin edit, and refuses anyone else with 403', async () => {
    const u = await organizer();
    const contest = await createContest(t.app, u.token);
    const res = await api<{ contest: TContest }>(t.app, 'PUT', `/api/contests/${contest._id}`, u.token, {
      title: 'Lagos at Night',
      description: 'After dark.',
      tags: ['night'],
      rules: ['No filters'],
      category: 'other',
      customCategory: 'Night life',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your contest has been updated successfully!');
    expect(res.body.data.contest).toMatchObject({
      title: 'Lagos at Night',
      tags: ['night'],
      rules: ['No filters'],
      displayCategory: 'Night life',
    });

    const stranger = await organizer();
    const refused = await api(t.app, 'PUT', `/api/contests/${contest._id}`, stranger.token, { title: 'Mine now' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only manage your own contests');

    const admin = await organizer({ role: 'admin' });
    const byAdmin = await api<{ contest: TContest }>(t.app, 'PUT', `/api/contests/${contest._id}`, admin.token, {
      title: 'Moderated title',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.contest.title).toBe('Moderated title');

    expect((await api(t.app, 'PUT', `/api/contests/${contest._id}`, undefined, { title: 'x' })).status).toBe(401);
    expect((await api(t.app, 'PUT', `/api/contests/00000000-0000-4000-8000-000000000000`, u.token, { title: 'x' })).status).toBe(404);
  });

  it('keeps prize, fees and entry type fixed (not part of the edit)', async () => {
    const u = await organizer();
    const contest = await createContest(t.app, u.token);
    const res = await api<{ contest: TContest }>(t.app, 'PUT', `/api/contests/${contest._id}`, u.token, {
      prizeAmount: 1,
      entryType: 'video',
      votingType: 'paid',
    });
    expect(res.status).toBe(200);
    // Fields left out stay as they were (no wizard defaults applied to an edit).
    expect(res.body.data.contest).toMatchObject({
      prizeAmount: PRIZE,
      entryType: 'photo',
      votingType: 'free',
      tags: ['lagos', 'street'],
      rules: ['Original work only'],
      title: contest.title,
    });
    const titleOnly = await api<{ contest: TContest }>(t.app, 'PUT', `/api/contests/${contest._id}`, u.token, {
      title: 'Only the title',
      settings: { allowComments: false },
    });
    expect(titleOnly.body.data.contest).toMatchObject({
      title: 'Only the title',
      tags: ['lagos', 'street'],
      rules: ['Original work only'],
      settings: { allowComments: false, showVoteCount: true },
    });
  });

  it('applies the date rules', async () => {
    const u = await organizer();
    const at = now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const open = await createContest(t.app, u.token); // entries opened an hour ago
    const put = (id: string, body: Record<string, unknown>) =>
      api<{ contest: TContest }>(t.app, 'PUT', `/api/contests/${id}`, u.token, body);

    let res = await put(open._id, { entryStartDate: iso(at + HOUR) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The entry start date cannot be changed after entries have opened');
    res = await put(open._id, { entryEndDate: iso(at - 1000) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ entryEndDate: 'Entry end date must be in the future' });
    res = await put(open._id, { entryEndDate: iso(at + 3 * DAY) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ votingStartDate: 'Voting cannot start before entries close' });
    res = await put(open._id, { entryEndDate: iso(at + 3 * DAY), votingStartDate: iso(at + 3 * DAY), votingEndDate: iso(at + 6 * DAY) });
    expect(res.status).toBe(200);
    expect(res.body.data.contest).toMatchObject({ entryEndDate: iso(at + 3 * DAY), votingEndDate: iso(at + 6 * DAY), votingDuration: 3 });
    res = await put(open._id, { votingEndDate: iso(at + 3 * DAY) });
    expect(res.body.errors).toEqual({ votingEndDate: 'Voting end date must be after the voting start date' });

    const upcoming = await createContest(t.app, u.token, { entryStartDate: iso(at + DAY) });
    res = await put(upcoming._id, { entryStartDate: iso(at + 2 * HOUR) });
    expect(res.status).toBe(200);
    expect(res.body.data.contest).toMatchObject({ entryStartDate: iso(at + 2 * HOUR), phase: 'upcoming' });

    // Entries closed early: the entry end date stays; edits to text still work.
    await api(t.app, 'PATCH', `/api/contests/${open._id}/status`, u.token, { status: 'voting' });
    res = await put(open._id, { entryEndDate: iso(at + 5 * DAY) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Entries have closed, so the entry end date can no longer be changed');
    res = await put(open._id, { votingStartDate: iso(at + 5 * DAY) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Voting has started, so the voting start date can no longer be changed');
    expect((await put(open._id, { description: 'Still editable' })).status).toBe(200);
  });

  it('refuses edits once a contest has ended or was cancelled, and max participants below the entries', async () => {
    const u = await organizer();
    const ended = await createContest(t.app, u.token);
    await api(t.app, 'PATCH', `/api/contests/${ended._id}/status`, u.token, { status: 'voting' });
    await api(t.app, 'PATCH', `/api/contests/${ended._id}/status`, u.token, { status: 'ended' });
    let res = await api(t.app, 'PUT', `/api/contests/${ended._id}`, u.token, { title: 'Too late' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This contest has ended and can no longer be edited');

    const cancelled = await createContest(t.app, u.token);
    await api(t.app, 'PATCH', `/api/contests/${cancelled._id}/status`, u.token, { status: 'cancelled' });
    res = await api(t.app, 'PUT', `/api/contests/${cancelled._id}`, u.token, { title: 'Too late' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This contest has been cancelled and can no longer be edited');

    const busy = await createContest(t.app, u.token);
    const p = await createTestUser(t.ctx);
    await insertEntry(t.ctx, busy._id, p.user.id);
    await insertEntry(t.ctx, busy._id, (await createTestUser(t.ctx)).user.id);
    res = await api(t.app, 'PUT', `/api/contests/${busy._id}`, u.token, { maxParticipants: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ maxParticipants: 'Max participants cannot be below the number of entries already received (2)' });
  });
});

describe('DELETE /api/contests/:id', () => {
  it('refuses while the contest has entries (409) and anyone but the organizer or an admin (403)', async () => {
    const u = await organizer();
    const contest = await createContest(t.app, u.token);
    const stranger = await organizer();
    const forbidden = await api(t.app, 'DELETE', `/api/contests/${contest._id}`, stranger.token);
    expect(forbidden.status).toBe(403);

    await insertEntry(t.ctx, contest._id, stranger.userId);
    const res = await api(t.app, 'DELETE', `/api/contests/${contest._id}`, u.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'Cannot delete a contest that already has entries', errorType: 'CONFLICT' });
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest._id, 'NGN'))).toBe(PRIZE);
    expect((await api(t.app, 'GET', `/api/contests/${contest._id}`)).status).toBe(200);
  });

  it('returns the escrowed prize to the wallet and deletes the contest', async () => {
    const u = await organizer({}, PRIZE);
    const contest = await createContest(t.app, u.token);
    expect(await walletOf(t.ctx, u.userId)).toBe(0);
    const res = await api(t.app, 'DELETE', `/api/contests/${contest._id}`, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Contest deleted successfully', data: { escrowRefunded: PRIZE, badgeFeeRefunded: 0 } });
    expect(await walletOf(t.ctx, u.userId)).toBe(PRIZE);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest._id, 'NGN'))).toBe(0);
    expect(await posted(`contest:delete:${contest._id}:escrow`)).toBe(true);
    expect((await api(t.app, 'GET', `/api/contests/${contest._id}`)).status).toBe(404);
    expect((await api(t.app, 'DELETE', `/api/contests/${contest._id}`, u.token)).status).toBe(404);
  });

  it('returns the badge fee when an admin deletes an empty badge contest', async () => {
    const u = await organizer({}, 0);
    await giveCredits(t.ctx, u.userId, 500);
    const contest = await createContest(t.app, u.token, { prizeType: 'badge', prizeAmount: 0, badgeTitle: 'Ace' });
    expect(await creditUnitsOf(t.ctx, u.userId)).toBe(0);
    const admin = await organizer({ role: 'admin' });
    const res = await api(t.app, 'DELETE', `/api/contests/${contest._id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ escrowRefunded: 0, badgeFeeRefunded: 500 });
    expect(await creditUnitsOf(t.ctx, u.userId)).toBe(creditsToUnits(500));
  });

  it('does not return a badge fee twice (cancelled, then deleted)', async () => {
    const u = await organizer({}, 0);
    await giveCredits(t.ctx, u.userId, 500);
    const contest = await createContest(t.app, u.token, { prizeType: 'badge', prizeAmount: 0, badgeTitle: 'Ace' });
    const cancel = await api(t.app, 'PATCH', `/api/contests/${contest._id}/status`, u.token, { status: 'cancelled' });
    expect(cancel.status).toBe(200);
    expect(await creditUnitsOf(t.ctx, u.userId)).toBe(creditsToUnits(500));
    const res = await api(t.app, 'DELETE', `/api/contests/${contest._id}`, u.token);
    expect(res.body.data).toEqual({ escrowRefunded: 0, badgeFeeRefunded: 0 });
    expect(await creditUnitsOf(t.ctx, u.userId)).toBe(creditsToUnits(500));
  });
});

describe('PATCH /api/contests/:id/status', () => {
  const patch = (id: string, token: string, body: Record<string, unknown>) =>
    api<{ contest: TContest; finalized?: Record<string, unknown> | null }>(t.app, 'PATCH', `/api/contests/${id}/status`, token, body);

  it('active → voting closes entries now', async () => {
    setClock(new Date('2031-03-10T12:00:00Z'));
    const u = await organizer();
    const contest = await createContest(t.app, u.token);
    const res = await patch(contest._id, u.token, { status: 'voting' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Entries are closed and voting is now open.');
    expect(res.body.data.contest).toMatchObject({
      status: 'voting',
      phase: 'voting',
      isAcceptingEntries: false,
      isVotingActive: true,
      entryEndDate: '2031-03-10T12:00:00.000Z',
      votingStartDate: '2031-03-10T12:00:00.000Z',
      votingEndDate: contest.votingEndDate,
    });
  });

  it('voting → ended ends voting now and finalizes; other transitions are refused with 409', async () => {
    setClock(new Date('2031-03-11T12:00:00Z'));
    const u = await organizer();
    const contest = await createContest(t.app, u.token);

    let res = await patch(contest._id, u.token, { status: 'ended' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Close entries (move the contest to voting) before ending it');

    expect((await patch(contest._id, u.token, { status: 'voting' })).status).toBe(200);
    res = await patch(contest._id, u.token, { status: 'voting' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Entries are already closed for this contest');

    res = await patch(contest._id, u.token, { status: 'ended' });
    expect(res.status).toBe(200);
    expect(res.body.data.contest).toMatchObject({ status: 'ended', phase: 'ended', winner: null });
    expect(res.body.data.finalized).toMatchObject({ winnerEntryId: null, refunded: PRIZE });

    for (const status of ['voting', 'ended', 'cancelled']) {
      res = await patch(contest._id, u.token, { status });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toBe('This contest has already ended');
    }
    res = await patch(contest._id, u.token, { status: 'active' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ status: 'Status must be voting, ended or cancelled' });
  });

  it('refuses a cancelled contest and anyone but the organizer or an admin', async () => {
    const u = await organizer();
    const contest = await createContest(t.app, u.token);
    const stranger = await organizer();
    const res = await patch(contest._id, stranger.token, { status: 'cancelled' });
    expect(res.status).toBe(403);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest._id, 'NGN'))).toBe(PRIZE);

    const admin = await organizer({ role: 'admin' });
    expect((await patch(contest._id, admin.token, { status: 'cancelled', reason: 'Duplicate contest' })).status).toBe(200);
    const again = await patch(contest._id, u.token, { status: 'voting' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This contest has been cancelled');
    const read = await api<{ contest: TContest }>(t.app, 'GET', `/api/contests/${contest._id}`);
    expect(read.body.data.contest).toMatchObject({ status: 'cancelled', phase: 'cancelled', cancelReason: 'Duplicate contest' });
  });

  it('refuses closing entries that have not opened yet', async () => {
    const u = await organizer();
    const contest = await createContest(t.app, u.token, { entryStartDate: new Date(now().getTime() + HOUR).toISOString() });
    const res = await patch(contest._id, u.token, { status: 'voting' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Entries have not opened yet. Cancel the contest instead if it should not go ahead.');
  });
});

describe('reads', () => {
  it('answers 404 Contest not found for unknown, malformed and other people’s draft contests', async () => {
    const u = await organizer();
    const draftId = (
      await t.ctx.db
        .insert(contests)
        .values({
          organizerId: u.userId,
          title: 'Hidden draft',
          description: 'Draft',
          category: 'music',
          status: 'draft',
          prizeType: 'badge',
          entryType: 'audio',
          entryStartDate: new Date(now().getTime() + DAY),
          entryEndDate: new Date(now().getTime() + 2 * DAY),
          votingStartDate: new Date(now().getTime() + 2 * DAY),
          votingEndDate: new Date(now().getTime() + 3 * DAY),
        })
        .returning({ id: contests.id })
    )[0]!.id;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', draftId]) {
      const res = await api(t.app, 'GET', `/api/contests/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Contest not found', errorType: 'NOT_FOUND' });
    }
    expect((await api(t.app, 'GET', `/api/contests/${draftId}`, u.token)).status).toBe(200);
    expect((await api(t.app, 'GET', `/api/contests/${draftId}/stats`)).status).toBe(404);
  });
});
