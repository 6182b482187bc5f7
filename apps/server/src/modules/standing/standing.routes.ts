import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STANDING_MESSAGES, ZAppealRequest, ZAppealView, ZStanding } from '@contesthub/shared';
import { requireAuth } from '../../plugins/auth.js';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { fileAppeal, standingOf } from './standing.js';

const tags = ['users'];
const ZStrikeParams = z.object({ id: z.uuid({ error: STANDING_MESSAGES.strikeNotFound }) });

/** /api/users/me/standing and the appeal of a strike (signed in). */
export const standingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/standing',
    {
      schema: {
        tags,
        summary: 'My account standing: strikes with reasons, appeal state and deadline',
        response: { 200: envelope(ZStanding) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await standingOf(app.ctx, requireAuth(req).userId)),
  );

  app.post(
    '/me/strikes/:id/appeal',
    {
      schema: {
        tags,
        summary: 'Appeal a strike: once per strike, within 20 days, 1 to 2000 characters',
        params: ZStrikeParams,
        body: ZAppealRequest,
        response: { 201: envelope(ZAppealView) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(10) },
    },
    async (req, reply) => {
      const appeal = await fileAppeal(app.ctx, requireAuth(req).userId, req.params.id, req.body.text);
      return reply.code(201).send(ok(appeal, STANDING_MESSAGES.appealFiled));
    },
  );
};
