import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '@contesthub/shared';
import { queryRows } from '../src/db/client.js';
import { reports } from '../src/db/schema/index.js';
import { reportPriority } from '../src/modules/contests/file-report.js';
import { bearer, createSignedInUser, createTestApp, type LoginResult, type TestApp, type TestUser } from './helpers.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';

let t: TestApp;
type Signed = TestUser & LoginResult;
let organizer: Signed;
let participant: Signed;
let commenter: Signed;
let reporter: Signed;

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant, commenter, reporter] = await Promise.all([
    createSignedInUser(t.app, { fullName: 'Olu Organizer' }),
    createSignedInUser(t.app, { fullName: 'Pat Participant' }),
    createSignedInUser(t.app, { fullName: 'Chi Commenter' }),
    createSignedInUser(t.app, { fullName: 'Rita Reporter' }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

const report = (url: string, token: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as Record<string, unknown> });

const valid = { reason: 'spam', description: 'This is clearly spam content.' };

async function setup() {
  const contest = await insertContest(t.ctx, organizer.userId);
  const entry = await insertEntry(t.ctx, contest.id, participant.userId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: bearer(commenter.token),
    payload: { content: 'Buy followers at my site', contestId: contest.id },
  });
  expect(res.statusCode).toBe(201);
  return { contest, entry, commentId: res.json().data._id as string };
}

describe('reports', () => {
  it('reports a contest, an entry and a comment once each', async () => {
    const { contest, entry, commentId } = await setup();
    const targets = [
      { url: `/api/contests/${contest.id}/report`, type: 'contest', id: contest.id },
      { url: `/api/contests/${contest.id}/entries/${entry.id}/report`, type: 'entry', id: entry.id },
      { url: `/api/contests/${contest.id}/comments/${commentId}/report`, type: 'comment', id: commentId },
    ];
    for (const target of targets) {
      const res = await report(target.url, reporter.token, valid);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Report submitted',
        data: { status: 'pending', priority: 'medium', targetType: target.type, targetId: target.id },
      });
      const [row] = await t.ctx.db.select().from(reports).where(eq(reports.id, res.json().data.reportId));
      expect(row).toMatchObject({
        targetType: target.type,
        targetId: target.id,
        contestId: contest.id,
        reporterId: reporter.userId,
        reason: 'spam',
        description: valid.description,
        status: 'pending',
      });

      const again = await report(target.url, reporter.token, { reason: 'scam', description: 'Reporting it a second time.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already reported this item');
    }
    // Another member may report the same item.
    expect((await report(targets[0]!.url, participant.token, valid)).statusCode).toBe(201);
  });

  it('two racing reports of the same item leave one row', async () => {
    const { contest } = await setup();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => report(`/api/contests/${contest.id}/report`, commenter.token, valid)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.ctx.db.select().from(reports).where(eq(reports.targetId, contest.id))).toHaveLength(1);
  });

  it('sets priority high for violence, hate speech, scams and fake contests', async () => {
    expect(REPORT_REASONS.filter((r) => reportPriority(r) === 'high').sort()).toEqual(['fake_contest', 'hate_speech', 'scam', 'violence']);
    const { contest } = await setup();
    const res = await report(`/api/contests/${contest.id}/report`, reporter.token, {
      reason: 'fake_contest',
      description: 'The prize does not exist.',
    });
    expect(res.json().data.priority).toBe('high');
  });

  it('validates the form with the spec messages', async () => {
    const { contest } = await setup();
    const url = `/api/contests/${contest.id}/report`;
    const cases: Array<[unknown, string]> = [
      [{ description: 'Long enough description' }, 'Please select a reason for reporting.'],
      [{ reason: 'nonsense', description: 'Long enough description' }, 'Please select a reason for reporting.'],
      [{ reason: 'spam' }, 'Please provide a description of the issue.'],
      [{ reason: 'spam', description: '   ' }, 'Please provide a description of the issue.'],
      [{ reason: 'spam', description: 'Too short' }, 'Description must be at least 10 characters long.'],
      [{ reason: 'spam', description: 'x'.repeat(1001) }, 'Description cannot exceed 1000 characters.'],
    ];
    for (const [payload, message] of cases) {
      const res = await report(url, reporter.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errorType: 'VALIDATION_ERROR' });
    }
    expect(await t.ctx.db.select().from(reports).where(eq(reports.targetId, contest.id))).toHaveLength(0);
  });

  it('refuses your own items, items of another contest, unknown items and anonymous callers', async () => {
    const { contest, entry, commentId } = await setup();
    const other = await setup();
    const own = [
      [`/api/contests/${contest.id}/report`, organizer.token, 'You cannot report your own contest'],
      [`/api/contests/${contest.id}/entries/${entry.id}/report`, participant.token, 'You cannot report your own entry'],
      [`/api/contests/${contest.id}/comments/${commentId}/report`, commenter.token, 'You cannot report your own comment'],
    ] as const;
    for (const [url, token, message] of own) {
      const res = await report(url, token, valid);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const wrongEntry = await report(`/api/contests/${contest.id}/entries/${other.entry.id}/report`, reporter.token, valid);
    expect(wrongEntry.statusCode).toBe(404);
    expect(wrongEntry.json().message).toBe('Entry not found');
    const wrongComment = await report(`/api/contests/${contest.id}/comments/${other.commentId}/report`, reporter.token, valid);
    expect(wrongComment.statusCode).toBe(404);
    expect(wrongComment.json().message).toBe('Comment not found');
    const noContest = await report(`/api/contests/${randomUUID()}/report`, reporter.token, valid);
    expect(noContest.statusCode).toBe(404);
    expect(noContest.json().message).toBe('Contest not found');
    const draft = await insertContest(t.ctx, organizer.userId, { status: 'draft' });
    expect((await report(`/api/contests/${draft.id}/report`, reporter.token, valid)).statusCode).toBe(404);
    expect((await report(`/api/contests/${contest.id}/report`, undefined, valid)).statusCode).toBe(401);
    const filed = await t.ctx.db
      .select()
      .from(reports)
      .where(inArray(reports.contestId, [contest.id, other.contest.id, draft.id]));
    expect(filed).toHaveLength(0);
  });

  it('records one report.filed event with each report filed (a flag too), none for a refused report', async () => {
    const { contest, entry, commentId } = await setup();
    const eventsAbout = (targetId: string) =>
      queryRows<{ name: string; aggregate: string; payload: Record<string, unknown>; actor_id: string | null }>(
        t.ctx.db,
        sql`select name, aggregate, payload, actor_id from domain_events where name = 'report.filed' and payload->>'targetId' = ${targetId}`,
      );

    const filed = await report(`/api/contests/${contest.id}/entries/${entry.id}/report`, reporter.token, valid);
    expect(filed.statusCode).toBe(201);
    const reportId = filed.json().data.reportId as string;
    expect(await eventsAbout(entry.id)).toEqual([
      {
        name: 'report.filed',
        aggregate: `report:${reportId}`,
        payload: {
          reportId,
          targetType: 'entry',
          targetId: entry.id,
          contestId: contest.id,
          reporterId: reporter.userId,
          reason: 'spam',
        },
        actor_id: reporter.userId,
      },
    ]);

    // Refused: a second report of the same item, your own contest, validation: nothing recorded.
    expect((await report(`/api/contests/${contest.id}/entries/${entry.id}/report`, reporter.token, valid)).statusCode).toBe(409);
    expect((await report(`/api/contests/${contest.id}/report`, organizer.token, valid)).statusCode).toBe(400);
    expect((await report(`/api/contests/${contest.id}/report`, reporter.token, { reason: 'spam' })).statusCode).toBe(400);
    expect(await eventsAbout(entry.id)).toHaveLength(1);
    expect(await eventsAbout(contest.id)).toHaveLength(0);

    // Flagging a comment files a report: one event; a second flag by the same member is refused and records none.
    const flag = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/comments/${commentId}/flag`,
        headers: bearer(reporter.token),
        payload: { reason: 'spam' },
      });
    expect((await flag()).statusCode).toBe(200);
    expect((await flag()).statusCode).toBe(409);
    expect((await eventsAbout(commentId)).map((e) => e.payload)).toEqual([
      expect.objectContaining({ targetType: 'comment', targetId: commentId, reporterId: reporter.userId, reason: 'spam' }),
    ]);
  });
});
