/**
 * Reading the audit log: GET /api/admin-tools/audit-log (a page, newest first) and its CSV export
 * (every matching row, streamed newest first in batches; the export is itself audit-logged).
 */
import type { Readable } from 'node:stream';
import { pageOf, pageOffset, type TAuditEntry, type TAuditLogPage, type TAuditLogQuery } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import { csvStream, fileStamp } from '../../lib/csv.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from './audit.js';
import { auditBatchBefore, countAudit, listAudit, type AuditFilter, type AuditListRow } from './audit.repository.js';

const toEntry = (r: AuditListRow): TAuditEntry => ({
  id: String(r.id),
  createdAt: r.createdAt.toISOString(),
  actor:
    r.actorId && r.actorRole
      ? {
          id: r.actorId,
          fullName: r.actorName ?? 'Deleted user',
          email: r.actorEmail ?? '',
          role: r.actorRole as 'user' | 'moderator' | 'admin',
        }
      : null,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  reason: r.reason,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  requestId: r.requestId,
  rowHash: r.rowHash,
});

const filterOf = (q: Omit<TAuditLogQuery, 'page' | 'limit'>): AuditFilter => ({
  actor: q.actor,
  action: q.action,
  targetType: q.targetType,
  target: q.target,
});

export async function listAuditLog(ctx: AppContext, q: TAuditLogQuery): Promise<TAuditLogPage> {
  const f = filterOf(q);
  const [rows, total] = [await listAudit(ctx.db, f, q.limit, pageOffset(q)), await countAudit(ctx.db, f)];
  return { entries: rows.map(toEntry), pagination: pageOf(q, total) };
}

const EXPORT_BATCH = 500;

async function* allRows(ctx: AppContext, f: AuditFilter): AsyncGenerator<AuditListRow> {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await auditBatchBefore(ctx.db, f, before, EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    before = rows[rows.length - 1]!.id;
  }
}

const json = (v: unknown): string => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The CSV of every row matching the filter, and its file name; the export is recorded first. */
export async function exportAuditLog(
  ctx: AppContext,
  actor: StaffActor,
  q: Omit<TAuditLogQuery, 'page' | 'limit'>,
): Promise<{ fileName: string; body: Readable }> {
  const f = filterOf(q);
  const now = clockNow();
  await ctx.db.transaction((tx) =>
    appendAudit(tx, actor, { action: 'export.csv', targetType: 'audit_log', targetId: 'audit-log', after: { filter: f } }, now),
  );
  const body = csvStream<AuditListRow>(
    [
      { header: 'id', value: (r) => r.id },
      { header: 'time', value: (r) => r.createdAt.toISOString() },
      { header: 'actor id', value: (r) => r.actorId },
      { header: 'actor name', value: (r) => r.actorName },
      { header: 'actor role', value: (r) => r.actorRole },
      { header: 'action', value: (r) => r.action },
      { header: 'target type', value: (r) => r.targetType },
      { header: 'target id', value: (r) => r.targetId },
      { header: 'reason', value: (r) => r.reason },
      { header: 'before', value: (r) => json(r.before) },
      { header: 'after', value: (r) => json(r.after) },
      { header: 'ip', value: (r) => r.ip },
      { header: 'request id', value: (r) => r.requestId },
      { header: 'row hash', value: (r) => r.rowHash },
    ],
    allRows(ctx, f),
  );
  return { fileName: `audit-log-${fileStamp(now)}.csv`, body };
}
