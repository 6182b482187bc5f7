/**
 * Sessions: opened at registration, verification and login, kept alive by rotating refresh tokens,
 * listed and revoked by their owner. Also the account look-ups every auth operation starts from.
 */
import { MESSAGES, type TPublicUser, type TSession } from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newOpaqueToken, sha256, signAccessToken } from '../../lib/tokens.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repository.js';
import { loadPublicUser } from '../users/users.service.js';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  liveSessions,
  revokeOwnSessionRow,
  revokeSessionRow,
  revokeUserSessions,
  touchSession,
} from './sessions.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// A remembered login lasts 30 days of inactivity, otherwise one day.
const SESSION_TTL_MS = { remembered: 30 * DAY_MS, normal: DAY_MS };

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

export async function userByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(ctx.db, email.toLowerCase());
}

export async function userById(ctx: AppContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw AppError.unauthorized();
  return user;
}

export async function publicUser(ctx: AppContext, id: string): Promise<TPublicUser> {
  const user = await loadPublicUser(ctx.db, id);
  if (!user) throw AppError.unauthorized();
  return user;
}

export const accessToken = (ctx: AppContext, user: Pick<UserRow, 'id' | 'role'>, sessionId: string) =>
  signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: sessionId, role: user.role }, now());

export async function issueSession(
  ctx: AppContext,
  user: UserRow,
  meta: ClientMeta,
  rememberMe: boolean,
): Promise<{ token: string; refreshToken: string; sessionId: string }> {
  const at = now();
  const refreshToken = newOpaqueToken();
  const sessionId = await ctx.db.transaction(async (tx) => {
    const id = await insertSession(tx, {
      userId: user.id,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ipAddress: meta.ip,
      rememberMe,
      createdAt: at,
      lastActivityAt: at,
      expiresAt: new Date(at.getTime() + (rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.normal)),
    });
    await insertRefreshToken(tx, { tokenHash: sha256(refreshToken), sessionId: id, createdAt: at });
    return id;
  });
  return { token: await accessToken(ctx, user, sessionId), refreshToken, sessionId };
}

/**
 * Refresh tokens rotate on every use. Presenting a token that was already used means it leaked
 * (or a client raced itself): the whole session is revoked so a thief's copy dies too.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<{ token: string; refreshToken: string }> {
  const at = now();
  const hash = sha256(refreshToken);
  const expired = () => AppError.unauthorized(MESSAGES.toast.sessionExpiredMessage, 'TOKEN_EXPIRED');
  const found = await findRefreshToken(ctx.db, hash);
  if (!found || found.session.revokedAt || found.session.expiresAt <= at) throw expired();
  const { session } = found;

  // Claim the token; losing this race (or finding it used) means the token was presented twice.
  if (!(await claimRefreshToken(ctx.db, hash, at))) {
    await revokeSession(ctx, session.id, 'refresh token replayed');
    throw expired();
  }

  const next = newOpaqueToken();
  const ttl = session.rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.normal;
  await insertRefreshToken(ctx.db, { tokenHash: sha256(next), sessionId: session.id, createdAt: at });
  await touchSession(ctx.db, session.id, at, new Date(at.getTime() + ttl));
  const user = await userById(ctx, session.userId);
  return { token: await accessToken(ctx, user, session.id), refreshToken: next };
}

/** Revokes a session (logout, a replayed refresh token); its real-time streams close on every instance. */
export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await revokeSessionRow(ctx.db, sessionId, now(), reason);
  ctx.realtime.closeSession(sessionId);
}

/**
 * Revokes every live session of a user, optionally sparing one (the caller's own), and closes their
 * real-time streams on every instance (but the spared session's). A ban calls this.
 */
export async function revokeAllSessions(ctx: AppContext, userId: string, reason: string, except?: string): Promise<void> {
  await revokeUserSessions(ctx.db, userId, now(), reason, except);
  ctx.realtime.closeUser(userId, except);
}

/** How many live sessions a user has (a staff member's view of an account). */
export async function liveSessionCount(ctx: AppContext, userId: string): Promise<number> {
  return (await liveSessions(ctx.db, userId, now())).length;
}

/**
 * Revokes every session of a user inside the caller's transaction (a ban): their access tokens are
 * refused from the commit on. The caller closes their streams after the commit (ctx.realtime.closeUser).
 */
export async function revokeUserSessionsIn(tx: Tx, userId: string, reason: string, at: Date): Promise<void> {
  await revokeUserSessions(tx, userId, at, reason);
}

export async function listSessions(ctx: AppContext, auth: AuthInfo): Promise<TSession[]> {
  const rows = await liveSessions(ctx.db, auth.userId, now());
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
  if (!(await revokeOwnSessionRow(ctx.db, auth.userId, sessionId, now(), 'removed by user'))) {
    throw AppError.notFound(MESSAGES.accounts.sessionNotFound);
  }
  ctx.realtime.closeSession(sessionId);
}
