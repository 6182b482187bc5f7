import type { SubscriptionTier, UserRole } from './enums.js';
import { FREE_TIER_CONTESTS_PER_MONTH } from './constants.js';

interface TierHolder {
  role: UserRole;
  subscriptionTier: SubscriptionTier;
}

/** isPremium: basic_premium, professional or admin (spec 000 §6). */
export const isPremium = (u: TierHolder | null | undefined): boolean => !!u && (u.role === 'admin' || u.subscriptionTier !== 'free');

/** isProfessional: professional or admin. */
export const isProfessional = (u: TierHolder | null | undefined): boolean =>
  !!u && (u.role === 'admin' || u.subscriptionTier === 'professional');

/** Contests a user may still create this month; Infinity when unlimited, 0 when logged out. */
export function contestsRemaining(u: (TierHolder & { monthlyContestCount: number }) | null | undefined): number {
  if (!u) return 0;
  if (isPremium(u)) return Infinity;
  return Math.max(0, FREE_TIER_CONTESTS_PER_MONTH - u.monthlyContestCount);
}

export const TIER_LABELS: Record<SubscriptionTier, string> = {
  free: 'Free',
  basic_premium: 'Basic Premium',
  professional: 'Professional',
};
