/**
 * Login and the lockout it shares with the password re-check before a money action: five wrong
 * passwords (or second factors) in a row lock the account for 15 minutes.
 */
import { MESSAGES, describeUserAgent, type TAuthResult, type TLogin } from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { verifyPassword } from '../../lib/passwords.js';
import { updateUser, type UserRow } from '../users/users.repository.js';
import { loginFailed, loginNewDevice } from './auth.events.js';
import { countFailedLogin } from './auth.repository.js';
import { hasSessionWithUserAgent } from './sessions.repository.js';
import { issueSession, publicUser, userByEmail, userById, type ClientMeta } from './sessions.js';
import { checkSecondFactor } from './two-factor.service.js';

/** Five wrong passwords (or second factors) in a row lock the account for 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

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
async function recordFailure(ctx: AppContext, user: UserRow, failure: AppError, ip: string | null = null): Promise<AppError> {
  const lockUntil = new Date(now().getTime() + LOCK_MINUTES * 60_000);
  const row = await countFailedLogin(ctx.db, user.id, MAX_FAILED_LOGINS, lockUntil);
  const locked = !!(row && row.failed >= MAX_FAILED_LOGINS && row.lockedUntil);
  // The security log's record (modules/fraud security-logs): failures and the lockout they caused.
  await recordEvent(ctx.db, loginFailed, { userId: user.id, at: now().toISOString(), ip, reason: failure.errorType ?? 'INVALID', locked });
  if (locked && row?.lockedUntil) return lockedError(row.lockedUntil);
  if (failure.errorType === 'INVALID_PASSWORD') failure.extra.attemptsRemaining = MAX_FAILED_LOGINS - (row?.failed ?? 0);
  return failure;
}

/** Refuses while the account is locked; a lock that has run out starts the count afresh. */
async function checkLock(ctx: AppContext, user: UserRow, at: Date): Promise<UserRow> {
  if (user.lockedUntil && user.lockedUntil > at) throw lockedError(user.lockedUntil);
  if (user.lockedUntil && user.failedLoginCount >= MAX_FAILED_LOGINS) {
    // The lock has run out: start counting afresh.
    await updateUser(ctx.db, user.id, { failedLoginCount: 0, lockedUntil: null });
    return { ...user, failedLoginCount: 0, lockedUntil: null };
  }
  return user;
}

export async function login(ctx: AppContext, input: TLogin, meta: ClientMeta): Promise<TAuthResult> {
  const found = await userByEmail(ctx, input.email);
  if (!found) throw new AppError(404, MESSAGES.login.ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
  const at = now();
  const user = await checkLock(ctx, found, at);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw await recordFailure(ctx, user, new AppError(401, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD'), meta.ip);
  }
  if (user.status === 'banned') throw banned(user);
  if (!user.isActive) throw AppError.forbidden(MESSAGES.login.ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  if (!user.isVerified) throw AppError.forbidden(MESSAGES.login.EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED', { email: user.email });

  if (user.twoFactorEnabled) {
    if (!input.twoFactorToken && !input.backupCode)
      throw new AppError(401, MESSAGES.login['2FA_REQUIRED'], '2FA_REQUIRED', { requires2FA: true });
    const second = await checkSecondFactor(ctx, ctx.db, user, input);
    if (second !== 'ok') throw await recordFailure(ctx, user, new AppError(401, MESSAGES.login[second], second), meta.ip);
  }

  await updateUser(ctx.db, user.id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: at, lastActiveAt: at });
  const knownDevice = await seenDevice(ctx, user.id, meta.userAgent);
  const { token, refreshToken } = await issueSession(ctx, user, meta, input.rememberMe ?? false);
  if (!knownDevice) {
    await recordEvent(
      ctx.db,
      loginNewDevice,
      {
        userId: user.id,
        at: at.toISOString(),
        device: describeUserAgent(meta.userAgent).label,
        ip: meta.ip,
        alertsOn: user.loginAlerts,
        firstLogin: user.lastLoginAt === null,
      },
      { actorId: user.id },
    );
  }
  return { user: await publicUser(ctx, user.id), token, refreshToken };
}

/** Has this user logged in before from a browser with this exact user agent? */
async function seenDevice(ctx: AppContext, userId: string, userAgent: string | undefined): Promise<boolean> {
  if (!userAgent) return false;
  return hasSessionWithUserAgent(ctx.db, userId, userAgent.slice(0, 500));
}

export async function setLoginAlerts(ctx: AppContext, auth: AuthInfo, enabled: boolean): Promise<{ loginAlerts: boolean }> {
  await updateUser(ctx.db, auth.userId, { loginAlerts: enabled, updatedAt: now() });
  return { loginAlerts: enabled };
}

/**
 * Re-checks the signed-in user's password before a sensitive action (a withdrawal, a credit
 * transfer). It shares login's lockout: while the account is locked it refuses even the right
 * password (423, login's text), and a wrong one counts as a failed login (400 INVALID_PASSWORD
 * with attemptsRemaining; the fifth in a row locks the account, also for login). A right one
 * clears nothing: only a login resets the count.
 */
export async function confirmPassword(ctx: AppContext, userId: string, password: string): Promise<void> {
  const user = await checkLock(ctx, await userById(ctx, userId), now());
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw await recordFailure(ctx, user, new AppError(400, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD'));
  }
}
