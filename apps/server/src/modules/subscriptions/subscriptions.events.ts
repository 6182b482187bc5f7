import { z } from 'zod';
import { defineEvent } from '../../lib/events/index.js';

const tier = z.enum(['free', 'basic_premium', 'professional']);

/**
 * The user's tier or its end changed: a subscription started (paid from the wallet or by card), was
 * extended, or ended (expiry). `until` is the new end (ISO), null when the user is back on free.
 */
export const subscriptionChanged = defineEvent(
  'subscription.changed',
  z.object({
    userId: z.uuid(),
    fromTier: tier,
    toTier: tier,
    until: z.string().nullable(),
    cause: z.enum(['started', 'extended', 'expired']),
  }),
  (p) => `user:${p.userId}`,
);
