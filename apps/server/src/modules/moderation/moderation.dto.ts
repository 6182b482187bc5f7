/** The queue's wire shapes (packages/shared/src/schemas/moderation.ts) from its rows. */
import type { TModerationReport } from '@contesthub/shared';
import type { QueueRow } from './moderation.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const round = (n: number) => Math.round(Number(n) * 100) / 100;

/** A title for an item that no longer exists. */
const GONE = '(deleted)';

export function toModerationReport(r: QueueRow): TModerationReport {
  return {
    id: r.id,
    reportedItem: { type: r.target_type, id: r.target_id, title: r.item_title ?? GONE },
    reason: r.reason,
    priority: r.priority,
    status: r.status,
    description: r.description,
    reporter: r.reporter_name === null ? null : { id: r.reporter_id, fullName: r.reporter_name },
    createdAt: iso(r.created_at),
    adminNotes: r.admin_notes,
    actionsTaken: r.actions_taken,
    resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
    weight: round(r.weight),
    score: round(r.score),
    reportCount: Number(r.report_count),
    autoHidden: Boolean(r.auto_hidden),
    assignee: r.assignee_id && r.assignee_name ? { id: r.assignee_id, fullName: r.assignee_name } : null,
  };
}
