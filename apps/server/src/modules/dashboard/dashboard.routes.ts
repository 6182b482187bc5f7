import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminStats, ZRecentActivityList, ZRecentActivityQuery, ZUserStats } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
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

  app.get(
    '/admin-stats',
    {
      schema: {
        tags,
        summary:
          'The admin overview: users, active contests, revenue (kobo), flagged content, users and contests, entries awaiting review, daily active users, system health (this instance)',
        response: { 200: envelope(ZAdminStats) },
      },
      config: { access: 'admin', rateLimit: rateLimits.perUser(60) },
    },
    async () => ok(await dashboard.adminStats(app.ctx)),
  );
};
