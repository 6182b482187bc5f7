import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatNaira,
  TIER_LABELS,
  type SubscriptionDuration,
  type TSubscription,
  type TSubscriptionPricingItem,
  countOf,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useExtendSubscription } from '../api/extend-subscription';
import { refreshSubscriptions } from '../api/keys';
import { serverMessageOr } from '../../../lib/errors';
import { SUBSCRIPTION_TEXT } from '../lib/messages';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Extend the running subscription by a month or a year, paid from the naira wallet (spec 001 §2, §4). Each
 * attempt carries an Idempotency-Key, kept only when the answer was lost, so a retry charges once. A second
 * press while one is in flight (a double click, before the button shows it is busy) sends nothing.
 */
export function ExtendDialog({
  subscription,
  pricing,
  walletKobo,
  onClose,
  onPaid,
}: {
  subscription: TSubscription;
  /** The running tier's prices; undefined while pricing loads or when it failed. */
  pricing: TSubscriptionPricingItem | undefined;
  walletKobo: number | undefined;
  onClose: () => void;
  /** The extension was paid from the wallet. */
  onPaid?: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const extend = useExtendSubscription();
  const [duration, setDuration] = useState<SubscriptionDuration>(subscription.duration === 'yearly' ? 'yearly' : 'monthly');
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; duration: SubscriptionDuration } | null>(null);
  // Set synchronously on submit: `extend.isPending` only changes with the next render.
  const inFlight = useRef(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current || extend.isPending) return;
    inFlight.current = true;
    setError(null);
    if (attempt.current?.duration !== duration) attempt.current = { key: crypto.randomUUID(), duration };
    extend.mutate(
      { duration, idempotencyKey: attempt.current.key },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: () => {
          attempt.current = null;
          toast.success(SUBSCRIPTION_TEXT.extended);
          void refreshSubscriptions(queryClient);
          void refreshUser();
          onPaid?.();
          onClose();
        },
        onError: (err) => {
          // A refusal is final (the next press is a new attempt); a lost answer keeps the key.
          if (err instanceof ApiError && err.status > 0 && err.status < 500) attempt.current = null;
          const said = serverMessageOr(err, '');
          setError(said || SUBSCRIPTION_TEXT.extendFailed);
          toast.error(SUBSCRIPTION_TEXT.extendFailed, said || undefined);
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Extend Subscription"
      description={`Add time to your ${TIER_LABELS[subscription.tier]} plan. It is paid from your naira wallet.`}
      formId={formId}
      submitLabel="Extend Subscription"
      pending={extend.isPending}
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">Extend by</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['monthly', 'yearly'] as const).map((d) => {
              const period = pricing?.[d];
              const newEnd =
                subscription.endDate && period ? formatDate(new Date(subscription.endDate).getTime() + period.durationDays * DAY_MS) : null;
              return (
                <label
                  key={d}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm',
                    duration === d ? 'border-emerald-500 bg-emerald-500/10' : 'border-slate-700 hover:border-slate-500',
                  )}
                >
                  <span className="flex items-center gap-2 font-semibold">
                    <input
                      type="radio"
                      name={`${formId}-duration`}
                      value={d}
                      checked={duration === d}
                      onChange={() => {
                        setDuration(d);
                        setError(null);
                      }}
                      className="accent-emerald-500"
                    />
                    {d === 'monthly' ? 'A month' : 'A year (2 months free)'}
                  </span>
                  {period && (
                    <span className="text-xs text-slate-400">
                      {formatNaira(period.totalPrice)} · {countOf(period.durationDays, 'day')}
                      {newEnd ? ` · until ${newEnd}` : ''}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
        {walletKobo !== undefined && (
          <p className="text-sm text-slate-400" data-testid="extend-wallet">
            Wallet balance: {formatNaira(walletKobo)}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
