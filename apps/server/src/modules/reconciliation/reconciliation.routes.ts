import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReconciliationReport } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { runReconciliation } from './reconciliation.service.js';

/** /api/admin/reconciliation: the books checked, for admins (the same report as `npm run reconcile`). */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reconciliation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reconciliation report: ledger balanced, no negative balance, payments verified, withdrawals settled, flows',
        response: { 200: envelope(ZReconciliationReport) },
      },
      config: { access: 'admin', rateLimit: rateLimits.perAddress(10) },
    },
    async () => {
      const report = await runReconciliation(app.ctx.db);
      return ok(report, report.ok ? 'The books reconcile' : `${report.findings.length} finding(s) need a look`);
    },
  );
};
