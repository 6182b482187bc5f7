import { SUBSCRIPTION_PRICES_NAIRA } from './constants.js';
import type { SubscriptionTier } from './enums.js';

export type BillingPeriod = 'monthly' | 'yearly';

export interface PlanFeature {
  label: string;
  free: string | boolean;
  premium: string | boolean;
}

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  description: string;
  highlights: string[];
  popular?: boolean;
}

export const PLANS: Plan[] = [
  {
    tier: 'free',
    name: 'Free',
    description: 'Everything you need to run your first contests.',
    highlights: [
      '3 contests per month',
      'Basic contest templates',
      'Photos up to 5MB, videos up to 50MB',
      'Free and paid voting',
      'Analytics for the last 30 days',
      'Support response within 48 hours',
    ],
  },
  {
    tier: 'basic_premium',
    name: 'Basic Premium',
    description: 'For active organizers and creators growing an audience.',
    popular: true,
    highlights: [
      'Unlimited contests',
      'Photos up to 20MB, videos up to 200MB',
      '10% off vote credit purchases',
      'Bulk entry management and scheduling',
      'Custom entry forms and advanced voting',
      'Detailed metrics and CSV exports',
      'Support response within 24 hours',
    ],
  },
  {
    tier: 'professional',
    name: 'Professional',
    description: 'For brands, agencies and large communities.',
    highlights: [
      'Everything in Basic Premium',
      'Judge panels and multi-round contests',
      'Weighted voting',
      'Advanced analytics with unlimited date ranges',
      'Priority support',
      '24 hours extra submission window',
    ],
  },
];

export const FEATURE_COMPARISON: PlanFeature[] = [
  { label: 'Contests per month', free: '3', premium: 'Unlimited' },
  { label: 'Contest templates', free: 'Basic', premium: 'All templates' },
  { label: 'Photo upload limit', free: '5MB', premium: '20MB' },
  { label: 'Video upload limit', free: '50MB', premium: '200MB' },
  { label: 'Bulk management', free: false, premium: true },
  { label: 'Scheduling', free: false, premium: true },
  { label: 'Custom entry forms', free: false, premium: true },
  { label: 'Advanced voting', free: false, premium: true },
  { label: 'Judge panels', free: false, premium: true },
  { label: 'Multi-round contests', free: false, premium: true },
  { label: 'Weighted voting', free: false, premium: true },
  { label: 'Detailed metrics', free: false, premium: true },
  { label: 'Data exports', free: false, premium: true },
  { label: 'Analytics date range', free: '30 days', premium: 'Unlimited' },
  { label: 'Vote credit discount', free: '0%', premium: '10%' },
  { label: 'Support response time', free: '48 hours', premium: '24 hours' },
];

/** Price of a plan for a billing period, in naira. */
export function planPrice(tier: SubscriptionTier, period: BillingPeriod): number {
  return SUBSCRIPTION_PRICES_NAIRA[tier][period];
}

/** What a yearly plan saves against paying 12 months, in naira and percent (rounded). */
export function yearlySavings(tier: SubscriptionTier): { naira: number; percent: number } {
  const { monthly, yearly } = SUBSCRIPTION_PRICES_NAIRA[tier];
  const naira = monthly * 12 - yearly;
  return { naira, percent: monthly === 0 ? 0 : Math.round((naira / (monthly * 12)) * 100) };
}
