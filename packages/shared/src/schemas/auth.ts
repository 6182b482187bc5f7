import { z } from 'zod';
import { SUBSCRIPTION_TIERS, USER_ROLES } from '../enums.js';
import { MESSAGES } from '../errors.js';

export const ZLogin = z.object({
  email: z
    .string({ error: MESSAGES.login.fillAllFields })
    .trim()
    .min(1, MESSAGES.login.fillAllFields)
    .pipe(z.email('Please provide a valid email address'))
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: MESSAGES.login.fillAllFields }).min(1, MESSAGES.login.fillAllFields),
  rememberMe: z.boolean().optional(),
  twoFactorToken: z.string().optional(),
  backupCode: z.string().optional(),
});
export type TLogin = z.infer<typeof ZLogin>;
export type TLoginInput = z.input<typeof ZLogin>;

export const ZRefresh = z.object({ refreshToken: z.string().min(1, 'Refresh token is required') });

/** The user as every API answer shows it: never a secret. */
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
  voteCredits: z.number(),
  isVerified: z.boolean(),
  profileCompletion: z.number(),
  bio: z.string().nullable(),
  createdAt: z.string(),
  lastActive: z.string().nullable(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZAuthResult = z.object({
  user: ZPublicUser,
  token: z.string(),
  refreshToken: z.string(),
});
export type TAuthResult = z.infer<typeof ZAuthResult>;
