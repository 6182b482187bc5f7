import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MODERATION_TEXTS,
  ZDismissReport,
  ZModerationDecision,
  ZModerationReport,
  ZModerationReportDetail,
  ZModerationReportPage,
  ZModerationReportsQuery,
  ZModerationStats,
  ZResolveReport,
} from '@contesthub/shared';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { claimReport, dismissReport, resolveReport } from './decide-report.js';
import { listReports, moderationStats, reportDetail } from './read-reports.js';

const tags = ['admin'];
const params = z.object({ id: z.uuid({ error: 'Report ID is required' }) });
const read = { access: 'moderator' as const, permission: 'reports.manage' as const, rateLimit: rateLimits.perUser(120) };
const act = { access: 'moderator' as const, permission: 'reports.manage' as const, rateLimit: rateLimits.perUser(60) };

/** /api/admin-tools: the report queue of Content Moderation (holders of reports.manage). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary: 'The report queue: page, limit (10), status, type, reason, priority; open reports first by priority, then score × age',
        querystring: ZModerationReportsQuery,
        response: { 200: envelope(ZModerationReportPage) },
      },
      config: read,
    },
    async (req) => ok(await listReports(app.ctx, req.query)),
  );

  app.get(
    '/reports/:id',
    {
      schema: {
        tags,
        summary: 'One report: the item now (or its snapshot), the other reports of the item, the author, the possible actions',
        params,
        response: { 200: envelope(ZModerationReportDetail) },
      },
      config: read,
    },
    async (req) => ok(await reportDetail(app.ctx, staffActor(req), req.params.id)),
  );

  app.put(
    '/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve the report and every open report of its item, with the chosen actions',
        params,
        body: ZResolveReport,
        response: { 200: envelope(ZModerationDecision) },
      },
      config: act,
    },
    async (req) => ok(await resolveReport(app.ctx, staffActor(req), req.params.id, req.body), MODERATION_TEXTS.resolved),
  );

  app.put(
    '/reports/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss the report and every open report of its item (an auto-hidden item is restored)',
        params,
        body: ZDismissReport,
        response: { 200: envelope(ZModerationDecision) },
      },
      config: act,
    },
    async (req) => ok(await dismissReport(app.ctx, staffActor(req), req.params.id, req.body), MODERATION_TEXTS.dismissed),
  );

  app.put(
    '/reports/:id/assign',
    {
      schema: {
        tags,
        summary: 'Claim the report: it is under review by the caller',
        params,
        response: { 200: envelope(ZModerationReport) },
      },
      config: act,
    },
    async (req) => ok(await claimReport(app.ctx, staffActor(req), req.params.id)),
  );

  app.get(
    '/moderation-stats',
    {
      schema: {
        tags,
        summary: 'Reports: total, pending, resolved, dismissed, recent (7 days)',
        response: { 200: envelope(ZModerationStats) },
      },
      config: read,
    },
    async () => ok(await moderationStats(app.ctx)),
  );
};
