/**
 * Account contracts: the forms and the routes validate with these same schemas, and every
 * message is the spec's text (spec 000 §5, 001 §5).
 */
import { z } from 'zod';
import { BIO_MAX_LENGTH, PASSWORD_MIN, REFERRAL, VERIFICATION_CODE_LENGTH } from '../constants.js';
import { GENDERS, NIGERIAN_STATES, SUBSCRIPTION_TIERS, USER_ROLES } from '../enums.js';
import { MESSAGES } from '../errors.js';

// ---------- building blocks ----------

/**
 * Forms send '' for an untouched optional field. Mapping it before validation keeps the field's
 * own message on a real error (a union with z.literal('') would report 'Invalid input').
 */
const blankAs = <T extends z.ZodType>(empty: null | undefined, schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? empty : v), schema);

/** Optional +234, 234 or 0 prefix, then 7, 8 or 9, then 0 or 1, then 8 digits. */
export const NIGERIAN_PHONE = /^(?:\+?234|0)?[789][01]\d{8}$/;
export const PHONE_EXAMPLE = '08012345678';
export const PHONE_MESSAGE = `Please enter a valid Nigerian phone number (e.g., ${PHONE_EXAMPLE})`;

/** One stored form for every accepted spelling: +234 followed by the 10 national digits. */
export function normalizeNigerianPhone(input: string): string {
  const compact = input.replace(/[\s\-().]/g, '');
  return `+234${compact.slice(-10)}`;
}

const FULL_NAME = /^[\p{L}\s]+$/u;
export const zFullName = z
  .string({ error: 'Please enter your full name' })
  .trim()
  .min(1, 'Please enter your full name')
  .min(2, 'Full name must be at least 2 characters')
  .max(100, 'Full name cannot exceed 100 characters')
  .regex(FULL_NAME, 'Full name can only contain letters and spaces');

export const zEmail = z
  .string({ error: 'Please provide a valid email address' })
  .trim()
  .min(1, 'Please provide a valid email address')
  .max(254, { message: 'Please provide a valid email address', abort: true })
  .pipe(z.email('Please provide a valid email address'))
  .transform((v) => v.toLowerCase());

export const zPhone = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(32, { message: PHONE_MESSAGE, abort: true })
  .transform((v) => v.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(NIGERIAN_PHONE, PHONE_MESSAGE))
  .transform(normalizeNigerianPhone);

/**
 * At least one lowercase letter, one uppercase letter and one digit. Anchored, and each look-ahead
 * skips only what cannot match, so it is linear in the length (the unanchored `(?=.*[a-z])…` form
 * retried from every position: 100 KB took 17 s). The length check before it aborts, so it never
 * sees more than 128 characters anyway.
 */
export const MIXED_CASE_DIGIT = /^(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\D*\d)/;

/** A length check that stops the chain: the patterns after it never run on overlong input. */
const PASSWORD_MAX = 128;
const passwordMax = { message: `Password cannot exceed ${PASSWORD_MAX} characters`, abort: true } as const;

/** Registration password: 6+ with lower, upper and digit. */
export const zRegisterPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN.register, 'Password must be at least 6 characters long')
  .max(PASSWORD_MAX, passwordMax)
  .regex(MIXED_CASE_DIGIT, 'Password must contain at least one lowercase letter, one uppercase letter, and one number');

/** Reset password: 8+ with upper, lower and digit. */
export const zResetPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN.reset, 'Password must be at least 8 characters long')
  .max(PASSWORD_MAX, passwordMax)
  .regex(MIXED_CASE_DIGIT, 'Password must contain at least one uppercase letter, one lowercase letter, and one number');

export const zReferralCode = z
  .string({ error: 'Please enter a referral code' })
  .trim()
  .min(1, 'Please enter a referral code')
  .max(REFERRAL.codeMaxLength, `Referral code cannot exceed ${REFERRAL.codeMaxLength} characters`)
  .transform((v) => v.toUpperCase());

const sixDigits = (required: string, length: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), length);

// ---------- requests ----------

