import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, ZHealth, ZReadiness } from '@contesthub/shared';
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

  // Readiness for a load balancer: false from the moment the server starts draining (SIGTERM), so
  // traffic moves to other instances while requests in flight finish here.
  app.addHook('preClose', async () => {
    app.ctx.lifecycle.draining = true;
  });
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: takes new requests (503 while draining or without its database)',
        response: { 200: envelope(ZReadiness) },
      },
      config: { access: 'public' },
    },
    async () => {
      if (app.ctx.lifecycle.draining) throw new AppError(503, MESSAGES.server.draining, 'SERVICE_UNAVAILABLE');
      if (!(await app.ctx.database.ping())) throw new AppError(503, MESSAGES.server.dbUnavailable, 'SERVICE_UNAVAILABLE');
      return ok({ status: 'ready' as const, db: 'ok' as const });
    },
  );
};
