import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFinancialReport, ZFinancialReportQuery, ZSystemHealth } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { financialReport } from './financial-reports.js';
import { systemHealth } from './system-health.js';

const tags = ['admin'];

/** /api/admin-tools: system monitoring (system.monitor) and financial reports (finance.read), admins only. */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system-health',
    {
      schema: {
        tags,
        summary:
          "System monitoring: this instance's uptime, traffic, p95 latency and error rate (5 and 60 min), event loop, memory, CPU, failures; the database, job queue and event backlog; each graded healthy / warning / critical",
        response: { 200: envelope(ZSystemHealth) },
      },
      config: { access: 'admin', permission: 'system.monitor', rateLimit: rateLimits.perUser(30) },
    },
    async () => ok(await systemHealth(app.ctx), 'Figures are of the instance that answered'),
  );

  app.get(
    '/financial-reports',
    {
      schema: {
        tags,
        summary:
          'Financial reports from the ledger: revenue by source over the period (days, 1–366, default 30), money held, payouts and the period’s transactions (page size 10)',
        querystring: ZFinancialReportQuery,
        response: { 200: envelope(ZFinancialReport) },
      },
      config: { access: 'admin', permission: 'finance.read', rateLimit: rateLimits.perUser(30) },
    },
    async (req) => ok(await financialReport(app.ctx.db, req.query)),
  );
};
