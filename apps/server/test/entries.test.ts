import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contests, entries, entryLikes, users, votes } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { deleteEntry } from '../src/modules/entries/edit-entry.js';
import { bearer, createSignedInUser, createTestApp, login, type LoginResult, type TestApp } from './helpers.js';
import {
  compoundFile,
  createContest,
  createParticipant,
  docx,
  filesUnder,
  grantCredits,
  jpegWithGps,
  largePng,
  mp3,
  mp4,
  pdf,
  setDateOfBirth,
  smallPng,
  submit,
  wav,
  webm,
  type FileSpec,
} from './entry-fixtures.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let organizer: LoginResult & { email: string; password: string };
let mediaDir: string;
let tmpDir: string;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
  mediaDir = path.join(t.config.dataDir, 'media');
  tmpDir = path.join(t.config.dataDir, 'tmp', 'uploads');
});
afterEach(() => setClock(null));
afterAll(() => t?.close());

const png = async (name = 'photo.png'): Promise<FileSpec> => ({ data: await smallPng(), filename: name, contentType: 'image/png' });

async function contestRow(id: string) {
  const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, id));
  return row!;
}

/** A fresh token after the clock moved (access tokens are judged by the same clock). */
const relogin = async (u: { email: string; password: string }) => (await login(t.app, u.email, u.password)).token;

const entryFiles = (contestId: string) => filesUnder(path.join(mediaDir, 'entries', contestId));

/** An entry straight in the database (reads, ranking and likes do not depend on the upload path). */
async function insertEntry(values: {
  contestId: string;
  participantId: string;
  status?: 'pending' | 'approved' | 'rejected' | 'disqualified';
  weightedVotes?: number;
  votesCount?: number;
  createdAt?: Date;
  id?: string;
  title?: string;
}) {
  const [row] = await t.ctx.db
    .insert(entries)
    .values({
      id: values.id ?? randomUUID(),
      contestId: values.contestId,
      participantId: values.participantId,
      title: values.title ?? 'Entry',
      description: 'An entry',
      entryType: 'photo',
      status: values.status ?? 'approved',
      weightedVotes: values.weightedVotes ?? 0,
      votesCount: values.votesCount ?? 0,
      createdAt: values.createdAt ?? now(),
    })
    .returning();
  return row!;
}

async function stripGpsCheck(file: Buffer) {
  const meta = await sharp(file).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(file.includes('exif-marker-owner')).toBe(false);
  return meta;
}

