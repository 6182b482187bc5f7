import { and, eq, ne } from 'drizzle-orm';
import { MESSAGES, type TPublicUser, type TUpdateProfile } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { AppError, sqlState } from '../../lib/errors.js';
import { recordFingerprint } from './fingerprints.js';
import { effectivePreferences, loadPublicUser } from './users.service.js';

const phoneTaken = () =>
  new AppError(409, MESSAGES.register.PHONE_ALREADY_EXISTS, 'PHONE_ALREADY_EXISTS', {
    errors: { phone: MESSAGES.register.PHONE_ALREADY_EXISTS },
  });

/** PUT /auth/profile. Email is not editable; preferences merge over what is stored. */
export async function updateProfile(ctx: AppContext, userId: string, input: TUpdateProfile): Promise<TPublicUser> {
  const [current] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!current) throw AppError.unauthorized();
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), ne(users.id, userId)));
  if (other) throw phoneTaken();

  const preferences = input.preferences
    ? {
        ...effectivePreferences(current.preferences),
        ...input.preferences,
        notifications: { ...effectivePreferences(current.preferences).notifications, ...input.preferences.notifications },
      }
    : current.preferences;
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          fullName: input.fullName,
          phone: input.phone,
          ...(input.bio !== undefined ? { bio: input.bio } : {}),
          ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
          ...(input.gender !== undefined ? { gender: input.gender } : {}),
          ...(input.location?.state !== undefined ? { locationState: input.location.state } : {}),
          ...(input.location?.city !== undefined ? { locationCity: input.location.city } : {}),
          preferences,
          updatedAt: now(),
        })
        .where(eq(users.id, userId));
      await recordFingerprint(tx, userId, 'phone', input.phone);
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw phoneTaken();
    throw err;
  }
  return (await loadPublicUser(ctx.db, userId))!;
}
