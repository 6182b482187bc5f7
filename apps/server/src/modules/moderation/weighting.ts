/**
 * Report weighting and auto-hide (ADR 028; the constants and the Discourse curve are in
 * packages/shared/src/schemas/moderation.ts). Runs from `report.filed` (auto-hide.subscriber.ts), in
 * the subscriber's transaction: the new report gets its reporter's weight as of now (a snapshot, like
 * Discourse's ReviewableScore), then the item's open score is compared with the threshold.
 */
import { AUTO_HIDE_MIN_REPORTERS, AUTO_HIDE_SCORE, AUTO_HIDE_TARGETS, REPORT_ACCURACY_WINDOW, reporterWeight } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { recordEvent } from '../../lib/events/index.js';
import { hideItem } from './item-actions.js';
import { contentModerated } from './moderation.events.js';
import * as repo from './moderation.repository.js';
import type { ItemType } from './moderation.repository.js';

/** The reporter's weight now: 1 + staff bonus + accuracy over their last 100 decided reports. */
export async function weighReporter(tx: Tx, reporterId: string, reportId: string): Promise<number> {
  const rec = await repo.reporterRecord(tx, reporterId, REPORT_ACCURACY_WINDOW, reportId);
  return reporterWeight({ staff: rec.role === 'moderator' || rec.role === 'admin', agreed: rec.agreed, decided: rec.decided });
}

export type WeighOutcome = 'hidden' | 'priority_raised' | 'below_threshold' | 'already_hidden' | 'decided';

/**
 * Weighs a newly filed report and hides its item when the item's open reports reach the threshold
 * (and come from at least two people). A contest is never hidden (it holds money): its open reports
 * go to high priority instead. The item always stays in the queue (its reports stay pending).
 */
export async function weighReport(
  tx: Tx,
  report: { reportId: string; targetType: ItemType; targetId: string; reporterId: string },
): Promise<WeighOutcome> {
  const row = await repo.lockReport(tx, report.reportId);
  if (!row || (row.status !== 'pending' && row.status !== 'under_review')) return 'decided';
  await repo.setWeight(tx, row.id, await weighReporter(tx, report.reporterId, row.id));
  const { score, reporters } = await repo.openScore(tx, row.targetType, row.targetId);
  if (score < AUTO_HIDE_SCORE || reporters < AUTO_HIDE_MIN_REPORTERS) return 'below_threshold';
  if (!AUTO_HIDE_TARGETS.includes(row.targetType)) {
    await repo.raisePriority(tx, row.targetType, row.targetId);
    return 'priority_raised';
  }
  if (await repo.isAutoHidden(tx, row.targetType, row.targetId)) return 'already_hidden';
  const hidden = await hideItem(tx, row.targetType, row.targetId);
  if (!hidden) return 'below_threshold';
  await repo.setAutoHidden(tx, row.targetType, row.targetId, now());
  await repo.raisePriority(tx, row.targetType, row.targetId);
  if (hidden.changed) {
    await recordEvent(tx, contentModerated, {
      itemType: row.targetType,
      itemId: row.targetId,
      authorId: hidden.authorId,
      contestId: hidden.contestId,
      action: 'hidden',
      automatic: true,
      title: hidden.title,
      reason: null,
    });
  }
  return 'hidden';
}
