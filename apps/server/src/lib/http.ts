import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRole } from '@contesthub/shared';
import { AppError } from './errors.js';

/** Success envelope schema for a route's 200 answer (documents the API in /api/docs). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/**
 * The optional Idempotency-Key header of money routes (withdraw, transfer, extend): a retry with the same
 * key answers the first result and moves nothing again. Letters, digits, '_' and '-' only, because the key
 * becomes part of a ledger or gateway reference.
 */
export const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Idempotency-Key must be 1 to 100 letters, digits, _ or -')
    .optional(),
});

export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, message, data };
}

/** A staff member's request as the audit log records it: who (id and role), from where, which request. */
export interface StaffActor {
  userId: string;
  role: UserRole;
  ip: string | null;
  requestId: string | null;
}

/** The signed-in caller of a staff route as a StaffActor (the route's access already required sign-in). */
export function staffActor(req: FastifyRequest): StaffActor {
  if (!req.auth) throw AppError.unauthorized();
  return { userId: req.auth.userId, role: req.auth.role, ip: req.ip, requestId: String(req.id) };
}

export function clientMeta(req: FastifyRequest): { ip: string; userAgent?: string } {
  const ua = req.headers['user-agent'];
  return ua === undefined ? { ip: req.ip } : { ip: req.ip, userAgent: ua };
}

/**
 * Rate-limit key of routes a signed-in user calls: the user (many users may share one network
 * address behind a carrier NAT), or the client address before sign-in.
 */
export const perUser = (req: FastifyRequest): string => req.auth?.userId ?? req.ip;

type Window = '30 seconds' | '1 minute' | '10 minutes' | '1 hour';

/**
 * The named rate-limit presets (`config.rateLimit`). Limits here stop a runaway client or a guessing
 * attack; the product's own caps (votes per contest, transfers' minimums) are rules, not limits.
 */
export const rateLimits = {
  /** `max` calls per window per signed-in user (or per address before sign-in). */
  perUser: (max: number, timeWindow: Window = '1 minute') => ({ max, timeWindow, keyGenerator: perUser }),
  /**
   * `perUser` whose 429 says what was limited in the route's own words (the errors plugin sends an
   * AppError's message as is; Retry-After is set by the plugin as for every limit).
   */
  perUserSaying: (max: number, timeWindow: Window, refusal: string) => ({
    max,
    timeWindow,
    keyGenerator: perUser,
    errorResponseBuilder: () => new AppError(429, refusal, 'RATE_LIMITED'),
  }),
  /** `max` calls per window per client address (public routes, sign-in, mail-sending). */
  perAddress: (max: number, timeWindow: Window = '1 minute') => ({ max, timeWindow }),
  /** Routes that start a payment or move money: 20 a minute per user. */
  money: { max: 20, timeWindow: '1 minute', keyGenerator: perUser },
  /** Reads of one's own money lists and balances: 60 a minute per user. */
  moneyRead: { max: 60, timeWindow: '1 minute', keyGenerator: perUser },
} as const;

/**
 * The Content-Security-Policy of a server-rendered page that runs no script and loads nothing, whose
 * forms post only to us (the sandbox checkout, the unsubscribe page).
 */
export function formPageCsp(publicUrl: string): string {
  const origins = new Set(["'self'", new URL(publicUrl).origin]);
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action ${[...origins].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Form posts of the server-rendered pages that run no script (the sandbox checkout, one-click
 * unsubscribe, the ban appeal): application/x-www-form-urlencoded read into a plain object for the
 * route's zod body schema. Registered in the plugin of the routes that take them.
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
