import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, ZHealth } from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import { AppError } from '../../lib/errors.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: envelope(ZHealth) } },
      config: { access: 'public' },
    },
    async () => {
      if (!(await app.ctx.database.ping())) throw new AppError(503, MESSAGES.server.dbUnavailable, 'SERVICE_UNAVAILABLE');
      return ok({ status: 'ok' as const, db: 'ok' as const });
    },
  );
};
