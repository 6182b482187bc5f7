import type { FastifyInstance } from 'fastify';
import { MESSAGES, type ApiFailure } from '@contesthub/shared';

/**
 * Admission control for routes that take a hot lock (votes). A route that sets
 * `config.maxInFlight` answers 429 with Retry-After once that many of its requests are already
 * being served, *before* authentication or any database work. Under a burst, queued work would
 * otherwise wait for a pool connection and every caller would get slower; refusing the overflow
 * keeps latency flat for the accepted requests, and the client retries with the same
 * Idempotency-Key, so a refused vote is never half-counted.
 */
export function registerLoadShedding(app: FastifyInstance): void {
  const inFlight = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    const limit = req.routeOptions.config?.maxInFlight;
    if (!limit) return;
    const route = `${req.method} ${req.routeOptions.url}`;
    const current = inFlight.get(route) ?? 0;
    if (current >= limit) {
      // Answered here, without an Error (and its stack trace): under a burst this is the hot path.
      return reply
        .code(429)
        .header('retry-after', '1')
        .send({ success: false, message: MESSAGES.server.rateLimited, errorType: 'RATE_LIMITED' } satisfies ApiFailure);
    }
    inFlight.set(route, current + 1);
    // 'close' fires once per response, whether it finished or the client went away.
    reply.raw.once('close', () => inFlight.set(route, (inFlight.get(route) ?? 1) - 1));
  });
}
