/**
 * Ban and unban (spec 002 §2.1, §4, §5, §8; issue 15). A ban, in one transaction: the account
 * banned with its reason, every session revoked (its access tokens are refused from the commit on),
 * a strike of kind ban (the person sees it on their standing and may appeal it), the audit row and
 * user.banned (the ban mail with the reason, and what other modules hold). After the commit the
 * person's live streams close on every instance. Unban is the way back: status active, reason
 * cleared, user.unbanned (a mail).
 *
 * Who may: a staff member holding users.moderate, never on themself, only on an account whose role
 * is below their own (a moderator bans users; an admin bans users and moderators).
 */
import { ADMIN_USER_MESSAGES, outranks, type TAdminUser } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now as clockNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { revokeUserSessionsIn } from '../auth/sessions.js';
import { issueStrike } from '../standing/strikes.js';
import { userBanned, userUnbanned } from '../users/users.events.js';
import { toAdminUser } from './admin-users.dto.js';
import { findAdminUser, lockTarget, setUserStatus, type AdminUserRow } from './admin-users.repository.js';

/** The target of a staff action on an account, locked; refused on oneself and on equal or higher roles. */
export async function lockActionTarget(tx: Tx, actor: StaffActor, userId: string): Promise<AdminUserRow> {
  if (userId === actor.userId) throw AppError.forbidden(ADMIN_USER_MESSAGES.notSelf);
  const target = await lockTarget(tx, userId);
  if (!target) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  if (!outranks(actor.role, target.role)) throw AppError.forbidden(ADMIN_USER_MESSAGES.rankTooHigh);
  return target;
}

export interface BanInput {
  userId: string;
  reason: string;
  /** The item that led to the ban (a report), kept on the strike. */
  related?: { type: string; id: string } | undefined;
}

/**
 * The ban's writes in the caller's transaction (moderation's "ban the author" calls this too); the
 * caller calls `ctx.realtime.closeUser(userId)` after the commit (banUser does).
 */
export async function applyBan(tx: Tx, actor: StaffActor, input: BanInput, at: Date = clockNow()): Promise<void> {
  const target = await lockActionTarget(tx, actor, input.userId);
  if (target.status === 'banned') throw AppError.conflict(ADMIN_USER_MESSAGES.alreadyBanned);
  await setUserStatus(tx, target.id, { status: 'banned', banReason: input.reason, at });
  await revokeUserSessionsIn(tx, target.id, 'account banned', at);
  await issueStrike(tx, actor, { userId: target.id, kind: 'ban', reason: input.reason, related: input.related }, at);
  await appendAudit(
    tx,
    actor,
    {
      action: 'user.ban',
      targetType: 'user',
      targetId: target.id,
      reason: input.reason,
      before: { status: target.status, banReason: target.banReason },
      after: { status: 'banned', banReason: input.reason, sessionsRevoked: true },
    },
    at,
  );
  await recordEvent(
    tx,
    userBanned,
    { userId: target.id, actorId: actor.userId, reason: input.reason, at: at.toISOString() },
    { actorId: actor.userId },
  );
}

/**
 * The unban's writes in the caller's transaction (an approved appeal of a ban calls this too).
 * `reason` is why (staff's note), kept in the audit row.
 */
export async function applyUnban(tx: Tx, actor: StaffActor, userId: string, reason: string | null, at: Date = clockNow()): Promise<void> {
  const target = await lockActionTarget(tx, actor, userId);
  if (target.status !== 'banned') throw AppError.conflict(ADMIN_USER_MESSAGES.notBanned);
  await setUserStatus(tx, target.id, { status: 'active', banReason: null, at });
  await appendAudit(
    tx,
    actor,
    {
      action: 'user.unban',
      targetType: 'user',
      targetId: target.id,
      reason,
      before: { status: 'banned', banReason: target.banReason },
      after: { status: 'active', banReason: null },
    },
    at,
  );
  await recordEvent(tx, userUnbanned, { userId: target.id, actorId: actor.userId, at: at.toISOString() }, { actorId: actor.userId });
}

async function reload(ctx: AppContext, userId: string): Promise<TAdminUser> {
  const row = await findAdminUser(ctx.db, userId);
  if (!row) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  return toAdminUser(row);
}

/** PUT /api/admin-tools/users/{id}/status {status: 'banned', reason}. */
export async function banUser(ctx: AppContext, actor: StaffActor, input: BanInput): Promise<TAdminUser> {
  await ctx.db.transaction((tx) => applyBan(tx, actor, input));
  ctx.realtime.closeUser(input.userId);
  return reload(ctx, input.userId);
}

/** PUT /api/admin-tools/users/{id}/status {status: 'active'}. */
export async function unbanUser(ctx: AppContext, actor: StaffActor, userId: string, reason: string | null): Promise<TAdminUser> {
  await ctx.db.transaction((tx) => applyUnban(tx, actor, userId, reason));
  return reload(ctx, userId);
}