export const ZRegister = z
  .object({
    fullName: zFullName,
    email: zEmail,
    phone: zPhone,
    password: zRegisterPassword,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
    referralCode: blankAs(
      undefined,
      z
        .string()
        .trim()
        .max(REFERRAL.codeMaxLength, `Referral code cannot exceed ${REFERRAL.codeMaxLength} characters`)
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type TRegister = z.infer<typeof ZRegister>;
export type TRegisterInput = z.input<typeof ZRegister>;

export const ZLogin = z.object({
  email: z
    .string({ error: MESSAGES.login.fillAllFields })
    .trim()
    .min(1, MESSAGES.login.fillAllFields)
    .max(254, { message: 'Please provide a valid email address', abort: true })
    .pipe(z.email('Please provide a valid email address'))
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: MESSAGES.login.fillAllFields }).min(1, MESSAGES.login.fillAllFields),
  rememberMe: z.boolean().optional(),
  twoFactorToken: blankAs(
    undefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, MESSAGES.login.INVALID_2FA_TOKEN)
      .optional(),
  ),
  backupCode: blankAs(
    undefined,
    z
      .string()
      .trim()
      .max(32, MESSAGES.login.INVALID_BACKUP_CODE)
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
});
export type TLogin = z.infer<typeof ZLogin>;
export type TLoginInput = z.input<typeof ZLogin>;

export const ZRefresh = z.object({ refreshToken: z.string().min(1, 'Refresh token is required') });

export const ZVerificationCode = sixDigits('Please enter the verification code', 'Verification code must be 6 digits');

/** With the bearer token from registration only the code is needed; without it, the email too. */
export const ZVerifyEmail = z.object({ code: ZVerificationCode, email: zEmail.optional() });
export type TVerifyEmail = z.infer<typeof ZVerifyEmail>;

export const ZEmailOnly = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, { message: 'Please provide a valid email address', abort: true })
    .pipe(z.email('Please provide a valid email address'))
    .transform((v) => v.toLowerCase()),
});
export type TEmailOnly = z.infer<typeof ZEmailOnly>;

export const ZResetCode = sixDigits('Reset code is required', 'Reset code must be 6 digits');

