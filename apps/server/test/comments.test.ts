import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entries, reports } from '../src/db/schema/index.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import {
  bearer,
  createSignedInUser,
  createTestApp,
  nextIp,
  uniqueEmail,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';
import { MINUTE, insertContest, insertEntry } from './engagement-fixtures.js';

let t: TestApp;
type Signed = TestUser & LoginResult;
let organizer: Signed;
let author: Signed;
let reader: Signed;
let admin: Signed;
let moderator: Signed;
let unverified: string;

beforeAll(async () => {
  t = await createTestApp();
  [organizer, author, reader, admin, moderator] = await Promise.all([
    createSignedInUser(t.app, { fullName: 'Olu Organizer' }),
    createSignedInUser(t.app, { fullName: 'Amaka Author' }),
    createSignedInUser(t.app, { fullName: 'Remi Reader' }),
    createSignedInUser(t.app, { fullName: 'Ada Admin', role: 'admin' }),
    createSignedInUser(t.app, { fullName: 'Mo Moderator', role: 'moderator' }),
  ]);
  // Registration signs the new, still unverified member in.
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: {
      fullName: 'Una Unverified',
      email: uniqueEmail('unverified'),
      phone: '08031234567',
      password: 'Secret12',
      confirmPassword: 'Secret12',
    },
  });
  expect(reg.statusCode).toBe(201);
  unverified = reg.json().data.token;
});

afterEach(() => setClock(null));
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });

async function setup(overrides: Parameters<typeof insertContest>[2] = {}) {
  const contest = await insertContest(t.ctx, organizer.userId, overrides);
  const entry = await insertEntry(t.ctx, contest.id, reader.userId);
  return { contest, entry };
}

async function post(token: string, body: Record<string, unknown>) {
  const res = await inject('POST', '/api/comments', token, body);
  return res;
}

