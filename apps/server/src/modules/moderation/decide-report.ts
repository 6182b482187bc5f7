/**
 * PUT /api/admin-tools/reports/:id/resolve and /dismiss (spec 002 §2.1, §5, §8). A decision closes
 * every open report of the same item together, in one transaction with its actions, each action and
 * the decision audit-logged in it, and records `report.resolved` / `report.dismissed` (the reporters'
 * notifications). warn_author issues a warning strike and ban_author bans the author (every session
 * revoked, a ban strike, their streams closed after the commit) through the admin-users and standing
 * modules, in the same transaction. Only pending or under_review reports can be decided (409 otherwise).
 *
 * Dismissing the reports of an item the weighting hid restores it: the reports were not upheld.
 */
import {
  ACTIONS_BY_TARGET,
  MODERATION_TEXTS,
  hasPermission,
  unitsToCredits,
  type ModerationAction,
  type Permission,
  type TDismissReport,
  type TModerationDecision,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { applyBan } from '../admin-users/user-status.js';
import { issueStrike } from '../standing/strikes.js';
import { cancelContestInTx, disqualifyEntry, hideItem, restoreItem } from './item-actions.js';
import { toModerationReport } from './moderation.dto.js';
import { contentModerated, reportDismissed, reportResolved } from './moderation.events.js';
import * as repo from './moderation.repository.js';
import type { ItemNow, ReportRow } from './moderation.repository.js';

/** The permission each action needs beside reports.manage (a moderator cannot cancel a contest). */
const ACTION_PERMISSION: Record<ModerationAction, Permission> = {
  hide_content: 'comments.moderate',
  restore_content: 'comments.moderate',
  disqualify_entry: 'entries.disqualify',
  cancel_contest: 'contests.manage_any',
  warn_author: 'users.moderate',
  ban_author: 'users.moderate',
};

export interface ResolveInput {
  adminNotes: string;
  actionsTaken: string;
  actions: ModerationAction[];
}

/** The report under lock, still open (404 / 409), with the item's open reports locked too. */
async function openReport(tx: Tx, id: string): Promise<{ report: ReportRow; open: ReportRow[] }> {
  const report = await repo.lockReport(tx, id);
  if (!report) throw AppError.notFound(MODERATION_TEXTS.notFound);
  if (report.status !== 'pending' && report.status !== 'under_review') throw AppError.conflict(MODERATION_TEXTS.alreadyDecided);
  const open = await repo.lockOpenReports(tx, report.targetType, report.targetId);
  return { report, open };
}

function checkActions(actor: StaffActor, report: ReportRow, actions: ModerationAction[], item: ItemNow | undefined): void {
  const allowed = ACTIONS_BY_TARGET[report.targetType];
  if (actions.some((a) => !allowed.includes(a))) throw AppError.badRequest(MODERATION_TEXTS.actionNotApplicable);
  if (actions.includes('hide_content') && actions.includes('restore_content'))
    throw AppError.badRequest(MODERATION_TEXTS.actionNotApplicable);
  if (actions.some((a) => !hasPermission(actor, ACTION_PERMISSION[a]))) throw AppError.forbidden();
  if (actions.length > 0 && !item) throw AppError.notFound(MODERATION_TEXTS.itemGone);
  if ((actions.includes('warn_author') || actions.includes('ban_author')) && !item?.authorId) {
    throw AppError.badRequest(MODERATION_TEXTS.noAuthor);
  }
}

/** Carries out the actions; answers the person banned (their streams are closed after the commit). */
async function applyActions(
  tx: Tx,
  actor: StaffActor,
  report: ReportRow,
  item: ItemNow | undefined,
  actions: ModerationAction[],
  why: string,
  at: Date,
): Promise<string | null> {
  const { targetType: type, targetId: id } = report;
  const related = { type: `report:${type}`, id: report.id };
  let banned: string | null = null;
  for (const action of actions) {
    if (action === 'warn_author') {
      await issueStrike(tx, actor, { userId: item!.authorId!, kind: 'warning', reason: why, related }, at);
    } else if (action === 'ban_author') {
      await applyBan(tx, actor, { userId: item!.authorId!, reason: why, related }, at);
      banned = item!.authorId!;
    } else if (action === 'hide_content' || action === 'restore_content') {
      const hide = action === 'hide_content';
      const v = hide ? await hideItem(tx, type, id) : await restoreItem(tx, type, id);
      if (!v) throw AppError.notFound(MODERATION_TEXTS.itemGone);
      if (!hide && !v.changed) throw AppError.badRequest(MODERATION_TEXTS.notHidden);
      if (!hide) await repo.setAutoHidden(tx, type, id, null);
      await appendAudit(
        tx,
        actor,
        {
          action: hide ? 'content.hide' : 'content.restore',
          targetType: type === 'message' ? 'message' : 'comment',
          targetId: id,
          reason: why,
          before: { status: v.before },
          after: { status: v.after },
        },
        at,
      );
      if (v.changed) {
        await recordEvent(
          tx,
          contentModerated,
          {
            itemType: type,
            itemId: id,
            authorId: v.authorId,
            contestId: v.contestId,
            action: hide ? 'hidden' : 'restored',
            automatic: false,
            title: v.title,
            reason: hide ? why : null,
          },
          { actorId: actor.userId },
        );
      }
    } else if (action === 'disqualify_entry') {
      const d = await disqualifyEntry(tx, id, actor.userId, why);
      if (!d) throw AppError.notFound(MODERATION_TEXTS.itemGone);
      await appendAudit(
        tx,
        actor,
        {
          action: 'entry.disqualify',
          targetType: 'entry',
          targetId: id,
          reason: why,
          before: { status: d.before },
          after: { status: 'disqualified', feeRefundedCredits: unitsToCredits(d.refundedUnits) },
        },
        at,
      );
      if (d.before !== 'disqualified') {
        const item = await repo.itemNow(tx, 'entry', id);
        await recordEvent(
          tx,
          contentModerated,
          {
            itemType: 'entry',
            itemId: id,
            authorId: d.participantId,
            contestId: d.contestId,
            action: 'disqualified',
            automatic: false,
            title: item?.title ?? '',
            reason: why,
          },
          { actorId: actor.userId },
        );
      }
    } else if (action === 'cancel_contest') {
      const c = await cancelContestInTx(tx, id, why);
      await appendAudit(
        tx,
        actor,
        {
          action: 'contest.cancel',
          targetType: 'contest',
          targetId: id,
          reason: why,
          before: { status: c.before },
          after: { status: 'cancelled', refunds: c.refunds },
        },
        at,
      );
    }
  }
  return banned;
}

async function decision(ctx: AppContext, id: string, closed: number, actions: ModerationAction[]): Promise<TModerationDecision> {
  const row = await repo.queueRow(ctx.db, id);
  return { report: toModerationReport(row!), closedReports: closed, actions };
}

export async function resolveReport(ctx: AppContext, actor: StaffActor, id: string, input: ResolveInput): Promise<TModerationDecision> {
  const { closed, banned } = await ctx.db.transaction(async (tx) => {
    const at = now();
    const { report, open } = await openReport(tx, id);
    const item = await repo.itemNow(tx, report.targetType, report.targetId);
    checkActions(actor, report, input.actions, item);
    const banned = await applyActions(tx, actor, report, item, input.actions, input.actionsTaken, at);
    const actionsTaken = input.actions.length > 0 ? `${input.actionsTaken} [${input.actions.join(', ')}]` : input.actionsTaken;
    await repo.decideReports(
      tx,
      open.map((r) => r.id),
      { status: 'resolved', adminNotes: input.adminNotes, actionsTaken, resolvedBy: actor.userId, resolvedAt: at },
    );
    await appendAudit(
      tx,
      actor,
      {
        action: 'report.resolve',
        targetType: 'report',
        targetId: id,
        reason: input.adminNotes,
        before: { status: report.status },
        after: { status: 'resolved', actionsTaken, actions: input.actions, closedReports: open.map((r) => r.id) },
      },
      at,
    );
    await recordEvent(
      tx,
      reportResolved,
      {
        reportId: id,
        itemType: report.targetType,
        itemId: report.targetId,
        authorId: item?.authorId ?? null,
        reporterIds: [...new Set(open.map((r) => r.reporterId))],
        actions: input.actions,
        actionsTaken: input.actionsTaken,
        actorId: actor.userId,
      },
      { actorId: actor.userId },
    );
    return { closed: open.length, banned };
  });
  if (banned) ctx.realtime.closeUser(banned);
  return decision(ctx, id, closed, input.actions);
}

export async function dismissReport(ctx: AppContext, actor: StaffActor, id: string, input: TDismissReport): Promise<TModerationDecision> {
  const result = await ctx.db.transaction(async (tx) => {
    const at = now();
    const { report, open } = await openReport(tx, id);
    const restore = await repo.isAutoHidden(tx, report.targetType, report.targetId);
    const actions: ModerationAction[] = [];
    if (restore && (await restoreItem(tx, report.targetType, report.targetId))) {
      await applyRestoreAudit(tx, actor, report, input.adminNotes, at);
      actions.push('restore_content');
    }
    await repo.decideReports(
      tx,
      open.map((r) => r.id),
      { status: 'dismissed', adminNotes: input.adminNotes, actionsTaken: null, resolvedBy: actor.userId, resolvedAt: at },
    );
    await appendAudit(
      tx,
      actor,
      {
        action: 'report.dismiss',
        targetType: 'report',
        targetId: id,
        reason: input.adminNotes,
        before: { status: report.status },
        after: { status: 'dismissed', closedReports: open.map((r) => r.id), restored: actions.length > 0 },
      },
      at,
    );
    await recordEvent(
      tx,
      reportDismissed,
      {
        reportId: id,
        itemType: report.targetType,
        itemId: report.targetId,
        reporterIds: [...new Set(open.map((r) => r.reporterId))],
        actorId: actor.userId,
      },
      { actorId: actor.userId },
    );
    return { closed: open.length, actions };
  });
  return decision(ctx, id, result.closed, result.actions);
}

/** A dismissal's restore of an auto-hidden item: audited, the author told, the auto-hide cleared. */
async function applyRestoreAudit(tx: Tx, actor: StaffActor, report: ReportRow, why: string, at: Date): Promise<void> {
  await repo.setAutoHidden(tx, report.targetType, report.targetId, null);
  const item = await repo.itemNow(tx, report.targetType, report.targetId);
  await appendAudit(
    tx,
    actor,
    {
      action: 'content.restore',
      targetType: 'comment',
      targetId: report.targetId,
      reason: why,
      before: { status: 'hidden' },
      after: { status: item?.status ?? null },
    },
    at,
  );
  if (item?.authorId) {
    await recordEvent(
      tx,
      contentModerated,
      {
        itemType: report.targetType,
        itemId: report.targetId,
        authorId: item.authorId,
        contestId: item.contestId,
        action: 'restored',
        automatic: false,
        title: item.title,
        reason: null,
      },
      { actorId: actor.userId },
    );
  }
}

/** PUT /api/admin-tools/reports/:id/assign: the caller claims the report (under review by them). */
export async function claimReport(ctx: AppContext, actor: StaffActor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const report = await repo.lockReport(tx, id);
    if (!report) throw AppError.notFound(MODERATION_TEXTS.notFound);
    if (report.status !== 'pending' && report.status !== 'under_review') throw AppError.conflict(MODERATION_TEXTS.alreadyDecided);
    await repo.setAssignee(tx, id, actor.userId);
    await appendAudit(
      tx,
      actor,
      {
        action: 'report.assign',
        targetType: 'report',
        targetId: id,
        before: { status: report.status, assignedTo: report.assignedTo },
        after: { status: 'under_review', assignedTo: actor.userId },
      },
      now(),
    );
  });
  return toModerationReport((await repo.queueRow(ctx.db, id))!);
}
