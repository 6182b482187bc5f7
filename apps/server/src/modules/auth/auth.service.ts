import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES, type TAuthResult, type TLogin } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { newOpaqueToken, sha256, signAccessToken } from '../../lib/tokens.js';
import { loadPublicUser, type UserRow } from '../users/users.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// A remembered login lasts 30 days of inactivity, otherwise one day.
const SESSION_TTL_MS = { remembered: 30 * DAY_MS, normal: DAY_MS };

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

async function issueSession(ctx: AppContext, user: UserRow, meta: ClientMeta, rememberMe: boolean): Promise<TAuthResult> {
  const at = now();
  const refreshToken = newOpaqueToken();
  const [session] = await ctx.db
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
  await ctx.db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session!.id, createdAt: at });
  const token = await signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: session!.id, role: user.role }, at);
  const publicUser = await loadPublicUser(ctx.db, user.id);
  return { user: publicUser!, token, refreshToken };
}

export async function login(ctx: AppContext, input: TLogin, meta: ClientMeta): Promise<TAuthResult> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  if (!user) throw new AppError(404, MESSAGES.login.ACCOUNT_NOT_FOUND, 'ACCOUNT_NOT_FOUND');
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError(401, MESSAGES.login.INVALID_PASSWORD, 'INVALID_PASSWORD');
  }
  if (user.status === 'banned') {
    throw AppError.forbidden(`Your account has been banned${user.banReason ? `: ${user.banReason}` : ''}`, 'ACCOUNT_BANNED', {
      reason: user.banReason,
    });
  }
  if (!user.isActive) throw AppError.forbidden(MESSAGES.login.ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  if (!user.isVerified) throw AppError.forbidden(MESSAGES.login.EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED', { email: user.email });
  await ctx.db.update(users).set({ lastLoginAt: now(), lastActiveAt: now() }).where(eq(users.id, user.id));
  return issueSession(ctx, user, meta, input.rememberMe ?? false);
}

/**
 * Refresh tokens rotate on every use. Presenting a token that was already rotated away means it
 * leaked (or a client raced itself): the whole session is revoked so a thief's copy dies too.
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
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
  const token = await signAccessToken(ctx.config.jwtSecret, { sub: user!.id, sid: session.id, role: user!.role }, at);
  return { token, refreshToken: next };
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
