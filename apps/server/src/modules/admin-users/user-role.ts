/**
 * Role changes (issue 15 item 1; roles.manage, admins only): nobody changes their own role, nobody
 * grants a role holding a permission they lack, and the last admin cannot be demoted (every admin row
 * locked first, then counted, so two admins demoting each other at once cannot both succeed). The
 * guard reads the role from the session look-up on every request, so the new role holds from the
 * person's next request on.
 */
import { ADMIN_USER_MESSAGES, canGrantRole, type TAdminUser, type UserRole } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { userRoleChanged } from '../users/users.events.js';
import { toAdminUser } from './admin-users.dto.js';
import { findAdminUser, lockAdmins, lockTarget, setUserRole } from './admin-users.repository.js';

export async function changeRole(ctx: AppContext, actor: StaffActor, userId: string, role: UserRole): Promise<TAdminUser> {
  if (userId === actor.userId) throw AppError.forbidden(ADMIN_USER_MESSAGES.notOwnRole);
  if (!canGrantRole(actor.role, role)) throw AppError.forbidden(ADMIN_USER_MESSAGES.grantBeyondOwn);
  const at = clockNow();
  await ctx.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = await lockTarget(tx, userId);
    if (!target) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
    if (!canGrantRole(actor.role, target.role)) throw AppError.forbidden(ADMIN_USER_MESSAGES.rankTooHigh);
    if (target.role === role) throw AppError.conflict(ADMIN_USER_MESSAGES.sameRole);
    if (target.role === 'admin' && admins.length <= 1) throw AppError.conflict(ADMIN_USER_MESSAGES.lastAdmin);
    // The caller's role was read before the locks: one demoted meanwhile (by a concurrent change) may not act.
    if (!admins.includes(actor.userId)) throw AppError.forbidden();
    await setUserRole(tx, userId, role, at);
    await appendAudit(
      tx,
      actor,
      { action: 'user.role_change', targetType: 'user', targetId: userId, before: { role: target.role }, after: { role } },
      at,
    );
    await recordEvent(
      tx,
      userRoleChanged,
      { userId, actorId: actor.userId, from: target.role, to: role, at: at.toISOString() },
      { actorId: actor.userId },
    );
  });
  const row = await findAdminUser(ctx.db, userId);
  return toAdminUser(row!);
}
