/** Verify (spec 002 §2.1: offered only while the user is not verified): marks the account verified. */
import { ADMIN_USER_MESSAGES, type TAdminUser } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now as clockNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { StaffActor } from '../../lib/http.js';
import { appendAudit } from '../audit/audit.js';
import { toAdminUser } from './admin-users.dto.js';
import { findAdminUser, setUserVerified } from './admin-users.repository.js';
import { lockActionTarget } from './user-status.js';

export async function verifyUser(ctx: AppContext, actor: StaffActor, userId: string): Promise<TAdminUser> {
  const at = clockNow();
  await ctx.db.transaction(async (tx) => {
    const target = await lockActionTarget(tx, actor, userId);
    if (target.isVerified) throw AppError.conflict(ADMIN_USER_MESSAGES.alreadyVerified);
    await setUserVerified(tx, userId, at);
    await appendAudit(
      tx,
      actor,
      { action: 'user.verify', targetType: 'user', targetId: userId, before: { isVerified: false }, after: { isVerified: true } },
      at,
    );
  });
  const row = await findAdminUser(ctx.db, userId);
  return toAdminUser(row!);
}
