import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CreditCard, Wallet } from 'lucide-react';
import {
  formatNaira,
  TIER_LABELS,
  ZSubscriptionInitializeRequest,
  type PaidSubscriptionTier,
  type SubscriptionDuration,
  type SubscriptionPaymentMethod,
  type TSubscription,
  type TSubscriptionPricingItem,
  paths,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useRadioGroup } from '../../../components/ui/roving';
import { fieldErrors } from '../../../lib/forms';
import { browser } from '../../../lib/browser';
import { useInitializeSubscription } from '../api/initialize-subscription';
import { refreshSubscriptions } from '../api/keys';
import { serverMessageOr } from '../../../lib/errors';
import { SUBSCRIPTION_TEXT } from '../lib/messages';
import { planStanding, type PlanStanding } from '../lib/subscription-view';

const DURATIONS = ['monthly', 'yearly'] as const;

const STANDING_NOTE: Record<Exclude<PlanStanding, 'open'>, (running: TSubscription) => string> = {
  current: () => 'Your current plan: extend it above to add time.',
  lower: (r) => `Available when your ${TIER_LABELS[r.tier]} plan ends.`,
  upgrade: (r) => `Upgrade: the unused part of your ${TIER_LABELS[r.tier]} plan is taken off the price.`,
};

/**
 * Choose a tier, monthly or yearly (yearly is 2 months free), and how to pay: the naira wallet (at once) or a
 * card through Paystack (spec 001 §2, §5). A tier the server would refuse (the running one, or a lower one
 * while a higher one runs) cannot be chosen.
 */
