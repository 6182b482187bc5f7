/**
 * The report queue of Admin Tools → Content Moderation (spec 002 §2.1, §3, §5, §7–§9): the list,
 * one report with its item, resolve and dismiss, the moderation stats, and the report weighting
 * that hides an item automatically (ADR 028; wave2-references §3.1/§3.3).
 */
import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES } from '../enums.js';
import { pageQuery, ZPagination } from './pagination.js';
import { REPORT_PRIORITIES, REPORT_TARGET_TYPES } from './reports.js';

/** The spec's texts (002 §5, §8). */
export const MODERATION_TEXTS = {
  resolved: 'Report has been resolved successfully',
  dismissed: 'Report has been dismissed successfully',
  resolveFailed: 'Failed to resolve report',
  dismissFailed: 'Failed to dismiss report',
  fetchReportsFailed: 'Failed to fetch reports',
  fetchStatsFailed: 'Failed to fetch moderation statistics',
  adminNotesRequired: 'Admin notes are required',
  actionsTakenRequired: 'Actions taken are required',
  notFound: 'Report not found',
  alreadyDecided: 'Only pending or under review reports can be resolved or dismissed',
  actionNotApplicable: 'This action does not apply to the reported item',
  itemGone: 'The reported item no longer exists',
  notHidden: 'The reported item is not hidden',
  noAuthor: 'The reported item has no author to sanction',
} as const;

/**
 * What a resolution can do to the reported item or its author. warn_author and ban_author are
 * carried out by the sanctions module from the `report.resolved` event.
 */
export const MODERATION_ACTIONS = [
  'hide_content',
  'restore_content',
  'disqualify_entry',
  'cancel_contest',
  'warn_author',
  'ban_author',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The actions each kind of item allows (the dialog's checkboxes, the server's check). */
export const ACTIONS_BY_TARGET: Record<ReportTargetType, readonly ModerationAction[]> = {
  comment: ['hide_content', 'restore_content', 'warn_author', 'ban_author'],
  entry: ['disqualify_entry', 'warn_author', 'ban_author'],
  contest: ['cancel_contest', 'warn_author', 'ban_author'],
  message: ['hide_content', 'restore_content', 'warn_author', 'ban_author'],
  user: ['warn_author', 'ban_author'],
};

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  hide_content: 'Hide the content',
  restore_content: 'Restore the content',
  disqualify_entry: 'Disqualify the entry (its entry fee is refunded)',
  cancel_contest: 'Cancel the contest (every payment refunded)',
  warn_author: 'Warn the author',
  ban_author: 'Ban the author',
};

// ---- Report weighting (ADR 028) -------------------------------------------------

/** Every reporter starts at 1. */
export const REPORT_BASE_WEIGHT = 1;
/** A moderator's or admin's report adds 5 (Discourse: staff = 5). */
export const REPORT_STAFF_BONUS = 5;
/** No accuracy bonus until a reporter has more than 5 decided reports. */
export const REPORT_ACCURACY_MIN_DECIDED = 5;
/** Only the reporter's last 100 decided reports count. */
export const REPORT_ACCURACY_WINDOW = 100;
/** Agreement above 70 % earns a bonus, below it a penalty. */
export const REPORT_ACCURACY_AXIS = 0.7;
/** A chronically wrong reporter still counts a little, never zero or negative. */
export const REPORT_WEIGHT_FLOOR = 0.25;
/** Summed weight of an item's open reports at which it is hidden pending review (3 ordinary reports). */
export const AUTO_HIDE_SCORE = 3;
/** Distinct reporters needed as well: one person, however trusted (staff too), never hides alone. */
export const AUTO_HIDE_MIN_REPORTERS = 2;
/** Items that auto-hide. A contest holds money: its reports go to high priority instead. */
export const AUTO_HIDE_TARGETS: readonly ReportTargetType[] = ['comment'];

/**
 * Discourse's accuracy bonus (reviewable_score.rb calc_user_accuracy_bonus): 0 up to 5 decided
 * reports, then log₄(decided) × 5 scaled by the distance from the 70 % agreement axis
 * (+ above, − below), rounded to hundredths.
 */
export function accuracyBonus(agreed: number, decided: number): number {
  if (decided <= REPORT_ACCURACY_MIN_DECIDED) return 0;
  const pct = agreed / decided;
  const positive = pct >= REPORT_ACCURACY_AXIS;
  const distance = positive
    ? (pct - REPORT_ACCURACY_AXIS) / (1 - REPORT_ACCURACY_AXIS)
    : -(REPORT_ACCURACY_AXIS - pct) / REPORT_ACCURACY_AXIS;
  return Math.round(distance * (Math.log(decided) / Math.log(4)) * 5 * 100) / 100;
}

