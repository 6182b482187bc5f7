/**
 * The report queue (Admin Tools → Content Moderation, spec 002 §2.1, §3, §5, §7–§9): list, detail,
 * resolve with real actions, dismiss, claim, stats; refusals; audit rows; report weighting and
 * auto-hide; notifications to reporters and authors.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_HIDE_SCORE,
  accuracyBonus,
  reporterWeight,
  type TMessage,
  type TMessageSent,
  type TModerationDecision,
  type TModerationReport,
  type TModerationReportDetail,
  type TModerationReportPage,
  type TModerationStats,
} from '@contesthub/shared';
import { queryRows } from '../src/db/client.js';
import { comments, entries, notifications, reports } from '../src/db/schema/index.js';
import { now } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { runReconciliation } from '../src/modules/reconciliation/reconciliation.service.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  eventsNamed,
  lastMailTo,
  settleEventMails,
  type ApiArgs,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';
import { insertContest } from './engagement-fixtures.js';
import { createContest, createParticipant, grantCredits, smallPng, submit } from './entry-fixtures.js';

let t: TestApp;
type Signed = TestUser & LoginResult;
let organizer: Signed;
let author: Signed;
let admin: Signed;
let moderator: Signed;
let plain: Signed;

beforeAll(async () => {
  t = await createTestApp();
  [organizer, author, admin, moderator, plain] = await Promise.all([
    createSignedInUser(t.app, { fullName: 'Olu Organizer' }),
    createSignedInUser(t.app, { fullName: 'Amaka Author' }),
    createSignedInUser(t.app, { fullName: 'Ada Admin', role: 'admin' }),
    createSignedInUser(t.app, { fullName: 'Mo Moderator', role: 'moderator' }),
    createSignedInUser(t.app, { fullName: 'Pat Plain' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);
const settle = () => t.ctx.events.drain({ settleMs: 10_000 });
const reporters = (n: number, label = 'Reporter') =>
  Promise.all(Array.from({ length: n }, (_, i) => createSignedInUser(t.app, { fullName: `${label} ${i + 1}` })));

async function comment(contestId: string, content = 'Buy followers cheap at spam.example') {
  const res = await call<{ _id: string }>('POST', '/api/comments', author.token, { content, contestId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

async function flag(commentId: string, who: { token: string }, reason = 'spam') {
  const res = await call('POST', `/api/comments/${commentId}/flag`, who.token, { reason });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function reportsOf(itemId: string) {
  return t.ctx.db.select().from(reports).where(eq(reports.targetId, itemId));
}

async function commentStatus(id: string) {
  return (await t.ctx.db.select({ s: comments.status }).from(comments).where(eq(comments.id, id)))[0]!.s;
}

async function publicComments(contestId: string): Promise<string[]> {
  const res = await call<{ comments: Array<{ _id: string }> }>('GET', `/api/comments/contest/${contestId}`);
  expect(res.status).toBe(200);
  return res.body.data.comments.map((c) => c._id);
}

async function auditRows(targetId: string) {
  return queryRows<{ action: string; actor_id: string; reason: string | null; before: unknown; after: unknown }>(
    t.ctx.db,
    sql`select action, actor_id::text, reason, before, after from audit_log where target_id = ${targetId} order by created_at, id`,
  );
}

async function notificationsOf(userId: string, type: string) {
  return t.ctx.db
    .select()
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId} and ${notifications.type} = ${type}`);
}

/** A report of a comment by a fresh reporter, through the contest's report route. */
async function reportedComment(reason = 'spam') {
  const contest = await insertContest(t.ctx, organizer.userId);
  const id = await comment(contest.id);
  const [who] = await reporters(1);
  const res = await call<{ reportId: string }>('POST', `/api/contests/${contest.id}/comments/${id}/report`, who!.token, {
    reason,
    description: 'Selling followers',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settle();
  return { contest, commentId: id, reportId: res.body.data.reportId, reporter: who! };
}

describe('the weighting curve', () => {
  it('gives no accuracy bonus up to 5 decided reports, then log4(decided) x 5 around 70 % agreement', () => {
    expect(accuracyBonus(5, 5)).toBe(0);
    expect(accuracyBonus(6, 6)).toBeCloseTo((Math.log(6) / Math.log(4)) * 5, 1);
    expect(accuracyBonus(7, 10)).toBe(0);
    expect(accuracyBonus(0, 10)).toBeCloseTo(-(Math.log(10) / Math.log(4)) * 5, 1);
    expect(reporterWeight({ staff: false, agreed: 0, decided: 0 })).toBe(1);
    expect(reporterWeight({ staff: true, agreed: 0, decided: 0 })).toBe(6);
    expect(reporterWeight({ staff: false, agreed: 0, decided: 100 })).toBe(0.25);
    expect(reporterWeight({ staff: false, agreed: 10, decided: 10 })).toBeGreaterThan(2);
  });
});

describe('access and input', () => {
  it('refuses a plain user (403) and a guest (401) on every endpoint', async () => {
    const { reportId } = await reportedComment();
    const endpoints: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/api/admin-tools/reports'],
      ['GET', `/api/admin-tools/reports/${reportId}`],
      ['PUT', `/api/admin-tools/reports/${reportId}/resolve`, { adminNotes: 'n', actionsTaken: 'a' }],
      ['PUT', `/api/admin-tools/reports/${reportId}/dismiss`, { adminNotes: 'n' }],
      ['PUT', `/api/admin-tools/reports/${reportId}/assign`, {}],
      ['GET', '/api/admin-tools/moderation-stats'],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await call(method, url, plain.token, body)).status, url).toBe(403);
      expect((await call(method, url, undefined, body)).status, url).toBe(401);
    }
    expect((await reportsOf((await t.ctx.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.targetId))[0]!.status).toBe(
      'pending',
    );
  });

  it('answers 400 with the texts for missing notes, an unknown filter or action; 404 for an unknown report', async () => {
    const { reportId } = await reportedComment();
    const url = `/api/admin-tools/reports/${reportId}`;
    const noNotes = await call('PUT', `${url}/resolve`, moderator.token, { adminNotes: '  ', actionsTaken: 'Hid it' });
    expect(noNotes.status).toBe(400);
    expect(noNotes.body.message).toBe('Admin notes are required');
    const noActions = await call('PUT', `${url}/resolve`, moderator.token, { adminNotes: 'Spam', actionsTaken: '' });
    expect(noActions.status).toBe(400);
    expect(noActions.body.message).toBe('Actions taken are required');
    const badAction = await call('PUT', `${url}/resolve`, moderator.token, { adminNotes: 'x', actionsTaken: 'y', actions: ['nuke'] });
    expect(badAction.status).toBe(400);
    const wrongKind = await call('PUT', `${url}/resolve`, moderator.token, {
      adminNotes: 'x',
      actionsTaken: 'y',
      actions: ['disqualify_entry'],
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe('This action does not apply to the reported item');
    const dismissNoNotes = await call('PUT', `${url}/dismiss`, moderator.token, {});
    expect(dismissNoNotes.status).toBe(400);
    expect(dismissNoNotes.body.message).toBe('Admin notes are required');
    expect((await call('GET', '/api/admin-tools/reports?status=closed', moderator.token)).status).toBe(400);
    expect((await call('GET', '/api/admin-tools/reports?type=video', moderator.token)).status).toBe(400);
    const missing = await call('GET', '/api/admin-tools/reports/00000000-0000-4000-8000-000000000000', moderator.token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Report not found');
    expect((await reportsOf((await t.ctx.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.targetId))[0]!.status).toBe(
      'pending',
    );
  });
});

describe('the queue', () => {
  it('lists reports with the spec fields, filters, page size 10, and the stats', async () => {
    const { reportId, commentId, reporter } = await reportedComment();
    const list = await call<TModerationReportPage>(
      'GET',
      '/api/admin-tools/reports?type=comment&status=pending&reason=spam',
      moderator.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.pagination).toMatchObject({ page: 1, limit: 10 });
    const row = list.body.data.reports.find((r) => r.id === reportId)!;
    expect(row).toMatchObject({
      reportedItem: { type: 'comment', id: commentId, title: 'Buy followers cheap at spam.example' },
      reason: 'spam',
      status: 'pending',
      priority: 'medium',
      description: 'Selling followers',
      reporter: { id: reporter.userId, fullName: 'Reporter 1' },
      adminNotes: null,
      actionsTaken: null,
      weight: 1,
      score: 1,
      reportCount: 1,
      autoHidden: false,
      assignee: null,
    });
    expect(list.body.data.reports.every((r) => r.reportedItem.type === 'comment' && r.status === 'pending' && r.reason === 'spam')).toBe(
      true,
    );
    const none = await call<TModerationReportPage>('GET', '/api/admin-tools/reports?type=user', moderator.token);
    expect(none.body.data.reports.every((r) => r.reportedItem.type === 'user')).toBe(true);

    const stats = await call<TModerationStats>('GET', '/api/admin-tools/moderation-stats', moderator.token);
    expect(stats.status).toBe(200);
    const [counts] = await queryRows<{ total: number; pending: number; recent: number }>(
      t.ctx.db,
      sql`select count(*)::int as total, count(*) filter (where status = 'pending')::int as pending,
          count(*) filter (where created_at >= ${new Date(now().getTime() - 7 * 86_400_000).toISOString()}::timestamptz)::int as recent from reports`,
    );
    expect(stats.body.data).toMatchObject({ total: counts!.total, pending: counts!.pending, recent: counts!.recent });
  });

  it('puts the item with the higher score first among open reports', async () => {
    const low = await reportedComment();
    const contest = await insertContest(t.ctx, organizer.userId);
    const hot = await comment(contest.id, 'Reported by two people');
    for (const r of await reporters(2)) await flag(hot, r);
    await settle();
    const list = await call<TModerationReportPage>('GET', '/api/admin-tools/reports?status=pending&limit=100', moderator.token);
    const ids = list.body.data.reports.map((r) => r.reportedItem.id);
    expect(ids.indexOf(hot)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(hot)).toBeLessThan(ids.indexOf(low.commentId));
  });

  it('shows one report with its item, the other reports, the author and the possible actions', async () => {
    const { reportId, commentId } = await reportedComment();
    const [other] = await reporters(1, 'Second');
    await flag(commentId, other!);
    await settle();
    const res = await call<TModerationReportDetail>('GET', `/api/admin-tools/reports/${reportId}`, moderator.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      report: { id: reportId, reportCount: 2, score: 2 },
      item: {
        type: 'comment',
        id: commentId,
        exists: true,
        content: 'Buy followers cheap at spam.example',
        status: 'flagged',
        hidden: false,
      },
      author: { id: author.userId, fullName: 'Amaka Author', strikes: null },
      possibleActions: ['hide_content', 'warn_author', 'ban_author'],
    });
    expect(res.body.data.otherReports.map((r) => r.reporter?.fullName)).toEqual(['Second 1']);
  });

  it('lets a moderator claim a report (under review, audited)', async () => {
    const { reportId } = await reportedComment();
    const res = await call<TModerationReport>('PUT', `/api/admin-tools/reports/${reportId}/assign`, moderator.token, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'under_review', assignee: { id: moderator.userId, fullName: 'Mo Moderator' } });
    expect((await auditRows(reportId)).map((r) => r.action)).toEqual(['report.assign']);
  });
});

describe('resolving and dismissing', () => {
  it('hides a comment: gone from the public contest page, every open report closed, audited, reporters and author told; twice is 409', async () => {
    const { contest, commentId, reportId, reporter } = await reportedComment();
    const [second] = await reporters(1, 'Flagger');
    await flag(commentId, second!);
    await settle();
    expect(await publicComments(contest.id)).toContain(commentId);

    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${reportId}/resolve`, moderator.token, {
      adminNotes: 'Link spam',
      actionsTaken: 'Comment hidden',
      actions: ['hide_content'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Report has been resolved successfully');
    expect(res.body.data).toMatchObject({
      closedReports: 2,
      actions: ['hide_content'],
      report: { status: 'resolved', adminNotes: 'Link spam' },
    });
    expect(await commentStatus(commentId)).toBe('hidden');
    expect(await publicComments(contest.id)).not.toContain(commentId);
    expect((await reportsOf(commentId)).map((r) => r.status)).toEqual(['resolved', 'resolved']);

    expect((await auditRows(commentId)).map((r) => [r.action, r.actor_id])).toEqual([['content.hide', moderator.userId]]);
    const decision = await auditRows(reportId);
    expect(decision).toHaveLength(1);
    expect(decision[0]).toMatchObject({ action: 'report.resolve', reason: 'Link spam', before: { status: 'pending' } });

    const again = await call('PUT', `/api/admin-tools/reports/${reportId}/resolve`, moderator.token, {
      adminNotes: 'x',
      actionsTaken: 'y',
    });
    expect(again.status).toBe(409);
    expect((await call('PUT', `/api/admin-tools/reports/${reportId}/dismiss`, moderator.token, { adminNotes: 'x' })).status).toBe(409);

    await settle();
    for (const who of [reporter, second!]) {
      const [n] = await notificationsOf(who.userId, 'report_outcome');
      expect(n).toMatchObject({ title: 'Your report was upheld' });
    }
    const [told] = await notificationsOf(author.userId, 'content_moderated');
    expect(told).toBeDefined();
    const authored = await notificationsOf(author.userId, 'content_moderated');
    expect(authored.some((x) => x.message.includes('hidden by a moderator') && x.message.includes('Comment hidden'))).toBe(true);
  });

  it('a hide through PATCH /api/comments/:id/moderate settles the comment in the queue too (audited, reporter and author told)', async () => {
    const { commentId, reportId, reporter } = await reportedComment();
    const res = await call('PATCH', `/api/comments/${commentId}/moderate`, moderator.token, { action: 'hide' });
    expect(res.status).toBe(200);
    const detail = await call<TModerationReportDetail>('GET', `/api/admin-tools/reports/${reportId}`, moderator.token);
    expect(detail.body.data.report.status).toBe('resolved');
    expect(detail.body.data.item).toMatchObject({ status: 'hidden', hidden: true });
    expect(detail.body.data.possibleActions).toEqual([]);
    const audit = await auditRows(commentId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'content.hide',
      actor_id: moderator.userId,
      before: { status: 'active' },
      after: { status: 'hidden' },
    });
    await settle();
    expect((await notificationsOf(reporter.userId, 'report_outcome'))[0]).toMatchObject({ title: 'Your report was upheld' });
    const told = await notificationsOf(author.userId, 'content_moderated');
    expect(told.some((n) => n.title === 'Content hidden' && n.message.startsWith('Your comment on'))).toBe(true);
  });

  it('after the comment moderation approves an auto-hidden comment, new reports can hide it again', async () => {
    const contest = await insertContest(t.ctx, organizer.userId);
    const id = await comment(contest.id, 'Mobbed then approved');
    for (const r of await reporters(3, 'First wave')) await flag(id, r);
    await settle();
    expect(await commentStatus(id)).toBe('hidden');
    expect((await call('PATCH', `/api/comments/${id}/moderate`, moderator.token, { action: 'approve' })).status).toBe(200);
    expect(await commentStatus(id)).toBe('active');
    const rows = await call<TModerationReportPage>(
      'GET',
      '/api/admin-tools/reports?type=comment&status=dismissed&limit=100',
      moderator.token,
    );
    expect(rows.body.data.reports.filter((r) => r.reportedItem.id === id).every((r) => !r.autoHidden)).toBe(true);
    for (const r of await reporters(3, 'Second wave')) await flag(id, r);
    await settle();
    expect(await commentStatus(id)).toBe('hidden');
  });

  it('dismisses with notes: reports closed, comment untouched, audited, reporter told', async () => {
    const { contest, commentId, reportId, reporter } = await reportedComment('other');
    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${reportId}/dismiss`, admin.token, {
      adminNotes: 'Not spam',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Report has been dismissed successfully');
    expect(res.body.data.report).toMatchObject({ status: 'dismissed', adminNotes: 'Not spam' });
    expect(await publicComments(contest.id)).toContain(commentId);
    expect((await auditRows(reportId)).map((r) => r.action)).toEqual(['report.dismiss']);
    await settle();
    expect((await notificationsOf(reporter.userId, 'report_outcome'))[0]).toMatchObject({ title: 'Your report was reviewed' });
  });

  it('records warn_author in the report.resolved event and in actionsTaken', async () => {
    const { reportId, commentId, reporter } = await reportedComment('harassment');
    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${reportId}/resolve`, moderator.token, {
      adminNotes: 'Repeat offender',
      actionsTaken: 'Warned the author',
      actions: ['warn_author'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.report.actionsTaken).toBe('Warned the author [warn_author]');
    const [event] = await eventsNamed(t.ctx, 'report.resolved', (p) => p.reportId === reportId);
    expect(event).toMatchObject({
      reportId,
      itemType: 'comment',
      itemId: commentId,
      authorId: author.userId,
      reporterIds: [reporter.userId],
      actions: ['warn_author'],
      actorId: moderator.userId,
    });
    expect(await commentStatus(commentId)).not.toBe('hidden');
  });

  it('warn_author gives the author a warning strike they see on their account standing; ban_author bans them at once', async () => {
    const warned = await reportedComment('harassment');
    const res = await call('PUT', `/api/admin-tools/reports/${warned.reportId}/resolve`, moderator.token, {
      adminNotes: 'First offence',
      actionsTaken: 'Warned the author for harassment',
      actions: ['warn_author'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const standing = await call<{ strikes: Array<{ kind: string; reason: string }> }>('GET', '/api/users/me/standing', author.token);
    expect(standing.status).toBe(200);
    expect(standing.body.data.strikes).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'warning', reason: 'Warned the author for harassment' })]),
    );

    // A fresh author posts spam; the moderator bans them from the report.
    const spammer = await createSignedInUser(t.app, { fullName: 'Sam Spammer' });
    const contest = await insertContest(t.ctx, organizer.userId);
    const posted = await call<{ _id: string }>('POST', '/api/comments', spammer.token, {
      content: 'Cheap followers here',
      contestId: contest.id,
    });
    expect(posted.status).toBe(201);
    const [who] = await reporters(1);
    const filed = await call<{ reportId: string }>(
      'POST',
      `/api/contests/${contest.id}/comments/${posted.body.data._id}/report`,
      who!.token,
      {
        reason: 'spam',
        description: 'Spam again',
      },
    );
    expect(filed.status).toBe(201);
    const banned = await call('PUT', `/api/admin-tools/reports/${filed.body.data.reportId}/resolve`, moderator.token, {
      adminNotes: 'Spam account',
      actionsTaken: 'Hid the comment and banned the spammer',
      actions: ['hide_content', 'ban_author'],
    });
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    const refused = await call<never>('GET', '/api/auth/me', spammer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      errorType: 'ACCOUNT_BANNED',
      message: expect.stringContaining('Hid the comment and banned the spammer'),
    });
    expect((await auditRows(spammer.userId)).map((r) => r.action)).toContain('user.ban');
    const detail = await call<{ strikes: Array<{ kind: string }> }>('GET', `/api/admin-tools/users/${spammer.userId}`, admin.token);
    expect(detail.body.data.strikes.map((k) => k.kind)).toEqual(['ban']);
    expect(await commentStatus(posted.body.data._id)).toBe('hidden');
  });

  it('removes a reported direct message for both members (a tombstone, out of the preview), and a later decision restores it', async () => {
    const [sender, recipient] = await Promise.all([
      createSignedInUser(t.app, { fullName: 'Dee Sender' }),
      createSignedInUser(t.app, { fullName: 'Rae Recipient' }),
    ]);
    const sent = await call<TMessageSent>('POST', '/api/messages/send', sender.token, {
      recipientUsername: recipient.user.username,
      content: 'Send me your card number',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const message = sent.body.data.message;
    const filed = await call<{ reportId: string }>('POST', `/api/messages/${message._id}/report`, recipient.token, {
      reason: 'scam',
      description: 'Asking for my card',
    });
    expect(filed.status).toBe(201);
    const resolved = await call('PUT', `/api/admin-tools/reports/${filed.body.data.reportId}/resolve`, moderator.token, {
      adminNotes: 'Card phishing',
      actionsTaken: 'Removed the message',
      actions: ['hide_content'],
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    for (const who of [sender, recipient]) {
      const thread = await call<{ messages: TMessage[] }>('GET', `/api/messages/conversation/${message.conversationId}`, who.token);
      expect(thread.body.data.messages.find((m) => m._id === message._id)).toMatchObject({ content: '', deleted: true, removed: true });
    }
    // The sender's conversation list previews it as a tombstone too (the recipient's is a request).
    const list = await call<{ conversations: Array<{ lastMessage: { content: string; deleted: boolean } | null }> }>(
      'GET',
      '/api/messages/conversations',
      sender.token,
    );
    expect(list.body.data.conversations[0]!.lastMessage).toMatchObject({ content: '', deleted: true });
    expect((await auditRows(message._id)).map((r) => r.action)).toContain('content.hide');

    // The sender's friend reports it again; a second moderator finds it was fine and restores it.
    const [other] = await reporters(1);
    await t.ctx.db.insert(reports).values({
      targetType: 'message',
      targetId: message._id,
      reporterId: other!.userId,
      reason: 'other',
      description: 'Please look again',
    });
    const [again] = await reportsOf(message._id).then((rows) => rows.filter((r) => r.status === 'pending'));
    const restored = await call('PUT', `/api/admin-tools/reports/${again!.id}/resolve`, admin.token, {
      adminNotes: 'Context shows a joke between friends',
      actionsTaken: 'Restored the message',
      actions: ['restore_content'],
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const thread = await call<{ messages: TMessage[] }>('GET', `/api/messages/conversation/${message.conversationId}`, recipient.token);
    expect(thread.body.data.messages.find((m) => m._id === message._id)).toMatchObject({
      content: 'Send me your card number',
      deleted: false,
    });
  });

  it('disqualifies an entry: out of the public list and the ranking, its fee refunded once, ledger and reconciliation clean', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryFee: 'paid', entryFeeAmount: 2000 });
    const me = await createParticipant(t.app, { fullName: 'Eve Entrant' });
    await grantCredits(t.ctx, me.userId, 50);
    const sub = await submit(t.app, me.token, {
      contestId: contest.id,
      files: [{ data: await smallPng(), filename: 'p.png', contentType: 'image/png' }],
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const entryId = sub.json().data.entry._id as string;
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(3000);

    const [r1] = await reporters(1, 'Entry reporter');
    const filed = await call<{ reportId: string }>('POST', `/api/contests/${contest.id}/entries/${entryId}/report`, r1!.token, {
      reason: 'copyright_violation',
      description: 'Stolen photo',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const reportId = filed.body.data.reportId;
    const detail = await call<TModerationReportDetail>('GET', `/api/admin-tools/reports/${reportId}`, moderator.token);
    expect(detail.body.data.possibleActions).toEqual(['disqualify_entry', 'warn_author', 'ban_author']);
    expect(detail.body.data.report.reportedItem.title).toBe(sub.json().data.entry.title);

    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${reportId}/resolve`, moderator.token, {
      adminNotes: 'Copied from a stock site',
      actionsTaken: 'Entry disqualified',
      actions: ['disqualify_entry'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.ctx.db.select().from(entries).where(eq(entries.id, entryId)))[0]!.status).toBe('disqualified');
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(5000);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(0);
    const audit = await auditRows(entryId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'entry.disqualify',
      before: { status: 'approved' },
      after: { status: 'disqualified', feeRefundedCredits: 20 },
    });

    // The public no longer sees it; a vote is refused.
    expect((await call('GET', `/api/entries/${entryId}`)).status).toBe(404);
    const list = await call<{ entries: Array<{ _id: string }> }>('GET', `/api/entries/contest/${contest.id}`);
    expect(JSON.stringify(list.body)).not.toContain(entryId);

    // A second report of the same entry resolved with the same action refunds nothing more.
    const [r2] = await reporters(1, 'Late reporter');
    const again = await call<{ reportId: string }>('POST', `/api/contests/${contest.id}/entries/${entryId}/report`, r2!.token, {
      reason: 'other',
      description: 'Still there?',
    });
    if (again.status === 201) {
      const res2 = await call('PUT', `/api/admin-tools/reports/${again.body.data.reportId}/resolve`, moderator.token, {
        adminNotes: 'Already handled',
        actionsTaken: 'Entry disqualified',
        actions: ['disqualify_entry'],
      });
      expect(res2.status).toBe(200);
      expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(5000);
    }
    expect((await checkLedgerIntegrity(t.ctx.db)).ok).toBe(true);
    const rec = await runReconciliation(t.ctx.db);
    expect(rec.findings).toEqual([]);

    await settle();
    const told = await notificationsOf(me.userId, 'content_moderated');
    expect(told[0]).toMatchObject({ title: 'Entry disqualified' });
  });

  it('cancels a contest for an admin (every fee refunded, audited); a moderator may not', async () => {
    const contest = await createContest(t.ctx, organizer.userId, { entryFee: 'paid', entryFeeAmount: 1000 });
    const me = await createParticipant(t.app);
    await grantCredits(t.ctx, me.userId, 30);
    const sub = await submit(t.app, me.token, {
      contestId: contest.id,
      files: [{ data: await smallPng(), filename: 'p.png', contentType: 'image/png' }],
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(2000);

    const [r] = await reporters(1, 'Contest reporter');
    const filed = await call<{ reportId: string }>('POST', `/api/contests/${contest.id}/report`, r!.token, {
      reason: 'fake_contest',
      description: 'The prize does not exist',
    });
    expect(filed.status).toBe(201);
    const reportId = filed.body.data.reportId;
    const body = { adminNotes: 'Fake sponsor', actionsTaken: 'Contest cancelled and refunded', actions: ['cancel_contest'] };
    expect((await call('PUT', `/api/admin-tools/reports/${reportId}/resolve`, moderator.token, body)).status).toBe(403);
    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${reportId}/resolve`, admin.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(me.userId))).toBe(3000);
    expect(await balanceOf(t.ctx.db, accounts.contestEscrow(contest.id, 'CREDIT'))).toBe(0);
    const contestView = await call<{ contest: { status: string } }>('GET', `/api/contests/${contest.id}`);
    expect(JSON.stringify(contestView.body)).toContain('"cancelled"');
    expect((await auditRows(contest.id)).map((a) => [a.action, a.actor_id])).toEqual([['contest.cancel', admin.userId]]);
    expect((await runReconciliation(t.ctx.db)).findings).toEqual([]);
  });
});

describe('report weighting and auto-hide', () => {
  it('two ordinary reports do not hide a comment; a third hides it, it stays in the queue, the author is told; one moderator restores it', async () => {
    const contest = await insertContest(t.ctx, organizer.userId);
    const id = await comment(contest.id, 'Auto hide me');
    const people = await reporters(3, 'Crowd');
    await flag(id, people[0]!);
    await flag(id, people[1]!);
    await settle();
    expect(await commentStatus(id)).toBe('flagged');
    expect(await publicComments(contest.id)).toContain(id);

    await flag(id, people[2]!);
    await settle();
    expect(await commentStatus(id)).toBe('hidden');
    expect(await publicComments(contest.id)).not.toContain(id);
    const rows = await reportsOf(id);
    expect(rows.every((r) => r.status === 'pending' && r.autoHiddenAt !== null && r.priority === 'high')).toBe(true);
    const list = await call<TModerationReportPage>(
      'GET',
      '/api/admin-tools/reports?status=pending&type=comment&limit=100',
      moderator.token,
    );
    const mine = list.body.data.reports.filter((r) => r.reportedItem.id === id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ autoHidden: true, score: AUTO_HIDE_SCORE, reportCount: 3 });
    const authored = await notificationsOf(author.userId, 'content_moderated');
    expect(authored.some((n) => n.message.includes('hidden automatically') && n.message.includes('Auto hide me'))).toBe(true);
    // The author is mailed too (content_moderated is a mailed type).
    await settleEventMails(t.ctx);
    const mail = await lastMailTo(t.ctx, author.email);
    expect(mail?.subject).toContain('Content hidden');

    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${rows[0]!.id}/resolve`, moderator.token, {
      adminNotes: 'Harmless',
      actionsTaken: 'Comment restored',
      actions: ['restore_content'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.closedReports).toBe(3);
    expect(await commentStatus(id)).toBe('active');
    expect(await publicComments(contest.id)).toContain(id);
    expect((await auditRows(id)).map((a) => a.action)).toEqual(['content.restore']);
    expect((await reportsOf(id)).every((r) => r.autoHiddenAt === null)).toBe(true);
  });

  it('an accurate reporter counts more: with one ordinary report they hide; a staff report alone does not', async () => {
    const accurate = await createSignedInUser(t.app, { fullName: 'Accurate Reporter' });
    // Eight past reports, all upheld.
    const contest = await insertContest(t.ctx, organizer.userId);
    for (let i = 0; i < 8; i += 1) {
      const past = await comment(contest.id, `Past spam ${i}`);
      await flag(past, accurate);
    }
    await settle();
    await t.ctx.db
      .update(reports)
      .set({ status: 'resolved', resolvedAt: now(), resolvedBy: moderator.userId })
      .where(eq(reports.reporterId, accurate.userId));

    const target = await comment(contest.id, 'Fresh spam');
    await flag(target, accurate);
    await settle();
    const [mine] = (await reportsOf(target)).filter((r) => r.reporterId === accurate.userId);
    expect(mine!.weight).toBeCloseTo(reporterWeight({ staff: false, agreed: 8, decided: 8 }), 2);
    expect(mine!.weight).toBeGreaterThan(2);
    // Alone (one person) it never hides.
    expect(await commentStatus(target)).toBe('flagged');
    const [ordinary] = await reporters(1, 'Ordinary');
    await flag(target, ordinary!);
    await settle();
    expect(await commentStatus(target)).toBe('hidden');

    // A moderator's report weighs 6 but one person never hides alone.
    const lone = await comment(contest.id, 'Staff flagged');
    await flag(lone, moderator);
    await settle();
    expect((await reportsOf(lone))[0]!.weight).toBe(6);
    expect(await commentStatus(lone)).toBe('flagged');
  });

  it('dismissing the reports of an auto-hidden comment restores it and tells the author', async () => {
    const contest = await insertContest(t.ctx, organizer.userId);
    const id = await comment(contest.id, 'Wrongly mobbed');
    for (const r of await reporters(3, 'Mob')) await flag(id, r);
    await settle();
    expect(await commentStatus(id)).toBe('hidden');
    const [first] = await reportsOf(id);
    const res = await call<TModerationDecision>('PUT', `/api/admin-tools/reports/${first!.id}/dismiss`, moderator.token, {
      adminNotes: 'Brigading',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ closedReports: 3, actions: ['restore_content'] });
    expect(await publicComments(contest.id)).toContain(id);
    await settle();
    const authored = await notificationsOf(author.userId, 'content_moderated');
    expect(authored.some((n) => n.message.includes('Wrongly mobbed') && n.title === 'Content restored')).toBe(true);
  });

  it('a contest never auto-hides: three reports raise its priority instead', async () => {
    const contest = await createContest(t.ctx, organizer.userId);
    for (const r of await reporters(3, 'Contest crowd')) {
      const res = await call('POST', `/api/contests/${contest.id}/report`, r.token, {
        reason: 'other',
        description: 'This contest looks odd to me',
      });
      expect(res.status).toBe(201);
    }
    await settle();
    const rows = await reportsOf(contest.id);
    expect(rows.every((r) => r.priority === 'high' && r.autoHiddenAt === null)).toBe(true);
    expect((await call<{ contest: { status: string } }>('GET', `/api/contests/${contest.id}`)).status).toBe(200);
  });
});