export function PlanPicker({
  pricing,
  running,
  walletKobo,
  initialTier,
  initialDuration,
  onPaid,
}: {
  pricing: TSubscriptionPricingItem[];
  running: TSubscription | null;
  /** The naira wallet balance (kobo); undefined while it loads or when it failed. */
  walletKobo: number | undefined;
  initialTier: PaidSubscriptionTier | null;
  initialDuration: SubscriptionDuration;
  /** A plan was paid from the wallet. */
  onPaid?: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const initialize = useInitializeSubscription();
  const [duration, setDuration] = useState<SubscriptionDuration>(initialDuration);
  const durations = useRadioGroup(DURATIONS, duration, setDuration);
  const [tier, setTier] = useState<PaidSubscriptionTier | null>(() =>
    initialTier && ['open', 'upgrade'].includes(planStanding(initialTier, running)) ? initialTier : null,
  );
  const [method, setMethod] = useState<SubscriptionPaymentMethod>('wallet');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  // A tier that became unavailable (the subscription changed) is no longer chosen.
  const chosen = tier && ['open', 'upgrade'].includes(planStanding(tier, running)) ? tier : null;
  const chosenItem = pricing.find((p) => p.tier === chosen);
  const price = chosenItem?.[duration].totalPrice;
  const upgrade = chosen ? planStanding(chosen, running) === 'upgrade' : false;

  // isPending turns true only after a render: a second press before it (a double click) must send nothing.
  const inFlight = useRef(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current || initialize.isPending || leaving) return;
    const parsed = ZSubscriptionInitializeRequest.safeParse({ tier: chosen ?? undefined, duration, paymentMethod: method });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setError(found.tier ?? Object.values(found)[0] ?? SUBSCRIPTION_TEXT.selectTier);
      return;
    }
    setError(null);
    inFlight.current = true;
    initialize.mutate(parsed.data, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: (answer) => {
        if (parsed.data.paymentMethod === 'paystack') {
          if (!answer?.authorizationUrl) {
            setError(SUBSCRIPTION_TEXT.noPaymentUrl);
            toast.error(SUBSCRIPTION_TEXT.noPaymentUrl);
            return;
          }
          setLeaving(true);
          browser.assign(answer.authorizationUrl);
          return;
        }
        toast.success(SUBSCRIPTION_TEXT.activated);
        setTier(null);
        void refreshSubscriptions(queryClient);
        void refreshUser();
        onPaid?.();
      },
      onError: (err) => {
        const text = serverMessageOr(err, SUBSCRIPTION_TEXT.initializeFailed);
        setError(text);
        toast.error(text);
      },
    });
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-6" aria-label="Choose a plan">
      <div className="flex flex-wrap items-center gap-3">
        <div
          className="inline-flex items-center gap-1 rounded-full border border-slate-700 bg-slate-900 p-1"
          {...durations.groupProps}
          aria-label="Billing period"
        >
          {DURATIONS.map((d) => (
            <button
              key={d}
              {...durations.radioProps(d)}
              className={cn(
                'rounded-full px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
                duration === d ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-slate-100',
              )}
            >
              {d === 'monthly' ? 'Monthly' : 'Yearly'}
            </button>
          ))}
        </div>
        <Badge tone="amber">Yearly: 2 months free</Badge>
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-200">Plan</legend>
        <div className="grid gap-4 md:grid-cols-2">
          {pricing.map((item) => {
            const standing = planStanding(item.tier, running);
            const blocked = standing === 'current' || standing === 'lower';
            const selected = chosen === item.tier;
            const period = item[duration];
            return (
              <label
                key={item.tier}
                data-testid={`plan-${item.tier}`}
                className={cn(
                  'flex min-w-0 flex-col rounded-2xl border p-5 transition-colors',
                  blocked ? 'cursor-not-allowed border-slate-800 opacity-70' : 'cursor-pointer hover:border-slate-500',
                  selected ? 'border-emerald-500 bg-emerald-500/10' : 'border-slate-700 bg-slate-900/40',
                )}
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${formId}-tier`}
                    value={item.tier}
                    checked={selected}
                    disabled={blocked || initialize.isPending || leaving}
                    onChange={() => {
                      setTier(item.tier);
                      setError(null);
                    }}
                    className="accent-emerald-500"
                  />
                  <span className="text-lg font-semibold">{item.name}</span>
                </span>
                <span className="mt-1 text-sm text-slate-400">{item.description}</span>
                <span className="mt-4 flex flex-wrap items-baseline gap-1">
                  <span className="text-3xl font-extrabold" data-testid={`price-${item.tier}`}>
                    {formatNaira(period.totalPrice)}
                  </span>
                  <span className="text-slate-400">/{duration === 'monthly' ? 'month' : 'year'}</span>
                </span>
                <span className="mt-1 min-h-5 text-sm text-emerald-300">
                  {duration === 'yearly' && period.discount > 0 ? `Save ${formatNaira(period.discount)}: 2 months free` : ''}
                </span>
                <ul className="mt-3 space-y-1.5">
                  {item.features.map((f) => (
                    <li key={f} className="flex gap-2 text-sm text-slate-200">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" aria-hidden /> {f}
                    </li>
                  ))}
                </ul>
                {running && standing !== 'open' && (
                  <span className={cn('mt-3 text-xs', standing === 'upgrade' ? 'text-emerald-300' : 'text-slate-400')}>
                    {STANDING_NOTE[standing](running)}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-200">Payment method</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <MethodOption
            name={`${formId}-method`}
            value="wallet"
            checked={method === 'wallet'}
            onSelect={() => setMethod('wallet')}
            icon={<Wallet className="h-4 w-4 text-emerald-300" aria-hidden />}
            label="Wallet"
          >
            <WalletCover walletKobo={walletKobo} price={price} upgrade={upgrade} />
          </MethodOption>
          <MethodOption
            name={`${formId}-method`}
            value="paystack"
            checked={method === 'paystack'}
            onSelect={() => setMethod('paystack')}
            icon={<CreditCard className="h-4 w-4 text-sky-300" aria-hidden />}
            label="Card (Paystack)"
          >
            Pay by card on Paystack’s secure page; you come back here once it is confirmed.
          </MethodOption>
        </div>
      </fieldset>

      {error && (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
          {error}
        </p>
      )}

      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-300" data-testid="plan-total">
          {chosenItem && price !== undefined
            ? `${chosenItem.name}, ${duration}: ${formatNaira(price)}${upgrade ? ' before your unused time is credited' : ''}`
            : 'Choose a plan to see the total.'}
        </p>
        <Button type="submit" loading={initialize.isPending || leaving}>
          {method === 'wallet' ? 'Pay from Wallet' : 'Continue to Payment'}
        </Button>
      </Card>
    </form>
  );
}

function MethodOption({
  name,
  value,
  checked,
  onSelect,
  icon,
  label,
  children,
}: {
  name: string;
  value: SubscriptionPaymentMethod;
  checked: boolean;
  onSelect: () => void;
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-w-0 cursor-pointer flex-col gap-1 rounded-xl border px-4 py-3 text-sm',
        checked ? 'border-emerald-500 bg-emerald-500/10' : 'border-slate-700 hover:border-slate-500',
      )}
    >
      <span className="flex items-center gap-2 font-semibold">
        <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="accent-emerald-500" />
        {icon}
        {label}
      </span>
      <span className="text-xs text-slate-400">{children}</span>
    </label>
  );
}

/** The wallet's balance and whether it covers the chosen price. */
function WalletCover({ walletKobo, price, upgrade }: { walletKobo: number | undefined; price: number | undefined; upgrade: boolean }) {
  if (walletKobo === undefined) return <>Pays at once from your naira wallet.</>;
  const balance = <span data-testid="wallet-balance-note">Balance {formatNaira(walletKobo)}</span>;
  if (price === undefined) return balance;
  if (walletKobo >= price) {
    return (
      <>
        {balance}: <span className="text-emerald-300">covers the {formatNaira(price)} price.</span>
      </>
    );
  }
  return (
    <>
      {balance}:{' '}
      <span className="text-amber-300">
        {formatNaira(price - walletKobo)} short of the {formatNaira(price)} price
      </span>
      {upgrade ? ' (your unused time may cover the rest). ' : '. '}
      <Link to={paths.dashboard.wallet()} className="font-semibold text-emerald-300 underline">
        Deposit
      </Link>
    </>
  );
}
