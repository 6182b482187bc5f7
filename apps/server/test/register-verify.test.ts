import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PHONE_MESSAGE } from '@contesthub/shared';
import { users } from '../src/db/schema/index.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { createUser } from '../src/modules/users/users.service.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import {
  bearer,
  codeMailedTo,
  createTestApp,
  createTestUser,
  eventsNamed,
  lastMailTo,
  nextIp,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => setClock(null));

let phoneSeq = 0;
const uniquePhone = () => `0803${String(1_000_000 + ++phoneSeq * 7919).slice(-7)}`;

const valid = () => ({
  fullName: 'Adaeze Nwosu',
  email: uniqueEmail('reg'),
  phone: uniquePhone(),
  password: 'Secret12',
  confirmPassword: 'Secret12',
});

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: nextIp() });

describe('POST /api/auth/register', () => {
  it('creates an unverified account, answers tokens and mails a 6-digit code', async () => {
    const input = { ...valid(), email: `  Mixed.${Date.now()}@Example.TEST ` };
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as { data: { user: Record<string, unknown>; token: string; refreshToken: string; emailSent: boolean } };
    expect(data.emailSent).toBe(true);
    expect(data.token).toBeTruthy();
    expect(data.refreshToken).toBeTruthy();
    expect(data.user).toMatchObject({
      fullName: 'Adaeze Nwosu',
      email: input.email.trim().toLowerCase(),
      isVerified: false,
      role: 'user',
      subscriptionTier: 'free',
      voteCredits: 0,
    });
    expect(data.user.phone).toMatch(/^\+2348\d{9}$/);
    expect(JSON.stringify(data.user)).not.toMatch(/passwordHash|twoFactorSecret|argon2/);
    expect(data.user.username).toBe('adaezenwosu');
    const mail = await lastMailTo(t.ctx, input.email.trim().toLowerCase());
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });

  it('normalises every Nigerian phone spelling to one stored form', async () => {
    const national = uniquePhone(); // 0803xxxxxxx
    const digits = national.slice(1);
    const res = await register({ ...valid(), phone: `+234 ${digits.slice(0, 3)} ${digits.slice(3)}` });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { data: { user: { phone: string } } }).data.user.phone).toBe(`+234${digits}`);
    // The same number written as 0… or 234… is the same phone.
    const again = await register({ ...valid(), phone: `234${digits}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorType: 'PHONE_ALREADY_EXISTS', message: MESSAGES.register.PHONE_ALREADY_EXISTS });
  });

  it('refuses a taken email with 409 EMAIL_ALREADY_EXISTS, case-insensitively', async () => {
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const res = await register({ ...valid(), email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      errorType: 'EMAIL_ALREADY_EXISTS',
      message: MESSAGES.register.EMAIL_ALREADY_EXISTS,
    });
  });

  it('gives a second person with the same name a different username', async () => {
    const a = (await register(valid())).json() as { data: { user: { username: string } } };
    const b = (await register(valid())).json() as { data: { user: { username: string } } };
    expect(a.data.user.username).not.toBe(b.data.user.username);
    expect(b.data.user.username).toMatch(/^adaezenwosu\d+$/);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'gives a person the next free username when another sign-up with the same name takes it at the same moment',
    async () => {
      // A: another sign-up has inserted "racingtwin" but not committed yet, so B's check finds it free.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((r) => (inserted = r));
      const a = t.ctx.db.transaction(async (tx) => {
        await createUser(tx, { fullName: 'Racing Twin', email: `a-${Date.now()}@example.com`, password: 'Passw0rd!' });
        inserted();
        await gate;
      });
      await insertedYet;
      const b = createTestUser(t.ctx, { fullName: 'Racing Twin' });
      await new Promise((r) => setTimeout(r, 300)); // B checked and now waits on A's row in the unique index
      release();
      await a;
      const { user } = await b;
      expect(user.username).toMatch(/^racingtwin\d+$/);
    },
  );

  it.each([
    ['fullName', '', 'Please enter your full name'],
    ['fullName', 'A', 'Full name must be at least 2 characters'],
    ['fullName', 'A'.repeat(101), 'Full name cannot exceed 100 characters'],
    ['fullName', 'Ada 2nd', 'Full name can only contain letters and spaces'],
    ['email', 'not-an-email', 'Please provide a valid email address'],
    ['phone', '', 'Phone number is required'],
    ['phone', '08123', PHONE_MESSAGE],
    ['phone', '06012345678', PHONE_MESSAGE],
    ['password', '', 'Password is required'],
    ['password', 'Ab1', 'Password must be at least 6 characters long'],
    ['password', 'alllowercase1', 'Password must contain at least one lowercase letter, one uppercase letter, and one number'],
    ['confirmPassword', '', 'Please confirm your password'],
  ])('refuses %s=%j with "%s"', async (field, value, message) => {
    const body = { ...valid(), [field]: value };
    if (field === 'password') body.confirmPassword = value;
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    const json = res.json() as { errorType: string; errors: Record<string, string> };
    expect(json.errorType).toBe('VALIDATION_ERROR');
    expect(json.errors[field]).toBe(message);
  });

  it("refuses passwords that don't match", async () => {
    const res = await register({ ...valid(), confirmPassword: 'Different12' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors.confirmPassword).toBe('Passwords do not match');
  });

  it('refuses an unknown referral code and creates nothing', async () => {
    const input = { ...valid(), referralCode: 'NOSUCH99' };
    const res = await register(input);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorType: 'INVALID_REFERRAL_CODE', message: MESSAGES.accounts.referralInvalid });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(row).toBeUndefined();
  });
});

describe('email verification', () => {
  async function registered() {
    const input = valid();
    const res = await register(input);
    const { data } = res.json() as { data: { token: string; refreshToken: string; user: { _id: string } } };
    return { ...input, ...data, code: await codeMailedTo(t.ctx, input.email) };
  }

  it('verifies with the bearer token from registration and answers a fresh access token', async () => {
    const r = await registered();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: bearer(r.token), payload: { code: r.code } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { user: { isVerified: boolean }; token: string; refreshToken?: string; referral?: unknown } };
    expect(data.user.isVerified).toBe(true);
    expect(data.refreshToken).toBeUndefined();
    expect(data.referral).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(data.token) });
    expect((me.json() as { data: { user: { isVerified: boolean } } }).data.user.isVerified).toBe(true);
    // The registration refresh token still belongs to the same, now verified, session.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: r.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('verifies with email and code, without a token, and starts a session', async () => {
    const r = await registered();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: r.email, code: r.code } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { token: string; refreshToken: string } };
    expect(data.refreshToken).toBeTruthy();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: r.email, password: r.password },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong code, then a used code, with the spec messages', async () => {
    const r = await registered();
    const wrong = r.code === '000000' ? '111111' : '000000';
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: bearer(r.token), payload: { code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorType: 'INVALID_CODE', message: MESSAGES.accounts.invalidVerificationCode });
    const good = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: bearer(r.token), payload: { code: r.code } });
    expect(good.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(r.token),
      payload: { code: r.code },
    });
    expect(again.json()).toMatchObject({ errorType: 'ALREADY_VERIFIED', message: MESSAGES.accounts.alreadyVerified });
  });

  it('validates the code format with the spec messages', async () => {
    const r = await registered();
    for (const [code, message] of [
      ['', 'Please enter the verification code'],
      ['12345', 'Verification code must be 6 digits'],
      ['12a456', 'Verification code must be 6 digits'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: bearer(r.token), payload: { code } });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Record<string, string> }).errors.code).toBe(message);
    }
  });

  it('kills a code after 5 wrong guesses, even for the right code afterwards', async () => {
    const r = await registered();
    const wrong = r.code === '999999' ? '888888' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: bearer(r.token), payload: { code: wrong } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(r.token),
      payload: { code: r.code },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ message: MESSAGES.accounts.tooManyCodeAttempts });
  });

  it('lets a code expire after 30 minutes', async () => {
    const r = await registered();
    advanceClock(31 * 60_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: r.email, code: r.code } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'INVALID_CODE', message: MESSAGES.accounts.codeExpired });
  });

  it('resends only after the 60 s cooldown, and the new code replaces the old one', async () => {
    const r = await registered();
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: r.email },
      remoteAddress: nextIp(),
    });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ errorType: 'RATE_LIMITED' });
    expect((early.json() as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(55);

    advanceClock(61_000);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: r.email },
      remoteAddress: nextIp(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { emailSent: true, retryAfterSeconds: 60 } });
    const fresh = await codeMailedTo(t.ctx, r.email);
    if (fresh !== r.code) {
      const old = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: r.email, code: r.code } });
      expect(old.statusCode).toBe(400);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: r.email, code: fresh } });
    expect(res.statusCode).toBe(200);
  });

  it('answers a resend for an unknown address like a known one, and refuses a verified one', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: uniqueEmail('nobody') },
      remoteAddress: nextIp(),
    });
    expect(unknown.statusCode).toBe(200);
    const { email } = await createTestUser(t.ctx);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: nextIp(),
    });
    expect(verified.json()).toMatchObject({ errorType: 'ALREADY_VERIFIED' });
  });
});

describe('referral credits at registration and verification', () => {
  it('gives the referrer 50 credits at once and the new user 25 after verification, each once', async () => {
    const referrer = await createTestUser(t.ctx, { fullName: 'Kemi Referrer' });
    const input = { ...valid(), referralCode: referrer.user.referralCode.toLowerCase() };
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as { data: { token: string; user: { _id: string; referral: { referredBy: string } } } };
    expect(data.user.referral.referredBy).toBe(referrer.user.id);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(referrer.user.id))).toBe(5000);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(data.user._id))).toBe(0);

    const code = await codeMailedTo(t.ctx, input.email);
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: bearer(data.token), payload: { code } });
    expect(verified.json()).toMatchObject({ data: { referral: { bonusCredits: 25 }, user: { voteCredits: 25 } } });
    expect(await balanceOf(t.ctx.db, accounts.userCredits(data.user._id))).toBe(2500);
    expect(await balanceOf(t.ctx.db, accounts.userCredits(referrer.user.id))).toBe(5000);
    expect((await checkLedgerIntegrity(t.ctx.db)).ok).toBe(true);
  });
});

describe('the user.registered event', () => {
  it('is recorded once with the new account, and with its referrer when a code was taken', async () => {
    const plain = await register(valid());
    const plainId = (plain.json() as { data: { user: { _id: string } } }).data.user._id;
    expect(await eventsNamed(t.ctx, 'user.registered', (p) => p.userId === plainId)).toEqual([{ userId: plainId, referredBy: null }]);

    const referrer = await createTestUser(t.ctx, { fullName: 'Tayo Referrer' });
    const referred = await register({ ...valid(), referralCode: referrer.user.referralCode });
    const referredId = (referred.json() as { data: { user: { _id: string } } }).data.user._id;
    expect(await eventsNamed(t.ctx, 'user.registered', (p) => p.userId === referredId)).toEqual([
      { userId: referredId, referredBy: referrer.user.id },
    ]);
  });

  it('is not recorded when the registration is refused or rolled back', async () => {
    const before = (await eventsNamed(t.ctx, 'user.registered')).length;
    const input = valid();
    expect((await register(input)).statusCode).toBe(201);
    expect((await register({ ...valid(), email: input.email })).statusCode).toBe(409);
    // An unknown referral code fails inside the registration's transaction: the account and its event roll back.
    expect((await register({ ...valid(), referralCode: 'NOSUCH99' })).statusCode).toBe(404);
    expect(await eventsNamed(t.ctx, 'user.registered')).toHaveLength(before + 1);
  });
});
