/** The Admin Tools reads: the top cards, the user list, one user's file. */
import {
  ADMIN_USER_MESSAGES,
  hasPermission,
  pageOf,
  pageOffset,
  RECENTLY_ACTIVE_DAYS,
  watMonthStart,
  type TAdminDashboardStats,
  type TAdminUserDetail,
  type TAdminUsersPage,
  type TAdminUsersQuery,
} from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { listAuditLog } from '../audit/audit-log.js';
import { liveSessionCount } from '../auth/sessions.js';
import { platformRevenueBetween } from '../ledger/ledger.js';
import { strikeViews } from '../standing/standing.js';
import { toAdminUser } from './admin-users.dto.js';
import { countUsers, findAdminUser, listUsers, userCounts } from './admin-users.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The top cards: active, recently active (activity or login in the last 30 days) and banned users;
 * the platform's revenue in naira (kobo) this WAT calendar month, from the ledger, for finance.read
 * holders only (null for a moderator).
 */
export async function dashboardStats(ctx: AppContext, auth: Pick<AuthInfo, 'role'>): Promise<TAdminDashboardStats> {
  const at = clockNow();
  const users = await userCounts(ctx.db, new Date(at.getTime() - RECENTLY_ACTIVE_DAYS * DAY_MS));
  const monthlyRevenue = hasPermission(auth, 'finance.read') ? await platformRevenueBetween(ctx.db, 'NGN', watMonthStart(at), at) : null;
  return { users, financial: { monthlyRevenue } };
}

export async function listAdminUsers(ctx: AppContext, q: TAdminUsersQuery): Promise<TAdminUsersPage> {
  const [rows, total] = [await listUsers(ctx.db, q, pageOffset(q)), await countUsers(ctx.db, q)];
  return { users: rows.map(toAdminUser), pagination: pageOf(q, total) };
}

/** How many of the staff actions about a user their file shows. */
const TRAIL_LENGTH = 10;

export async function adminUserDetail(ctx: AppContext, id: string): Promise<TAdminUserDetail> {
  const row = await findAdminUser(ctx.db, id);
  if (!row) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  const strikes = await strikeViews(ctx.db, id);
  const trail = await listAuditLog(ctx, { page: 1, limit: TRAIL_LENGTH, targetType: 'user', target: id });
  return {
    user: toAdminUser(row),
    strikes,
    appeals: strikes.flatMap((s) => (s.appeal ? [s.appeal] : [])),
    openSessions: await liveSessionCount(ctx, id),
    auditTrail: trail.entries.map((e) => ({
      id: e.id,
      createdAt: e.createdAt,
      action: e.action,
      actorName: e.actor?.fullName ?? null,
      reason: e.reason,
    })),
  };
}
