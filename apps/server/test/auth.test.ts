import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ZPublicUser } from '@contesthub/shared';
import { users } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../src/lib/tokens.js';
import { bearer, createSignedInUser, createTestApp, createTestUser, login, nextIp, uniqueEmail, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  setClock(null);
});

function postLogin(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: nextIp() });
}

const me = (token?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', ...(token ? { headers: bearer(token) } : {}) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken }, remoteAddress: nextIp() });

describe('POST /api/auth/login', () => {
  it('signs a verified user in and shows no secret', async () => {
    const { email, password, user } = await createTestUser(t.ctx, { fullName: 'Ada Lovelace', phone: '+2348011111111' });
    const res = await postLogin({ email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Login successful' });
    expect(typeof body.data.token).toBe('string');
    expect(typeof body.data.refreshToken).toBe('string');
    expect(body.data.token).not.toBe(body.data.refreshToken);

    // Exactly the public fields, nothing else (no hash, no 2FA secret, no lockout counters).
    expect(Object.keys(body.data.user).sort()).toEqual(Object.keys(ZPublicUser.shape).sort());
    expect(body.data.user).toMatchObject({ _id: user.id, email, fullName: 'Ada Lovelace', role: 'user', isVerified: true, voteCredits: 0 });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(res.body).not.toContain(row!.passwordHash);
    expect(res.body).not.toMatch(/argon2|passwordHash|twoFactorSecret/);
    expect(row!.lastLoginAt).not.toBeNull();
  });

  it('refuses an unknown email with 404 ACCOUNT_NOT_FOUND', async () => {
    const res = await postLogin({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, errorType: 'ACCOUNT_NOT_FOUND', message: MESSAGES.login.ACCOUNT_NOT_FOUND });
  });

  it('refuses a wrong password with 401 INVALID_PASSWORD', async () => {
    const { email } = await createTestUser(t.ctx);
    const res = await postLogin({ email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      errorType: 'INVALID_PASSWORD',
      message: MESSAGES.login.INVALID_PASSWORD,
      attemptsRemaining: 4,
    });
  });

  it('refuses an unverified account with 403 EMAIL_NOT_VERIFIED', async () => {
    const { email, password } = await createTestUser(t.ctx, { isVerified: false });
    const res = await postLogin({ email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorType: 'EMAIL_NOT_VERIFIED', message: MESSAGES.login.EMAIL_NOT_VERIFIED });
    expect(res.json().token).toBeUndefined();
  });

  it('refuses a banned account with 403 ACCOUNT_BANNED and the reason', async () => {
    const { email, password, user } = await createTestUser(t.ctx);
    await t.ctx.db.update(users).set({ status: 'banned', banReason: 'Vote manipulation' }).where(eq(users.id, user.id));
    const res = await postLogin({ email, password });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toMatchObject({ success: false, errorType: 'ACCOUNT_BANNED', reason: 'Vote manipulation' });
    expect(body.message).toContain('Vote manipulation');
    expect(body.data).toBeUndefined();
  });

  it('refuses a deactivated account with 403 ACCOUNT_DEACTIVATED', async () => {
    const { email, password, user } = await createTestUser(t.ctx);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await postLogin({ email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, errorType: 'ACCOUNT_DEACTIVATED', message: MESSAGES.login.ACCOUNT_DEACTIVATED });
  });

  it('refuses empty fields with the form message', async () => {
    const res = await postLogin({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR', message: MESSAGES.login.fillAllFields });
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user', async () => {
    const signedIn = await createSignedInUser(t.app, { fullName: 'Chidi Me' });
    const res = await me(signedIn.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ _id: signedIn.user.id, email: signedIn.email, fullName: 'Chidi Me' });
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, errorType: 'UNAUTHORIZED', message: MESSAGES.server.unauthorized });
  });

  it('refuses a forged or malformed token with 401', async () => {
    for (const token of ['garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.c2lnbmF0dXJl']) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
    }
  });

  it('refuses a token with valid claims signed with another secret', async () => {
    const signedIn = await createSignedInUser(t.app);
    const claims = JSON.parse(Buffer.from(signedIn.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
    expect(claims).toMatchObject({ sub: signedIn.user.id, sid: expect.any(String) });
    const forged = await signAccessToken(
      'another-secret-another-secret-another-secret',
      { sub: claims.sub, sid: claims.sid, role: 'admin' },
      now(),
    );
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect((await me(signedIn.token)).statusCode).toBe(200);
  });

  it('refuses an expired access token with 401 TOKEN_EXPIRED', async () => {
    const signedIn = await createSignedInUser(t.app);
    advanceClock((ACCESS_TOKEN_TTL_SECONDS - 60) * 1000);
    expect((await me(signedIn.token)).statusCode).toBe(200);
    advanceClock(2 * 60 * 1000);
    const res = await me(signedIn.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, errorType: 'TOKEN_EXPIRED' });
    // The refresh token still works and its access token is good.
    const renewed = await refresh(signedIn.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().data.token)).statusCode).toBe(200);
  });

  it('shuts a user out at once when banned, even with a valid token', async () => {
    const signedIn = await createSignedInUser(t.app);
    await t.ctx.db.update(users).set({ status: 'banned', banReason: 'Spam' }).where(eq(users.id, signedIn.user.id));
    const res = await me(signedIn.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'ACCOUNT_BANNED', reason: 'Spam' });
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh token works once and yields a working access token', async () => {
    const signedIn = await createSignedInUser(t.app);
    const first = await refresh(signedIn.refreshToken);
    expect(first.statusCode).toBe(200);
    const r1 = first.json().data as { token: string; refreshToken: string };
    expect(r1.refreshToken).not.toBe(signedIn.refreshToken);
    expect((await me(r1.token)).statusCode).toBe(200);

    const second = await refresh(r1.refreshToken);
    expect(second.statusCode).toBe(200);
    const r2 = second.json().data as { token: string; refreshToken: string };
    expect(r2.refreshToken).not.toBe(r1.refreshToken);
    expect((await me(r2.token)).statusCode).toBe(200);
  });

  it('a replayed refresh token is refused and ends the whole session', async () => {
    const signedIn = await createSignedInUser(t.app);
    const rotated = (await refresh(signedIn.refreshToken)).json().data as { token: string; refreshToken: string };
    const newest = (await refresh(rotated.refreshToken)).json().data as { token: string; refreshToken: string };
    expect((await me(newest.token)).statusCode).toBe(200);

    // Someone presents the already-used token again (a stolen copy, say).
    const replay = await refresh(rotated.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, errorType: 'TOKEN_EXPIRED' });

    // Everything of that session is now dead: the newest refresh token and every access token.
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
    expect((await me(newest.token)).statusCode).toBe(401);
    expect((await me(signedIn.token)).statusCode).toBe(401);
  });

  it('a replay ends only that session, not the user’s other sessions', async () => {
    const signedIn = await createSignedInUser(t.app);
    const elsewhere = await login(t.app, signedIn.email, signedIn.password);
    await refresh(signedIn.refreshToken);
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(401);
    expect((await me(elsewhere.token)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token with 401', async () => {
    const res = await refresh('definitely-not-issued');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('refuses a refresh token once the session has expired', async () => {
    const signedIn = await createSignedInUser(t.app);
    advanceClock(25 * 60 * 60 * 1000); // past the one-day session of a login without "remember me"
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const signedIn = await createSignedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedIn.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Logged out successfully' });

    const after = await me(signedIn.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false });
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  // Each build below is a restart of the server on the database of `t`.
  it('creates a verified admin on build, once, and never resets its password', async () => {
    const email = uniqueEmail('admin');
    const first = await createTestApp({ admin: { email, password: 'FirstAdminPass1' } }, { database: t.database });
    try {
      const rows = await first.ctx.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: 'admin', isVerified: true, status: 'active', isActive: true });
      const signedIn = await login(first.app, email, 'FirstAdminPass1');
      const who = await first.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(signedIn.token) });
      expect(who.json().data.user).toMatchObject({ email, role: 'admin', isVerified: true });
    } finally {
      await first.close();
    }

    // A restart with the same (or a changed) ADMIN_PASSWORD: no second admin, password untouched.
    const second = await createTestApp({ admin: { email, password: 'ChangedInEnv22' } }, { database: t.database });
    try {
      expect(await second.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
      await expect(login(second.app, email, 'FirstAdminPass1')).resolves.toMatchObject({ token: expect.any(String) });
      await expect(login(second.app, email, 'ChangedInEnv22')).rejects.toThrow(/401/);
    } finally {
      await second.close();
    }
  });

  it('promotes an existing account to a verified admin', async () => {
    const existing = await createTestUser(t.ctx, { isVerified: false });
    const withAdmin = await createTestApp({ admin: { email: existing.email, password: 'IgnoredPass123' } }, { database: t.database });
    try {
      const [row] = await withAdmin.ctx.db.select().from(users).where(eq(users.email, existing.email));
      expect(row).toMatchObject({ id: existing.user.id, role: 'admin', isVerified: true });
      await expect(login(withAdmin.app, existing.email, existing.password)).resolves.toMatchObject({ userId: existing.user.id });
    } finally {
      await withAdmin.close();
    }
  });
});
