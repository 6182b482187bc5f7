import {
  PAID_SUBSCRIPTION_TIERS,
  SUBSCRIPTION_DURATIONS,
  type PaidSubscriptionTier,
  type SubscriptionDuration,
  type SubscriptionPaidBy,
  type SubscriptionPeriod,
  type SubscriptionStatus,
  type TCurrentSubscription,
  type TSubscription,
} from '@contesthub/shared';
import type { BadgeTone } from '../../../components/ui/card';

export type DaysTone = 'green' | 'yellow' | 'red';

/** Days remaining colour (spec 001 §4): green above 30, yellow above 7, else red. */
export const daysTone = (days: number): DaysTone => (days > 30 ? 'green' : days > 7 ? 'yellow' : 'red');

export const DAYS_TONE_CLASS: Record<DaysTone, string> = {
  green: 'text-emerald-300',
  yellow: 'text-amber-300',
  red: 'text-red-300',
};

/** Progress bar (spec 001 §4): elapsed days over durationDays, as a whole percent from 0 to 100. */
export function elapsedPercent(s: Pick<TSubscription, 'durationDays' | 'daysRemaining'>): number {
  if (s.durationDays <= 0) return 100;
  const elapsed = s.durationDays - s.daysRemaining;
  return Math.min(100, Math.max(0, Math.round((elapsed / s.durationDays) * 100)));
}

export const STATUS_BADGE: Record<SubscriptionStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Awaiting payment', tone: 'sky' },
  active: { label: 'Active', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'amber' },
  expired: { label: 'Expired', tone: 'neutral' },
  failed: { label: 'Payment failed', tone: 'red' },
  replaced: { label: 'Upgraded', tone: 'violet' },
};

/** The badge of a subscription: its status, or Trial while the free trial runs. */
export const statusBadge = (s: Pick<TSubscription, 'status' | 'isTrial'>): { label: string; tone: BadgeTone } =>
  s.isTrial && s.status === 'active' ? { label: 'Trial', tone: 'sky' } : STATUS_BADGE[s.status];

export const PAYMENT_METHOD_LABELS: Record<SubscriptionPaidBy, string> = {
  wallet: 'Wallet',
  paystack: 'Card (Paystack)',
  none: 'No payment',
};

export const DURATION_LABELS: Record<SubscriptionPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly', trial: 'Free trial' };

const RANK: Record<PaidSubscriptionTier, number> = { basic_premium: 1, professional: 2 };

/** The subscription whose benefits apply now (active, or cancelled before its end date), if any. */
export const runningSubscription = (current: TCurrentSubscription | undefined): TSubscription | null =>
  current?.subscription?.isActive ? current.subscription : null;

/**
 * What choosing a tier means while another runs (the server's rules): the same tier is extended instead,
 * a lower one waits until the higher one ends, a higher one is an upgrade with the unused time credited.
 */
export type PlanStanding = 'open' | 'current' | 'lower' | 'upgrade';

export function planStanding(tier: PaidSubscriptionTier, running: TSubscription | null): PlanStanding {
  // The free trial gives way to any plan (it starts at once and ends the trial).
  if (!running || running.isTrial) return 'open';
  if (running.tier === tier) return 'current';
  return RANK[tier] < RANK[running.tier] ? 'lower' : 'upgrade';
}

const isTier = (v: string | null): v is PaidSubscriptionTier => !!v && (PAID_SUBSCRIPTION_TIERS as readonly string[]).includes(v);
const isDuration = (v: string | null): v is SubscriptionDuration => !!v && (SUBSCRIPTION_DURATIONS as readonly string[]).includes(v);

/** The plan preselected by a link (/dashboard/subscription?tier=professional&duration=yearly, from /pricing). */
export function choiceFromQuery(params: URLSearchParams): { tier: PaidSubscriptionTier | null; duration: SubscriptionDuration } {
  const tier = params.get('tier');
  const duration = params.get('duration');
  return { tier: isTier(tier) ? tier : null, duration: isDuration(duration) ? duration : 'monthly' };
}
