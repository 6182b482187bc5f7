import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { MESSAGES } from '@contesthub/shared';
import { mailOutbox } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { bearer, codeMailedTo, createTestApp, createTestUser, lastMailTo, login, nextIp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => setClock(null));

const attempt = (payload: Record<string, unknown>, extra: { ip?: string; ua?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress: extra.ip ?? nextIp(),
    headers: extra.ua ? { 'user-agent': extra.ua } : {},
  });

const totp = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(now().getTime() / 1000) + offsetSeconds });

describe('lockout after repeated failures', () => {
  it('locks after 5 wrong passwords for 15 minutes, even for the right password, then lets in again', async () => {
    const u = await createTestUser(t.ctx);
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await attempt({ email: u.email, password: 'Wrong1234' });
      expect(res.statusCode).toBe(401);
      remaining.push((res.json() as { attemptsRemaining: number }).attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1]);
    const fifth = await attempt({ email: u.email, password: 'Wrong1234' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ errorType: 'ACCOUNT_LOCKED', message: MESSAGES.accounts.ACCOUNT_LOCKED });

    const right = await attempt({ email: u.email, password: u.password });
    expect(right.statusCode).toBe(423);
    expect((right.json() as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(14 * 60);

    advanceClock(15 * 60_000 + 1000);
    expect((await attempt({ email: u.email, password: u.password })).statusCode).toBe(200);
    // The counter starts afresh after a success.
    expect(((await attempt({ email: u.email, password: 'Wrong1234' })).json() as { attemptsRemaining: number }).attemptsRemaining).toBe(4);
  });

  it('limits guesses per IP and account to 10 a minute with 429', async () => {
    const u = await createTestUser(t.ctx);
    const ip = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await attempt({ email: u.email, password: i < 10 ? 'Wrong1234' : u.password }, { ip })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401 || c === 423)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('two-factor authentication', () => {
  async function enrolled() {
    const u = await createTestUser(t.ctx);
    const session = await login(t.app, u.email, u.password);
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: bearer(session.token) });
    expect(setup.statusCode).toBe(200);
    const data = (setup.json() as { data: { qrCodeUrl: string; qrCodeImage: string; secret: string; backupCodes: string[] } }).data;
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: bearer(session.token),
      payload: { token: await totp(data.secret) },
    });
    expect(enable.statusCode).toBe(200);
    advanceClock(30_000); // the enrolment code's time step is spent
    return { ...u, ...data, session };
  }

  it('setup answers an otpauth URI, a QR image drawn by us, the secret and 10 backup codes', async () => {
    const u = await createTestUser(t.ctx);
    const { token } = await login(t.app, u.email, u.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: bearer(token) });
    const { data } = res.json() as { data: { qrCodeUrl: string; qrCodeImage: string; secret: string; backupCodes: string[] } };
    expect(data.qrCodeUrl).toMatch(/^otpauth:\/\/totp\/ContestHub:.+secret=/);
    expect(data.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(data.backupCodes).toHaveLength(10);
    for (const c of data.backupCodes) expect(c).toMatch(/^[A-Z0-9]{8}$/);
    expect(new Set(data.backupCodes).size).toBe(10);
    // Not enabled until a code proves the app holds the secret.
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/2fa/status', headers: bearer(token) });
    expect(status.json()).toMatchObject({ data: { enabled: false } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/enable', headers: bearer(token), payload: { token: '000000' } });
    expect(bad.json()).toMatchObject({ errorType: 'INVALID_2FA_TOKEN' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/enable', headers: bearer(token), payload: { token: '' } });
    expect((empty.json() as { errors: Record<string, string> }).errors.token).toBe(
      'Please enter the verification code from your authenticator app.',
    );
  });

  it('enable without setup is refused', async () => {
    const u = await createTestUser(t.ctx);
    const { token } = await login(t.app, u.email, u.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/enable', headers: bearer(token), payload: { token: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.accounts.twoFactorSetupFirst });
  });

  it('login then asks for the code: 2FA_REQUIRED, INVALID_2FA_TOKEN, then success; a code works once', async () => {
    const u = await enrolled();
    const required = await attempt({ email: u.email, password: u.password });
    expect(required.statusCode).toBe(401);
    expect(required.json()).toMatchObject({ errorType: '2FA_REQUIRED', message: MESSAGES.login['2FA_REQUIRED'] });

    const code = await totp(u.secret);
    const wrong = code === '123456' ? '654321' : '123456';
    const invalid = await attempt({ email: u.email, password: u.password, twoFactorToken: wrong });
    expect(invalid.json()).toMatchObject({ errorType: 'INVALID_2FA_TOKEN', message: MESSAGES.login.INVALID_2FA_TOKEN });

    expect((await attempt({ email: u.email, password: u.password, twoFactorToken: code })).statusCode).toBe(200);
    const replay = await attempt({ email: u.email, password: u.password, twoFactorToken: code });
    expect(replay.json()).toMatchObject({ errorType: 'INVALID_2FA_TOKEN' });

    advanceClock(30_000);
    expect((await attempt({ email: u.email, password: u.password, twoFactorToken: await totp(u.secret) })).statusCode).toBe(200);
  });

  it('accepts a code from the previous 30 s step (clock drift) but not from two steps ago', async () => {
    const u = await enrolled();
    advanceClock(120_000);
    expect((await attempt({ email: u.email, password: u.password, twoFactorToken: await totp(u.secret, -30) })).statusCode).toBe(200);
    advanceClock(60_000);
    expect((await attempt({ email: u.email, password: u.password, twoFactorToken: await totp(u.secret, -75) })).json()).toMatchObject({
      errorType: 'INVALID_2FA_TOKEN',
    });
  });

  it('a backup code works once, in any letter case', async () => {
    const u = await enrolled();
    const [first] = u.backupCodes;
    expect((await attempt({ email: u.email, password: u.password, backupCode: first!.toLowerCase() })).statusCode).toBe(200);
    const again = await attempt({ email: u.email, password: u.password, backupCode: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ errorType: 'INVALID_BACKUP_CODE', message: MESSAGES.login.INVALID_BACKUP_CODE });
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/2fa/status', headers: bearer(u.session.token) });
    expect(status.json()).toMatchObject({ data: { enabled: true, backupCodesRemaining: 9 } });
  });

  it('wrong second factors count towards the lockout', async () => {
    const u = await enrolled();
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await attempt({ email: u.email, password: u.password, backupCode: 'ZZZZZZZZ' })).json().errorType as string);
    expect(codes).toEqual(['INVALID_BACKUP_CODE', 'INVALID_BACKUP_CODE', 'INVALID_BACKUP_CODE', 'INVALID_BACKUP_CODE', 'ACCOUNT_LOCKED']);
  });

  it('disable needs the password, then login needs no code', async () => {
    const u = await enrolled();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: bearer(u.session.token),
      payload: { password: 'Nope12345' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorType: 'INVALID_PASSWORD' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: bearer(u.session.token),
      payload: { password: '' },
    });
    expect((empty.json() as { errors: Record<string, string> }).errors.password).toBe('Password is required');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: bearer(u.session.token),
      payload: { password: u.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await attempt({ email: u.email, password: u.password })).statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: bearer(u.session.token),
      payload: { password: u.password },
    });
    expect(twice.json()).toMatchObject({ errorType: '2FA_NOT_ENABLED' });
  });
});

