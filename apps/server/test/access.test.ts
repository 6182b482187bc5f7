/**
 * Deny by default and the one policy (issue 11 item 6): an /api route that declares no access stops
 * the server from starting; moderator access lets moderators and admins in and nobody else; the
 * policy answers ownership and permission questions the same way for every module.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, MODERATOR_PERMISSIONS, hasPermission } from '@contesthub/shared';
import { authorize, can } from '../src/lib/policy.js';
import { apiCall, createSignedInUser, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('deny by default', () => {
  it('refuses to start with an /api route that declares no access, and names it', async () => {
    // A second app on the same (already migrated) database: building one is cheap.
    const app = await createTestApp({}, { database: t.database });
    try {
      expect(() => app.app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(
        'GET /api/forgotten declares no access: set config.access',
      );
    } finally {
      await app.close();
    }
  });

  it('starts with a route that says public out loud, and answers anyone', async () => {
    t.app.get('/api/open-door', { config: { access: 'public' } }, async () => ({ success: true, data: 'hello' }));
    expect((await apiCall(t.app, 'GET', '/api/open-door')).body).toEqual({ success: true, data: 'hello' });
  });
});

describe('moderator access', () => {
  it('lets moderators and admins read the flagged comments, and nobody else', async () => {
    const user = await createSignedInUser(t.app, { fullName: 'Plain User' });
    const moderator = await createSignedInUser(t.app, { fullName: 'Mo Derator', role: 'moderator' });
    const admin = await createSignedInUser(t.app, { fullName: 'Ad Min', role: 'admin' });
    for (const path of ['/api/comments/flagged', '/api/comments/analytics']) {
      expect((await apiCall(t.app, 'GET', path)).status).toBe(401);
      const refused = await apiCall(t.app, 'GET', path, user.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, errorType: 'FORBIDDEN' });
      expect((await apiCall(t.app, 'GET', path, moderator.token)).status).toBe(200);
      expect((await apiCall(t.app, 'GET', path, admin.token)).status).toBe(200);
    }
  });

  it('keeps admin routes for admins: a moderator may not read the reconciliation', async () => {
    const moderator = await createSignedInUser(t.app, { fullName: 'Mo Two', role: 'moderator' });
    expect((await apiCall(t.app, 'GET', '/api/admin/reconciliation', moderator.token)).status).toBe(403);
  });
});

describe('policy', () => {
  const organizer = { userId: 'org', role: 'user' as const };
  const voter = { userId: 'voter', role: 'user' as const };
  const stranger = { userId: 'someone', role: 'user' as const };
  const moderator = { userId: 'mod', role: 'moderator' as const };
  const admin = { userId: 'adm', role: 'admin' as const };

  it('gives moderators their permissions and admins all of them', () => {
    for (const p of MODERATOR_PERMISSIONS) {
      expect(hasPermission(moderator, p)).toBe(true);
      expect(hasPermission(admin, p)).toBe(true);
      expect(hasPermission(stranger, p)).toBe(false);
    }
    for (const p of ADMIN_PERMISSIONS) {
      expect(hasPermission(moderator, p)).toBe(false);
      expect(hasPermission(admin, p)).toBe(true);
    }
    expect(hasPermission(undefined, 'audit.read')).toBe(false);
  });

  it('shows a draft contest only to its organizer and staff', () => {
    const draft = { organizerId: 'org', status: 'draft' };
    expect(can(organizer, 'contest.view', draft)).toBe(true);
    expect(can(moderator, 'contest.view', draft)).toBe(true);
    expect(can(stranger, 'contest.view', draft)).toBe(false);
    expect(can(undefined, 'contest.view', draft)).toBe(false);
    expect(can(undefined, 'contest.view', { ...draft, status: 'active' })).toBe(true);
  });

  it('keeps credits spent on votes for the organizer, admins and the voter themself', () => {
    const contest = { organizerId: 'org' };
    expect(can(organizer, 'votes.see_credits', contest)).toBe(true);
    expect(can(admin, 'votes.see_credits', contest)).toBe(true);
    expect(can(voter, 'votes.see_credits', { ...contest, voterId: 'voter' })).toBe(true);
    expect(can(voter, 'votes.see_credits', contest)).toBe(false);
    expect(can(moderator, 'votes.see_credits', contest)).toBe(false);
    expect(can(undefined, 'votes.see_credits', contest)).toBe(false);
  });

  it('lets organizers manage their own contest and admins any; authorize answers 403 otherwise', () => {
    expect(can(organizer, 'contest.manage', { organizerId: 'org' })).toBe(true);
    expect(can(admin, 'contest.manage', { organizerId: 'org' })).toBe(true);
    expect(can(moderator, 'contest.manage', { organizerId: 'org' })).toBe(false);
    expect(() => authorize(stranger, 'contest.manage', { organizerId: 'org' }, 'Not yours')).toThrow('Not yours');
    expect(() => authorize(moderator, 'votes.remove')).toThrow('You do not have permission to perform this action');
    expect(() => authorize(admin, 'votes.remove')).not.toThrow();
  });

  it('lets the author, the organizer and moderators delete a comment; only the author and admins see an anonymous author', () => {
    const comment = { authorId: 'voter', organizerId: 'org' };
    expect(can(voter, 'comment.delete', comment)).toBe(true);
    expect(can(organizer, 'comment.delete', comment)).toBe(true);
    expect(can(moderator, 'comment.delete', comment)).toBe(true);
    expect(can(stranger, 'comment.delete', comment)).toBe(false);
    const anonymous = { authorId: 'voter', isAnonymous: true };
    expect(can(voter, 'comment.see_author', anonymous)).toBe(true);
    expect(can(admin, 'comment.see_author', anonymous)).toBe(true);
    expect(can(moderator, 'comment.see_author', anonymous)).toBe(false);
    expect(can(stranger, 'comment.see_author', { ...anonymous, isAnonymous: false })).toBe(true);
  });
});
