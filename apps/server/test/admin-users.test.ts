/**
 * Admin Tools user administration (spec 002 §2.1, §3, §5, §7, §8; issue 15): the top cards (with this
 * month's revenue from the ledger, for admins only), the user list with its filters and counts, one
 * user's file, ban (reason required; sessions revoked, a ban strike, the mail with the reason, login
 * answering ACCOUNT_BANNED with it), unban, verify and role changes, each audit-logged, and every
 * refusal: a plain user everywhere, a moderator on roles, oneself, equal or higher roles, the last admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminDashboardStats, TAdminUser, TAdminUserDetail, TAdminUsersPage, TAuditLogPage } from '@contesthub/shared';
import { changeRole } from '../src/modules/admin-users/user-role.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { post } from '../src/modules/ledger/ledger.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';
import {
  apiCall,
  createSignedInUser,
  createTestUser,
  DEFAULT_PASSWORD,
  eventsNamed,
  lastMailTo,
  nextIp,
  settleEventMails,
  type ApiArgs,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';
import { createTestApp } from './helpers.js';

let t: TestApp;
let admin: TestUser & LoginResult;
let admin2: TestUser & LoginResult;
let moderator: TestUser & LoginResult;
let moderator2: TestUser & LoginResult;
let member: TestUser & LoginResult;
const call = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createSignedInUser(t.app, { role: 'admin', fullName: 'Ada Admin' });
  admin2 = await createSignedInUser(t.app, { role: 'admin', fullName: 'Second Admin' });
  moderator = await createSignedInUser(t.app, { role: 'moderator', fullName: 'Mo Derator' });
  moderator2 = await createSignedInUser(t.app, { role: 'moderator', fullName: 'Other Moderator' });
  member = await createSignedInUser(t.app, { fullName: 'Plain Member' });
});
afterAll(async () => {
  await t.close();
});

/** A password sign-in as the web sends it, answered as it is (refusals included). */
const loginAttempt = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEFAULT_PASSWORD }, remoteAddress: nextIp() });

