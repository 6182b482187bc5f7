import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contests, entries, ledgerTransactions } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { bearer, createSignedInUser, createTestApp, login, type LoginResult, type TestApp } from './helpers.js';
import { createContest, createParticipant, grantCredits, smallPng, submit } from './entry-fixtures.js';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let organizer: LoginResult & { email: string; password: string };
let admin: LoginResult;
let stranger: LoginResult;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
  admin = await createSignedInUser(t.app, { role: 'admin' });
  stranger = await createParticipant(t.app);
});
afterEach(() => setClock(null));
afterAll(() => t?.close());

const file = async () => ({ data: await smallPng(), filename: 'p.png', contentType: 'image/png' });

async function contestRow(id: string) {
  const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, id));
  return row!;
}

async function insertEntry(contestId: string, participantId: string, status: 'pending' | 'approved' | 'rejected', createdAt = now()) {
  const [row] = await t.ctx.db
    .insert(entries)
    .values({ contestId, participantId, title: `Entry ${status}`, description: 'd', entryType: 'photo', status, createdAt })
    .returning();
  return row!;
}

/** A pending entry submitted through the API to a review contest. */
async function submitPending(contestId: string, participant?: { token: string }) {
  const who = participant ?? (await createParticipant(t.app));
  const res = await submit(t.app, who.token, { contestId, files: [await file()] });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.status).toBe('pending');
  return res.json().data.entry as { _id: string };
}

