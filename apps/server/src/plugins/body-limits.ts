import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * How large a request body may be, by what the route takes (bytes). Fastify refuses a larger body
 * with 413 before parsing it. Multipart uploads are not bodies in this sense: they stream, and
 * their limits are the upload rules' (parts, fields, per-file sizes).
 */
export const BODY_LIMITS = {
  /** Every JSON route unless it says otherwise: the largest form (a 5,000-character ticket) fits many times over. */
  default: 64 * 1024,
  /** Sign-in, registration, codes and passwords: a login needs kilobytes, not a megabyte. */
  credentials: 16 * 1024,
  /** A contest with its description, 20 rules, prizes and settings sent as JSON. */
  contestForm: 256 * 1024,
} as const;

/**
 * A route plugin whose routes default to `bytes` of body (a route may still set its own). Used at
 * the composition root: `api.register(withBodyLimit(authRoutes, BODY_LIMITS.credentials), …)`.
 */
export function withBodyLimit<O extends Record<string, unknown>>(plugin: FastifyPluginAsync<O>, bytes: number): FastifyPluginAsync<O> {
  return async (scope: FastifyInstance, opts: O) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit ??= bytes;
    });
    // The prefix was applied to this scope already; passing it on would apply it twice.
    const { prefix: _prefix, ...inner } = opts as O & { prefix?: string };
    await scope.register(plugin, inner as O);
  };
}
