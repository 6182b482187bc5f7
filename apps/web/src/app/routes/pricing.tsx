import { useState } from 'react';
import { Link } from 'react-router';
import { Check, Minus, Sparkles } from 'lucide-react';
import {
  FEATURE_COMPARISON,
  formatNumber,
  PLANS,
  planPrice,
  TRIAL_OFFER,
  TRIAL_TIER,
  yearlySavings,
  type BillingPeriod,
  type Plan,
  paths,
} from '@contesthub/shared';
import { useAuth } from '../../lib/auth';
import { buttonClass } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useRadioGroup } from '../../components/ui/roving';

const FAQS = [
  {
    q: 'Is there a free trial?',
    a: `Yes. ${TRIAL_OFFER} It starts when you verify your email address, needs no card, and each person gets it once. When it ends you stay on the Free plan unless you choose to subscribe.`,
  },
  {
    q: 'What does "Save up to 17%" mean?',
    a: 'Paying yearly costs the same as 10 months, so you get 2 months free compared with paying monthly for a year.',
  },
  { q: 'How do I pay?', a: 'Pay by card through Paystack, or straight from your ContestHub naira wallet. Prices are in naira.' },
  {
    q: 'Can I cancel any time?',
    a: 'Yes. You keep your premium benefits until the end of the period you paid for, then your account returns to the Free plan.',
  },
  {
    q: 'Are there other fees?',
    a: 'Creating contests is free. A 7-10% transaction fee applies only to paid entries and paid votes, plus payment-provider fees.',
  },
];

/** Where a paid plan's button leads: the subscription page with this plan and period chosen (spec 000 §2). */
const upgradeLink = (tier: Plan['tier'], period: BillingPeriod) => ({
  pathname: paths.dashboard.subscription(),
  search: `?tier=${tier}&duration=${period}`,
});

