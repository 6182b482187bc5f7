/**
 * Admin Tools, user administration (spec 002 §2.1, §3, §5, §7, §8; issue 15): the dashboard
 * cards, the user list and its filters, one user's file, and the ban, unban, verify and role
 * actions. The spec's texts are here so the server and the web say the same words.
 */
import { z } from 'zod';
import { USER_ROLES, type UserRole } from '../enums.js';
import { ROLE_PERMISSIONS } from '../permissions.js';
import { ZPagination, pageQuery } from './pagination.js';
import { ZAppealView, ZStrikeView } from './standing.js';

export const USER_STATUSES = ['active', 'banned', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Spec 002 §9: admin tools list page size. */
export const ADMIN_TOOLS_PAGE_SIZE = 10;

/** Spec 002 §5 and §8, verbatim; the refusals the spec does not show are ours. */
export const ADMIN_USER_MESSAGES = {
  banReasonRequired: 'Please provide a reason for banning this user',
  banned: 'User banned successfully',
  unbanned: 'User unbanned successfully',
  verified: 'User verified successfully',
  roleUpdated: 'User role updated successfully',
  fetchUsersFailed: 'Failed to fetch users',
  fetchStatsFailed: 'Failed to fetch dashboard statistics',
  banFailed: 'Failed to ban user',
  unbanFailed: 'Failed to unban user',
  verifyFailed: 'Failed to verify user',
  roleFailed: 'Failed to update user role',
  userNotFound: 'User not found',
  notSelf: 'You cannot change your own account here',
  notOwnRole: 'You cannot change your own role',
  rankTooHigh: 'You can only act on accounts whose role is below yours',
  grantBeyondOwn: 'You cannot grant a role with permissions you do not have',
  lastAdmin: 'The last admin cannot be demoted',
  alreadyBanned: 'This user is already banned',
  notBanned: 'This user is not banned',
  alreadyVerified: 'This user is already verified',
  sameRole: 'This user already has that role',
} as const;

export const ZAdminUsersQuery = z.object({
  ...pageQuery({ defaultLimit: ADMIN_TOOLS_PAGE_SIZE }),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z.enum(USER_STATUSES, { error: 'Status must be active, banned or pending' }).optional(),
  role: z.enum(USER_ROLES, { error: 'Role must be user, moderator or admin' }).optional(),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** Spec 002 §3 "Admin-tools user" (with `id` for `_id`, as every answer of this API). */
export const ZAdminUser = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  isVerified: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  contestsCreated: z.number().int(),
  entriesSubmitted: z.number().int(),
  /** Strikes on the account (warnings, removed content, bans). */
  violations: z.number().int(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersPage = z.object({ users: z.array(ZAdminUser), pagination: ZPagination });
export type TAdminUsersPage = z.infer<typeof ZAdminUsersPage>;

/** Spec 002 §3 "Dashboard stats (admin tools)"; monthlyRevenue in kobo, null without finance.read. */
export const ZAdminDashboardStats = z.object({
  users: z.object({ active: z.number().int(), recentlyActive: z.number().int(), banned: z.number().int() }),
  financial: z.object({
    monthlyRevenue: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'platform revenue this WAT calendar month, in kobo (integer; ₦1 = 100 kobo); null without finance.read' }),
  }),
});
export type TAdminDashboardStats = z.infer<typeof ZAdminDashboardStats>;

/** A staff action's row in the user's file (the audit log rows whose target is the user). */
export const ZAdminUserAuditRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
});

export const ZAdminUserDetail = z.object({
  user: ZAdminUser,
  strikes: z.array(ZStrikeView),
  appeals: z.array(ZAppealView),
  openSessions: z.number().int(),
  auditTrail: z.array(ZAdminUserAuditRow),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

const reasonText = z.string({ error: ADMIN_USER_MESSAGES.banReasonRequired }).trim().max(1000, 'Reason must be at most 1000 characters');

export const ZUserStatusChange = z
  .object({
    status: z.enum(['banned', 'active'], { error: 'Status must be banned or active' }),
    reason: reasonText.optional(),
  })
  .superRefine((v, c) => {
    if (v.status === 'banned' && !v.reason)
      c.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_USER_MESSAGES.banReasonRequired });
  });
export type TUserStatusChange = z.infer<typeof ZUserStatusChange>;

export const ZUserRoleChange = z.object({ role: z.enum(USER_ROLES, { error: 'Role must be user, moderator or admin' }) });
export type TUserRoleChange = z.infer<typeof ZUserRoleChange>;

/** Seniority of the roles: a staff member acts only on accounts below their own. */
export const ROLE_RANK: Record<UserRole, number> = { user: 0, moderator: 1, admin: 2 };

/** May someone of `actor` role ban, unban or verify an account of `target` role? (strictly below) */
export const outranks = (actor: UserRole, target: UserRole): boolean => ROLE_RANK[actor] > ROLE_RANK[target];

/** Does `role` hold only permissions `actor` holds? (nobody grants what they lack) */
export const canGrantRole = (actor: UserRole, role: UserRole): boolean =>
  [...ROLE_PERMISSIONS[role]].every((p) => ROLE_PERMISSIONS[actor].has(p));
