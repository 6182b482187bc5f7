import { MESSAGES, type TPublicUser, type TUpdateProfile } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError, sqlState } from '../../lib/errors.js';
import { recordFingerprint } from './fingerprints.js';
import { findUserById, findUserIdByPhone, updateUser } from './users.repository.js';
import { effectivePreferences, loadPublicUser } from './users.service.js';

const phoneTaken = () =>
  new AppError(409, MESSAGES.register.PHONE_ALREADY_EXISTS, 'PHONE_ALREADY_EXISTS', {
    errors: { phone: MESSAGES.register.PHONE_ALREADY_EXISTS },
  });

/** PUT /auth/profile. Email is not editable; preferences merge over what is stored. */
export async function updateProfile(ctx: AppContext, userId: string, input: TUpdateProfile): Promise<TPublicUser> {
  const current = await findUserById(ctx.db, userId);
  if (!current) throw AppError.unauthorized();
  if (await findUserIdByPhone(ctx.db, input.phone, userId)) throw phoneTaken();

  const preferences = input.preferences
    ? {
        ...effectivePreferences(current.preferences),
        ...input.preferences,
        notifications: { ...effectivePreferences(current.preferences).notifications, ...input.preferences.notifications },
      }
    : current.preferences;
  try {
    await ctx.db.transaction(async (tx) => {
      await updateUser(tx, userId, {
        fullName: input.fullName,
        phone: input.phone,
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.location?.state !== undefined ? { locationState: input.location.state } : {}),
        ...(input.location?.city !== undefined ? { locationCity: input.location.city } : {}),
        preferences,
        updatedAt: now(),
      });
      await recordFingerprint(tx, userId, 'phone', input.phone);
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw phoneTaken();
    throw err;
  }
  return (await loadPublicUser(ctx.db, userId))!;
}
