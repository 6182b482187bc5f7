import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicStats } from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import { publicStats } from './analytics.service.js';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-stats',
    {
      schema: { tags: ['analytics'], summary: 'Platform statistics for the home page', response: { 200: envelope(ZPublicStats) } },
      config: { access: 'public' },
    },
    async () => ok(await publicStats(app.ctx.db)),
  );
};
