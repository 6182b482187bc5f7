import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2, type LucideIcon } from 'lucide-react';
import { formatDate, SUBSCRIPTION_REDIRECT_MS, TIER_LABELS, type TSubscription } from '@contesthub/shared';
import { useAuth } from '../../../app/auth';
import { useToast } from '../../../app/toast';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { walletKeys } from '../../wallet/api/get-wallet';
import { subscriptionKeys } from '../api/keys';
import { verifySubscriptionOnce } from '../api/verify';
import { failureText } from '../lib/failure';
import { SUBSCRIPTION_TEXT } from '../lib/messages';

type View = { phase: 'verifying' } | { phase: 'success'; subscription: TSubscription } | { phase: 'error'; message: string };

/** The reference from the gateway's return: `reference`, or `trxref` as the fallback (spec 001 §2). */
function useReference(): string | null {
  const [params] = useSearchParams();
  const value = (params.get('reference') ?? '').trim() || (params.get('trxref') ?? '').trim();
  return value || null;
}

/**
 * Subscription verification (spec 001 §4): verifying, then success (the signed-in user is refreshed so the
 * tier badge updates, a toast, and the subscription page 3 seconds later) or error (Try Again leads back
 * to the subscription page, Contact Support to /contact). A reference is verified once per visit, also
 * when React runs the effect twice.
 */
export default function SubscriptionVerificationPage() {
  const reference = useReference();
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
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      },
      (err: unknown) => {
        if (!live) return;
        setView({ phase: 'error', message: failureText(err, SUBSCRIPTION_TEXT.verificationFailed) });
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
    const timer = window.setTimeout(() => navigate('/dashboard/subscription', { replace: true }), SUBSCRIPTION_REDIRECT_MS);
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
            <p className="mt-1 text-xs text-slate-500">Taking you to your subscription in {SUBSCRIPTION_REDIRECT_MS / 1000} seconds…</p>
            <Actions>
              <ButtonLink to="/dashboard/subscription">View Subscription</ButtonLink>
              <ButtonLink to="/dashboard" variant="outline">
                Go to Dashboard
              </ButtonLink>
            </Actions>
          </Outcome>
        ) : (
          <Outcome icon={CircleX} tone="error" title="Payment Verification Failed" role="alert" headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-300">{view.message}</p>
            {reference && <ReferenceLine reference={reference} />}
            <Actions>
              <ButtonLink to="/dashboard/subscription">Try Again</ButtonLink>
              <ButtonLink to="/contact" variant="outline">
                Contact Support
              </ButtonLink>
            </Actions>
          </Outcome>
        )}
      </Card>
    </div>
  );
}

function ReferenceLine({ reference }: { reference: string }) {
  return (
    <p className="mt-3 text-xs break-all text-slate-500">
      Reference: <span className="font-mono text-slate-400">{reference}</span>
    </p>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">{children}</div>;
}

const TONES = { success: 'text-emerald-400', error: 'text-red-400', busy: 'text-emerald-300' } as const;

function Outcome({
  icon: Icon,
  tone,
  title,
  role,
  spin = false,
  headingRef,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  role: 'status' | 'alert';
  spin?: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className="text-center" role={role}>
      <Icon className={cn('mx-auto h-14 w-14', TONES[tone], spin && 'animate-spin')} aria-hidden />
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-xl font-bold focus:outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}
