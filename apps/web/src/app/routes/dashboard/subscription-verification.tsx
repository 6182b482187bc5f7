import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { formatDate, SUBSCRIPTION_REDIRECT_MS, TIER_LABELS, type TSubscription, paths } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { ButtonLink } from '../../../components/ui/button';
import { Outcome, OutcomeActions, ReferenceLine, usePaymentReference } from '../../../components/ui/outcome';
import { Card } from '../../../components/ui/card';
import { refreshSubscriptions } from '../../../features/subscriptions/api/keys';
import { verifySubscriptionOnce } from '../../../features/subscriptions/api/verify-subscription';
import { refreshWallet } from '../../../features/wallet/api/keys';
import { serverMessageOr } from '../../../lib/errors';
import { SUBSCRIPTION_TEXT } from '../../../features/subscriptions/lib/messages';

type View = { phase: 'verifying' } | { phase: 'success'; subscription: TSubscription } | { phase: 'error'; message: string };

/**
 * Subscription verification (spec 001 §4): verifying, then success (the signed-in user is refreshed so the
 * tier badge updates, a toast, and the subscription page 3 seconds later) or error (Try Again leads back
 * to the subscription page, Contact Support to /contact). A reference is verified once per visit, also
 * when React runs the effect twice.
 */
export default function SubscriptionVerificationPage() {
  const reference = usePaymentReference();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [view, setView] = useState<View>(() =>
    reference ? { phase: 'verifying' } : { phase: 'error', message: SUBSCRIPTION_TEXT.noReference },
  );
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new reference in the URL starts over.
  const [shownFor, setShownFor] = useState(reference);
  if (shownFor !== reference) {
    setShownFor(reference);
    setView(reference ? { phase: 'verifying' } : { phase: 'error', message: SUBSCRIPTION_TEXT.noReference });
  }

  useEffect(() => {
    if (!reference) return;
    let live = true;
    verifySubscriptionOnce(reference).then(
      ({ subscription }) => {
        if (!live) return;
        setView({ phase: 'success', subscription });
        toast.success(SUBSCRIPTION_TEXT.activated);
        void refreshUser();
        void refreshSubscriptions(queryClient);
        void refreshWallet(queryClient);
      },
      (err: unknown) => {
        if (!live) return;
        setView({ phase: 'error', message: serverMessageOr(err, SUBSCRIPTION_TEXT.verificationFailed) });
      },
    );
    return () => {
      live = false;
    };
  }, [reference, toast, refreshUser, queryClient]);

  const phase = view.phase;
  useEffect(() => {
    if (phase === 'success' || phase === 'error') headingRef.current?.focus();
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => navigate(paths.dashboard.subscription(), { replace: true }), SUBSCRIPTION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  return (
    <div className="mx-auto max-w-lg py-4 sm:py-10">
      <Card className="p-6 sm:p-8">
        {view.phase === 'verifying' ? (
          <Outcome icon={Loader2} tone="busy" title="Verifying your payment" role="status" spin headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-400">Please wait while we confirm your subscription payment. Do not close this page.</p>
            {reference && <ReferenceLine reference={reference} />}
          </Outcome>
        ) : view.phase === 'success' ? (
          <Outcome icon={CircleCheck} tone="success" title="Subscription Activated" role="status" headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-300">
              {TIER_LABELS[view.subscription.tier]} is active
              {view.subscription.endDate ? ` until ${formatDate(view.subscription.endDate)}` : ''}.
            </p>
            <p className="mt-1 text-xs text-slate-400">Taking you to your subscription in {SUBSCRIPTION_REDIRECT_MS / 1000} seconds…</p>
            <OutcomeActions>
              <ButtonLink to={paths.dashboard.subscription()}>View Subscription</ButtonLink>
              <ButtonLink to={paths.dashboard.home()} variant="outline">
                Go to Dashboard
              </ButtonLink>
            </OutcomeActions>
          </Outcome>
        ) : (
          <Outcome icon={CircleX} tone="error" title="Payment Verification Failed" role="alert" headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-300">{view.message}</p>
            {reference && <ReferenceLine reference={reference} />}
            <OutcomeActions>
              <ButtonLink to={paths.dashboard.subscription()}>Try Again</ButtonLink>
              <ButtonLink to={paths.contact()} variant="outline">
                Contact Support
              </ButtonLink>
            </OutcomeActions>
          </Outcome>
        )}
      </Card>
    </div>
  );
}
