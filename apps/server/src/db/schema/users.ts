import { sql } from 'drizzle-orm';
import type { TPreferences } from '@contesthub/shared';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type UserPreferences = TPreferences;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    username: text('username').notNull(),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    /** Normalised to +234XXXXXXXXXX. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    subscriptionTier: text('subscription_tier', { enum: ['free', 'basic_premium', 'professional'] })
      .notNull()
      .default('free'),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    isVerified: boolean('is_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** active | banned; deactivation is separate (isActive) because a deactivated user is not banned. */
    status: text('status', { enum: ['active', 'banned', 'pending'] })
      .notNull()
      .default('active'),
    isActive: boolean('is_active').notNull().default(true),
    banReason: text('ban_reason'),
    profilePicture: text('profile_picture'),
    bio: text('bio'),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender', { enum: ['male', 'female'] }),
    locationState: text('location_state'),
    locationCity: text('location_city'),
    preferences: jsonb('preferences').$type<UserPreferences>().notNull().default({}),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    loginAlerts: boolean('login_alerts').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    /** Secret from /2fa/setup awaiting its first valid code; becomes twoFactorSecret on enable. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    lastPasswordChange: timestamp('last_password_change', { withTimezone: true }),
    monthlyContestCount: integer('monthly_contest_count').notNull().default(0),
    lastContestReset: timestamp('last_contest_reset', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredBy),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every refresh token ever issued for a session, by sha256 (the token itself is never stored).
 * A token is good once: using it marks it used and issues the next; presenting a used one is a
 * replay and revokes the session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Small key/value facts about this database (demo seed version and the like). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes sent by mail (email verification, password reset). Only an HMAC of the code is
 * stored; a code expires, allows a few attempts, and is consumed on success.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['email_verification', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Two-factor backup codes, stored hashed; each works once. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/**
 * Who referred whom, and the two rewards. The credits themselves move through the ledger with
 * references derived from the referee (referral:referrer:<id>, referral:referee:<id>), so each is
 * paid exactly once.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refereeId: uuid('referee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Credit units (hundredths). */
    referrerReward: bigint('referrer_reward', { mode: 'number' }).notNull(),
    refereeReward: bigint('referee_reward', { mode: 'number' }).notNull(),
    referrerRewardedAt: timestamp('referrer_rewarded_at', { withTimezone: true }),
    refereeRewardedAt: timestamp('referee_rewarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referrals_referee_key').on(t.refereeId), index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);

/**
 * What ties an account to a person beyond its email: every phone number it has held and every card
 * it has paid with (the gateway's card fingerprint), kept as SHA-256 digests. Rows are never
 * removed, so a phone changed away still counts. Referrals between accounts sharing one are
 * refused (a person referring themself), and the fraud screens read the same table.
 */
export const accountFingerprints = pgTable(
  'account_fingerprints',
  {
    kind: text('kind', { enum: ['phone', 'card'] }).notNull(),
    /** hex SHA-256 of the normalised value (+234… phone number, gateway card signature). */
    digest: text('digest').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.digest, t.userId] }), index('account_fingerprints_user_idx').on(t.userId)],
);