describe('login alerts', () => {
  it('when on, mails on a login from a new device only', async () => {
    const u = await createTestUser(t.ctx);
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    const laptop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    const first = (await attempt({ email: u.email, password: u.password }, { ua: phone })).json() as { data: { token: string } };
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/login-alerts',
      headers: bearer(first.data.token),
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ data: { loginAlerts: true } });

    await t.ctx.events.drain({ settleMs: 10_000 });
    const mailsBefore = (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).length;
    await attempt({ email: u.email, password: u.password }, { ua: phone });
    await t.ctx.events.drain({ settleMs: 10_000 });
    expect((await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).length).toBe(mailsBefore);

    // The alert comes from the security.login_new_device event, through the mail subscriber.
    await attempt({ email: u.email, password: u.password }, { ua: laptop });
    await t.ctx.events.drain({ settleMs: 10_000 });
    const alert = await lastMailTo(t.ctx, u.email);
    expect(alert?.subject).toBe('New login to your ContestHub account');
    expect(alert?.text).toContain('Chrome on Windows');
  });
});

describe('sessions', () => {
  it('lists my sessions with the current one marked, and a revoked session stops working at once', async () => {
    const u = await createTestUser(t.ctx);
    const a = await login(t.app, u.email, u.password);
    const b = await login(t.app, u.email, u.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(a.token) });
    const sessions = (
      list.json() as { data: { sessions: Array<{ sessionId: string; current: boolean; ipAddress: string; lastActivity: string }> } }
    ).data.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;

    const del = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.sessionId}`, headers: bearer(a.token) });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(b.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: b.refreshToken } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(a.token) })).statusCode).toBe(200);
  });

  it("cannot revoke someone else's session", async () => {
    const mine = await createTestUser(t.ctx);
    const theirs = await createTestUser(t.ctx);
    const me = await login(t.app, mine.email, mine.password);
    const them = await login(t.app, theirs.email, theirs.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(them.token) });
    const theirSession = (list.json() as { data: { sessions: Array<{ sessionId: string }> } }).data.sessions[0]!.sessionId;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${theirSession}`, headers: bearer(me.token) });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(them.token) })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known addresses; the code resets once and ends every session', async () => {
    const u = await createTestUser(t.ctx);
    const s = await login(t.app, u.email, u.password);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody.here@example.test' },
      remoteAddress: nextIp(),
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
      remoteAddress: nextIp(),
    });
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toMatchObject({ message: MESSAGES.accounts.resetRequested });

    const code = await codeMailedTo(t.ctx, u.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: u.email, code, password: 'BrandNew123' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ message: MESSAGES.accounts.resetDone });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(401);
    expect((await attempt({ email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await attempt({ email: u.email, password: 'BrandNew123' })).statusCode).toBe(200);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: u.email, code, password: 'Another1234' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ errorType: 'INVALID_CODE', message: MESSAGES.accounts.resetInvalid });
  });

  it('a reset code expires after 10 minutes', async () => {
    const u = await createTestUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email }, remoteAddress: nextIp() });
    const code = await codeMailedTo(t.ctx, u.email);
    advanceClock(10 * 60_000 + 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: u.email, code, password: 'BrandNew123' },
    });
    expect(res.json()).toMatchObject({ errorType: 'INVALID_CODE' });
  });

  it.each([
    [{ code: '' }, 'code', 'Reset code is required'],
    [{ code: '12345' }, 'code', 'Reset code must be 6 digits'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Short1' }, 'password', 'Password must be at least 8 characters long'],
    [{ password: 'nouppercase1' }, 'password', 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
  ])('validates %j with the spec message', async (change, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: 'a@example.test', code: '123456', password: 'GoodPass123', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(message);
  });

  it('refuses an empty forgot-password email with the spec message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: '' }, remoteAddress: nextIp() });
    expect((res.json() as { errors: Record<string, string> }).errors.email).toBe('Please enter your email address');
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const u = await createTestUser(t.ctx);
    const here = await login(t.app, u.email, u.password);
    const elsewhere = await login(t.app, u.email, u.password);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(here.token),
      payload: { currentPassword: 'Nope1234', newPassword: 'Fresh1234' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorType: 'INVALID_PASSWORD', message: MESSAGES.accounts.currentPasswordWrong });

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(here.token),
      payload: { currentPassword: u.password, newPassword: 'Fresh1234' },
    });
    expect(ok.json()).toMatchObject({ success: true, message: MESSAGES.accounts.passwordChanged });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(here.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(elsewhere.token) })).statusCode).toBe(401);
    expect((await attempt({ email: u.email, password: 'Fresh1234' })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(here.token) });
    expect((me.json() as { data: { user: { lastPasswordChange: string | null } } }).data.user.lastPasswordChange).toBeTruthy();
  });

  it.each([
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [{ newPassword: '' }, 'newPassword', 'New password is required'],
    [{ newPassword: 'abc' }, 'newPassword', 'Password must be at least 6 characters long'],
    [{ newPassword: 'Same1234', currentPassword: 'Same1234' }, 'newPassword', 'New password must be different from current password'],
  ])('validates %j with the spec message', async (change, field, message) => {
    const u = await createTestUser(t.ctx);
    const { token } = await login(t.app, u.email, u.password);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: u.password, newPassword: 'Other1234', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(message);
  });

  it('refuses a caller without a token', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'bbbbbb' } }))
        .statusCode,
    ).toBe(401);
  });
});
