/**
 * Account standing (issue 15): strikes the person sees with their reason; an appeal once per strike,
 * within 20 days, up to 2000 characters; the appeals queue for appeals.manage holders; a decision by
 * a staff member other than the issuer, audit-logged, notified; approving a ban's appeal unbans.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAppealsPage, TAppealView, TAuditLogPage, TNotificationList, TStanding } from '@contesthub/shared';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { issueStrike } from '../src/modules/standing/strikes.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  DEFAULT_PASSWORD,
  lastMailTo,
  login,
  nextIp,
  settleEventMails,
  type ApiArgs,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';

let t: TestApp;
let admin: TestUser & LoginResult;
let moderator: TestUser & LoginResult;
let moderator2: TestUser & LoginResult;
let member: TestUser & LoginResult;
const call = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);
const DAY = 24 * 60 * 60 * 1000;
const actorOf = (u: TestUser, role: 'moderator' | 'admin') => ({ userId: u.user.id, role, ip: '10.0.0.9', requestId: 'test' });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createSignedInUser(t.app, { role: 'admin', fullName: 'Ada Admin' });
  moderator = await createSignedInUser(t.app, { role: 'moderator', fullName: 'Issuing Moderator' });
  moderator2 = await createSignedInUser(t.app, { role: 'moderator', fullName: 'Deciding Moderator' });
  member = await createSignedInUser(t.app, { fullName: 'Warned Member' });
});
afterEach(() => setClock(null));
afterAll(async () => {
  await t.close();
});

async function warn(user: TestUser, reason: string) {
  return t.ctx.db.transaction((tx) =>
    issueStrike(tx, actorOf(moderator, 'moderator'), {
      userId: user.user.id,
      kind: 'warning',
      reason,
      related: { type: 'comment', id: 'c-1' },
    }),
  );
}

describe('account standing', () => {
  it('shows the person their strikes with reasons, deadline and whether they may appeal; audit row of the strike', async () => {
    const strike = await warn(member, 'Spam links in comments');
    const res = await call<TStanding>('GET', '/api/users/me/standing', member.token);
    expect(res.status).toBe(200);
    expect(res.body.data!.strikes).toHaveLength(1);
    const view = res.body.data!.strikes[0]!;
    expect(view).toMatchObject({
      id: strike.id,
      kind: 'warning',
      reason: 'Spam links in comments',
      relatedType: 'comment',
      relatedId: 'c-1',
      appeal: null,
      canAppeal: true,
    });
    expect(new Date(view.appealDeadline).getTime() - new Date(view.createdAt).getTime()).toBe(20 * DAY);
    expect((await call('GET', '/api/users/me/standing')).status).toBe(401);
    // Nobody else's strikes.
    expect((await call<TStanding>('GET', '/api/users/me/standing', moderator2.token)).body.data!.strikes).toHaveLength(0);

    const audit = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?target=${strike.id}`, admin.token);
    expect(audit.body.data!.entries[0]).toMatchObject({
      action: 'strike.issue',
      targetType: 'strike',
      actor: { id: moderator.user.id },
      reason: 'Spam links in comments',
    });

    await settleEventMails(t.ctx);
    const notes = await call<TNotificationList>('GET', '/api/notifications?type=account_strike', member.token);
    expect(notes.status).toBe(200);
    expect(notes.body.data!.notifications[0]).toMatchObject({ type: 'account_strike', title: 'Warning' });
    expect(notes.body.data!.notifications[0]!.message).toContain('Spam links in comments');
  });

  it('accepts one appeal per strike, 1 to 2000 characters, and not for someone else’s strike', async () => {
    const strike = await warn(member, 'Off-topic posting');
    const url = `/api/users/me/strikes/${strike.id}/appeal`;
    const empty = await call('POST', url, member.token, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Please explain why this decision should be reconsidered');
    const long = await call('POST', url, member.token, { text: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('at most 2000 characters');
    expect((await call('POST', url, moderator2.token, { text: 'not mine' })).status).toBe(404);

    const filed = await call<TAppealView>('POST', url, member.token, { text: 'x'.repeat(2000) });
    expect(filed.status).toBe(201);
    expect(filed.body.message).toBe('Your appeal has been submitted');
    expect(filed.body.data).toMatchObject({ strikeId: strike.id, status: 'pending' });

    const twice = await call('POST', url, member.token, { text: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already appealed this strike');
    const standing = (await call<TStanding>('GET', '/api/users/me/standing', member.token)).body.data!;
    expect(standing.strikes.find((s) => s.id === strike.id)).toMatchObject({ canAppeal: false, appeal: { status: 'pending' } });
  });

  it('refuses an appeal after 20 days (test clock)', async () => {
    setClock(new Date());
    const strike = await warn(member, 'Old strike');
    advanceClock(20 * DAY - 60_000);
    // Twenty days on, the old access token has long expired: the person signs in again.
    const fresh = await login(t.app, member.email, member.password);
    expect(
      (await call<TStanding>('GET', '/api/users/me/standing', fresh.token)).body.data!.strikes.find((s) => s.id === strike.id)!.canAppeal,
    ).toBe(true);
    advanceClock(2 * 60_000);
    const late = await call('POST', `/api/users/me/strikes/${strike.id}/appeal`, fresh.token, { text: 'Please' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Strikes can only be appealed within 20 days');
  });
});

describe('deciding appeals', () => {
  it('lists appeals to appeals.manage holders only, pending first, with status filter and page size 10', async () => {
    expect((await call('GET', '/api/admin-tools/appeals', member.token)).status).toBe(403);
    expect((await call('GET', '/api/admin-tools/appeals?status=lost', moderator.token)).status).toBe(400);
    const res = await call<TAppealsPage>('GET', '/api/admin-tools/appeals?status=pending', moderator2.token);
    expect(res.status).toBe(200);
    expect(res.body.data!.pagination.limit).toBe(10);
    expect(res.body.data!.appeals.length).toBeGreaterThanOrEqual(1);
    expect(res.body.data!.appeals[0]).toMatchObject({
      status: 'pending',
      user: { id: member.user.id },
      strike: { kind: 'warning', issuedBy: 'Issuing Moderator' },
    });
  });

  it('refuses a decision by the strike’s issuer or without a note; another moderator rejects it; the person is notified', async () => {
    const strike = await warn(member, 'Rude replies');
    const appeal = (
      await call<TAppealView>('POST', `/api/users/me/strikes/${strike.id}/appeal`, member.token, { text: 'I was quoting someone' })
    ).body.data!;
    const url = `/api/admin-tools/appeals/${appeal.id}`;
    expect((await call('PUT', url, member.token, { decision: 'approved', note: 'x' })).status).toBe(403);
    const same = await call('PUT', url, moderator.token, { decision: 'approved', note: 'Fine' });
    expect(same.status).toBe(403);
    expect(same.body.message).toBe('An appeal must be decided by a staff member other than the one who issued the strike');
    expect((await call('PUT', url, moderator2.token, { decision: 'approved', note: '' })).status).toBe(400);
    expect((await call('PUT', url, moderator2.token, { decision: 'maybe', note: 'x' })).status).toBe(400);

    const rejected = await call<TAppealView>('PUT', url, moderator2.token, { decision: 'rejected', note: 'The quote was still abusive.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('Appeal rejected');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decisionNote: 'The quote was still abusive.' });
    const again = await call('PUT', url, admin.token, { decision: 'approved', note: 'Overrule' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This appeal has already been decided');

    const audit = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?target=${appeal.id}`, admin.token);
    expect(audit.body.data!.entries[0]).toMatchObject({
      action: 'appeal.decide',
      actor: { id: moderator2.user.id },
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });

    await settleEventMails(t.ctx);
    const notes = await call<TNotificationList>('GET', '/api/notifications?type=appeal_decided', member.token);
    expect(notes.body.data!.notifications[0]).toMatchObject({ type: 'appeal_decided', title: 'Appeal rejected' });
    const standing = (await call<TStanding>('GET', '/api/users/me/standing', member.token)).body.data!;
    expect(standing.strikes.find((s) => s.id === strike.id)!.appeal).toMatchObject({
      status: 'rejected',
      decisionNote: 'The quote was still abusive.',
    });
  });

  it('takes a ban appeal without a session through the ban mail’s link; approving it lifts the ban', async () => {
    const banned = await createSignedInUser(t.app, { fullName: 'Wrongly Banned' });
    const ban = await call('PUT', `/api/admin-tools/users/${banned.user.id}/status`, moderator.token, {
      status: 'banned',
      reason: 'Suspected vote selling',
    });
    expect(ban.status).toBe(200);
    await settleEventMails(t.ctx);
    const mail = await lastMailTo(t.ctx, banned.email);
    const link = /(https?:\/\/\S+\/api\/appeals\/ban\?token=\S+)/.exec(mail!.text)?.[1];
    expect(link).toBeTruthy();
    const url = new URL(link!).pathname + new URL(link!).search;

    const page = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Suspected vote selling');
    expect(page.body).toContain('maxlength="2000"');
    const post = (text: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({ text }).toString(),
      });
    const empty = await post('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Please explain why this decision should be reconsidered');
    const filed = await post('The votes were my family’s.');
    expect(filed.statusCode).toBe(200);
    expect(filed.body).toContain('Appeal submitted');
    const twice = await post('Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('You have already appealed this strike');
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), remoteAddress: nextIp() });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This appeal link is invalid or has expired');

    const queue = await call<TAppealsPage>('GET', '/api/admin-tools/appeals?status=pending', admin.token);
    const appeal = queue.body.data!.appeals.find((a) => a.user.id === banned.user.id)!;
    expect(appeal).toMatchObject({ text: 'The votes were my family’s.', strike: { kind: 'ban', reason: 'Suspected vote selling' } });
    // The moderator who banned cannot decide it; another can.
    expect((await call('PUT', `/api/admin-tools/appeals/${appeal.id}`, moderator.token, { decision: 'approved', note: 'x' })).status).toBe(
      403,
    );
    const approved = await call<TAppealView>('PUT', `/api/admin-tools/appeals/${appeal.id}`, moderator2.token, {
      decision: 'approved',
      note: 'Verified with the payment records.',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Appeal approved');
    const unban = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?target=${banned.user.id}&action=user.unban`, admin.token);
    expect(unban.body.data!.entries[0]).toMatchObject({
      actor: { id: moderator2.user.id },
      reason: 'Appeal approved: Verified with the payment records.',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: banned.email, password: DEFAULT_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    await settleEventMails(t.ctx);
    expect((await lastMailTo(t.ctx, banned.email))?.subject).toContain('restored');
  });
});