async function auditOf(targetId: string, action: string) {
  const page = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?target=${targetId}&action=${action}`, admin.token);
  return page.body.data!.entries;
}

describe('refusals of every admin-tools user endpoint', () => {
  it('refuses a plain user (403) and an anonymous caller (401) everywhere, and a moderator on roles', async () => {
    const id = member.user.id;
    const routes: Array<[ApiArgs[0], string, unknown?]> = [
      ['GET', '/api/admin-tools/dashboard-stats'],
      ['GET', '/api/admin-tools/users'],
      ['GET', `/api/admin-tools/users/${id}`],
      ['PUT', `/api/admin-tools/users/${id}/status`, { status: 'banned', reason: 'x' }],
      ['PUT', `/api/admin-tools/users/${id}/role`, { role: 'moderator' }],
      ['PUT', `/api/admin-tools/users/${id}/verify`],
      ['GET', '/api/admin-tools/appeals'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, member.token, body)).status, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, body)).status, `${method} ${url}`).toBe(401);
    }
    const asModerator = await call('PUT', `/api/admin-tools/users/${id}/role`, moderator.token, { role: 'moderator' });
    expect(asModerator.status).toBe(403);
  });

  it('answers 400 on bad input and 404 on an unknown user', async () => {
    expect((await call('GET', '/api/admin-tools/users?status=frozen', admin.token)).status).toBe(400);
    expect((await call('GET', '/api/admin-tools/users?role=owner', admin.token)).status).toBe(400);
    expect((await call('GET', '/api/admin-tools/users?limit=0', admin.token)).status).toBe(400);
    expect((await call('GET', '/api/admin-tools/users/not-a-uuid', admin.token)).status).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = await call('GET', `/api/admin-tools/users/${missing}`, admin.token);
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe('User not found');
    expect((await call('PUT', `/api/admin-tools/users/${missing}/verify`, admin.token)).status).toBe(404);
  });
});

describe('dashboard stats', () => {
  it('counts active, recently active and banned users, and this month’s ledger revenue for admins only', async () => {
    const before = (await call<TAdminDashboardStats>('GET', '/api/admin-tools/dashboard-stats', admin.token)).body.data!;
    // Revenue recorded in the ledger now (a subscription payment through the gateway).
    await t.ctx.db.transaction((tx) =>
      post(tx, {
        reference: `test:revenue:${Date.now()}`,
        kind: 'subscription_payment',
        description: 'test revenue',
        lines: [
          { account: accounts.gateway('sandbox'), amount: -150_000 },
          { account: accounts.platformRevenue('NGN'), amount: 150_000 },
        ],
      }),
    );
    await createTestUser(t.ctx, { fullName: 'Never Logged In' });
    const res = await call<TAdminDashboardStats>('GET', '/api/admin-tools/dashboard-stats', admin.token);
    expect(res.status).toBe(200);
    const after = res.body.data!;
    expect(after.financial.monthlyRevenue! - before.financial.monthlyRevenue!).toBe(150_000);
    expect(after.users.active).toBe(before.users.active + 1);
    // A user who never signed in is active but not recently active.
    expect(after.users.recentlyActive).toBe(before.users.recentlyActive);
    expect(after.users.recentlyActive).toBeGreaterThanOrEqual(5);

    const asModerator = await call<TAdminDashboardStats>('GET', '/api/admin-tools/dashboard-stats', moderator.token);
    expect(asModerator.status).toBe(200);
    expect(asModerator.body.data!.financial.monthlyRevenue).toBeNull();
    expect(asModerator.body.data!.users).toEqual(after.users);
  });
});

describe('the user list', () => {
  it('lists users with the spec’s fields and counts, filters by search, status and role, and pages by 10', async () => {
    const organizer = await createTestUser(t.ctx, { fullName: 'Zainab Okonkwo-Filter' });
    const contest = await insertContest(t.ctx, organizer.user.id);
    await insertContest(t.ctx, organizer.user.id);
    await insertEntry(t.ctx, contest.id, member.user.id);

    const found = await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=zainab', moderator.token);
    expect(found.status).toBe(200);
    expect(found.body.data!.users).toHaveLength(1);
    expect(found.body.data!.users[0]).toMatchObject({
      id: organizer.user.id,
      fullName: 'Zainab Okonkwo-Filter',
      email: organizer.email,
      role: 'user',
      status: 'active',
      isVerified: true,
      lastLogin: null,
      contestsCreated: 2,
      entriesSubmitted: 0,
      violations: 0,
    });
    expect(found.body.data!.users[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // A word of the name, the email's start; LIKE's own characters match only themselves.
    expect((await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=Okonkwo', admin.token)).body.data!.users).toHaveLength(1);
    expect(
      (
        await call<TAdminUsersPage>('GET', `/api/admin-tools/users?search=${organizer.email.slice(0, 8)}`, admin.token)
      ).body.data!.users.map((u) => u.id),
    ).toContain(organizer.user.id);
    expect((await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=%25', admin.token)).body.data!.users).toHaveLength(0);
    expect((await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=_', admin.token)).body.data!.users).toHaveLength(0);

    const entrant = (await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=plain member', admin.token)).body.data!.users[0]!;
    expect(entrant).toMatchObject({ entriesSubmitted: 1, contestsCreated: 0 });
    expect(entrant.lastLogin).not.toBeNull();

    const mods = (await call<TAdminUsersPage>('GET', '/api/admin-tools/users?role=moderator', admin.token)).body.data!;
    expect(mods.users.map((u) => u.id).sort()).toEqual([moderator.user.id, moderator2.user.id].sort());

    for (let i = 0; i < 12; i++) await createTestUser(t.ctx, { fullName: `Pager Person ${i}` });
    const page1 = (await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=pager', admin.token)).body.data!;
    expect(page1.users).toHaveLength(10);
    expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    const page2 = (await call<TAdminUsersPage>('GET', '/api/admin-tools/users?search=pager&page=2', admin.token)).body.data!;
    expect(page2.users).toHaveLength(2);
    expect(new Set([...page1.users, ...page2.users].map((u) => u.id)).size).toBe(12);
  });
});

describe('ban and unban', () => {
  it('refuses a ban without a reason with the spec’s text', async () => {
    for (const body of [{ status: 'banned' }, { status: 'banned', reason: '   ' }]) {
      const res = await call('PUT', `/api/admin-tools/users/${member.user.id}/status`, admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Please provide a reason for banning this user');
    }
  });

  it('refuses oneself, equal and higher roles', async () => {
    const self = await call('PUT', `/api/admin-tools/users/${moderator.user.id}/status`, moderator.token, {
      status: 'banned',
      reason: 'x',
    });
    expect(self.status).toBe(403);
    const peer = await call('PUT', `/api/admin-tools/users/${moderator2.user.id}/status`, moderator.token, {
      status: 'banned',
      reason: 'x',
    });
    expect(peer.status).toBe(403);
    expect(peer.body.message).toBe('You can only act on accounts whose role is below yours');
    expect(
      (await call('PUT', `/api/admin-tools/users/${admin.user.id}/status`, moderator.token, { status: 'banned', reason: 'x' })).status,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/admin-tools/users/${admin2.user.id}/status`, admin.token, { status: 'banned', reason: 'x' })).status,
    ).toBe(403);
  });

  it('bans: status and reason set, the open session refused, a ban strike, the audit row, the mail, login refused with the reason; then unbans', async () => {
    const target = await createSignedInUser(t.app, { fullName: 'Soon Banned' });
    const second = await loginAttempt(target.email);
    expect(second.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', target.token)).status).toBe(200);
    const before = await call<TAdminUserDetail>('GET', `/api/admin-tools/users/${target.user.id}`, moderator.token);
    expect(before.body.data!.openSessions).toBe(2);

    const reason = 'Selling votes in contest chats';
    const banned = await call<TAdminUser>('PUT', `/api/admin-tools/users/${target.user.id}/status`, moderator.token, {
      status: 'banned',
      reason,
    });
    expect(banned.status).toBe(200);
    expect(banned.body.message).toBe('User banned successfully');
    expect(banned.body.data).toMatchObject({ status: 'banned', banReason: reason, violations: 1 });

    // The open session is refused on its next request (revoked with the ban), saying why.
    const refused = await call('GET', '/api/auth/me', target.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      errorType: 'ACCOUNT_BANNED',
      reason,
      message: `Your account has been banned: ${reason}`,
    });
    // Its refresh token is dead too.
    const refreshed = await call('POST', '/api/auth/refresh', undefined, { refreshToken: target.refreshToken });
    expect(refreshed.status).toBe(401);
    // Login answers ACCOUNT_BANNED with the reason.
    const login = await loginAttempt(target.email);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ errorType: 'ACCOUNT_BANNED', reason, message: `Your account has been banned: ${reason}` });

    const detail = (await call<TAdminUserDetail>('GET', `/api/admin-tools/users/${target.user.id}`, moderator.token)).body.data!;
    expect(detail.openSessions).toBe(0);
    expect(detail.strikes).toHaveLength(1);
    expect(detail.strikes[0]).toMatchObject({ kind: 'ban', reason, appeal: null, canAppeal: true });
    expect(detail.auditTrail[0]).toMatchObject({ action: 'user.ban', actorName: 'Mo Derator', reason });

    const [row] = await auditOf(target.user.id, 'user.ban');
    expect(row).toMatchObject({
      actor: { id: moderator.user.id, role: 'moderator' },
      reason,
      before: { status: 'active', banReason: null },
      after: { status: 'banned', banReason: reason, sessionsRevoked: true },
    });
    expect(await eventsNamed(t.ctx, 'user.banned', (p) => p.userId === target.user.id)).toEqual([
      expect.objectContaining({ userId: target.user.id, actorId: moderator.user.id, reason }),
    ]);
    await settleEventMails(t.ctx);
    const mail = await lastMailTo(t.ctx, target.email);
    expect(mail?.subject).toContain('has been banned');
    expect(mail?.text).toContain(reason);

    const twice = await call('PUT', `/api/admin-tools/users/${target.user.id}/status`, moderator.token, {
      status: 'banned',
      reason: 'again',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This user is already banned');

    const unbanned = await call<TAdminUser>('PUT', `/api/admin-tools/users/${target.user.id}/status`, moderator.token, {
      status: 'active',
    });
    expect(unbanned.status).toBe(200);
    expect(unbanned.body.message).toBe('User unbanned successfully');
    expect(unbanned.body.data).toMatchObject({ status: 'active', banReason: null });
    const [unbanRow] = await auditOf(target.user.id, 'user.unban');
    expect(unbanRow).toMatchObject({ actor: { id: moderator.user.id }, before: { status: 'banned' }, after: { status: 'active' } });
    await settleEventMails(t.ctx);
    expect((await lastMailTo(t.ctx, target.email))?.subject).toContain('restored');
    const again = await loginAttempt(target.email);
    expect(again.statusCode).toBe(200);
    const notBanned = await call('PUT', `/api/admin-tools/users/${target.user.id}/status`, moderator.token, { status: 'active' });
    expect(notBanned.status).toBe(409);
    expect(notBanned.body.message).toBe('This user is not banned');
  });

  it('an admin bans a moderator, whose staff token is refused at once as banned', async () => {
    const mod = await createSignedInUser(t.app, { role: 'moderator', fullName: 'Banned Moderator' });
    const res = await call('PUT', `/api/admin-tools/users/${mod.user.id}/status`, admin.token, {
      status: 'banned',
      reason: 'Abuse of tools',
    });
    expect(res.status).toBe(200);
    const refused = await call('GET', '/api/admin-tools/users', mod.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errorType).toBe('ACCOUNT_BANNED');
  });
});

