import type { SubscriptionTier, UserRole } from './enums.js';
import { FREE_TIER_CONTESTS_PER_MONTH } from './constants.js';

/**
 * The one premium rule (spec 000 §6, 002 §1). A paid tier counts until its expiry, so benefits stop
 * on time even before the expiry job has run; admins count as professional. The server passes its
 * user row, the web the signed-in user (expiry as an ISO string).
 */
export interface TierHolder {
  role: UserRole;
  subscriptionTier: SubscriptionTier;
  subscriptionExpiresAt?: Date | string | null;
}

/** The tier whose benefits apply at `at` (an expired paid tier is free). */
export function liveTier(u: TierHolder, at: Date): SubscriptionTier {
  if (u.role === 'admin') return 'professional';
  if (u.subscriptionTier === 'free') return 'free';
  const expires = u.subscriptionExpiresAt ? new Date(u.subscriptionExpiresAt) : null;
  return !expires || expires > at ? u.subscriptionTier : 'free';
}

/** Premium: a live paid tier (basic_premium or professional) or an admin: unlimited contests, larger uploads, the credit discount. */
export const isPremium = (u: TierHolder | null | undefined, at: Date): boolean => !!u && liveTier(u, at) !== 'free';

/** Professional: a live professional tier or an admin. */
export const isProfessional = (u: TierHolder | null | undefined, at: Date): boolean => !!u && liveTier(u, at) === 'professional';

/** Contests a user may still create this month; Infinity when unlimited, 0 when logged out. */
export function contestsRemaining(u: (TierHolder & { monthlyContestCount: number }) | null | undefined, at: Date): number {
  if (!u) return 0;
  if (isPremium(u, at)) return Infinity;
  return Math.max(0, FREE_TIER_CONTESTS_PER_MONTH - u.monthlyContestCount);
}

export const TIER_LABELS: Record<SubscriptionTier, string> = {
  free: 'Free',
  basic_premium: 'Basic Premium',
  professional: 'Professional',
};
