import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, isStaff, MESSAGES } from '@contesthub/shared';
import { now } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { TokenExpiredError, verifyAccessToken } from '../lib/tokens.js';
import type { Access, AuthInfo } from '../context.js';
import type { DbOrTx } from '../db/client.js';

/**
 * What the guard reads and writes of sessions, handed over by the composition root (app.ts) from
 * the auth module's sessions repository: plugins import no module (modules import the plugins).
 */
export interface SessionStore {
  /** A live (neither revoked nor expired at `at`) session of the user, with what the guard needs of the user. */
  findLive(
    db: DbOrTx,
    sessionId: string,
    userId: string,
    at: Date,
  ): Promise<
    | {
        sessionId: string;
        lastActivityAt: Date;
        userId: string;
        role: AuthInfo['role'];
        status: string;
        isActive: boolean;
        banReason: string | null;
        isVerified: boolean;
      }
    | undefined
  >;
  /** Records activity on the session and its user. */
  recordActivity(db: DbOrTx, sessionId: string, userId: string, at: Date): Promise<void>;
  /**
   * The user's ban, if they are banned (a ban revokes every session): read only when a token's
   * session is gone, so the banned person's next request says why instead of "session ended".
   */
  banOf(db: DbOrTx, userId: string): Promise<{ banReason: string | null } | undefined>;
}

// Session "last activity" is written at most once a minute per session to keep reads cheap.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

const bannedError = (reason: string | null) =>
  AppError.forbidden(`Your account has been banned${reason ? `: ${reason}` : ''}`, 'ACCOUNT_BANNED', { reason });

async function resolve(app: FastifyInstance, store: SessionStore, token: string): Promise<AuthInfo> {
  const at = now();
  let claims;
  try {
    claims = await verifyAccessToken(app.ctx.config.jwtSecret, token, at);
  } catch (err) {
    if (err instanceof TokenExpiredError) throw AppError.unauthorized('Your session has expired', 'TOKEN_EXPIRED');
    throw err;
  }
  if (!claims) throw AppError.unauthorized('Invalid authentication token');
  const row = await store.findLive(app.ctx.db, claims.sid, claims.sub, at);
  // A revoked or expired session makes its still-unexpired access tokens worthless at once; a ban
  // (which revoked it) is said as such, with its reason.
  if (!row) {
    const ban = await store.banOf(app.ctx.db, claims.sub);
    if (ban) throw bannedError(ban.banReason);
    throw AppError.unauthorized('Your session has ended. Please log in again.');
  }
  if (row.status === 'banned') throw bannedError(row.banReason);
  if (!row.isActive) throw AppError.forbidden(MESSAGES.login.ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  if (at.getTime() - row.lastActivityAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await store.recordActivity(app.ctx.db, row.sessionId, row.userId, at);
  }
  return { userId: row.userId, sessionId: row.sessionId, role: row.role, isVerified: row.isVerified };
}

/** Routes of plugins we did not write, under /api: the API documentation is public. */
const UNDECLARED_PUBLIC = /^\/api\/docs(\/|$)/;

/** The access of a route; undefined for an /api route that declared none (refused at start). */
function accessOf(url: string, declared: Access | undefined): Access | undefined {
  if (declared) return declared;
  if (!url.startsWith('/api/') || UNDECLARED_PUBLIC.test(url)) return 'public'; // static files, the SPA, docs
  return undefined;
}

/**
 * Deny by default: every /api route declares who may call it in config.access, or the server
 * refuses to start (`public` is said out loud). The onRequest hook enforces it before validation,
 * so an anonymous caller learns nothing about a protected route's inputs.
 */
export function registerAuth(app: FastifyInstance, store: SessionStore): void {
  app.addHook('onRoute', (route) => {
    if (!accessOf(route.url, route.config?.access)) {
      throw new Error(`${route.method} ${route.url} declares no access: set config.access ('public' if anyone may call it)`);
    }
  });
  app.addHook('onRequest', async (req) => {
    // The not-found handler has no route: it answers everyone.
    const access = accessOf(req.routeOptions.url ?? '', req.routeOptions.config?.access) ?? 'signedIn';
    const token = bearer(req);
    if (access === 'public') return;
    if (!token) {
      if (access === 'optional') return;
      throw AppError.unauthorized();
    }
    try {
      req.auth = await resolve(app, store, token);
    } catch (err) {
      // On optional routes a stale token just means "anonymous", except a ban, which must surface.
      if (access === 'optional' && !(err instanceof AppError && err.statusCode === 403)) return;
      throw err;
    }
    if (access === 'verified' && !req.auth.isVerified) throw AppError.forbidden(MESSAGES.login.EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED');
    if (access === 'moderator' && !isStaff(req.auth)) throw AppError.forbidden();
    if (access === 'admin' && req.auth.role !== 'admin') throw AppError.forbidden();
    const permission = req.routeOptions.config?.permission;
    if (permission && !hasPermission(req.auth, permission)) throw AppError.forbidden();
  });
}

/** The signed-in caller of a route whose access requires one. */
export function requireAuth(req: FastifyRequest): AuthInfo {
  if (!req.auth) throw AppError.unauthorized();
  return req.auth;
}
