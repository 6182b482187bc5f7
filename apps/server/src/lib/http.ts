import { z } from 'zod';
import type { FastifyRequest } from 'fastify';

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

export function clientMeta(req: FastifyRequest): { ip: string; userAgent?: string } {
  const ua = req.headers['user-agent'];
  return ua === undefined ? { ip: req.ip } : { ip: req.ip, userAgent: ua };
}

/**
 * Rate-limit key of routes that cost or guard money: the signed-in user (many users may share one
 * network address), or the client address before sign-in. Use as `rateLimit: { …, keyGenerator: perUser }`.
 */
export const perUser = (req: FastifyRequest): string => req.auth?.userId ?? req.ip;