/** A reporter's weight: 1 + staff bonus + accuracy bonus, never below the floor. */
export function reporterWeight(input: { staff: boolean; agreed: number; decided: number }): number {
  const w = REPORT_BASE_WEIGHT + (input.staff ? REPORT_STAFF_BONUS : 0) + accuracyBonus(input.agreed, input.decided);
  return Math.max(REPORT_WEIGHT_FLOOR, Math.round(w * 100) / 100);
}

// ---- Requests ---------------------------------------------------------------------------------

export const ZModerationReportsQuery = z.object({
  ...pageQuery({ defaultLimit: 10 }),
  status: z.enum(REPORT_STATUSES, { error: 'Unknown report status' }).optional(),
  type: z.enum(REPORT_TARGET_TYPES, { error: 'Unknown report type' }).optional(),
  reason: z.enum(REPORT_REASONS, { error: 'Unknown report reason' }).optional(),
  priority: z.enum(REPORT_PRIORITIES, { error: 'Unknown priority' }).optional(),
});
export type TModerationReportsQuery = z.infer<typeof ZModerationReportsQuery>;

const notes = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000, 'Notes cannot exceed 2000 characters');

export const ZResolveReport = z.object({
  adminNotes: notes(MODERATION_TEXTS.adminNotesRequired),
  actionsTaken: notes(MODERATION_TEXTS.actionsTakenRequired),
  actions: z
    .array(z.enum(MODERATION_ACTIONS, { error: 'Unknown moderation action' }))
    .max(MODERATION_ACTIONS.length)
    .default([])
    .transform((a) => [...new Set(a)]),
});
export type TResolveReport = z.input<typeof ZResolveReport>;

export const ZDismissReport = z.object({ adminNotes: notes(MODERATION_TEXTS.adminNotesRequired) });
export type TDismissReport = z.infer<typeof ZDismissReport>;

// ---- Answers ----------------------------------------------------------------------------------

export const ZModerationReport = z.object({
  id: z.string(),
  reportedItem: z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string(), title: z.string() }),
  reason: z.string(),
  priority: z.enum(REPORT_PRIORITIES),
  status: z.enum(REPORT_STATUSES),
  description: z.string(),
  reporter: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
  adminNotes: z.string().nullable(),
  actionsTaken: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** This reporter's weight when they reported. */
  weight: z.number(),
  /** Summed weight of the item's open reports. */
  score: z.number(),
  /** Reports of the item, all statuses. */
  reportCount: z.number().int(),
  autoHidden: z.boolean(),
  assignee: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type TModerationReport = z.infer<typeof ZModerationReport>;

export const ZModerationReportPage = z.object({ reports: z.array(ZModerationReport), pagination: ZPagination });
export type TModerationReportPage = z.infer<typeof ZModerationReportPage>;

export const ZModerationReportDetail = z.object({
  report: ZModerationReport,
  item: z.object({
    type: z.enum(REPORT_TARGET_TYPES),
    id: z.string(),
    exists: z.boolean(),
    title: z.string(),
    /** The item's text now (a comment's or message's content, an entry's or contest's description). */
    content: z.string().nullable(),
    /** The item's own status now (comment active/flagged/hidden, entry approved/disqualified…). */
    status: z.string().nullable(),
    contestId: z.string().nullable(),
    hidden: z.boolean(),
  }),
  context: z.unknown().nullable(),
  author: z.object({ id: z.string(), fullName: z.string(), strikes: z.number().int().nullable() }).nullable(),
  otherReports: z.array(ZModerationReport),
  possibleActions: z.array(z.enum(MODERATION_ACTIONS)),
});
export type TModerationReportDetail = z.infer<typeof ZModerationReportDetail>;

export const ZModerationDecision = z.object({
  report: ZModerationReport,
  /** Every report of the item this decision closed (this one included). */
  closedReports: z.number().int(),
  actions: z.array(z.enum(MODERATION_ACTIONS)),
});
export type TModerationDecision = z.infer<typeof ZModerationDecision>;

export const ZModerationStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  resolved: z.number().int(),
  dismissed: z.number().int(),
  /** Reports filed in the last 7 days. */
  recent: z.number().int(),
});
export type TModerationStats = z.infer<typeof ZModerationStats>;

/** Window of the "Recent" card (spec 002 §9: recent reports 7 days). */
export const MODERATION_RECENT_DAYS = 7;