export const ZResetPasswordRequest = z.object({ email: ZEmailOnly.shape.email, code: ZResetCode, password: zResetPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset form adds the confirmation, which never leaves the browser. */
export const ZResetPasswordForm = ZResetPasswordRequest.extend({
  confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export const ZChangePassword = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(PASSWORD_MIN.change, 'Password must be at least 6 characters long')
      .max(PASSWORD_MAX, passwordMax),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'New password must be different from current password',
  });
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZChangePasswordForm = z
  .object({
    currentPassword: ZChangePassword.shape.currentPassword,
    newPassword: ZChangePassword.shape.newPassword,
    confirmPassword: z.string({ error: 'Please confirm your new password' }).min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'New password must be different from current password',
  });

export const ZTwoFactorEnable = z.object({
  token: z
    .string({ error: 'Please enter the verification code from your authenticator app.' })
    .trim()
    .min(1, 'Please enter the verification code from your authenticator app.')
    .regex(/^\d{6}$/, 'The 2FA code must be 6 digits'),
});
export const ZTwoFactorDisable = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required') });
export const ZLoginAlerts = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

/** The spec's notification switches (Profile Settings → Preferences): the masters of notification delivery. */
export const ZNotificationSwitches = z.object({
  email: z.boolean(),
  push: z.boolean(),
  contestUpdates: z.boolean(),
  entryNotifications: z.boolean(),
  profileViews: z.boolean(),
  badgeAwards: z.boolean(),
});
export type TNotificationSwitches = z.infer<typeof ZNotificationSwitches>;

export const ZPreferences = z
  .object({
    profileVisibility: z.enum(['public', 'friends', 'private']),
    showEmail: z.boolean(),
    showPhone: z.boolean(),
    showLocation: z.boolean(),
    showContestActivity: z.boolean(),
    showEntryActivity: z.boolean(),
    showBadges: z.boolean(),
    showLastActive: z.boolean(),
    notifications: ZNotificationSwitches.partial(),
  })
  .partial();
export type TPreferences = z.infer<typeof ZPreferences>;

/** Defaults of spec 000 §2 Public profile → Preferences. */
export const DEFAULT_PREFERENCES = {
  profileVisibility: 'public',
  showEmail: true,
  showPhone: false,
  showLocation: true,
  showContestActivity: true,
  showEntryActivity: true,
  showBadges: true,
  showLastActive: false,
  notifications: { email: true, push: true, contestUpdates: true, entryNotifications: true, profileViews: false, badgeAwards: true },
} as const satisfies TPreferences;

const MIN_AGE_YEARS = 13;
const nullableTrimmed = (max: number, message: string) => blankAs(null, z.string().trim().max(max, message).nullable().optional());

export const ZUpdateProfile = z.object({
  fullName: zFullName,
  phone: zPhone,
  bio: nullableTrimmed(BIO_MAX_LENGTH, 'Bio cannot exceed 500 characters'),
  dateOfBirth: blankAs(
    null,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date of birth')
      .refine((v) => !Number.isNaN(Date.parse(v)), 'Please enter a valid date of birth')
      .refine((v) => {
        const dob = new Date(`${v}T00:00:00Z`);
        const limit = new Date();
        limit.setUTCFullYear(limit.getUTCFullYear() - MIN_AGE_YEARS);
        return dob <= limit;
      }, `You must be at least ${MIN_AGE_YEARS} years old`)
      .refine((v) => new Date(`${v}T00:00:00Z`).getUTCFullYear() >= 1900, 'Please enter a valid date of birth')
      .nullable()
      .optional(),
  ),
  gender: blankAs(null, z.enum(GENDERS, { error: 'Please select a gender' }).nullable().optional()),
  location: z
    .object({
      state: blankAs(null, z.enum(NIGERIAN_STATES, { error: 'Please select a state' }).nullable().optional()),
      city: nullableTrimmed(100, 'City cannot exceed 100 characters'),
    })
    .optional(),
  preferences: ZPreferences.optional(),
});
export type TUpdateProfile = z.infer<typeof ZUpdateProfile>;
export type TUpdateProfileInput = z.input<typeof ZUpdateProfile>;

export const ZReferralCodeBody = z.object({ referralCode: zReferralCode });

// ---------- answers ----------

/** The user as every API answer shows it to its owner: never a secret. */
export const ZPublicUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profilePicture: z.string().nullable(),
  role: z.enum(USER_ROLES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionExpiresAt: z.string().nullable(),
  voteCredits: z.number().meta({ description: 'voteCredits, in vote credits' }),
  monthlyContestCount: z.number().int(),
  isVerified: z.boolean(),
  profileCompletion: z.number(),
  bio: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  location: z.object({ state: z.string().nullable(), city: z.string().nullable() }),
  preferences: ZPreferences,
  referralCode: z.string(),
  referral: z.object({ referredBy: z.string().nullable() }),
  twoFactorEnabled: z.boolean(),
  loginAlerts: z.boolean(),
  lastPasswordChange: z.string().nullable(),
  createdAt: z.string(),
  lastActive: z.string().nullable(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** GET /api/auth/me and PUT /api/auth/profile. */
export const ZUserAnswer = z.object({ user: ZPublicUser });
export type TUserAnswer = z.infer<typeof ZUserAnswer>;

export const ZAuthResult = z.object({
  user: ZPublicUser,
  token: z.string(),
  refreshToken: z.string(),
});
export type TAuthResult = z.infer<typeof ZAuthResult>;

export const ZRegisterResult = ZAuthResult.extend({ emailSent: z.boolean() });
export type TRegisterResult = z.infer<typeof ZRegisterResult>;

/** refreshToken is present when verification started a new session (no bearer token was sent). */
export const ZVerifyEmailResult = z.object({
  user: ZPublicUser,
  token: z.string(),
  refreshToken: z.string().optional(),
  referral: z.object({ bonusCredits: z.number().meta({ description: 'bonusCredits, in vote credits' }) }).optional(),
});
export type TVerifyEmailResult = z.infer<typeof ZVerifyEmailResult>;

export const ZCodeSent = z.object({ emailSent: z.boolean(), retryAfterSeconds: z.number().int() });
export type TCodeSent = z.infer<typeof ZCodeSent>;

/** POST /api/auth/forgot-password: the same answer whether or not the address is known. */
export const ZResetRequested = z.object({ emailSent: z.boolean() });
export type TResetRequested = z.infer<typeof ZResetRequested>;

/** POST /api/auth/refresh: the rotated pair. */
export const ZTokens = z.object({ token: z.string(), refreshToken: z.string() });
export type TTokens = z.infer<typeof ZTokens>;

export const ZSession = z.object({
  sessionId: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  lastActivity: z.string(),
  createdAt: z.string(),
  location: z.object({ city: z.string().nullable(), state: z.string().nullable() }).nullable(),
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

/** GET /api/auth/sessions. */
export const ZSessionList = z.object({ sessions: z.array(ZSession) });
export type TSessionList = z.infer<typeof ZSessionList>;

/** GET /api/auth/2fa/status. */
export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), backupCodesRemaining: z.number().int() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/auth/2fa/enable and /disable. */
export const ZTwoFactorState = z.object({ enabled: z.boolean() });
export type TTwoFactorState = z.infer<typeof ZTwoFactorState>;

/** PUT /api/auth/login-alerts. */
export const ZLoginAlertsState = z.object({ loginAlerts: z.boolean() });
export type TLoginAlertsState = z.infer<typeof ZLoginAlertsState>;

export const ZTwoFactorSetup = z.object({
  /** otpauth:// URI for authenticator apps. */
  qrCodeUrl: z.string(),
  /** The same URI drawn as a PNG data URL by our server (no external image service). */
  qrCodeImage: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZPublicProfile = z.object({
  _id: z.string(),
  fullName: z.string(),
  username: z.string(),
  verified: z.boolean(),
  bio: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.object({ state: z.string().nullable(), city: z.string().nullable() }).nullable(),
  profilePicture: z.string().nullable(),
  contestsCreated: z.number().int(),
  entriesSubmitted: z.number().int(),
  contestsWon: z.number().int(),
  badges: z.array(z.object({ title: z.string() })),
  preferences: ZPreferences,
  createdAt: z.string(),
  lastActive: z.string().nullable(),
  isPrivate: z.boolean(),
});
export type TPublicProfile = z.infer<typeof ZPublicProfile>;
