/**
 * GET /api/admin-tools/reports (the queue, one row per report), /reports/:id (the report, its item
 * as it is now or the snapshot the report kept, the item's other reports, the author and what can be
 * done) and /moderation-stats (spec 002 §3, §7, §9).
 */
import {
  ACTIONS_BY_TARGET,
  MODERATION_RECENT_DAYS,
  MODERATION_TEXTS,
  hasPermission,
  pageOf,
  type ModerationAction,
  type TModerationReportDetail,
  type TModerationReportPage,
  type TModerationReportsQuery,
  type TModerationStats,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { StaffActor } from '../../lib/http.js';
import { toModerationReport } from './moderation.dto.js';
import * as repo from './moderation.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listReports(ctx: AppContext, q: TModerationReportsQuery): Promise<TModerationReportPage> {
  const { rows, total } = await repo.listQueue(ctx.db, q, now());
  return { reports: rows.map(toModerationReport), pagination: pageOf(q, total) };
}

export async function moderationStats(ctx: AppContext): Promise<TModerationStats> {
  return repo.stats(ctx.db, new Date(now().getTime() - MODERATION_RECENT_DAYS * DAY_MS));
}

const HIDDEN_STATUSES = new Set(['hidden', 'disqualified', 'cancelled', 'deleted']);

export async function reportDetail(ctx: AppContext, actor: StaffActor, id: string): Promise<TModerationReportDetail> {
  const row = await repo.queueRow(ctx.db, id);
  if (!row) throw AppError.notFound(MODERATION_TEXTS.notFound);
  const report = toModerationReport(row);
  const [item, all, raw] = await Promise.all([
    repo.itemNow(ctx.db, row.target_type, row.target_id),
    repo.itemQueueRows(ctx.db, row.target_type, row.target_id),
    repo.reportById(ctx.db, id),
  ]);
  const open = report.status === 'pending' || report.status === 'under_review';
  const possible: ModerationAction[] = !open
    ? []
    : ACTIONS_BY_TARGET[row.target_type].filter((a) => {
        if (!item) return false;
        if (a === 'hide_content') return item.status !== 'hidden';
        if (a === 'restore_content') return item.status === 'hidden';
        if (a === 'disqualify_entry') return item.status !== 'disqualified';
        if (a === 'cancel_contest')
          return (item.status === 'active' || item.status === 'voting') && hasPermission(actor, 'contests.manage_any');
        if (a === 'warn_author' || a === 'ban_author') return item.authorId !== null && hasPermission(actor, 'users.moderate');
        return true;
      });
  return {
    report,
    item: {
      type: row.target_type,
      id: row.target_id,
      exists: item !== undefined,
      title: item?.title ?? report.reportedItem.title,
      content: item?.content ?? null,
      status: item?.status ?? null,
      contestId: item?.contestId ?? row.contest_id,
      hidden: item?.status ? HIDDEN_STATUSES.has(item.status) : false,
    },
    context: raw?.context ?? null,
    // Strikes live in the sanctions module (modules/standing); the count joins there at merge.
    author: item?.authorId && item.authorName ? { id: item.authorId, fullName: item.authorName, strikes: null } : null,
    otherReports: all.filter((r) => r.id !== id).map(toModerationReport),
    possibleActions: possible,
  };
}