describe('verify', () => {
  it('verifies an unverified user once, audit-logged', async () => {
    const unverified = await createTestUser(t.ctx, { fullName: 'Not Verified', isVerified: false });
    const res = await call<TAdminUser>('PUT', `/api/admin-tools/users/${unverified.user.id}/verify`, moderator.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User verified successfully');
    expect(res.body.data!.isVerified).toBe(true);
    const [row] = await auditOf(unverified.user.id, 'user.verify');
    expect(row).toMatchObject({ actor: { id: moderator.user.id }, before: { isVerified: false }, after: { isVerified: true } });
    const twice = await call('PUT', `/api/admin-tools/users/${unverified.user.id}/verify`, moderator.token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This user is already verified');
    expect((await call('PUT', `/api/admin-tools/users/${moderator.user.id}/verify`, moderator.token)).status).toBe(403);
  });
});

describe('roles', () => {
  it('changes a role (effective on the next request), audit-logged with user.role_changed; never one’s own', async () => {
    const promoted = await createSignedInUser(t.app, { fullName: 'Future Moderator' });
    expect((await call('GET', '/api/admin-tools/users', promoted.token)).status).toBe(403);
    const res = await call<TAdminUser>('PUT', `/api/admin-tools/users/${promoted.user.id}/role`, admin.token, { role: 'moderator' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User role updated successfully');
    expect(res.body.data!.role).toBe('moderator');
    // The same token, next request: the guard reads the role from the session look-up.
    expect((await call('GET', '/api/admin-tools/users', promoted.token)).status).toBe(200);
    const [row] = await auditOf(promoted.user.id, 'user.role_change');
    expect(row).toMatchObject({ actor: { id: admin.user.id }, before: { role: 'user' }, after: { role: 'moderator' } });
    expect(await eventsNamed(t.ctx, 'user.role_changed', (p) => p.userId === promoted.user.id)).toEqual([
      expect.objectContaining({ from: 'user', to: 'moderator', actorId: admin.user.id }),
    ]);
    const back = await call('PUT', `/api/admin-tools/users/${promoted.user.id}/role`, admin.token, { role: 'user' });
    expect(back.status).toBe(200);
    expect((await call('GET', '/api/admin-tools/users', promoted.token)).status).toBe(403);

    const own = await call('PUT', `/api/admin-tools/users/${admin.user.id}/role`, admin.token, { role: 'user' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own role');
    const same = await call('PUT', `/api/admin-tools/users/${member.user.id}/role`, admin.token, { role: 'user' });
    expect(same.status).toBe(409);
    expect((await call('PUT', `/api/admin-tools/users/${member.user.id}/role`, admin.token, { role: 'owner' })).status).toBe(400);
  });

  it('never demotes the last admin: two admins demoting each other at once, one is refused', async () => {
    const [a, b] = await Promise.all([
      call('PUT', `/api/admin-tools/users/${admin2.user.id}/role`, admin.token, { role: 'moderator' }),
      call('PUT', `/api/admin-tools/users/${admin.user.id}/role`, admin2.token, { role: 'moderator' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = (await call<TAdminUsersPage>('GET', '/api/admin-tools/users?role=admin', moderator.token)).body.data!;
    expect(admins.pagination.total).toBe(1);
    const survivor = admins.users[0]!.id;
    const demoted = survivor === admin.user.id ? admin2 : admin;
    // The demoted admin (a moderator now) cannot touch roles at all.
    expect((await call('PUT', `/api/admin-tools/users/${survivor}/role`, demoted.token, { role: 'user' })).status).toBe(403);
    // A stale caller (still an admin when its request was authorised) meets the last-admin rule under the lock.
    const stale = { userId: demoted.user.id, role: 'admin' as const, ip: null, requestId: null };
    await expect(changeRole(t.ctx, stale, survivor, 'user')).rejects.toMatchObject({
      statusCode: 409,
      message: 'The last admin cannot be demoted',
    });
  });
});