function PlanCta({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { user } = useAuth();
  if (plan.tier === 'free') {
    return user ? (
      <Link to={paths.dashboard.home()} className={buttonClass('outline', 'lg', 'w-full')}>
        Current Plan
      </Link>
    ) : (
      <Link to={paths.register()} className={buttonClass('outline', 'lg', 'w-full')}>
        Get Started Free
      </Link>
    );
  }
  const target = upgradeLink(plan.tier, period);
  return user ? (
    <Link to={target} className={buttonClass(plan.popular ? 'primary' : 'secondary', 'lg', 'w-full')}>
      Upgrade Now
    </Link>
  ) : (
    <>
      <Link to={paths.register()} className={buttonClass(plan.popular ? 'primary' : 'secondary', 'lg', 'w-full')}>
        Start Free Trial
      </Link>
      {/* What the button leads to: the trial is Basic Premium's, whichever paid plan's button was used. */}
      <p className="mt-3 text-center text-sm text-slate-300" data-testid="trial-terms">
        {plan.tier === TRIAL_TIER
          ? '7 days free when you verify your email. No card needed.'
          : 'Starts with 7 days of Basic Premium free when you verify your email. No card needed.'}
      </p>
      {/* A member who is signed out logs in and lands on this plan (the origin is remembered, as other login links do). */}
      <p className="mt-3 text-center text-sm text-slate-400">
        Already a member?{' '}
        <Link to={paths.login()} state={{ from: target }} className="font-semibold text-emerald-300 hover:underline">
          Log in to upgrade
        </Link>
      </p>
    </>
  );
}

function Cell({ value }: { value: string | boolean }) {
  if (value === true) return <Check className="mx-auto h-5 w-5 text-emerald-400" aria-label="Included" />;
  if (value === false) return <Minus className="mx-auto h-5 w-5 text-slate-400" aria-label="Not included" />;
  return <span>{value}</span>;
}

const PERIODS = ['monthly', 'yearly'] as const;

export default function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const periods = useRadioGroup(PERIODS, period, setPeriod);
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <header className="text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Choose Your Plan</h1>
        <p className="mx-auto mt-4 max-w-2xl text-slate-400">Start free and upgrade when your community grows. All prices in naira.</p>
        <div
          className="mt-8 inline-flex items-center gap-1 rounded-full border border-slate-700 bg-slate-900 p-1"
          {...periods.groupProps}
          aria-label="Billing period"
        >
          {PERIODS.map((p) => (
            <button
              key={p}
              {...periods.radioProps(p)}
              className={cn(
                'rounded-full px-5 py-2 text-sm font-semibold capitalize transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
                period === p ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-slate-100',
              )}
            >
              {p}
            </button>
          ))}
        </div>
        <p className="mt-3">
          <Badge tone="amber">
            <Sparkles className="h-3 w-3" aria-hidden /> Save up to 17%
          </Badge>
          <span className="ml-2 text-sm text-slate-400">with yearly billing: 2 months free</span>
        </p>
      </header>

      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const price = planPrice(plan.tier, period);
          const savings = yearlySavings(plan.tier);
          return (
            <section
              key={plan.tier}
              aria-labelledby={`plan-${plan.tier}`}
              className={cn(
                'relative flex flex-col rounded-3xl border p-8',
                plan.popular
                  ? 'border-emerald-500/70 bg-emerald-950/30 shadow-xl shadow-emerald-950/50'
                  : 'border-slate-800 bg-slate-900/50',
              )}
            >
              {plan.popular && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-emerald-500 px-3 py-1 text-xs font-bold text-slate-950">
                  Most Popular
                </span>
              )}
              <h2 id={`plan-${plan.tier}`} className="text-xl font-bold">
                {plan.name}
              </h2>
              <p className="mt-2 text-sm text-slate-400">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold">₦{formatNumber(price)}</span>
                <span className="text-slate-400">/{period === 'monthly' ? 'month' : 'year'}</span>
              </p>
              <p className="mt-1 h-5 text-sm text-emerald-300">
                {period === 'yearly' && savings.naira > 0 ? `Save ₦${formatNumber(savings.naira)} (${savings.percent}%) vs 12 months` : ''}
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.highlights.map((h) => (
                  <li key={h} className="flex gap-2 text-sm text-slate-200">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" aria-hidden /> {h}
                  </li>
                ))}
              </ul>
              <div className="mt-8">
                <PlanCta plan={plan} period={period} />
              </div>
            </section>
          );
        })}
      </div>

      <section className="mt-20" aria-labelledby="compare-heading">
        <h2 id="compare-heading" className="text-center text-2xl font-bold">
          Compare features
        </h2>
        {/* Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too. */}
        <div
          role="region"
          aria-labelledby="compare-heading"
          tabIndex={0}
          className="mt-8 overflow-x-auto rounded-2xl border border-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
        >
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="bg-slate-900 text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Feature
                </th>
                <th scope="col" className="px-4 py-3 text-center font-semibold">
                  Free
                </th>
                <th scope="col" className="px-4 py-3 text-center font-semibold">
                  Basic Premium &amp; Professional
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {FEATURE_COMPARISON.map((f) => (
                <tr key={f.label} className="bg-slate-950">
                  <th scope="row" className="px-4 py-3 font-medium text-slate-200">
                    {f.label}
                  </th>
                  <td className="px-4 py-3 text-center text-slate-300">
                    <Cell value={f.free} />
                  </td>
                  <td className="px-4 py-3 text-center text-slate-100">
                    <Cell value={f.premium} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-center text-sm text-slate-400">Professional adds advanced analytics and priority support.</p>
      </section>

      <section className="mx-auto mt-20 max-w-3xl" aria-labelledby="pricing-faq">
        <h2 id="pricing-faq" className="text-center text-2xl font-bold">
          Frequently asked questions
        </h2>
        <div className="mt-8 space-y-3">
          {FAQS.map((f) => (
            <details key={f.q} className="group rounded-xl border border-slate-800 bg-slate-900/50 p-5">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">{f.q}</summary>
              <p className="mt-3 text-sm text-slate-400">{f.a}</p>
            </details>
          ))}
        </div>
        <p className="mt-10 text-center text-slate-400">
          Curious who is winning?{' '}
          <Link to={paths.leaderboard()} className="font-semibold text-emerald-300 hover:underline">
            See the leaderboard
          </Link>
        </p>
      </section>
    </div>
  );
}
