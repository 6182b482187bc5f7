import { describe, expect, it } from 'vitest';
import { contestsRemaining, isPremium, isProfessional, liveTier, TIER_LABELS } from './roles.js';
import type { SubscriptionTier, UserRole } from './enums.js';

const AT = new Date('2026-11-25T12:00:00Z');
const user = (subscriptionTier: SubscriptionTier, role: UserRole = 'user', subscriptionExpiresAt: Date | string | null = null) => ({
  role,
  subscriptionTier,
  subscriptionExpiresAt,
});

describe('tiers', () => {
  it('isPremium: a live basic premium or professional tier, or an admin', () => {
    expect(isPremium(null, AT)).toBe(false);
    expect(isPremium(undefined, AT)).toBe(false);
    expect(isPremium(user('free'), AT)).toBe(false);
    expect(isPremium(user('free', 'moderator'), AT)).toBe(false);
    expect(isPremium(user('basic_premium'), AT)).toBe(true);
    expect(isPremium(user('professional', 'user', '2026-12-01T00:00:00Z'), AT)).toBe(true);
    expect(isPremium(user('free', 'admin'), AT)).toBe(true);
  });

  it('an expired paid tier is free, to the millisecond', () => {
    expect(liveTier(user('basic_premium', 'user', new Date('2026-11-25T11:59:59.999Z')), AT)).toBe('free');
    expect(liveTier(user('basic_premium', 'user', AT), AT)).toBe('free');
    expect(liveTier(user('basic_premium', 'user', new Date('2026-11-25T12:00:00.001Z')), AT)).toBe('basic_premium');
    expect(isPremium(user('professional', 'user', '2026-11-01T00:00:00Z'), AT)).toBe(false);
  });

  it('isProfessional: a live professional tier or an admin', () => {
    expect(isProfessional(null, AT)).toBe(false);
    expect(isProfessional(user('free'), AT)).toBe(false);
    expect(isProfessional(user('basic_premium'), AT)).toBe(false);
    expect(isProfessional(user('professional'), AT)).toBe(true);
    expect(isProfessional(user('free', 'admin'), AT)).toBe(true);
  });

  it('contestsRemaining: three a month on the free tier, unlimited for premium, none signed out', () => {
    expect(contestsRemaining(null, AT)).toBe(0);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 0 }, AT)).toBe(3);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 2 }, AT)).toBe(1);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 7 }, AT)).toBe(0);
    expect(contestsRemaining({ ...user('basic_premium'), monthlyContestCount: 50 }, AT)).toBe(Infinity);
    expect(contestsRemaining({ ...user('basic_premium', 'user', '2026-01-01'), monthlyContestCount: 3 }, AT)).toBe(0);
    expect(contestsRemaining({ ...user('free', 'admin'), monthlyContestCount: 50 }, AT)).toBe(Infinity);
  });

  it('labels every tier', () => {
    expect(TIER_LABELS).toEqual({ free: 'Free', basic_premium: 'Basic Premium', professional: 'Professional' });
  });
});
