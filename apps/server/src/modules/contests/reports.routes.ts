import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZReport, ZReportSubmitted } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as reports from './file-report.js';

const tags = ['reports'];
const contestId = z.uuid({ error: 'Contest ID is required' });
const response = { 201: envelope(ZReportSubmitted) };
// A person reports a handful of items; a burst of reports is abuse of the moderation queue.
const config = {
  access: 'signedIn' as const,
  rateLimit: rateLimits.perUser(20, '10 minutes'),
};

/** Reports under /api/contests: a contest, one of its entries or one of its comments. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/report',
    {
      schema: { tags, summary: 'Report a contest', params: z.object({ id: contestId }), body: ZReport, response },
      config,
    },
    async (req, reply) => {
      const result = await reports.reportContest(app.ctx, requireAuth(req).userId, req.params.id, req.body);
      return reply.status(201).send(ok(result, reports.REPORT_MESSAGES.submitted));
    },
  );

  app.post(
    '/:id/entries/:entryId/report',
    {
      schema: {
        tags,
        summary: 'Report an entry of a contest',
        params: z.object({ id: contestId, entryId: z.uuid({ error: 'Entry ID is required' }) }),
        body: ZReport,
        response,
      },
      config,
    },
    async (req, reply) => {
      const result = await reports.reportEntry(app.ctx, requireAuth(req).userId, req.params.id, req.params.entryId, req.body);
      return reply.status(201).send(ok(result, reports.REPORT_MESSAGES.submitted));
    },
  );

  app.post(
    '/:id/comments/:commentId/report',
    {
      schema: {
        tags,
        summary: 'Report a comment on a contest',
        params: z.object({ id: contestId, commentId: z.uuid({ error: 'Comment ID is required' }) }),
        body: ZReport,
        response,
      },
      config,
    },
    async (req, reply) => {
      const result = await reports.reportComment(app.ctx, requireAuth(req).userId, req.params.id, req.params.commentId, req.body);
      return reply.status(201).send(ok(result, reports.REPORT_MESSAGES.submitted));
    },
  );
};