async function commentOn(contestId: string, extra: Record<string, unknown> = {}, token = author.token) {
  const res = await post(token, { content: 'Lovely work!', contestId, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; [k: string]: unknown };
}

const commentsCount = async (entryId: string) => (await t.ctx.db.select().from(entries).where(eq(entries.id, entryId)))[0]!.commentsCount;

describe('creating and reading comments', () => {
  it('posts a comment on a contest and on an entry (entry count rises)', async () => {
    const { contest, entry } = await setup();
    const res = await post(author.token, { content: '  Great contest  ', contestId: contest.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Comment posted successfully');
    expect(res.json().data).toMatchObject({
      content: 'Great contest',
      author: { _id: author.userId, fullName: 'Amaka Author' },
      settings: { isAnonymous: false },
      likes: 0,
      likedByMe: false,
      stats: { likes: 0 },
      status: 'active',
      parentComment: null,
      contestId: contest.id,
      entry: null,
      timeAgo: 'Just now',
      editedAt: null,
      isMine: true,
    });

    const onEntry = await commentOn(contest.id, { entryId: entry.id });
    expect(onEntry.entry).toBe(entry.id);
    expect(await commentsCount(entry.id)).toBe(1);

    const reply = await commentOn(contest.id, { parentCommentId: onEntry._id }, reader.token);
    expect(reply).toMatchObject({ parentComment: onEntry._id, entry: entry.id });
    expect(await commentsCount(entry.id)).toBe(2);

    const list = await inject('GET', `/api/comments/contest/${contest.id}`);
    expect(list.json().data.pagination).toMatchObject({ total: 3, page: 1 });
    advanceClock(5 * MINUTE);
    const later = await inject('GET', `/api/comments/${onEntry._id}`);
    expect(later.json().data.timeAgo).toBe('5m ago');
  });

  it('validates content and who may comment', async () => {
    const { contest } = await setup();
    const empty = await post(author.token, { content: '   ', contestId: contest.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Comment content is required');
    const long = await post(author.token, { content: 'x'.repeat(1001), contestId: contest.id });
    expect(long.json().message).toBe('Comment cannot exceed 1000 characters');
    const noContest = await post(author.token, { content: 'Hi' });
    expect(noContest.json().message).toBe('Contest ID is required');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/comments', payload: { content: 'Hi', contestId: contest.id } })).statusCode,
    ).toBe(401);
    const notVerified = await post(unverified, { content: 'Hi', contestId: contest.id });
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().errorType).toBe('EMAIL_NOT_VERIFIED');
    const unknown = await post(author.token, { content: 'Hi', contestId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Contest not found');
  });

  it('refuses contests without comments and cancelled contests, foreign entries and parents', async () => {
    const closed = await setup({ settings: { allowComments: false } });
    const res = await post(author.token, { content: 'Hi', contestId: closed.contest.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Comments are disabled for this contest');

    const cancelled = await setup({ status: 'cancelled' });
    const c = await post(author.token, { content: 'Hi', contestId: cancelled.contest.id });
    expect(c.statusCode).toBe(400);
    expect(c.json().message).toBe('This contest has been cancelled');

    const a = await setup();
    const b = await setup();
    const foreignEntry = await post(author.token, { content: 'Hi', contestId: a.contest.id, entryId: b.entry.id });
    expect(foreignEntry.statusCode).toBe(400);
    expect(foreignEntry.json().message).toBe('This entry does not belong to this contest');
    const pending = await insertEntry(t.ctx, a.contest.id, reader.userId, { status: 'pending' });
    expect((await post(author.token, { content: 'Hi', contestId: a.contest.id, entryId: pending.id })).json().message).toBe(
      'You can only comment on approved entries',
    );
    const parentInB = await commentOn(b.contest.id);
    const foreignParent = await post(author.token, { content: 'Hi', contestId: a.contest.id, parentCommentId: parentInB._id });
    expect(foreignParent.statusCode).toBe(400);
    expect(foreignParent.json().message).toBe('The comment you are replying to belongs to another contest');
  });

  it('anonymous comments hide the author from everyone but admins (and the author)', async () => {
    const { contest } = await setup();
    const c = await commentOn(contest.id, { content: 'Secret admirer', settings: { isAnonymous: true } });
    for (const token of [undefined, reader.token, organizer.token, moderator.token]) {
      const res = await inject('GET', `/api/comments/contest/${contest.id}`, token);
      const seen = res.json().data.comments.find((x: { _id: string }) => x._id === c._id);
      expect(seen.author).toEqual({ fullName: 'Anonymous' });
      expect(res.body).not.toContain(author.userId);
    }
    const byAdmin = await inject('GET', `/api/comments/${c._id}`, admin.token);
    expect(byAdmin.json().data.author).toMatchObject({ _id: author.userId, fullName: 'Amaka Author' });
    const byAuthor = await inject('GET', `/api/comments/${c._id}`, author.token);
    expect(byAuthor.json().data.author._id).toBe(author.userId);
    // Filtering by author does not unmask anonymous comments.
    const byAuthorFilter = await inject('GET', `/api/comments?author=${author.userId}&contest=${contest.id}`, reader.token);
    expect(byAuthorFilter.json().data.comments).toHaveLength(0);
  });

  it('lists with filters, my comments, and 404 for unknown ids', async () => {
    const { contest, entry } = await setup();
    await commentOn(contest.id);
    await commentOn(contest.id, { entryId: entry.id });
    const onEntry = await inject('GET', `/api/comments?entry=${entry.id}`);
    expect(onEntry.json().data.comments).toHaveLength(1);
    const byContest = await inject('GET', `/api/comments?contest=${contest.id}&limit=1`);
    expect(byContest.json().data.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    const mine = await inject('GET', '/api/comments/my-comments', author.token);
    expect(mine.json().data.comments.length).toBeGreaterThanOrEqual(2);
    expect(mine.json().data.comments.every((x: { isMine: boolean }) => x.isMine)).toBe(true);
    expect((await inject('GET', '/api/comments/my-comments')).statusCode).toBe(401);
    expect((await inject('GET', `/api/comments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/comments?status=hidden', reader.token)).statusCode).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('only the author edits; editedAt is set', async () => {
    const { contest } = await setup();
    const c = await commentOn(contest.id);
    const other = await inject('PUT', `/api/comments/${c._id}`, reader.token, { content: 'Hacked' });
    expect(other.statusCode).toBe(403);
    const byOrganizer = await inject('PUT', `/api/comments/${c._id}`, organizer.token, { content: 'Hacked' });
    expect(byOrganizer.statusCode).toBe(403);
    const res = await inject('PUT', `/api/comments/${c._id}`, author.token, { content: 'Edited text' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content).toBe('Edited text');
    expect(res.json().data.editedAt).not.toBeNull();
    expect((await inject('PUT', `/api/comments/${c._id}`, author.token, { content: '' })).json().message).toBe(
      'Comment content is required',
    );
  });

  it('the author, the organizer or an admin soft-deletes; others may not', async () => {
    const { contest, entry } = await setup();
    const byAuthor = await commentOn(contest.id, { entryId: entry.id });
    const byOrganizer = await commentOn(contest.id, { entryId: entry.id });
    const byAdmin = await commentOn(contest.id);
    expect(await commentsCount(entry.id)).toBe(2);

    expect((await inject('DELETE', `/api/comments/${byAuthor._id}`, reader.token)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/comments/${byAuthor._id}`)).statusCode).toBe(401);
    const res = await inject('DELETE', `/api/comments/${byAuthor._id}`, author.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: byAuthor._id, status: 'deleted' });
    expect((await inject('DELETE', `/api/comments/${byOrganizer._id}`, organizer.token)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/comments/${byAdmin._id}`, admin.token)).statusCode).toBe(200);
    expect(await commentsCount(entry.id)).toBe(0);

    expect((await inject('DELETE', `/api/comments/${byAuthor._id}`, author.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/comments/${byAuthor._id}`, reader.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/comments/contest/${contest.id}`)).json().data.comments).toHaveLength(0);
    expect((await inject('PUT', `/api/comments/${byAuthor._id}`, author.token, { content: 'Back' })).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('like and unlike are idempotent and show likedByMe', async () => {
    const { contest } = await setup();
    const c = await commentOn(contest.id);
    const url = `/api/comments/${c._id}/like`;
    const first = await inject('POST', url, reader.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Comment liked!',
      data: { likesCount: 1, action: 'liked', comment: { likedByMe: true } },
    });
    const again = await inject('POST', url, reader.token);
    expect(again.json().data).toMatchObject({ likesCount: 1, action: 'liked' });
    await inject('POST', url, organizer.token);
    const seen = await inject('GET', `/api/comments/${c._id}`, author.token);
    expect(seen.json().data).toMatchObject({ likes: 2, stats: { likes: 2 }, likedByMe: false });

    const unlike = await inject('DELETE', url, reader.token);
    expect(unlike.json()).toMatchObject({
      message: 'Comment unliked!',
      data: { likesCount: 1, action: 'unliked', comment: { likedByMe: false } },
    });
    expect((await inject('DELETE', url, reader.token)).json().data.likesCount).toBe(1);
    expect((await inject('POST', url)).statusCode).toBe(401);
    expect((await inject('POST', `/api/comments/${randomUUID()}/like`, reader.token)).statusCode).toBe(404);
  });

  it('parallel likes by different users all count', async () => {
    const { contest } = await setup();
    const c = await commentOn(contest.id);
    const users = [reader, organizer, admin, moderator];
    await Promise.all(users.map((u) => inject('POST', `/api/comments/${c._id}/like`, u.token)));
    const res = await inject('GET', `/api/comments/${c._id}`);
    expect(res.json().data.likes).toBe(4);
  });
});

describe('flagging and moderation', () => {
  it('a flag files one report per reporter and queues the comment (still visible)', async () => {
    const { contest } = await setup();
    const c = await commentOn(contest.id);
    const url = `/api/comments/${c._id}/flag`;
    expect((await inject('POST', url, reader.token, {})).json().message).toBe('Flag reason is required');
    const res = await inject('POST', url, reader.token, { reason: 'spam' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('flagged');
    const [report] = await t.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, c._id)));
    expect(report).toMatchObject({
      reporterId: reader.userId,
      reason: 'spam',
      contestId: contest.id,
      status: 'pending',
      priority: 'medium',
    });

    const twice = await inject('POST', url, reader.token, { reason: 'spam again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already reported this item');
    const own = await inject('POST', url, author.token, { reason: 'mine' });
    expect(own.statusCode).toBe(400);
    const second = await inject('POST', url, organizer.token, { reason: 'This looks like hate speech to me' });
    expect(second.statusCode).toBe(200);
    const [other] = await t.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetId, c._id), eq(reports.reporterId, organizer.userId)));
    expect(other).toMatchObject({ reason: 'other', description: 'This looks like hate speech to me' });

    const visible = await inject('GET', `/api/comments/contest/${contest.id}`);
    expect(visible.json().data.comments.map((x: { _id: string }) => x._id)).toContain(c._id);

    const flagged = await inject('GET', `/api/comments/flagged?contest=${contest.id}`, moderator.token);
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().data.comments[0]).toMatchObject({ _id: c._id, moderation: { flagsCount: 2 } });
    expect(flagged.json().data.comments[0].moderation.pendingReasons.sort()).toEqual(['other', 'spam']);
    expect((await inject('GET', '/api/comments/flagged', reader.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/comments/flagged')).statusCode).toBe(401);
  });

  it('moderators, admins and the contest organizer moderate; the decision closes pending reports', async () => {
    const { contest, entry } = await setup();
    const c = await commentOn(contest.id, { entryId: entry.id });
    await inject('POST', `/api/comments/${c._id}/flag`, reader.token, { reason: 'harassment' });
    const url = `/api/comments/${c._id}/moderate`;

    expect((await inject('PATCH', url, reader.token, { action: 'hide' })).statusCode).toBe(403);
    expect((await inject('PATCH', url, author.token, { action: 'approve' })).statusCode).toBe(403);
    expect((await inject('PATCH', url, moderator.token, {})).json().message).toBe('Moderation action is required');

    const hide = await inject('PATCH', url, moderator.token, { action: 'hide' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ message: 'Comment hidden', data: { status: 'hidden' } });
    expect(await commentsCount(entry.id)).toBe(0);
    expect((await inject('GET', `/api/comments/contest/${contest.id}`)).json().data.comments).toHaveLength(0);
    expect((await inject('GET', `/api/comments/${c._id}`, reader.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/comments/${c._id}`, author.token)).json().data.status).toBe('hidden');
    expect((await inject('PUT', `/api/comments/${c._id}`, author.token, { content: 'Again' })).statusCode).toBe(400);
    expect((await inject('POST', `/api/comments/${c._id}/like`, reader.token)).statusCode).toBe(404);
    const [closed] = await t.ctx.db.select().from(reports).where(eq(reports.targetId, c._id));
    expect(closed).toMatchObject({ status: 'resolved', actionsTaken: 'comment hidden', resolvedBy: moderator.userId });

    const hiddenForOrganizer = await inject('GET', `/api/comments/contest/${contest.id}?status=hidden`, organizer.token);
    expect(hiddenForOrganizer.json().data.comments).toHaveLength(1);
    expect((await inject('GET', `/api/comments/contest/${contest.id}?status=hidden`, reader.token)).statusCode).toBe(403);

    const approve = await inject('PATCH', url, organizer.token, { action: 'approve' });
    expect(approve.json()).toMatchObject({ message: 'Comment approved', data: { status: 'active' } });
    expect(await commentsCount(entry.id)).toBe(1);

    // The organizer of another contest may not moderate this one.
    const elsewhere = await insertContest(t.ctx, reader.userId);
    expect(elsewhere.organizerId).toBe(reader.userId);
    expect((await inject('PATCH', url, reader.token, { action: 'delete' })).statusCode).toBe(403);

    const del = await inject('PATCH', url, admin.token, { action: 'delete' });
    expect(del.json().data.status).toBe('deleted');
    expect(await commentsCount(entry.id)).toBe(0);
    expect((await inject('PATCH', url, admin.token, { action: 'approve' })).statusCode).toBe(404);
  });

  it('approving a flagged comment dismisses its reports', async () => {
    const { contest } = await setup();
    const c = await commentOn(contest.id);
    await inject('POST', `/api/comments/${c._id}/flag`, reader.token, { reason: 'spam' });
    await inject('PATCH', `/api/comments/${c._id}/moderate`, moderator.token, { action: 'approve' });
    const [report] = await t.ctx.db.select().from(reports).where(eq(reports.targetId, c._id));
    expect(report?.status).toBe('dismissed');
  });

  it('analytics for moderators and admins', async () => {
    const { contest } = await setup();
    await commentOn(contest.id);
    await commentOn(contest.id, { settings: { isAnonymous: true } });
    const res = await inject('GET', '/api/comments/analytics', admin.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(data.byStatus.active + data.byStatus.flagged + data.byStatus.hidden + data.byStatus.deleted);
    expect(data.anonymous).toBeGreaterThanOrEqual(2);
    expect(data.topContests.length).toBeGreaterThan(0);
    expect((await inject('GET', '/api/comments/analytics', moderator.token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/comments/analytics', reader.token)).statusCode).toBe(403);
  });
});
