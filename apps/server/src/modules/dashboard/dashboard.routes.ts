import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRecentActivityList, ZRecentActivityQuery, ZUserStats } from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as dashboard from './dashboard.service.js';

const tags = ['dashboard'];

/** /api/dashboard: the signed-in user's overview figures and recent activity. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-stats',
    {
      schema: {
        tags,
        summary: 'My overview figures: contests, entries, votes, wins, winnings (kobo), wallet, credits, best rank, badges',
        response: { 200: envelope(ZUserStats) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await dashboard.userStats(app.ctx, requireAuth(req).userId)),
  );

  app.get(
    '/recent-activity',
    {
      schema: {
        tags,
        summary: 'My latest events, newest first (limit 1–50, default 10)',
        querystring: ZRecentActivityQuery,
        response: { 200: envelope(ZRecentActivityList) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok({ activities: await dashboard.recentActivity(app.ctx, requireAuth(req).userId, req.query.limit) }),
  );
};