const call = (method: 'GET' | 'PATCH', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('entry review authorization', () => {
  it('refuses everyone but the organizer and admins', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review' });
    const entry = await submitPending(contest.id);
    const attempts: Array<['GET' | 'PATCH', string, object?]> = [
      ['GET', `/api/entries/review/${contest.id}`],
      ['GET', `/api/entries/review-stats/${contest.id}`],
      ['PATCH', `/api/entries/${entry._id}/approve`],
      ['PATCH', `/api/entries/${entry._id}/reject`, { reason: 'Blurry' }],
      ['PATCH', '/api/entries/bulk-approve', { contestId: contest.id, entryIds: [entry._id] }],
      ['PATCH', '/api/entries/bulk-reject', { contestId: contest.id, entryIds: [entry._id], reason: 'Blurry' }],
    ];
    for (const [method, url, payload] of attempts) {
      expect((await call(method, url, undefined, payload)).statusCode, `anonymous ${url}`).toBe(401);
      const res = await call(method, url, stranger.token, payload);
      expect(res.statusCode, `stranger ${url}`).toBe(403);
      expect(res.json().message).toBe('Only the contest organizer can review entries');
    }
    const [row] = await t.ctx.db.select({ status: entries.status }).from(entries).where(eq(entries.id, entry._id));
    expect(row!.status).toBe('pending');

    expect((await call('GET', `/api/entries/review/${contest.id}`, admin.token)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/entries/${entry._id}/approve`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/entries/review/${randomUUID()}`, organizer.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/entries/${randomUUID()}/approve`, organizer.token)).statusCode).toBe(404);
  });
});

describe('review list and tiles', () => {
  it('pages 10 at a time with the status filter, oldest first, and counts every status', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review' });
    const p = await createParticipant(t.app);
    const base = now().getTime() - 3_600_000;
    for (let i = 0; i < 12; i++) await insertEntry(contest.id, p.userId, 'pending', new Date(base + i * 1000));
    await insertEntry(contest.id, p.userId, 'approved');
    await insertEntry(contest.id, p.userId, 'approved');
    await insertEntry(contest.id, p.userId, 'rejected');

    const first = await call('GET', `/api/entries/review/${contest.id}?status=pending`, organizer.token);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.entries).toHaveLength(10);
    expect(data.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, current: 1, pages: 2 });
    const times = data.entries.map((e: { submittedAt: string }) => Date.parse(e.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(data.entries[0]).toMatchObject({
      status: 'pending',
      entryType: 'photo',
      participant: { _id: p.userId, fullName: 'Ada Participant' },
    });
    const second = (await call('GET', `/api/entries/review/${contest.id}?status=pending&page=2`, organizer.token)).json().data;
    expect(second.entries).toHaveLength(2);
    expect((await call('GET', `/api/entries/review/${contest.id}`, organizer.token)).json().data.pagination.total).toBe(15);

    const stats = await call('GET', `/api/entries/review-stats/${contest.id}`, organizer.token);
    expect(stats.json().data).toEqual({ total: 15, pending: 12, approved: 2, rejected: 1, disqualified: 0 });
  });
});

describe('approve and reject', () => {
  it('approves a pending entry once, making it public and counted', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review' });
    const entry = await submitPending(contest.id);
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 0, totalParticipants: 1 });
    expect((await call('GET', `/api/entries/${entry._id}`)).statusCode).toBe(404);

    const res = await call('PATCH', `/api/entries/${entry._id}/approve`, organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Entry approved successfully', data: { entry: { status: 'approved', ranking: 1 } } });
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 1, totalParticipants: 1 });
    expect((await call('GET', `/api/entries/${entry._id}`)).statusCode).toBe(200);

    const again = await call('PATCH', `/api/entries/${entry._id}/approve`, organizer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only pending entries can be approved');
    const reject = await call('PATCH', `/api/entries/${entry._id}/reject`, organizer.token, { reason: 'Changed my mind' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe('Only pending entries can be rejected');
  });

  it('rejects with a reason and refunds a paid fee in the same transaction, exactly once', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review', entryFee: 'paid', entryFeeAmount: 2000 });
    const me = await createParticipant(t.app);
    await grantCredits(t.ctx, me.userId, 50);
    const entry = await submitPending(contest.id, me);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(3000);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(2000);

    const noReason = await call('PATCH', `/api/entries/${entry._id}/reject`, organizer.token, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please provide a reason for rejection');

    const res = await call('PATCH', `/api/entries/${entry._id}/reject`, organizer.token, { reason: 'Not a photo of the theme' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Entry rejected successfully',
      data: { refundedCredits: 20, entry: { status: 'rejected', rejectionReason: 'Not a photo of the theme', ranking: null } },
    });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(5000);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(0);
    const [refund] = await t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `entry:fee-refund:${entry._id}`));
    expect(refund).toMatchObject({ kind: 'entry_fee_refund' });
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 0, totalParticipants: 0 });

    // A rejected entry does not block a corrected one (which pays again).
    const retry = await submitPending(contest.id, me);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(3000);
    // Deleting the rejected entry replays its refund instead of paying it twice.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/entries/${entry._id}`, headers: bearer(me.token) });
    expect(del.statusCode, del.body).toBe(200);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(3000);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(2000);
    expect(retry._id).not.toBe(entry._id);
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });

  it('stops review decisions once the contest has ended or was cancelled', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review' });
    const entry = await submitPending(contest.id);
    advanceClock(6 * DAY);
    const token = (await login(t.app, organizer.email, organizer.password)).token;
    const res = await call('PATCH', `/api/entries/${entry._id}/approve`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This contest has ended; its entries can no longer be reviewed');
    setClock(null);

    await t.ctx.db.update(contests).set({ status: 'cancelled' }).where(eq(contests.id, contest.id));
    const cancelled = await call('PATCH', `/api/entries/${entry._id}/reject`, organizer.token, { reason: 'x' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This contest has been cancelled');
  });
});

describe('bulk review', () => {
  it('approves only the pending entries of the named contest', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review', settings: { allowMultipleEntries: true } });
    const otherContest = await createContest(t.ctx, organizer.userId, { entryReview: 'review' });
    const p = await createParticipant(t.app);
    const pending = [await submitPending(contest.id, p), await submitPending(contest.id, p), await submitPending(contest.id)];
    const approved = await insertEntry(contest.id, p.userId, 'approved');
    const elsewhere = await submitPending(otherContest.id);

    const empty = await call('PATCH', '/api/entries/bulk-approve', organizer.token, { contestId: contest.id, entryIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select entries to approve');

    const ids = [...pending.map((e) => e._id), approved.id, elsewhere._id];
    const res = await call('PATCH', '/api/entries/bulk-approve', organizer.token, { contestId: contest.id, entryIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('3 entries approved successfully');
    expect(res.json().data.approvedCount).toBe(3);
    expect(new Set(res.json().data.skipped)).toEqual(new Set([approved.id, elsewhere._id]));
    const [other] = await t.ctx.db.select({ status: entries.status }).from(entries).where(eq(entries.id, elsewhere._id));
    expect(other!.status).toBe('pending');
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 4, totalParticipants: 2 });
    expect(await contestRow(otherContest.id)).toMatchObject({ totalEntries: 0, totalParticipants: 1 });
  });

  it('rejects in bulk with a reason and refunds every paid fee', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review', entryFee: 'paid', entryFeeAmount: 1500 });
    const people = [await createParticipant(t.app), await createParticipant(t.app)];
    for (const p of people) await grantCredits(t.ctx, p.userId, 15);
    const list = [await submitPending(contest.id, people[0]), await submitPending(contest.id, people[1])];
    for (const p of people) expect(await balanceOf(t.ctx.db, accounts.userCredits(p.userId))).toBe(0);

    const noReason = await call('PATCH', '/api/entries/bulk-reject', organizer.token, {
      contestId: contest.id,
      entryIds: list.map((e) => e._id),
    });
    expect(noReason.statusCode).toBe(400);

    const res = await call('PATCH', '/api/entries/bulk-reject', admin.token, {
      contestId: contest.id,
      entryIds: list.map((e) => e._id),
      reason: 'Off topic',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '2 entries rejected successfully',
      data: { rejectedCount: 2, skipped: [], refundedCredits: 30 },
    });
    for (const p of people) expect(await balanceOf(t.ctx.db, accounts.userCredits(p.userId))).toBe(1500);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(0);
    const rows = await t.ctx.db
      .select({ status: entries.status, reason: entries.rejectionReason })
      .from(entries)
      .where(eq(entries.contestId, contest.id));
    expect(rows).toEqual([
      { status: 'rejected', reason: 'Off topic' },
      { status: 'rejected', reason: 'Off topic' },
    ]);
    expect(await contestRow(contest.id)).toMatchObject({ totalEntries: 0, totalParticipants: 0 });

    // Repeating the call changes nothing and refunds nothing twice.
    const again = await call('PATCH', '/api/entries/bulk-reject', admin.token, {
      contestId: contest.id,
      entryIds: list.map((e) => e._id),
      reason: 'x',
    });
    expect(again.json().data).toMatchObject({ rejectedCount: 0, refundedCredits: 0 });
    expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
  });
});