describe('POST /api/entries: submitting', () => {
  it('approves at once in an open contest; the image is re-encoded (oriented, resized, no EXIF) with a thumbnail, and served', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif!.includes('exif-marker-owner')).toBe(true);

    const res = await submit(t.app, me.token, {
      contestId: contest.id,
      tags: '["sunset","lagos"]',
      settings: '{"allowSharing":false}',
      files: [{ data: input, filename: 'IMG_0001.JPG', contentType: 'image/jpeg' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Your entry has been submitted and is now live!');
    expect(body.data).toMatchObject({ status: 'approved', requiresApproval: false });
    const entry = body.data.entry;
    expect(entry).toMatchObject({
      title: 'Sunset over Lagos',
      entryType: 'photo',
      status: 'approved',
      tags: ['sunset', 'lagos'],
      settings: { allowSharing: false },
      votesCount: 0,
      weightedVotes: 0,
      likesCount: 0,
      likedByMe: false,
      ranking: 1,
      participant: { _id: me.userId, fullName: 'Ada Participant', verified: true },
      contest: { _id: contest.id, title: contest.title, status: 'active', entryFee: 'free', entryFeeAmount: 0, prizeType: 'badge' },
    });
    expect(entry.submittedAt).toBe(entry.createdAt);

    expect(entry.media).toHaveLength(1);
    const media = entry.media[0];
    expect(media).toMatchObject({ kind: 'image', mimeType: 'image/webp', width: 800, height: 1600 });
    expect(media.url).toMatch(new RegExp(`^/media/entries/${contest.id}/${entry._id}/[0-9a-f]{32}\\.webp$`));
    expect(media.thumbnailUrl).toMatch(/-thumb\.webp$/);

    const display = readFileSync(path.join(t.config.dataDir, media.url));
    expect(media.size).toBe(display.length);
    const displayMeta = await stripGpsCheck(display);
    expect(displayMeta).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    // Orientation 6 was applied: the stored left half (red) is now on top.
    const { data, info } = await sharp(display).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(px(400, 100)[0]).toBeGreaterThan(200);
    expect(px(400, 1500)[2]).toBeGreaterThan(200);

    const thumb = readFileSync(path.join(t.config.dataDir, media.thumbnailUrl));
    expect(await stripGpsCheck(thumb)).toMatchObject({ format: 'webp', width: 200, height: 400 });
    // The widths for srcset: the thumbnail and the display (800 px wide: no middle copy of the same width).
    expect(media.variants).toEqual([
      { url: media.thumbnailUrl, width: 200 },
      { url: media.url, width: 800 },
    ]);

    const served = await t.app.inject({ method: 'GET', url: media.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(display)).toBe(true);

    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 1, totalParticipants: 1 });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/entries/${entry._id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.entry).not.toHaveProperty('likedByMe');
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('keeps the entry pending in a review contest, visible only to its participant, the organizer and admins', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review' });
    const me = await createParticipant(t.app);
    const stranger = await createParticipant(t.app);
    const admin = await createSignedInUser(t.app, { role: 'admin' });

    const res = await submit(t.app, me.token, { contestId: contest.id, files: [await png()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Your entry has been submitted and is awaiting approval.');
    expect(res.json().data).toMatchObject({ status: 'pending', requiresApproval: true, entry: { status: 'pending', ranking: null } });
    const id = res.json().data.entry._id;
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 0, totalParticipants: 1 });

    const get = (token?: string) => t.app.inject({ method: 'GET', url: `/api/entries/${id}`, headers: token ? bearer(token) : {} });
    expect((await get()).statusCode).toBe(404);
    expect((await get(stranger.token)).statusCode).toBe(404);
    expect((await get(me.token)).statusCode).toBe(200);
    expect((await get(organizer.token)).statusCode).toBe(200);
    expect((await get(admin.token)).statusCode).toBe(200);

    const list = async (url: string, token?: string) =>
      ((await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })).json().data.entries as Array<{ _id: string }>).map(
        (e) => e._id,
      );
    expect(await list(`/api/entries/contest/${contest.id}`)).toEqual([]);
    expect(await list(`/api/entries/contest/${contest.id}`, stranger.token)).toEqual([]);
    expect(await list(`/api/entries/contest/${contest.id}`, me.token)).toEqual([id]);
    expect(await list(`/api/entries/contest/${contest.id}`, organizer.token)).toEqual([id]);
    expect(await list(`/api/entries?contest=${contest.id}`)).toEqual([]);
    expect(await list(`/api/entries?contest=${contest.id}&status=pending`, stranger.token)).toEqual([]);
    expect(await list(`/api/entries?contest=${contest.id}&status=pending`, admin.token)).toEqual([id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/entries/contest/${contest.id}/leaderboard` })).json().data.leaderboard).toEqual(
      [],
    );
  });

  it('also accepts fields after the files, repeated tag fields, and applies the requireApproval setting', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { settings: { requireApproval: true } });
    const me = await createParticipant(t.app);
    const res = await submit(t.app, me.token, { contestId: contest.id, tags: ['one', 'two'], files: [await png()], filesFirst: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', entry: { tags: ['one', 'two'], settings: { allowSharing: true } } });
  });
});

describe('POST /api/entries: refusals', () => {
  it('refuses anonymous and unverified callers, and unknown contests', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    expect((await submit(t.app, undefined, { contestId: contest.id, files: [await png()] })).statusCode).toBe(401);
    // Registration hands out a token before the email is verified: the route's 'verified' access refuses it.
    const unverified = await createParticipant(t.app);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, unverified.userId));
    const refused = await submit(t.app, unverified.token, { contestId: contest.id, files: [await png()] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorType).toBe('EMAIL_NOT_VERIFIED');
    const me = await createParticipant(t.app);
    const res = await submit(t.app, me.token, { contestId: randomUUID(), files: [await png()] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Contest not found');
  });

  it('refuses outside the entry window, judged by the clock at request time', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    advanceClock(3 * DAY); // past entryEndDate; the stored status is still 'active'
    const late = await submit(t.app, await relogin(me), { contestId: contest.id, files: [await png()] });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The entry period for this contest has ended');
    setClock(null);

    const future = await createContest(t.ctx, organizer.userId, {
      entryStartDate: new Date(now().getTime() + DAY),
      entryEndDate: new Date(now().getTime() + 2 * DAY),
    });
    const early = await submit(t.app, me.token, { contestId: future.id, files: [await png()] });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('This contest is not accepting entries yet');

    const closed = await createContest(t.ctx, organizer.userId, { status: 'cancelled' });
    expect((await submit(t.app, me.token, { contestId: closed.id, files: [await png()] })).json().message).toBe(
      'This contest has been cancelled',
    );
    expect(entryFiles(contest.id)).toEqual([]);
  });

  it('refuses the wrong entry type with the server message', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const res = await submit(t.app, me.token, { contestId: contest.id, entryType: 'video', files: [await png()] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This contest only accepts photo entries',
      errors: { entryType: 'This contest only accepts photo entries' },
    });
  });

  it('refuses a profile under 50% with 403 and the completion figure', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const sparse = await createSignedInUser(t.app); // full name and email only: 2 of 9 fields
    const res = await submit(t.app, sparse.token, { contestId: contest.id, files: [await png()] });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.message).toContain('Please complete your profile before submitting entries');
    expect(body.profileCompletion).toBe(22);
    expect(body.requiredCompletion).toBe(50);
  });

  it("refuses the organizer's own contest", async () => {
    const mine = await createParticipant(t.app);
    const contest = await createContest(t.ctx, mine.userId);
    const res = await submit(t.app, mine.token, { contestId: contest.id, files: [await png()] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot submit an entry to your own contest');
  });

  it('refuses a second entry unless the contest allows multiple entries', async () => {
    const single = await createContest(t.ctx, organizer.userId);
    const multiple = await createContest(t.ctx, organizer.userId, { settings: { allowMultipleEntries: true } });
    const me = await createParticipant(t.app);
    expect((await submit(t.app, me.token, { contestId: single.id, files: [await png()] })).statusCode).toBe(201);
    const again = await submit(t.app, me.token, { contestId: single.id, files: [await png()] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already submitted an entry to this contest');

    expect((await submit(t.app, me.token, { contestId: multiple.id, files: [await png()] })).statusCode).toBe(201);
    expect((await submit(t.app, me.token, { contestId: multiple.id, files: [await png()] })).statusCode).toBe(201);
    expect(await contestRow(multiple.id)).toMatchObject({ totalEntries: 2, totalParticipants: 1 });
  });

  it('enforces maxParticipants on distinct participants', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { maxParticipants: 1, settings: { allowMultipleEntries: true } });
    const first = await createParticipant(t.app);
    const second = await createParticipant(t.app);
    expect((await submit(t.app, first.token, { contestId: contest.id, files: [await png()] })).statusCode).toBe(201);
    // The same participant again is not a new participant.
    expect((await submit(t.app, first.token, { contestId: contest.id, files: [await png()] })).statusCode).toBe(201);
    const full = await submit(t.app, second.token, { contestId: contest.id, files: [await png()] });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This contest has reached its maximum number of participants');
    expect(await contestRow(contest.id)).toMatchObject({ totalParticipants: 1, totalEntries: 2 });
  });

  it('refuses entrants outside the age, location and gender restrictions with the contest requirements message', async () => {
    const year = now().getUTCFullYear();
    const ageContest = await createContest(t.ctx, organizer.userId, { restrictions: { ageRestriction: true, minAge: 18, maxAge: 35 } });
    const young = await createParticipant(t.app);
    await setDateOfBirth(t.ctx, young.userId, `${year - 15}-01-01`);
    const noBirthday = await createParticipant(t.app);
    const adult = await createParticipant(t.app);
    await setDateOfBirth(t.ctx, adult.userId, `${year - 30}-01-01`);
    const expectRequirements = async (token: string, contestId: string, requirement: string) => {
      const res = await submit(t.app, token, { contestId, files: [await png()] });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toContain('contest requirements');
      expect(res.json().requirement).toBe(requirement);
    };
    await expectRequirements(young.token, ageContest.id, 'age');
    await expectRequirements(noBirthday.token, ageContest.id, 'age');
    expect((await submit(t.app, adult.token, { contestId: ageContest.id, files: [await png()] })).statusCode).toBe(201);

    const lagosOnly = await createContest(t.ctx, organizer.userId, {
      restrictions: { locationRestriction: true, allowedLocations: ['Lagos', 'Ogun'] },
    });
    const fromOyo = await createParticipant(t.app, { locationState: 'Oyo' });
    await expectRequirements(fromOyo.token, lagosOnly.id, 'location');
    expect((await submit(t.app, young.token, { contestId: lagosOnly.id, files: [await png()] })).statusCode).toBe(201);

    const menOnly = await createContest(t.ctx, organizer.userId, { restrictions: { genderRestriction: true, allowedGenders: ['male'] } });
    await expectRequirements(young.token, menOnly.id, 'gender');
    const man = await createParticipant(t.app, { gender: 'male' });
    expect((await submit(t.app, man.token, { contestId: menOnly.id, files: [await png()] })).statusCode).toBe(201);
  });

  it('refuses a submission without a file, and invalid fields with the shared messages', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const none = await submit(t.app, me.token, { contestId: contest.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Please upload at least one file', errors: { files: 'Please upload at least one file' } });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: bearer(me.token),
      payload: { contestId: contest.id, title: 'A', description: 'B', entryType: 'photo' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please upload at least one file');

    const untitled = await submit(t.app, me.token, { contestId: contest.id, title: '  ', files: [await png()] });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toMatchObject({ message: 'Title is required', errors: { title: 'Title is required' } });
    const badSettings = await submit(t.app, me.token, { contestId: contest.id, settings: '{nope', files: [await png()] });
    expect(badSettings.statusCode).toBe(400);
    expect(badSettings.json().message).toBe('Settings must be a JSON object');
    expect(entryFiles(contest.id)).toEqual([]);
    expect(filesUnder(tmpDir)).toEqual([]);
  });
});

describe('POST /api/entries: file content and size', () => {
  it('judges files by content: a text file named .jpg, a PNG named .mp4, or a cut-off JPEG are refused and nothing is stored', async () => {
    const photo = await createContest(t.ctx, organizer.userId);
    const video = await createContest(t.ctx, organizer.userId, { entryType: 'video' });
    const me = await createParticipant(t.app);

    const text = await submit(t.app, me.token, {
      contestId: photo.id,
      files: [{ data: Buffer.from('just text pretending to be a photo\n'.repeat(50)), filename: 'photo.jpg', contentType: 'image/jpeg' }],
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      errorType: 'INVALID_FILE_TYPE',
      message: '"photo.jpg" is not an accepted photo file. Please upload JPG, PNG, GIF or WEBP images.',
    });

    const disguised = await submit(t.app, me.token, {
      contestId: video.id,
      entryType: 'video',
      files: [{ data: await smallPng(), filename: 'clip.mp4', contentType: 'video/mp4' }],
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errorType).toBe('INVALID_FILE_TYPE');

    // A good first file does not carry a bad second one through.
    const mixed = await submit(t.app, me.token, {
      contestId: photo.id,
      files: [await png(), { data: (await jpegWithGps()).subarray(0, 300), filename: 'cut.jpg', contentType: 'image/jpeg' }],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('"cut.jpg" could not be read as an image');

    expect(entryFiles(photo.id)).toEqual([]);
    expect(entryFiles(video.id)).toEqual([]);
    expect(filesUnder(tmpDir)).toEqual([]);
    expect(await contestRow(photo.id)).toMatchObject({ totalEntries: 0, totalParticipants: 0 });
  });

  it('refuses a photo over 5 MB for a free user with 413 while streaming, and takes it from a premium user', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { settings: { allowMultipleEntries: true } });
    const big = await largePng();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(20 * 1024 * 1024);
    const file = { data: big, filename: 'big.png', contentType: 'image/png' };

    const free = await createParticipant(t.app);
    const refused = await submit(t.app, free.token, { contestId: contest.id, files: [file] });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      errorType: 'FILE_TOO_LARGE',
      message: 'File too large: photo files can be at most 5MB on the free plan (20MB with Premium)',
      maxBytes: 5 * 1024 * 1024,
    });
    // Files before fields: the contest is unknown while streaming, so the tier maximum applies, then the type's.
    const late = await submit(t.app, free.token, { contestId: contest.id, files: [file], filesFirst: true });
    expect(late.statusCode).toBe(413);
    expect(late.json().errorType).toBe('FILE_TOO_LARGE');
    expect(entryFiles(contest.id)).toEqual([]);
    expect(filesUnder(tmpDir)).toEqual([]);

    const premium = await createParticipant(t.app, { subscriptionTier: 'basic_premium' });
    const accepted = await submit(t.app, premium.token, { contestId: contest.id, files: [file] });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const stored = accepted.json().data.entry.media[0];
    expect(stored).toMatchObject({ kind: 'image', mimeType: 'image/webp', width: 1500, height: 1500 });
    // A middle width between the 400 px thumbnail and the display, for a card on a 2x phone.
    expect(stored.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1500]);
    const middle = stored.variants[1].url as string;
    expect(middle).toMatch(/-800\.webp$/);
    expect(await sharp(readFileSync(path.join(t.config.dataDir, middle))).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 800,
    });
    expect(entryFiles(contest.id)).toHaveLength(3);
    // Withdrawing the entry removes every width.
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/entries/${accepted.json().data.entry._id}`,
      headers: bearer(premium.token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(entryFiles(contest.id)).toEqual([]);

    // An expired subscription is the free tier again.
    await t.ctx.db
      .update(users)
      .set({ subscriptionExpiresAt: new Date(now().getTime() - DAY) })
      .where(eq(users.id, premium.userId));
    expect((await submit(t.app, premium.token, { contestId: contest.id, files: [file] })).statusCode).toBe(413);
  });

  it('removes the stored files when the submission fails after storing them', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const storage = t.ctx.storage;
    const realPut = storage.put;
    let puts = 0;
    // The contest is cancelled while the files are being stored: the transaction's re-check refuses.
    storage.put = async (...args) => {
      const stored = await realPut(...args);
      puts += 1;
      await t.ctx.db.update(contests).set({ status: 'cancelled' }).where(eq(contests.id, contest.id));
      return stored;
    };
    try {
      const res = await submit(t.app, me.token, { contestId: contest.id, files: [await png('a.png'), await png('b.png')] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This contest has been cancelled');
    } finally {
      storage.put = realPut;
    }
    expect(puts).toBe(4);
    expect(entryFiles(contest.id)).toEqual([]);
    expect(filesUnder(tmpDir)).toEqual([]);
    expect(await t.ctx.db.select().from(entries).where(eq(entries.contestId, contest.id))).toEqual([]);
  });

  it('refuses more than 5 files', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const files = await Promise.all(Array.from({ length: 6 }, (_, i) => png(`p${i}.png`)));
    const res = await submit(t.app, me.token, { contestId: contest.id, files });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can upload at most 5 files per entry');
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('stores a video as sent and serves byte ranges (206)', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryType: 'video' });
    const me = await createParticipant(t.app);
    const clip = mp4(300_000);
    const res = await submit(t.app, me.token, {
      contestId: contest.id,
      entryType: 'video',
      files: [{ data: clip, filename: 'clip.bin', contentType: 'application/octet-stream' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data.entry.media[0];
    expect(media).toMatchObject({ kind: 'video', mimeType: 'video/mp4', size: clip.length });
    expect(media.url).toMatch(/\.mp4$/);
    expect(media).not.toHaveProperty('thumbnailUrl');
    expect(readFileSync(path.join(t.config.dataDir, media.url)).equals(clip)).toBe(true);

    const ranged = await t.app.inject({ method: 'GET', url: media.url, headers: { range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1000-1999/${clip.length}`);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(clip.subarray(1000, 2000))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: media.url, headers: { range: 'bytes=-500' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(clip.subarray(clip.length - 500))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url: media.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(clip)).toBe(true);
  });

  it('accepts audio (MP3, WAV, M4A, audio-only WebM) and refuses a WebM with a video track', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryType: 'audio', settings: { allowMultipleEntries: true } });
    const me = await createParticipant(t.app);
    const cases: Array<[Buffer, string, string]> = [
      [mp3(), 'song.mp3', 'audio/mpeg'],
      [wav(), 'take.wav', 'audio/wav'],
      [mp4(5000, 'M4A'), 'voice.m4a', 'audio/mp4'],
      [webm([2]), 'memo.webm', 'audio/webm'],
    ];
    for (const [data, filename, mimeType] of cases) {
      const res = await submit(t.app, me.token, { contestId: contest.id, entryType: 'audio', files: [{ data, filename }] });
      expect(res.statusCode, filename).toBe(201);
      expect(res.json().data.entry.media[0]).toMatchObject({ kind: 'audio', mimeType, size: data.length });
    }
    const withVideo = await submit(t.app, me.token, {
      contestId: contest.id,
      entryType: 'audio',
      files: [{ data: webm([1, 2]), filename: 'a.webm' }],
    });
    expect(withVideo.statusCode).toBe(400);
    expect(withVideo.json().errorType).toBe('INVALID_FILE_TYPE');
  });

  it('accepts articles as PDF, DOC, DOCX and UTF-8 .txt only', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryType: 'article', settings: { allowMultipleEntries: true } });
    const me = await createParticipant(t.app);
    const good: Array<[Buffer, string, string]> = [
      [pdf(), 'essay.pdf', 'application/pdf'],
      [compoundFile('WordDocument'), 'essay.doc', 'application/msword'],
      [docx(), 'essay.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [Buffer.from('Ọjọ́ kan ní Èkó…\nA short story.\n'), 'story.txt', 'text/plain'],
    ];
    for (const [data, filename, mimeType] of good) {
      const res = await submit(t.app, me.token, { contestId: contest.id, entryType: 'article', files: [{ data, filename }] });
      expect(res.statusCode, filename).toBe(201);
      expect(res.json().data.entry.media[0]).toMatchObject({ kind: 'document', mimeType });
    }
    const served = await t.app.inject({
      method: 'GET',
      url: (
        await submit(t.app, me.token, {
          contestId: contest.id,
          entryType: 'article',
          files: [{ data: Buffer.from('plain'), filename: 'x.txt' }],
        })
      ).json().data.entry.media[0].url,
    });
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const bad: Array<[Buffer, string]> = [
      [compoundFile('Workbook'), 'sheet.doc'], // an Excel 97 file is a Compound File too, but not a Word document
      [Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x00, 0x01]), 'binary.txt'], // not UTF-8
      [Buffer.from('Plain words, but not named .txt'), 'essay.pdf'],
      [await smallPng(), 'essay.pdf'],
    ];
    for (const [data, filename] of bad) {
      const res = await submit(t.app, me.token, { contestId: contest.id, entryType: 'article', files: [{ data, filename }] });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().errorType, filename).toBe('INVALID_FILE_TYPE');
    }
  });
});

describe('paid entry fees', () => {
  it('charges the fee exactly into the contest escrow, and refuses with "Insufficient vote credits" when short', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryFee: 'paid', entryFeeAmount: 2550 }); // 25.50 credits
    const poor = await createParticipant(t.app);
    await grantCredits(t.ctx, poor.userId, 25);
    const refused = await submit(t.app, poor.token, { contestId: contest.id, files: [await png()] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Insufficient vote credits',
      errorType: 'INSUFFICIENT_CREDITS',
      required: 25.5,
      available: 25,
    });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(poor.userId))).toBe(2500);
    expect(entryFiles(contest.id)).toEqual([]);

    const me = await createParticipant(t.app);
    await grantCredits(t.ctx, me.userId, 100);
    const res = await submit(t.app, me.token, { contestId: contest.id, files: [await png()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.entry.contest).toMatchObject({ entryFee: 'paid', entryFeeAmount: 25.5 });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(10000 - 2550);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(2550);
    const me2 = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(me.token) })).json().data.user;
    expect(me2.voteCredits).toBe(74.5);
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });

  it('refunds the fee when the participant withdraws the entry', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryFee: 'paid', entryFeeAmount: 1000 });
    const me = await createParticipant(t.app);
    await grantCredits(t.ctx, me.userId, 30);
    const id = (await submit(t.app, me.token, { contestId: contest.id, files: [await png()] })).json().data.entry._id;
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(2000);
    const stored = entryFiles(contest.id);
    expect(stored).toHaveLength(2);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/entries/${id}`, headers: bearer(me.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: true, refundedCredits: 10 });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(3000);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(0);
    expect(entryFiles(contest.id)).toEqual([]);
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 0, totalParticipants: 0 });
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });
});

describe('reads, ranking and leaderboard', () => {
  it('ranks approved entries by weighted votes, then earlier submission, then lower id', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const [p1, p2, p3] = [await createParticipant(t.app), await createParticipant(t.app), await createParticipant(t.app)];
    const base = now().getTime() - 60_000;
    const at = (s: number) => new Date(base + s * 1000);
    const a = await insertEntry({
      contestId: contest.id,
      participantId: p1.userId,
      weightedVotes: 30,
      votesCount: 6,
      createdAt: at(5),
      title: 'A',
    });
    const b = await insertEntry({ contestId: contest.id, participantId: p2.userId, weightedVotes: 10, createdAt: at(1), title: 'B' });
    // C and D tie on votes and time: the lower id ranks first.
    const c = await insertEntry({
      contestId: contest.id,
      participantId: p3.userId,
      weightedVotes: 10,
      createdAt: at(2),
      id: 'f0000000-0000-4000-8000-000000000000',
      title: 'C',
    });
    const d = await insertEntry({
      contestId: contest.id,
      participantId: p1.userId,
      weightedVotes: 10,
      createdAt: at(2),
      id: '10000000-0000-4000-8000-000000000000',
      title: 'D',
    });
    const e = await insertEntry({ contestId: contest.id, participantId: p2.userId, weightedVotes: 0, createdAt: at(0), title: 'E' });
    const pending = await insertEntry({
      contestId: contest.id,
      participantId: p3.userId,
      status: 'pending',
      weightedVotes: 99,
      title: 'P',
    });

    const board = await t.app.inject({ method: 'GET', url: `/api/entries/contest/${contest.id}/leaderboard` });
    expect(board.statusCode).toBe(200);
    const rows = board.json().data.leaderboard;
    expect(rows.map((r: { rank: number; entry: { _id: string } }) => [r.rank, r.entry._id])).toEqual([
      [1, a.id],
      [2, b.id],
      [3, d.id],
      [4, c.id],
      [5, e.id],
    ]);
    expect(rows[0]).toMatchObject({ votes: 30, votesCount: 6, entry: { title: 'A', participant: { _id: p1.userId } } });

    const top2 = await t.app.inject({ method: 'GET', url: `/api/entries/contest/${contest.id}/leaderboard?limit=2` });
    expect(top2.json().data.leaderboard).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/entries/contest/${contest.id}/leaderboard?limit=51` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/entries/contest/${randomUUID()}/leaderboard` })).statusCode).toBe(404);

    // The same order everywhere: contest entries sorted by votes, each entry's ranking, and My Entries.
    const byVotes = await t.app.inject({
      method: 'GET',
      url: `/api/entries/contest/${contest.id}?sortBy=votes`,
      headers: bearer(organizer.token),
    });
    expect(byVotes.json().data.entries.map((x: { title: string; ranking: number | null }) => [x.title, x.ranking])).toEqual([
      ['P', null],
      ['A', 1],
      ['B', 2],
      ['D', 3],
      ['C', 4],
      ['E', 5],
    ]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/entries/my-entries', headers: bearer(p3.token) });
    expect(mine.statusCode).toBe(200);
    const body = mine.json().data;
    expect(body).toMatchObject({ total: 2, totalPages: 1, pagination: { page: 1, limit: 12, total: 2, totalPages: 1 } });
    const ranking = Object.fromEntries(body.entries.map((x: { _id: string; ranking: number | null }) => [x._id, x.ranking]));
    expect(ranking).toEqual({ [c.id]: 4, [pending.id]: null });
    // What the ranking is out of: the contest's approved entries (A, B, C, D, E), on every card.
    expect(body.entries.map((x: { approvedEntries: number }) => x.approvedEntries)).toEqual([5, 5]);
    expect(body.entries[0].contest).toMatchObject({ _id: contest.id, title: contest.title });

    // One contest's: what the contest page asks to know whether the caller has entered it.
    const inContest = await t.app.inject({
      method: 'GET',
      url: `/api/entries/my-entries?contestId=${contest.id}`,
      headers: bearer(p3.token),
    });
    expect(inContest.json().data.total).toBe(2);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/entries/my-entries?contestId=${randomUUID()}`,
      headers: bearer(p3.token),
    });
    expect(elsewhere.json().data).toMatchObject({ total: 0, entries: [] });
    const pendingOnly = await t.app.inject({ method: 'GET', url: '/api/entries/my-entries?status=pending', headers: bearer(p3.token) });
    expect(pendingOnly.json().data.entries.map((x: { _id: string }) => x._id)).toEqual([pending.id]);
    const stats = await t.app.inject({ method: 'GET', url: `/api/entries/${d.id}/stats` });
    expect(stats.json().data).toMatchObject({
      ranking: 3,
      approvedEntries: 5,
      weightedVotes: 10,
      votes: { free: 0, paid: 0, uniqueVoters: 0 },
    });
  });

  it('My Entries filters In Voting and Completed by the contest phase, and needs a session', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const entry = await insertEntry({ contestId: contest.id, participantId: me.userId });
    let token = me.token;
    const ids = async (status: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/entries/my-entries?status=${status}`, headers: bearer(token) }))
        .json()
        .data.entries.map((x: { _id: string }) => x._id);
    expect(await ids('voting')).toEqual([]);
    advanceClock(3 * DAY); // voting period
    token = await relogin(me);
    expect(await ids('voting')).toEqual([entry.id]);
    expect(await ids('completed')).toEqual([]);
    // Counted per contest: this one holds only this entry.
    const inVoting = await t.app.inject({ method: 'GET', url: '/api/entries/my-entries?status=voting', headers: bearer(token) });
    expect(inVoting.json().data.entries[0]).toMatchObject({ ranking: 1, approvedEntries: 1, contest: { status: 'voting' } });
    advanceClock(3 * DAY); // after votingEndDate
    token = await relogin(me);
    expect(await ids('voting')).toEqual([]);
    expect(await ids('completed')).toEqual([entry.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/entries/my-entries' })).statusCode).toBe(401);
  });

  it('lists entries with filters, sorts and pagination', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryType: 'photo' });
    const me = await createParticipant(t.app);
    const base = now().getTime() - 600_000;
    for (const [i, title] of ['banana', 'Apple', 'cherry'].entries()) {
      await insertEntry({
        contestId: contest.id,
        participantId: me.userId,
        title,
        weightedVotes: i * 5,
        votesCount: i,
        createdAt: new Date(base + i * 1000),
      });
    }
    const titles = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/entries?contest=${contest.id}&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect((await titles('sortBy=title')).entries.map((e: { title: string }) => e.title)).toEqual(['Apple', 'banana', 'cherry']);
    expect((await titles('sortBy=title&sortOrder=desc')).entries.map((e: { title: string }) => e.title)).toEqual([
      'cherry',
      'banana',
      'Apple',
    ]);
    expect((await titles('sortBy=oldest')).entries.map((e: { title: string }) => e.title)).toEqual(['banana', 'Apple', 'cherry']);
    expect((await titles('sortBy=votes&minVotes=5')).entries.map((e: { title: string }) => e.title)).toEqual(['cherry', 'Apple']);
    const page = await titles('sortBy=newest&limit=2&page=2');
    expect(page).toMatchObject({ total: 3, totalPages: 2, totalVotes: 3, pagination: { page: 2, limit: 2, total: 3, totalPages: 2 } });
    expect(page.entries.map((e: { title: string }) => e.title)).toEqual(['banana']);
    expect((await titles(`participant=${me.userId}&entryType=video`)).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/entries?sortBy=random' })).statusCode).toBe(400);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently, keeping the count with the like rows', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const owner = await createParticipant(t.app);
    const fan = await createParticipant(t.app);
    const other = await createParticipant(t.app);
    const entry = await insertEntry({ contestId: contest.id, participantId: owner.userId });
    const like = (token: string, method: 'POST' | 'DELETE' = 'POST') =>
      t.app.inject({ method, url: `/api/entries/${entry.id}/like`, headers: bearer(token) });

    expect((await like(fan.token)).json().data).toEqual({ likesCount: 1, action: 'liked' });
    expect((await like(fan.token)).json().data).toEqual({ likesCount: 1, action: 'liked' });
    expect((await like(other.token)).json().data).toEqual({ likesCount: 2, action: 'liked' });
    const seen = await t.app.inject({ method: 'GET', url: `/api/entries/${entry.id}`, headers: bearer(fan.token) });
    expect(seen.json().data.entry).toMatchObject({ likesCount: 2, likedByMe: true });
    expect((await like(fan.token, 'DELETE')).json().data).toEqual({ likesCount: 1, action: 'unliked' });
    expect((await like(fan.token, 'DELETE')).json().data).toEqual({ likesCount: 1, action: 'unliked' });
    const rows = await t.ctx.db.select().from(entryLikes).where(eq(entryLikes.entryId, entry.id));
    expect(rows.map((r) => r.userId)).toEqual([other.userId]);
    const seenAfter = await t.app.inject({ method: 'GET', url: `/api/entries/${entry.id}`, headers: bearer(fan.token) });
    expect(seenAfter.json().data.entry).toMatchObject({ likesCount: 1, likedByMe: false });

    expect((await t.app.inject({ method: 'POST', url: `/api/entries/${entry.id}/like` })).statusCode).toBe(401);
    const pending = await insertEntry({ contestId: contest.id, participantId: fan.userId, status: 'pending' });
    const ownPending = await t.app.inject({ method: 'POST', url: `/api/entries/${pending.id}/like`, headers: bearer(fan.token) });
    expect(ownPending.statusCode).toBe(409);
    expect(ownPending.json().message).toBe('Only approved entries can be liked');
    expect((await t.app.inject({ method: 'POST', url: `/api/entries/${pending.id}/like`, headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/entries/${randomUUID()}/like`, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
  });

  it('counts one like for many simultaneous likes by the same user', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const owner = await createParticipant(t.app);
    const fan = await createParticipant(t.app);
    const entry = await insertEntry({ contestId: contest.id, participantId: owner.userId });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: `/api/entries/${entry.id}/like`, headers: bearer(fan.token) })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const [row] = await t.ctx.db.select({ likes: entries.likesCount }).from(entries).where(eq(entries.id, entry.id));
    expect(row!.likes).toBe(1);
  });
});

describe('editing and deleting', () => {
  it('lets the participant edit text and settings while entries are accepted, and no one else', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    const me = await createParticipant(t.app);
    const stranger = await createParticipant(t.app);
    const entry = await insertEntry({ contestId: contest.id, participantId: me.userId });
    const put = (token: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/entries/${entry.id}`, headers: bearer(token), payload });

    const res = await put(me.token, { title: 'New title', tags: ['x'], settings: { allowSharing: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.entry).toMatchObject({
      title: 'New title',
      description: 'An entry',
      tags: ['x'],
      settings: { allowSharing: false },
    });
    expect((await put(stranger.token, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await put(organizer.token, { title: 'Organizer edit' })).statusCode).toBe(403);
    expect((await put(me.token, {})).statusCode).toBe(400);
    advanceClock(3 * DAY);
    const late = await put(await relogin(me), { title: 'Too late' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The entry period for this contest has ended');
  });

  it('lets the participant delete only before votes and within the window; the organizer any time except with paid votes', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { settings: { allowMultipleEntries: true } });
    const me = await createParticipant(t.app);
    const voter = await createParticipant(t.app);
    const stranger = await createParticipant(t.app);
    const upload = async () => (await submit(t.app, me.token, { contestId: contest.id, files: [await png()] })).json().data.entry;
    const voted = await upload();
    const paid = await upload();
    const late = await upload();
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 3, totalParticipants: 1 });
    const del = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/entries/${id}`, headers: bearer(token) });

    // Votes arrive (written directly: the votes module owns casting).
    await t.ctx.db.insert(votes).values({
      contestId: contest.id,
      entryId: voted._id,
      voterId: voter.userId,
      voteType: 'free',
      amount: 1,
      weightedTotal: 1,
      idempotencyKey: randomUUID(),
    });
    await t.ctx.db.update(entries).set({ votesCount: 1, weightedVotes: 1 }).where(eq(entries.id, voted._id));
    await t.ctx.db.update(contests).set({ totalVotes: 6, totalVoters: 1 }).where(eq(contests.id, contest.id));
    await t.ctx.db.insert(votes).values({
      contestId: contest.id,
      entryId: paid._id,
      voterId: voter.userId,
      voteType: 'paid',
      amount: 1,
      weightedTotal: 5,
      creditCost: 1000,
      idempotencyKey: randomUUID(),
    });
    await t.ctx.db.update(entries).set({ votesCount: 1, weightedVotes: 5 }).where(eq(entries.id, paid._id));

    expect((await del(stranger.token, late._id)).statusCode).toBe(403);
    const withVotes = await del(me.token, voted._id);
    expect(withVotes.statusCode).toBe(409);
    expect(withVotes.json().message).toBe('Entries that have received votes cannot be deleted');
    const withPaid = await del(organizer.token, paid._id);
    expect(withPaid.statusCode).toBe(409);
    expect(withPaid.json().message).toBe('This entry has paid votes and cannot be deleted until they are refunded');

    await t.ctx.db.update(contests).set({ winnerEntryId: late._id }).where(eq(contests.id, contest.id));
    const winner = await del(organizer.token, late._id);
    expect(winner.statusCode).toBe(409);
    expect(winner.json().message).toBe('The winning entry of a contest cannot be deleted');
    await t.ctx.db.update(contests).set({ winnerEntryId: null }).where(eq(contests.id, contest.id));

    advanceClock(3 * DAY);
    const tooLate = await del(await relogin(me), late._id);
    expect(tooLate.statusCode).toBe(400);

    const byOrganizer = await del(await relogin(organizer), voted._id);
    expect(byOrganizer.statusCode, byOrganizer.body).toBe(200);
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 2, totalVotes: 5, totalVoters: 1 });
    expect(await t.ctx.db.select().from(votes).where(eq(votes.entryId, voted._id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: voted.media[0].url })).statusCode).toBe(404);
    expect(entryFiles(contest.id)).toHaveLength(4);

    // The contests family path (DELETE /api/contests/:id/entries/:entryId) calls deleteEntry with the contest id.
    const other = await createContest(t.ctx, organizer.userId);
    await expect(deleteEntry(t.ctx, { userId: organizer.userId, role: 'user' }, late._id, { contestId: other.id })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      deleteEntry(t.ctx, { userId: organizer.userId, role: 'user' }, late._id, { contestId: contest.id }),
    ).resolves.toMatchObject({
      deleted: true,
    });
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 1, totalParticipants: 1 });
  });
});

describe('concurrency', () => {
  it('admits exactly maxParticipants when many submit at once', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { maxParticipants: 2 });
    const people = await Promise.all(Array.from({ length: 6 }, () => createParticipant(t.app)));
    const file = await png();
    const results = await Promise.all(people.map((p) => submit(t.app, p.token, { contestId: contest.id, files: [file] })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 2, totalParticipants: 2 });
    const rows = await t.ctx.db.select({ id: entries.id }).from(entries).where(eq(entries.contestId, contest.id));
    expect(rows).toHaveLength(2);
    // Refused submissions leave no files behind.
    expect(entryFiles(contest.id)).toHaveLength(4);
  });

  it('charges a participant once when the same person submits twice at once', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryFee: 'paid', entryFeeAmount: 500 });
    const me = await createParticipant(t.app);
    await grantCredits(t.ctx, me.userId, 10);
    const form = { contestId: contest.id, files: [await png()] };
    const results = await Promise.all([submit(t.app, me.token, form), submit(t.app, me.token, form), submit(t.app, me.token, form)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(500);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(500);
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });
});
