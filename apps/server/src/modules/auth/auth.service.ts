import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  MESSAGES,
  describeUserAgent,
  type TAuthResult,
  type TLogin,
  type TPublicUser,
  type TRegister,
  type TRegisterResult,
  type TSession,
  type TVerifyEmailResult,
} from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { AppError, sqlState } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newOpaqueToken, sha256, signAccessToken } from '../../lib/tokens.js';
import { grantRefereeBonus, applyReferral } from '../referrals/referrals.service.js';
import { createUser, loadPublicUser, type UserRow } from '../users/users.service.js';
import { assertCooldownOver, consumeCode, issueCode } from './codes.js';
import { resetMail, verificationMail } from './mails.js';
import { checkSecondFactor } from './two-factor.service.js';
import { recordEvent } from '../../lib/events/index.js';
import { loginNewDevice, passwordChanged } from './auth.events.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// A remembered login lasts 30 days of inactivity, otherwise one day.
const SESSION_TTL_MS = { remembered: 30 * DAY_MS, normal: DAY_MS };
/** Five wrong passwords (or second factors) in a row lock the account for 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

async function userByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

async function userById(ctx: AppContext, id: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!user) throw AppError.unauthorized();
  return user;
}

async function publicUser(ctx: AppContext, id: string): Promise<TPublicUser> {
  const user = await loadPublicUser(ctx.db, id);
  if (!user) throw AppError.unauthorized();
  return user;
}

const accessToken = (ctx: AppContext, user: Pick<UserRow, 'id' | 'role'>, sessionId: string) =>
  signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: sessionId, role: user.role }, now());

async function issueSession(
  ctx: AppContext,
  user: UserRow,
  meta: ClientMeta,
  rememberMe: boolean,
): Promise<{ token: string; refreshToken: string; sessionId: string }> {
  const at = now();
  const refreshToken = newOpaqueToken();
  const sessionId = await ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        ipAddress: meta.ip,
        rememberMe,
        createdAt: at,
        lastActivityAt: at,
        expiresAt: new Date(at.getTime() + (rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.normal)),
      })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session!.id, createdAt: at });
    return session!.id;
  });
  return { token: await accessToken(ctx, user, sessionId), refreshToken, sessionId };
}

async function sendVerificationCode(ctx: AppContext, user: UserRow): Promise<boolean> {
  const code = await issueCode(ctx, ctx.db, user.id, 'email_verification');
  return ctx.mailer.send(verificationMail(user.email, user.fullName, code));
}

// ---------- registration and verification ----------

export async function register(ctx: AppContext, input: TRegister, meta: ClientMeta): Promise<TRegisterResult> {
  if (await userByEmail(ctx, input.email))
    throw new AppError(409, MESSAGES.register.EMAIL_ALREADY_EXISTS, 'EMAIL_ALREADY_EXISTS', {
      errors: { email: MESSAGES.register.EMAIL_ALREADY_EXISTS },
    });
  const [phoneTaken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
  if (phoneTaken)
    throw new AppError(409, MESSAGES.register.PHONE_ALREADY_EXISTS, 'PHONE_ALREADY_EXISTS', {
      errors: { phone: MESSAGES.register.PHONE_ALREADY_EXISTS },
    });

  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const created = await createUser(tx, { fullName: input.fullName, email: input.email, phone: input.phone, password: input.password });
      if (input.referralCode) await applyReferral(tx, created.id, input.referralCode);
      return created;
    });
  } catch (err) {
    // Two registrations racing for the same address: the unique index decides.
    if (sqlState(err) === '23505') {
      const detail = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? '');
      if (detail.includes('phone')) throw new AppError(409, MESSAGES.register.PHONE_ALREADY_EXISTS, 'PHONE_ALREADY_EXISTS');
      throw new AppError(409, MESSAGES.register.EMAIL_ALREADY_EXISTS, 'EMAIL_ALREADY_EXISTS');
    }
    throw err;
  }
  const emailSent = await sendVerificationCode(ctx, user);
  const { token, refreshToken } = await issueSession(ctx, user, meta, false);
  return { user: await publicUser(ctx, user.id), token, refreshToken, emailSent };
}

export async function verifyEmail(
  ctx: AppContext,
  input: { code: string; email?: string | undefined },
  auth: AuthInfo | undefined,
  meta: ClientMeta,
): Promise<TVerifyEmailResult> {
  const user = auth ? await userById(ctx, auth.userId) : input.email ? await userByEmail(ctx, input.email) : undefined;
  if (!user) {
    if (!auth && !input.email)
      throw AppError.badRequest('Please enter your email address', { errors: { email: 'Please enter your email address' } });
    throw new AppError(400, MESSAGES.accounts.codeExpired, 'INVALID_CODE');
  }
  if (user.isVerified) throw new AppError(400, MESSAGES.accounts.alreadyVerified, 'ALREADY_VERIFIED');

  const result = await consumeCode(ctx, ctx.db, user.id, 'email_verification', input.code);
  if (result === 'locked') throw new AppError(429, MESSAGES.accounts.tooManyCodeAttempts, 'INVALID_CODE');
  if (result === 'expired') throw new AppError(400, MESSAGES.accounts.codeExpired, 'INVALID_CODE');
  if (result === 'invalid') throw new AppError(400, MESSAGES.accounts.invalidVerificationCode, 'INVALID_CODE');

  const bonusCredits = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ isVerified: true, emailVerifiedAt: now(), updatedAt: now() }).where(eq(users.id, user.id));
    return grantRefereeBonus(tx, user.id);
  });
  const verified = await publicUser(ctx, user.id);
  const referral = bonusCredits > 0 ? { referral: { bonusCredits } } : {};
  if (auth) return { user: verified, token: await accessToken(ctx, user, auth.sessionId), ...referral };
  const { token, refreshToken } = await issueSession(ctx, user, meta, false);
  return { user: verified, token, refreshToken, ...referral };
}

export async function resendVerification(ctx: AppContext, email: string): Promise<{ emailSent: boolean; retryAfterSeconds: number }> {
  const user = await userByEmail(ctx, email);
  // Unknown addresses get the same answer, so the endpoint cannot be used to list accounts.
  if (!user) return { emailSent: true, retryAfterSeconds: 60 };
  if (user.isVerified) throw new AppError(400, MESSAGES.accounts.alreadyVerified, 'ALREADY_VERIFIED');
  await assertCooldownOver(ctx.db, user.id, 'email_verification');
  return { emailSent: await sendVerificationCode(ctx, user), retryAfterSeconds: 60 };
}

// ---------- login ----------

function banned(user: UserRow): AppError {
  return AppError.forbidden(`Your account has been banned${user.banReason ? `: ${user.banReason}` : ''}`, 'ACCOUNT_BANNED', {
    reason: user.banReason,
  });
}

function lockedError(until: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000));
  return new AppError(423, MESSAGES.accounts.ACCOUNT_LOCKED, 'ACCOUNT_LOCKED', { retryAfterSeconds });
}

/** Counts a failed attempt; the fifth in a row locks the account. Returns the error to throw. */
async function recordFailure(ctx: AppContext, user: UserRow, failure: AppError): Promise<AppError> {
  const lockUntil = new Date(now().getTime() + LOCK_MINUTES * 60_000);
  const [row] = await ctx.db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ failed: users.failedLoginCount, lockedUntil: users.lockedUntil });
  if (row && row.failed >= MAX_FAILED_LOGINS && row.lockedUntil) return lockedError(row.lockedUntil);
  if (failure.errorType === 'INVALID_PASSWORD') failure.extra.attemptsRemaining = MAX_FAILED_LOGINS - (row?.failed ?? 0);
  return failure;
}

