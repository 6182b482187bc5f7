import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast';
import { Card, Skeleton } from '../../../components/ui/card';
import { LoadError, useOncePerError } from '../../../components/ui/list-states';
import { useCurrentSubscription } from '../../../features/subscriptions/api/get-current-subscription';
import { useSubscriptionPricing } from '../../../features/subscriptions/api/get-subscription-pricing';
import { CancelDialog } from '../../../features/subscriptions/components/CancelDialog';
import { CurrentPlan } from '../../../features/subscriptions/components/CurrentPlan';
import { ExtendDialog } from '../../../features/subscriptions/components/ExtendDialog';
import { PlanPicker } from '../../../features/subscriptions/components/PlanPicker';
import { SubscriptionHistory } from '../../../features/subscriptions/components/SubscriptionHistory';
import { SUBSCRIPTION_TEXT } from '../../../features/subscriptions/lib/messages';
import { choiceFromQuery, runningSubscription } from '../../../features/subscriptions/lib/subscription-view';
import { useWallet } from '../../../features/wallet/api/get-wallet';
import { refreshWallet } from '../../../features/wallet/api/keys';

/**
 * Subscription (spec 001 §2, §4, §5): the current plan with cancel and extend, the plans to choose from
 * (preselected by /pricing's links: ?tier=&duration=), and the subscription history.
 */
export default function SubscriptionPage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => choiceFromQuery(params));
  const toast = useToast();
  const current = useCurrentSubscription();
  const pricing = useSubscriptionPricing();
  const wallet = useWallet();
  const queryClient = useQueryClient();
  // Paying from the wallet moves its balance.
  const onPaid = () => void refreshWallet(queryClient);
  const [dialog, setDialog] = useState<'cancel' | 'extend' | null>(null);
  useOncePerError(current.error, () => toast.error(SUBSCRIPTION_TEXT.currentFailed));
  useOncePerError(pricing.error, () => toast.error(SUBSCRIPTION_TEXT.pricingFailed));

  const running = runningSubscription(current.data);
  const walletKobo = wallet.data?.wallet.balance;

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold">Subscription</h2>
        <p className="text-slate-400">Your plan, its renewal date, upgrades and cancellation.</p>
      </div>

      <section aria-label="Current subscription">
        <CurrentPlan current={current} onCancel={() => setDialog('cancel')} onExtend={() => setDialog('extend')} />
      </section>

      <section aria-labelledby="plans-heading" className="space-y-4">
        <h3 id="plans-heading" className="text-lg font-semibold">
          {running && !running.isTrial ? 'Change plan' : 'Choose a plan'}
        </h3>
        {pricing.isPending || current.isPending ? (
          <div role="status" aria-label="Loading plans" className="grid gap-4 md:grid-cols-2">
            {[0, 1].map((i) => (
              <Card key={i} className="space-y-3">
                <Skeleton className="h-6 w-40" />
                <Skeleton className="h-9 w-32" />
                <Skeleton className="h-20" />
              </Card>
            ))}
          </div>
        ) : pricing.isError ? (
          <LoadError message={SUBSCRIPTION_TEXT.pricingFailed} onRetry={() => void pricing.refetch()} retrying={pricing.isFetching} />
        ) : (
          <PlanPicker
            // A new subscription starts the choice afresh.
            key={running?.id ?? 'none'}
            pricing={pricing.data.pricing}
            running={running}
            walletKobo={walletKobo}
            initialTier={initial.tier}
            initialDuration={initial.duration}
            onPaid={onPaid}
          />
        )}
      </section>

      <SubscriptionHistory />

      {running && dialog === 'cancel' && <CancelDialog subscription={running} onClose={() => setDialog(null)} />}
      {running && dialog === 'extend' && (
        <ExtendDialog
          subscription={running}
          pricing={pricing.data?.pricing.find((p) => p.tier === running.tier)}
          walletKobo={walletKobo}
          onClose={() => setDialog(null)}
          onPaid={onPaid}
        />
      )}
    </div>
  );
}
