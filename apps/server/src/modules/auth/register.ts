/** Registration and email verification (the verification code is mailed directly: it is never stored in an event). */
import { MESSAGES, type TRegister, type TRegisterResult, type TVerifyEmailResult } from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError, sqlState } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { applyReferral, grantRefereeBonus } from '../referrals/referrals.service.js';
import { findUserIdByPhone, updateUser, type UserRow } from '../users/users.repository.js';
import { createUser } from '../users/users.service.js';
import { emailVerified, userRegistered } from './auth.events.js';
import { assertCooldownOver, consumeCode, issueCode } from './codes.js';
import { verificationMail } from './mails.js';
import { accessToken, issueSession, publicUser, userByEmail, userById, type ClientMeta } from './sessions.js';

async function sendVerificationCode(ctx: AppContext, user: UserRow): Promise<boolean> {
  const code = await issueCode(ctx, ctx.db, user.id, 'email_verification');
  return ctx.mailer.send(verificationMail(user.email, user.fullName, code));
}

export async function register(ctx: AppContext, input: TRegister, meta: ClientMeta): Promise<TRegisterResult> {
  if (await userByEmail(ctx, input.email))
    throw new AppError(409, MESSAGES.register.EMAIL_ALREADY_EXISTS, 'EMAIL_ALREADY_EXISTS', {
      errors: { email: MESSAGES.register.EMAIL_ALREADY_EXISTS },
    });
  if (await findUserIdByPhone(ctx.db, input.phone))
    throw new AppError(409, MESSAGES.register.PHONE_ALREADY_EXISTS, 'PHONE_ALREADY_EXISTS', {
      errors: { phone: MESSAGES.register.PHONE_ALREADY_EXISTS },
    });

  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const created = await createUser(tx, { fullName: input.fullName, email: input.email, phone: input.phone, password: input.password });
      const referral = input.referralCode ? await applyReferral(tx, created.id, input.referralCode) : undefined;
      await recordEvent(tx, userRegistered, { userId: created.id, referredBy: referral?.referrerId ?? null }, { actorId: created.id });
      return created;
    });
  } catch (err) {
    // Two registrations racing for the same address: the unique index decides.
    if (sqlState(err) === '23505') {
      const detail = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? '');
      if (detail.includes('phone')) throw new AppError(409, MESSAGES.register.PHONE_ALREADY_EXISTS, 'PHONE_ALREADY_EXISTS');
      throw new AppError(409, MESSAGES.register.EMAIL_ALREADY_EXISTS, 'EMAIL_ALREADY_EXISTS');
    }
    throw err;
  }
  const emailSent = await sendVerificationCode(ctx, user);
  const { token, refreshToken } = await issueSession(ctx, user, meta, false);
  return { user: await publicUser(ctx, user.id), token, refreshToken, emailSent };
}

export async function verifyEmail(
  ctx: AppContext,
  input: { code: string; email?: string | undefined },
  auth: AuthInfo | undefined,
  meta: ClientMeta,
): Promise<TVerifyEmailResult> {
  const user = auth ? await userById(ctx, auth.userId) : input.email ? await userByEmail(ctx, input.email) : undefined;
  if (!user) {
    if (!auth && !input.email)
      throw AppError.badRequest('Please enter your email address', { errors: { email: 'Please enter your email address' } });
    throw new AppError(400, MESSAGES.accounts.codeExpired, 'INVALID_CODE');
  }
  if (user.isVerified) throw new AppError(400, MESSAGES.accounts.alreadyVerified, 'ALREADY_VERIFIED');

  const result = await consumeCode(ctx, ctx.db, user.id, 'email_verification', input.code);
  if (result === 'locked') throw new AppError(429, MESSAGES.accounts.tooManyCodeAttempts, 'INVALID_CODE');
  if (result === 'expired') throw new AppError(400, MESSAGES.accounts.codeExpired, 'INVALID_CODE');
  if (result === 'invalid') throw new AppError(400, MESSAGES.accounts.invalidVerificationCode, 'INVALID_CODE');

  const bonusCredits = await ctx.db.transaction(async (tx) => {
    const at = now();
    await updateUser(tx, user.id, { isVerified: true, emailVerifiedAt: at, updatedAt: at });
    await recordEvent(tx, emailVerified, { userId: user.id, at: at.toISOString() }, { actorId: user.id });
    return grantRefereeBonus(tx, user.id);
  });
  const verified = await publicUser(ctx, user.id);
  const referral = bonusCredits > 0 ? { referral: { bonusCredits } } : {};
  if (auth) return { user: verified, token: await accessToken(ctx, user, auth.sessionId), ...referral };
  const { token, refreshToken } = await issueSession(ctx, user, meta, false);
  return { user: verified, token, refreshToken, ...referral };
}

export async function resendVerification(ctx: AppContext, email: string): Promise<{ emailSent: boolean; retryAfterSeconds: number }> {
  const user = await userByEmail(ctx, email);
  // Unknown addresses get the same answer, so the endpoint cannot be used to list accounts.
  if (!user) return { emailSent: true, retryAfterSeconds: 60 };
  if (user.isVerified) throw new AppError(400, MESSAGES.accounts.alreadyVerified, 'ALREADY_VERIFIED');
  await assertCooldownOver(ctx.db, user.id, 'email_verification');
  return { emailSent: await sendVerificationCode(ctx, user), retryAfterSeconds: 60 };
}
