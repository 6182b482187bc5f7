/**
 * Named permissions, shared by the server (its policy decides with them) and the web (it hides
 * what a user cannot do with the same names). A role holds a fixed set; ownership rules ("the
 * contest's organizer may…") live in the server's policy beside them (apps/server/src/lib/policy.ts).
 */
import type { UserRole } from './enums.js';

/** Who is asking: the signed-in user as every rule sees them. */
export interface Actor {
  userId: string;
  role: UserRole;
}

/** What moderators may do; admins may do all of it too. */
export const MODERATOR_PERMISSIONS = [
  /** Work the report queue: resolve and dismiss reports. */
  'reports.manage',
  /** Hide, restore and delete any comment; see flags and pending reasons. */
  'comments.moderate',
  /** Disqualify an entry of any contest. */
  'entries.disqualify',
  /** Ban, unban and verify users. */
  'users.moderate',
  /** Decide appeals of rejected entries and of bans. */
  'appeals.manage',
  /** Read the audit log. */
  'audit.read',
  /** See draft contests and content that is not public, to moderate it. */
  'content.view_all',
  /** Review held votes (count or void them), fraud signals, users' verification and security logs. */
  'votes.review',
] as const;

/** Admin-only permissions. */
export const ADMIN_PERMISSIONS = [
  /** Grant and take away roles. */
  'roles.manage',
  /** Financial reports, the reconciliation and platform revenue. */
  'finance.read',
  /** Hold and release payouts; retry or fail withdrawals. */
  'payouts.manage',
  /** Send system announcements. */
  'announcements.send',
  /** System monitoring. */
  'system.monitor',
  /** Manage any contest as its organizer would (edit, end, cancel, review entries). */
  'contests.manage_any',
  /** Every vote of every contest, with its voter and credits. */
  'votes.read_all',
  /** Remove a fraudulent vote (its credits are refunded). */
  'votes.remove',
  /** Platform-wide analytics. */
  'analytics.platform',
  /** Who wrote an anonymous comment. */
  'comments.reveal_anonymous',
] as const;

export type Permission = (typeof MODERATOR_PERMISSIONS)[number] | (typeof ADMIN_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<UserRole, ReadonlySet<Permission>> = {
  user: new Set(),
  moderator: new Set(MODERATOR_PERMISSIONS),
  admin: new Set([...MODERATOR_PERMISSIONS, ...ADMIN_PERMISSIONS]),
};

export function hasPermission(who: Pick<Actor, 'role'> | null | undefined, permission: Permission): boolean {
  return !!who && ROLE_PERMISSIONS[who.role].has(permission);
}

/** Moderators and admins: the people who work the platform. */
export const isStaff = (who: Pick<Actor, 'role'> | null | undefined): boolean => who?.role === 'moderator' || who?.role === 'admin';
