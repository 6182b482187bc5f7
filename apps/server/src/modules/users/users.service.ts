import type { CreditUnits } from '@contesthub/shared';
import { randomInt } from 'node:crypto';
import { DEFAULT_PREFERENCES, profileCompletion, unitsToCredits, watMonth, type TPreferences, type TPublicUser } from '@contesthub/shared';
import { recordFingerprint } from './fingerprints.js';
import type { DbOrTx } from '../../db/client.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  referralCodeTaken,
  updateUser,
  usernameTaken,
  type UserRow,
} from './users.repository.js';
import { now } from '../../lib/clock.js';
import { sqlConstraint, sqlState } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { userBalances } from '../ledger/ledger.js';
import type { AppContext } from '../../context.js';

export type { UserRow } from './users.repository.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/**
 * Contests created this WAT calendar month. The stored counter is only reset by the next creation,
 * so a counter from an earlier month means none yet.
 */
export function contestsUsedThisMonth(user: Pick<UserRow, 'monthlyContestCount' | 'lastContestReset'>, at: Date): number {
  return user.lastContestReset && watMonth(user.lastContestReset) === watMonth(at) ? user.monthlyContestCount : 0;
}

/** The user as the API shows it. Secrets (hashes, 2FA secret) never leave this function. */
export function toPublicUser(row: UserRow, creditUnits: CreditUnits): TPublicUser {
  return {
    _id: row.id,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    profilePicture: row.profilePicture,
    role: row.role,
    subscriptionTier: row.subscriptionTier,
    subscriptionExpiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    voteCredits: unitsToCredits(creditUnits),
    isVerified: row.isVerified,
    profileCompletion: profileCompletion({
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      profilePicture: row.profilePicture,
      bio: row.bio,
      dateOfBirth: row.dateOfBirth,
      gender: row.gender,
      state: row.locationState,
      city: row.locationCity,
    }),
    bio: row.bio,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    location: { state: row.locationState, city: row.locationCity },
    preferences: effectivePreferences(row.preferences),
    monthlyContestCount: contestsUsedThisMonth(row, now()),
    referralCode: row.referralCode,
    referral: { referredBy: row.referredBy },
    twoFactorEnabled: row.twoFactorEnabled,
    loginAlerts: row.loginAlerts,
    lastPasswordChange: row.lastPasswordChange?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastActive: row.lastActiveAt?.toISOString() ?? null,
  };
}

/** Stored preferences over the spec's defaults (a new user has stored none). */
export function effectivePreferences(stored: TPreferences | null | undefined): TPreferences {
  return {
    ...DEFAULT_PREFERENCES,
    ...stored,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...stored?.notifications },
  };
}

export async function loadPublicUser(db: DbOrTx, userId: string): Promise<TPublicUser | undefined> {
  const row = await findUserById(db, userId);
  if (!row) return undefined;
  const { creditUnits } = await userBalances(db, userId);
  return toPublicUser(row, creditUnits);
}

/** A unique username from the full name: "Ada Obi" → "adaobi", then "adaobi4821" when taken. */
export async function uniqueUsername(db: DbOrTx, fullName: string): Promise<string> {
  const base =
    fullName
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20) || 'user';
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 99999)}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `${base}${Date.now().toString(36)}`;
}

export async function uniqueReferralCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = randomCode(8);
    if (!(await referralCodeTaken(db, code))) return code;
  }
}

export interface NewUser {
  fullName: string;
  email: string;
  phone?: string | null;
  password: string;
  role?: UserRow['role'];
  isVerified?: boolean;
  subscriptionTier?: UserRow['subscriptionTier'];
  bio?: string | null;
  locationState?: string | null;
  locationCity?: string | null;
  gender?: UserRow['gender'];
}

/** Generated handles that another sign-up may take between our check and our insert. */
const GENERATED_UNIQUE = new Set(['users_username_key', 'users_referral_code_key']);

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  // uniqueUsername and uniqueReferralCode check, then the insert claims: two sign-ups with the same
  // name at the same moment can both pass the check. The loser (inside a savepoint, so the caller's
  // transaction goes on) draws new handles and tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((sp) => insertNewUser(sp, input, passwordHash));
    } catch (err) {
      const constraint = sqlState(err) === '23505' ? sqlConstraint(err) : undefined;
      if (attempt >= 5 || !constraint || !GENERATED_UNIQUE.has(constraint)) throw err;
    }
  }
}

async function insertNewUser(db: DbOrTx, input: NewUser, passwordHash: string): Promise<UserRow> {
  const row = await insertUser(db, {
    fullName: input.fullName,
    email: input.email.toLowerCase(),
    phone: input.phone ?? null,
    passwordHash,
    role: input.role ?? 'user',
    isVerified: input.isVerified ?? false,
    emailVerifiedAt: input.isVerified ? new Date() : null,
    subscriptionTier: input.subscriptionTier ?? 'free',
    username: await uniqueUsername(db, input.fullName),
    referralCode: await uniqueReferralCode(db),
    bio: input.bio ?? null,
    locationState: input.locationState ?? null,
    locationCity: input.locationCity ?? null,
    gender: input.gender ?? null,
    preferences: {},
  });
  await recordFingerprint(db, row.id, 'phone', row.phone);
  return row;
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: how a real deployment gets its first admin. The account is created
 * when missing and promoted when it exists; an existing password is left alone so a password
 * changed in the app is not silently reset by the next restart.
 */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin;
  if (!admin) return;
  const existing = await findUserByEmail(ctx.db, admin.email);
  if (!existing) {
    await createUser(ctx.db, { fullName: 'Administrator', email: admin.email, password: admin.password, role: 'admin', isVerified: true });
    ctx.log.info(`admin account created for ${admin.email}`);
    return;
  }
  if (existing.role !== 'admin' || !existing.isVerified) {
    await updateUser(ctx.db, existing.id, { role: 'admin', isVerified: true, emailVerifiedAt: existing.emailVerifiedAt ?? new Date() });
    ctx.log.info(`${admin.email} promoted to admin`);
  }
}
