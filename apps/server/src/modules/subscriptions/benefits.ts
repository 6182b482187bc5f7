/**
 * Tier benefits follow the live subscription: users.subscription_tier and subscription_expires_at
 * mirror the running subscription (written in the transaction that starts, extends or ends it), and a
 * tier counts only until its expiry, so benefits stop on time even before the expiry job has run.
 * Admins count as premium and professional (spec 002 §1).
 */
import type { SubscriptionTier } from '@contesthub/shared';
import type { users } from '../../db/schema/index.js';

type TierFields = Pick<typeof users.$inferSelect, 'role' | 'subscriptionTier' | 'subscriptionExpiresAt'>;

/** The tier whose benefits apply at `at` (an expired paid tier is free). */
export function liveTier(user: TierFields, at: Date): SubscriptionTier {
  if (user.role === 'admin') return 'professional';
  if (user.subscriptionTier === 'free') return 'free';
  return !user.subscriptionExpiresAt || user.subscriptionExpiresAt > at ? user.subscriptionTier : 'free';
}

/** Any paid tier is live: unlimited contests, larger uploads, the vote-credit discount. */
export function isPremium(user: TierFields, at: Date): boolean {
  return liveTier(user, at) !== 'free';
}