export async function login(ctx: AppContext, input: TLogin, meta: ClientMeta): Promise<TAuthResult> {
  let user = await userByEmail(ctx, input.email);
  if (!user) throw new AppError(404, MESSAGES.login.ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
  const at = now();
  if (user.lockedUntil && user.lockedUntil > at) throw lockedError(user.lockedUntil);
  if (user.lockedUntil && user.failedLoginCount >= MAX_FAILED_LOGINS) {
    // The lock has run out: start counting afresh.
    await ctx.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
    user = { ...user, failedLoginCount: 0, lockedUntil: null };
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw await recordFailure(ctx, user, new AppError(401, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD'));
  }
  if (user.status === 'banned') throw banned(user);
  if (!user.isActive) throw AppError.forbidden(MESSAGES.login.ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  if (!user.isVerified) throw AppError.forbidden(MESSAGES.login.EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED', { email: user.email });

  if (user.twoFactorEnabled) {
    if (!input.twoFactorToken && !input.backupCode)
      throw new AppError(401, MESSAGES.login['2FA_REQUIRED'], '2FA_REQUIRED', { requires2FA: true });
    const second = await checkSecondFactor(ctx, ctx.db, user, input);
    if (second !== 'ok') throw await recordFailure(ctx, user, new AppError(401, MESSAGES.login[second], second));
  }

  await ctx.db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: at, lastActiveAt: at })
    .where(eq(users.id, user.id));
  const knownDevice = await seenDevice(ctx, user.id, meta.userAgent);
  const { token, refreshToken } = await issueSession(ctx, user, meta, input.rememberMe ?? false);
  if (!knownDevice) {
    await recordEvent(
      ctx.db,
      loginNewDevice,
      { userId: user.id, at: at.toISOString(), device: describeUserAgent(meta.userAgent).label, ip: meta.ip, alertsOn: user.loginAlerts },
      { actorId: user.id },
    );
  }
  return { user: await publicUser(ctx, user.id), token, refreshToken };
}

/** Has this user logged in before from a browser with this exact user agent? */
async function seenDevice(ctx: AppContext, userId: string, userAgent: string | undefined): Promise<boolean> {
  if (!userAgent) return false;
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent.slice(0, 500))))
    .limit(1);
  return !!row;
}

// ---------- tokens and sessions ----------

