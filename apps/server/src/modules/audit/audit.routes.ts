import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditLogPage, ZAuditLogQuery } from '@contesthub/shared';
import { attachment } from '../../lib/csv.js';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { exportAuditLog, listAuditLog } from './audit-log.js';

const tags = ['admin'];
const ZExportQuery = ZAuditLogQuery.omit({ page: true, limit: true });

/** /api/admin-tools/audit-log: the staff audit log, for those who hold audit.read (moderators and admins). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        summary: 'The staff audit log, newest first: page, limit, actor, action, targetType, target',
        querystring: ZAuditLogQuery,
        response: { 200: envelope(ZAuditLogPage) },
      },
      config: { access: 'moderator', permission: 'audit.read', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await listAuditLog(app.ctx, req.query)),
  );

  app.get(
    '/audit-log/export',
    {
      schema: {
        tags,
        summary: 'The audit log rows matching the filters as a CSV file (UTF-8 with BOM, CRLF); the export is itself logged',
        querystring: ZExportQuery,
      },
      config: { access: 'moderator', permission: 'audit.read', rateLimit: rateLimits.perUser(10) },
    },
    async (req, reply) => {
      const { fileName, body } = await exportAuditLog(app.ctx, staffActor(req), req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
