import { describe, expect, it } from 'vitest';
import { contestsRemaining, isPremium, isProfessional, TIER_LABELS } from './roles.js';

const user = (subscriptionTier: 'free' | 'basic_premium' | 'professional', role: 'user' | 'moderator' | 'admin' = 'user') => ({
  role,
  subscriptionTier,
});

describe('roles and tiers', () => {
  it('isPremium: basic premium, professional or admin', () => {
    expect(isPremium(null)).toBe(false);
    expect(isPremium(undefined)).toBe(false);
    expect(isPremium(user('free'))).toBe(false);
    expect(isPremium(user('free', 'moderator'))).toBe(false);
    expect(isPremium(user('basic_premium'))).toBe(true);
    expect(isPremium(user('professional'))).toBe(true);
    expect(isPremium(user('free', 'admin'))).toBe(true);
  });

  it('isProfessional: professional or admin', () => {
    expect(isProfessional(null)).toBe(false);
    expect(isProfessional(user('free'))).toBe(false);
    expect(isProfessional(user('basic_premium'))).toBe(false);
    expect(isProfessional(user('professional'))).toBe(true);
    expect(isProfessional(user('free', 'admin'))).toBe(true);
  });

  it('contestsRemaining: three a month on the free tier, unlimited for premium, none signed out', () => {
    expect(contestsRemaining(null)).toBe(0);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 0 })).toBe(3);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 2 })).toBe(1);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 3 })).toBe(0);
    expect(contestsRemaining({ ...user('free'), monthlyContestCount: 7 })).toBe(0);
    expect(contestsRemaining({ ...user('basic_premium'), monthlyContestCount: 50 })).toBe(Infinity);
    expect(contestsRemaining({ ...user('free', 'admin'), monthlyContestCount: 50 })).toBe(Infinity);
  });

  it('labels every tier', () => {
    expect(TIER_LABELS).toEqual({ free: 'Free', basic_premium: 'Basic Premium', professional: 'Professional' });
  });
});
