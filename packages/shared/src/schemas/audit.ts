/**
 * The staff audit log (issue 15): every action a moderator or admin takes, appended with who, to
 * what, why, the state before and after, the address and the request id. The action names are one
 * list shared by the server (it records them) and the web (it filters and labels them).
 */
import { z } from 'zod';
import { USER_ROLES } from '../enums.js';
import { ZPagination, pageQuery } from './pagination.js';

export const AUDIT_ACTIONS = [
  'user.ban',
  'user.unban',
  'user.verify',
  'user.role_change',
  'user.warn',
  'strike.issue',
  'appeal.decide',
  'report.resolve',
  'report.dismiss',
  'report.assign',
  'content.hide',
  'content.restore',
  'entry.disqualify',
  'contest.cancel',
  'contest.feature',
  'contest.phase_change',
  'vote.count',
  'vote.void',
  'vote.refund',
  'payout.hold',
  'payout.release',
  'withdrawal.retry',
  'withdrawal.fail',
  'announcement.send',
  'export.csv',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'report',
  'comment',
  'message',
  'entry',
  'contest',
  'vote',
  'withdrawal',
  'strike',
  'appeal',
  'announcement',
  'audit_log',
  'analytics',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** GET /api/admin-tools/audit-log and its CSV export: page, limit, actor, action, target. */
export const ZAuditLogQuery = z.object({
  ...pageQuery({ defaultLimit: 20 }),
  actor: z.uuid({ error: 'Actor must be a user id' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown audit action' }).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES, { error: 'Unknown target type' }).optional(),
  target: z.string().trim().min(1).max(64, 'Target must be at most 64 characters').optional(),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(USER_ROLES) }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  rowHash: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogPage = z.object({ entries: z.array(ZAuditEntry), pagination: ZPagination });
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

/** The chain checked: rows examined and the first broken link (null when the chain is whole). */
export const ZAuditVerification = z.object({
  ok: z.boolean(),
  examined: z.number().int(),
  head: z.string().nullable(),
  brokenAt: z.object({ id: z.string(), problem: z.string() }).nullable(),
});
export type TAuditVerification = z.infer<typeof ZAuditVerification>;
