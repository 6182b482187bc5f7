import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entries } from '../src/db/schema/index.js';
import { bearer, createSignedInUser, createTestApp, type TestApp } from './helpers.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('DELETE /api/contests/:id/entries/:entryId and /comments/:commentId', () => {
  it('removes an entry or comment of that contest for those allowed, and only of that contest', async () => {
    const organizer = await createSignedInUser(t.app, { fullName: 'Org Aniser' });
    const author = await createSignedInUser(t.app, { fullName: 'Com Menter' });
    const stranger = await createSignedInUser(t.app, { fullName: 'Stran Ger' });
    const contest = await insertContest(t.ctx, organizer.user.id);
    const other = await insertContest(t.ctx, organizer.user.id);
    const entry = await insertEntry(t.ctx, contest.id, author.user.id);

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(author.token),
      payload: { contestId: contest.id, content: 'Lovely shot!' },
    });
    expect(posted.statusCode).toBe(201);
    const id = (posted.json() as { data: { _id: string } }).data._id;

    const wrongContest = await t.app.inject({
      method: 'DELETE',
      url: `/api/contests/${other.id}/comments/${id}`,
      headers: bearer(author.token),
    });
    expect(wrongContest.statusCode).toBe(404);
    const notAllowed = await t.app.inject({
      method: 'DELETE',
      url: `/api/contests/${contest.id}/comments/${id}`,
      headers: bearer(stranger.token),
    });
    expect(notAllowed.statusCode).toBe(403);
    const byAuthor = await t.app.inject({
      method: 'DELETE',
      url: `/api/contests/${contest.id}/comments/${id}`,
      headers: bearer(author.token),
    });
    expect(byAuthor.statusCode).toBe(200);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contests/${other.id}/entries/${entry.id}`, headers: bearer(organizer.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contests/${contest.id}/entries/${entry.id}`, headers: bearer(stranger.token) }))
        .statusCode,
    ).toBe(403);
    const byOrganizer = await t.app.inject({
      method: 'DELETE',
      url: `/api/contests/${contest.id}/entries/${entry.id}`,
      headers: bearer(organizer.token),
    });
    expect(byOrganizer.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(entries).where(eq(entries.id, entry.id))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/contests/${contest.id}/entries/${entry.id}` })).statusCode).toBe(401);
  });
});
