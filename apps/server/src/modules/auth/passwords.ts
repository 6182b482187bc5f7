/** Forgotten password (a reset code by mail, sent directly), reset, and change while signed in. */
import { MESSAGES } from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { updateUser } from '../users/users.repository.js';
import { passwordChanged } from './auth.events.js';
import { assertCooldownOver, consumeCode, issueCode } from './codes.js';
import { resetMail } from './mails.js';
import { revokeAllSessions, userByEmail, userById } from './sessions.js';

export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await userByEmail(ctx, email);
  // The same answer whether or not the account exists.
  if (!user || user.status === 'banned') return;
  await assertCooldownOver(ctx.db, user.id, 'password_reset');
  const code = await issueCode(ctx, ctx.db, user.id, 'password_reset');
  await ctx.mailer.send(resetMail(user.email, user.fullName, code, ctx.config.publicUrl));
}

export async function resetPassword(ctx: AppContext, input: { email: string; code: string; password: string }): Promise<void> {
  const user = await userByEmail(ctx, input.email);
  if (!user) throw new AppError(400, MESSAGES.accounts.resetInvalid, 'INVALID_CODE');
  const result = await consumeCode(ctx, ctx.db, user.id, 'password_reset', input.code);
  if (result !== 'ok') throw new AppError(result === 'locked' ? 429 : 400, MESSAGES.accounts.resetInvalid, 'INVALID_CODE');
  const at = now();
  await updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(input.password),
    lastPasswordChange: at,
    failedLoginCount: 0,
    lockedUntil: null,
    updatedAt: at,
  });
  await revokeAllSessions(ctx, user.id, 'password reset');
  await recordEvent(ctx.db, passwordChanged, { userId: user.id, at: at.toISOString(), how: 'reset' }, { actorId: user.id });
}

export async function changePassword(
  ctx: AppContext,
  auth: AuthInfo,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await userById(ctx, auth.userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, MESSAGES.accounts.currentPasswordWrong, 'INVALID_PASSWORD', {
      errors: { currentPassword: MESSAGES.accounts.currentPasswordWrong },
    });
  }
  const at = now();
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword), lastPasswordChange: at, updatedAt: at });
  await revokeAllSessions(ctx, user.id, 'password changed', auth.sessionId);
  await recordEvent(ctx.db, passwordChanged, { userId: user.id, at: at.toISOString(), how: 'changed' }, { actorId: user.id });
}