/**
 * Refresh tokens rotate on every use. Presenting a token that was already used means it leaked
 * (or a client raced itself): the whole session is revoked so a thief's copy dies too.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<{ token: string; refreshToken: string }> {
  const at = now();
  const hash = sha256(refreshToken);
  const expired = () => AppError.unauthorized(MESSAGES.toast.sessionExpiredMessage, 'TOKEN_EXPIRED');
  const [found] = await ctx.db
    .select({ session: sessions, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hash));
  if (!found || found.session.revokedAt || found.session.expiresAt <= at) throw expired();
  const { session } = found;

  // Claim the token; losing this race (or finding it used) means the token was presented twice.
  const claimed = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  if (claimed.length === 0) {
    await revokeSession(ctx, session.id, 'refresh token replayed');
    throw expired();
  }

  const next = newOpaqueToken();
  const ttl = session.rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.normal;
  await ctx.db.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: session.id, createdAt: at });
  await ctx.db
    .update(sessions)
    .set({ lastActivityAt: at, expiresAt: new Date(at.getTime() + ttl) })
    .where(eq(sessions.id, session.id));
  const user = await userById(ctx, session.userId);
  return { token: await accessToken(ctx, user, session.id), refreshToken: next };
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, optionally sparing one (the caller's own). */
async function revokeAllSessions(ctx: AppContext, userId: string, reason: string, except?: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined));
}

export async function listSessions(ctx: AppContext, auth: AuthInfo): Promise<TSession[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())))
    .orderBy(desc(sessions.lastActivityAt));
  return rows.map((s) => ({
    sessionId: s.id,
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    lastActivity: s.lastActivityAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    // No IP geolocation database ships with the product, so the place is unknown rather than guessed.
    location: null,
    current: s.id === auth.sessionId,
  }));
}

export async function revokeOwnSession(ctx: AppContext, auth: AuthInfo, sessionId: string): Promise<void> {
  const revoked = await ctx.db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: 'removed by user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, auth.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw AppError.notFound(MESSAGES.accounts.sessionNotFound);
}

// ---------- passwords ----------

export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await userByEmail(ctx, email);
  // The same answer whether or not the account exists.
  if (!user || user.status === 'banned') return;
  await assertCooldownOver(ctx.db, user.id, 'password_reset');
  const code = await issueCode(ctx, ctx.db, user.id, 'password_reset');
  await ctx.mailer.send(resetMail(user.email, user.fullName, code, ctx.config.publicUrl));
}

export async function resetPassword(ctx: AppContext, input: { email: string; code: string; password: string }): Promise<void> {
  const user = await userByEmail(ctx, input.email);
  if (!user) throw new AppError(400, MESSAGES.accounts.resetInvalid, 'INVALID_CODE');
  const result = await consumeCode(ctx, ctx.db, user.id, 'password_reset', input.code);
  if (result !== 'ok') throw new AppError(result === 'locked' ? 429 : 400, MESSAGES.accounts.resetInvalid, 'INVALID_CODE');
  const at = now();
  await ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      lastPasswordChange: at,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: at,
    })
    .where(eq(users.id, user.id));
  await revokeAllSessions(ctx, user.id, 'password reset');
  await recordEvent(ctx.db, passwordChanged, { userId: user.id, at: at.toISOString(), how: 'reset' }, { actorId: user.id });
}

export async function changePassword(
  ctx: AppContext,
  auth: AuthInfo,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await userById(ctx, auth.userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, MESSAGES.accounts.currentPasswordWrong, 'INVALID_PASSWORD', {
      errors: { currentPassword: MESSAGES.accounts.currentPasswordWrong },
    });
  }
  const at = now();
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), lastPasswordChange: at, updatedAt: at })
    .where(eq(users.id, user.id));
  await revokeAllSessions(ctx, user.id, 'password changed', auth.sessionId);
  await recordEvent(ctx.db, passwordChanged, { userId: user.id, at: at.toISOString(), how: 'changed' }, { actorId: user.id });
}

export async function setLoginAlerts(ctx: AppContext, auth: AuthInfo, enabled: boolean): Promise<{ loginAlerts: boolean }> {
  await ctx.db.update(users).set({ loginAlerts: enabled, updatedAt: now() }).where(eq(users.id, auth.userId));
  return { loginAlerts: enabled };
}

// ---------- password re-check before a money action ----------

/**
 * Re-checks the signed-in user's password before a sensitive action (a withdrawal, a credit
 * transfer). It shares login's lockout: while the account is locked it refuses even the right
 * password (423, login's text), and a wrong one counts as a failed login (400 INVALID_PASSWORD
 * with attemptsRemaining; the fifth in a row locks the account, also for login). A right one
 * clears nothing: only a login resets the count.
 */
export async function confirmPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  let user = await userById(ctx, userId);
  if (user.lockedUntil && user.lockedUntil > now()) throw lockedError(user.lockedUntil);
  if (user.lockedUntil && user.failedLoginCount >= MAX_FAILED_LOGINS) {
    // The lock has run out: start counting afresh, as login does.
    await ctx.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
    user = { ...user, failedLoginCount: 0, lockedUntil: null };
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw await recordFailure(ctx, user, new AppError(400, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD'));
  }
}

export { userById };
