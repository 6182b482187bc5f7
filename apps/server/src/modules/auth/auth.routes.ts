import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthResult, ZLogin, ZPublicUser, ZRefresh } from '@contesthub/shared';
import { clientMeta, envelope, ok } from '../../lib/http.js';
import { AppError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { loadPublicUser } from '../users/users.service.js';
import * as auth from './auth.service.js';

/**
 * Credential endpoints are limited twice: per IP and account (tight, stops guessing one password)
 * and per IP alone (looser, because many Nigerian mobile users share one carrier NAT address).
 */
const AUTH_RATE_LIMIT = { max: 100, timeWindow: '1 minute' };
const PER_ACCOUNT_LIMIT = { max: 10, timeWindow: '1 minute' };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAccount = app.rateLimit({
    ...PER_ACCOUNT_LIMIT,
    keyGenerator: (req) => `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  });

  app.post(
    '/login',
    {
      schema: { tags: ['auth'], summary: 'Log in with email and password', body: ZLogin, response: { 200: envelope(ZAuthResult) } },
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      preHandler: perAccount,
    },
    async (req) => ok(await auth.login(app.ctx, req.body, clientMeta(req)), 'Login successful'),
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token',
        body: ZRefresh,
        response: { 200: envelope(z.object({ token: z.string(), refreshToken: z.string() })) },
      },
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
    },
    async (req) => ok(await auth.refresh(app.ctx, req.body.refreshToken)),
  );

  app.post('/logout', { schema: { tags: ['auth'], summary: 'End the current session' }, config: { access: 'signedIn' } }, async (req) => {
    await auth.revokeSession(app.ctx, requireAuth(req).sessionId, 'logout');
    return ok(null, 'Logged out successfully');
  });

  app.get(
    '/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: envelope(z.object({ user: ZPublicUser })) } },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const user = await loadPublicUser(app.ctx.db, requireAuth(req).userId);
      if (!user) throw AppError.unauthorized();
      return ok({ user });
    },
  );
};
