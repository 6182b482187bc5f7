import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TIERS } from './enums.js';
import { PLANS, planPrice, yearlySavings } from './pricing.js';

describe('pricing', () => {
  it('prices the plans in naira', () => {
    expect(planPrice('free', 'monthly')).toBe(0);
    expect(planPrice('basic_premium', 'monthly')).toBe(2_500);
    expect(planPrice('basic_premium', 'yearly')).toBe(25_000);
    expect(planPrice('professional', 'monthly')).toBe(7_500);
    expect(planPrice('professional', 'yearly')).toBe(75_000);
  });

  it('shows what a yearly plan saves', () => {
    expect(yearlySavings('basic_premium')).toEqual({ naira: 5_000, percent: 17 });
    expect(yearlySavings('professional')).toEqual({ naira: 15_000, percent: 17 });
    expect(yearlySavings('free')).toEqual({ naira: 0, percent: 0 });
  });

  it('has one plan per tier, exactly one marked popular', () => {
    expect(PLANS.map((p) => p.tier)).toEqual([...SUBSCRIPTION_TIERS]);
    expect(PLANS.filter((p) => p.popular)).toHaveLength(1);
  });
});
