import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

export const userRegistered = defineEvent(
  'user.registered',
  z.object({ userId: z.uuid(), referredBy: z.uuid().nullable() }),
  (p) => `user:${p.userId}`,
);

/**
 * The person proved they own the account's email address (the verification code was accepted): the
 * free trial's cause (subscriptions/trial.subscriber.ts).
 */
export const emailVerified = defineEvent('user.email_verified', z.object({ userId: z.uuid(), at: z.string() }), (p) => `user:${p.userId}`);

/** A login from a browser this account never used before (the login alert's cause). */
export const loginNewDevice = defineEvent(
  'security.login_new_device',
  z.object({
    userId: z.uuid(),
    at: z.string(),
    device: z.string(),
    ip: z.string(),
    /** Whether the person had login alerts on at that moment (the mail follows it). */
    alertsOn: z.boolean(),
    /** The account's very first login (every browser is new then: no in-app alert). */
    firstLogin: z.boolean(),
  }),
  (p) => `user:${p.userId}`,
);

export const passwordChanged = defineEvent(
  'security.password_changed',
  z.object({ userId: z.uuid(), at: z.string(), how: z.enum(['changed', 'reset']) }),
  (p) => `user:${p.userId}`,
);

/** Two-factor sign-in was turned on or off (a security alert: someone with the password may be turning it off). */
export const twoFactorChanged = defineEvent(
  'security.two_factor_changed',
  z.object({ userId: z.uuid(), at: z.string(), enabled: z.boolean() }),
  (p) => `user:${p.userId}`,
);

/** A wrong password or second factor at login; `locked` when it was the one that locked the account. */
export const loginFailed = defineEvent(
  'security.login_failed',
  z.object({ userId: z.uuid(), at: z.string(), ip: z.string().nullable(), reason: z.string(), locked: z.boolean() }),
  (p) => `user:${p.userId}`,
);
