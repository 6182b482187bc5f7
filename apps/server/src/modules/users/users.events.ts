/**
 * What happens to an account by a staff member's hand (issue 15). Recorded in the transaction of the
 * change; what follows (mail with the reason, withdrawals held for review, notifications) is done by
 * the subscribers of other modules, registered in composition.ts.
 */
import { z } from 'zod';
import { USER_ROLES } from '@contesthub/shared';
import { defineEvent } from '../../lib/events/index.js';

/** A user was banned: every session is revoked in the same transaction; `reason` is what they are told. */
export const userBanned = defineEvent(
  'user.banned',
  z.object({ userId: z.uuid(), actorId: z.uuid(), reason: z.string(), at: z.string() }),
  (p) => `user:${p.userId}`,
);

/** A ban was lifted. */
export const userUnbanned = defineEvent(
  'user.unbanned',
  z.object({ userId: z.uuid(), actorId: z.uuid(), at: z.string() }),
  (p) => `user:${p.userId}`,
);

/** A user's role changed (user, moderator, admin). */
export const userRoleChanged = defineEvent(
  'user.role_changed',
  z.object({ userId: z.uuid(), actorId: z.uuid(), from: z.enum(USER_ROLES), to: z.enum(USER_ROLES), at: z.string() }),
  (p) => `user:${p.userId}`,
);
