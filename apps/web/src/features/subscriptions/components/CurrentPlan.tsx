import type { ReactNode } from 'react';
import { CalendarClock, Crown, Sparkles } from 'lucide-react';
import { formatDate, formatNaira, TIER_LABELS, TRIAL_OFFER, type TCurrentSubscription, type TSubscription } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Badge, Card, Skeleton } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/list-states';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { SUBSCRIPTION_TEXT } from '../lib/messages';
import {
  DAYS_TONE_CLASS,
  DURATION_LABELS,
  daysTone,
  elapsedPercent,
  PAYMENT_METHOD_LABELS,
  runningSubscription,
  statusBadge,
} from '../lib/subscription-view';

interface CurrentQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: TCurrentSubscription | undefined;
  refetch: () => unknown;
}

/** The current subscription (spec 001 §2, §4): tier, status, dates, days remaining, progress, payment, actions. */
export function CurrentPlan({ current, onCancel, onExtend }: { current: CurrentQuery; onCancel: () => void; onExtend: () => void }) {
  if (current.isPending) {
    return (
      <Card role="status" aria-label="Loading subscription" className="space-y-4">
        <Skeleton className="h-6 w-48" />
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
        <Skeleton className="h-2 w-full" />
      </Card>
    );
  }
  if (current.isError || !current.data) {
    return <LoadError message={SUBSCRIPTION_TEXT.currentFailed} onRetry={() => void current.refetch()} retrying={current.isFetching} />;
  }
  const running = runningSubscription(current.data);
  if (!running) return <FreePlan last={current.data.subscription} />;
  return <RunningPlan subscription={running} onCancel={onCancel} onExtend={onExtend} />;
}

function FreePlan({ last }: { last: TSubscription | null }) {
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-2">
        <Sparkles className="h-5 w-5 text-slate-400" aria-hidden />
        <h3 className="text-lg font-semibold">Free plan</h3>
        <Badge>Current</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-400">
        You have no active subscription. Choose a plan below for unlimited contests, larger uploads and 10% off vote credits.
      </p>
      {last?.endDate && (
        <p className="mt-2 text-sm text-slate-400">
          Your last plan, {TIER_LABELS[last.tier]}, ended on {formatDate(last.endDate)}.
        </p>
      )}
    </Card>
  );
}

function RunningPlan({ subscription: s, onCancel, onExtend }: { subscription: TSubscription; onCancel: () => void; onExtend: () => void }) {
  const toast = useToast();
  const tone = daysTone(s.daysRemaining);
  const percent = elapsedPercent(s);
  const status = statusBadge(s);
  const elapsedDays = Math.max(0, s.durationDays - s.daysRemaining);
  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Crown className="h-5 w-5 text-amber-300" aria-hidden />
          <h3 className="text-lg font-semibold">{TIER_LABELS[s.tier]}</h3>
          <Badge tone={status.tone} data-testid="subscription-status">
            {status.label}
          </Badge>
        </div>
        {/* The free trial is neither extended nor cancelled: a plan chosen below replaces it. */}
        {!s.isTrial && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={onExtend} icon={<CalendarClock className="h-4 w-4" aria-hidden />}>
              Extend Subscription
            </Button>
            {s.status === 'active' && (
              <Button size="sm" variant="outline" onClick={onCancel}>
                Cancel Subscription
              </Button>
            )}
          </div>
        )}
      </div>

      <dl className="grid grid-cols-2 gap-4 text-sm lg:grid-cols-3">
        <Fact label="Started">{s.startDate ? formatDate(s.startDate) : '—'}</Fact>
        <Fact label={s.isTrial ? 'Trial ends' : s.status === 'cancelled' ? 'Benefits until' : 'Ends'}>
          {s.endDate ? formatDate(s.endDate) : '—'}
        </Fact>
        <Fact label="Days remaining">
          <span className={cn('text-lg font-bold', DAYS_TONE_CLASS[tone])} data-testid="days-remaining" data-tone={tone}>
            {s.daysRemaining}
          </span>
        </Fact>
        <Fact label="Billing">{DURATION_LABELS[s.duration]}</Fact>
        <Fact label="Payment method">{PAYMENT_METHOD_LABELS[s.paymentMethod]}</Fact>
        <Fact label="Amount paid">{formatNaira(s.amount)}</Fact>
      </dl>

      <div>
        <div className="flex flex-wrap justify-between gap-2 text-xs text-slate-400">
          <span>Period used</span>
          <span data-testid="period-used">
            {elapsedDays} of {s.durationDays} days ({percent}%)
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Subscription period used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-800"
        >
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
        </div>
      </div>

      {s.isTrial && (
        <p className="rounded-lg border border-sky-500/30 bg-sky-500/10 px-3 py-2 text-sm text-sky-100" data-testid="trial-note">
          {TRIAL_OFFER} Yours ends on {s.endDate ? formatDate(s.endDate) : 'its end date'}; no card is needed and nothing is charged. When
          it ends you stay on the Free plan unless you choose to subscribe. Choosing a plan below starts it at once and ends the trial.
        </p>
      )}

      {s.status === 'cancelled' && (
        <p className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-200" data-testid="cancelled-note">
          Cancelled{s.cancelledAt ? ` on ${formatDate(s.cancelledAt)}` : ''}. You keep your {TIER_LABELS[s.tier]} benefits until{' '}
          {s.endDate ? formatDate(s.endDate) : 'the end of the period'}, then your account returns to the Free plan. Extending reactivates
          it.
        </p>
      )}

      {!s.isTrial && (
        <div className="border-t border-slate-800">
          <Switch
            checked={s.autoRenew}
            onChange={() => toast.info(SUBSCRIPTION_TEXT.autoRenewSoon)}
            label="Auto-renew"
            description="Renew automatically when the period ends."
          />
        </div>
      )}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="mt-1 font-medium break-words">{children}</dd>
    </div>
  );
}
