import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock, Loader2 } from 'lucide-react';
import {
  formatNaira,
  formatNumber,
  paths,
  PAYMENT_VERIFICATION_STUCK_MS,
  paymentPurposeOf,
  type PaymentPurpose,
  type TDepositVerified,
  type TVoteCreditVerified,
} from '@contesthub/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { Outcome, OutcomeActions, ReferenceLine, usePaymentReference } from '../../../components/ui/outcome';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { oncePerKey } from '../../../lib/once';
import { returnAfterPayment } from '../../../lib/return-after-payment';
import { refreshVoteCredits } from '../../../features/credits/api/keys';
import { verifyCreditPurchase } from '../../../features/credits/api/verify-credit-purchase';
import { CREDIT_MESSAGES } from '../../../features/credits/lib/messages';
import { attemptedReferences } from '../../../features/payments/lib/attempted';
import { VERIFICATION_MESSAGES as M } from '../../../features/payments/lib/messages';
import { useWallet } from '../../../features/wallet/api/get-wallet';
import { refreshWallet } from '../../../features/wallet/api/keys';
import { verifyDeposit } from '../../../features/wallet/api/verify-deposit';

/** The purposes this page verifies itself (subscriptions have their own verification page). */
type VerifiablePurpose = 'deposit' | 'credits';

/** What a verification answered, by the purpose read from the reference's prefix. */
type PaymentVerification = { purpose: 'deposit'; deposit: TDepositVerified } | { purpose: 'credits'; credits: TVoteCreditVerified };

/**
 * POST /wallet/verify-deposit or /vote-credits/verify {reference}: the server asks the gateway and credits
 * once. One request per reference at a time: a page that mounts twice joins the request on its way.
 */
const verification = oncePerKey(async (reference: string): Promise<PaymentVerification> =>
  paymentPurposeOf(reference) === 'credits'
    ? { purpose: 'credits', credits: await verifyCreditPurchase(reference) }
    : { purpose: 'deposit', deposit: await verifyDeposit(reference) },
);

type View =
  | { phase: 'pending'; stuck: boolean }
  /** No reference in the address: nothing to verify, but the payment can be started again. */
  | { phase: 'no-reference' }
  | { phase: 'verifying' }
  /** `result` is null when the reference was already attempted: the balance is then read afresh. */
  | { phase: 'success'; result: PaymentVerification | null }
  | { phase: 'error'; message: string; canRetry: boolean };

/**
 * Spec 001 §4: 'Transaction not found' becomes the friendlier text (and the reference stays attempted);
 * other refusals show the server's message, else the spec's default; anything else is unexpected.
 */
function describeFailure(err: unknown): { message: string; notFound: boolean } {
  if (err instanceof ApiError && err.status > 0 && err.errorType !== 'INVALID_RESPONSE') {
    if (err.status === 404 || /transaction not found/i.test(err.message)) return { message: M.notFound, notFound: true };
    return { message: err.message || M.failed, notFound: false };
  }
  return { message: M.unexpected, notFound: false };
}

/**
 * What the page shows before it asks: no reference, or one whose prefix names no payment of ours
 * (the spec's not-found text, nothing to retry), else it waits to verify.
 */
function firstView(reference: string | null, purpose: PaymentPurpose | null): View {
  if (!reference) return { phase: 'no-reference' };
  if (!purpose) return { phase: 'error', message: M.notFound, canRetry: false };
  return { phase: 'pending', stuck: false };
}

export default function PaymentVerificationPage() {
  const reference = usePaymentReference();
  // Our references start with their purpose (dep-, vcp-, sub-): that picks the verify call.
  const purpose = reference ? paymentPurposeOf(reference) : null;
  const verifiable: VerifiablePurpose | null = purpose === 'deposit' || purpose === 'credits' ? purpose : null;
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<View>(() => firstView(reference, purpose));
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new reference in the URL starts over.
  const [shownFor, setShownFor] = useState(reference);
  if (shownFor !== reference) {
    setShownFor(reference);
    setView(firstView(reference, purpose));
  }

  // Subscription payments are confirmed by their own page.
  useEffect(() => {
    if (reference && purpose === 'subscription') {
      void navigate(paths.subscriptionVerification({ reference }), { replace: true });
    }
  }, [reference, purpose, navigate]);

  useEffect(() => {
    if (!reference || !verifiable) return;
    attemptedReferences.keep(reference);
    // Leaving the page forgets the flag 5 seconds later.
    return () => attemptedReferences.clearLater(reference);
  }, [reference, verifiable]);

  useEffect(() => {
    if (!reference || !verifiable) return;
    if (attemptedReferences.has(reference) && !verification.isRunning(reference)) {
      setView({ phase: 'success', result: null });
      return;
    }
    let live = true;
    attemptedReferences.mark(reference);
    setView({ phase: 'verifying' });
    // A verification with no answer in 5 seconds is given up, so the user can try again.
    const stuck = window.setTimeout(() => {
      live = false;
      verification.forget(reference);
      attemptedReferences.clear(reference);
      setView({ phase: 'pending', stuck: true });
    }, PAYMENT_VERIFICATION_STUCK_MS);
    verification.run(reference).then(
      (result) => {
        if (!live) return;
        window.clearTimeout(stuck);
        const whole = result.purpose === 'deposit' ? !!result.deposit?.wallet : !!result.credits?.user && !!result.credits.transaction;
        if (!whole) {
          attemptedReferences.clear(reference);
          setView({ phase: 'error', message: M.unexpected, canRetry: true });
          return;
        }
        setView({ phase: 'success', result });
        if (result.purpose === 'credits') {
          const added = result.credits.credited ? `${formatNumber(result.credits.transaction.voteCredits)} vote credits added.` : undefined;
          toast.success(CREDIT_MESSAGES.verified, added);
          void refreshVoteCredits(queryClient);
        }
        void refreshWallet(queryClient);
        void refreshUser();
      },
      (err: unknown) => {
        if (!live) return;
        window.clearTimeout(stuck);
        const { message, notFound } = describeFailure(err);
        // A refused payment is not remembered as attempted: coming back asks again rather than claiming success.
        if (!notFound) attemptedReferences.clear(reference);
        setView({ phase: 'error', message, canRetry: true });
      },
    );
    return () => {
      live = false;
      window.clearTimeout(stuck);
    };
  }, [reference, verifiable, attempt, queryClient, toast, refreshUser]);

  // Focus follows the outcome so keyboard and screen-reader users land on it.
  const phase = view.phase;
  useEffect(() => {
    if (phase === 'success' || phase === 'error' || phase === 'no-reference') headingRef.current?.focus();
  }, [phase]);

  const tryAgain = useCallback(() => {
    if (!reference) return;
    attemptedReferences.clear(reference);
    setAttempt((n) => n + 1);
  }, [reference]);

  // The spec's debug reset: forget every remembered reference, then verify this one from the start.
  // A developer's tool: development builds only, never shown to users.
  const resetSaved = useCallback(() => {
    attemptedReferences.clearAll();
    toast.success(M.resetDone);
    setAttempt((n) => n + 1);
  }, [toast]);
  const canReset = import.meta.env.DEV && verifiable !== null && (view.phase === 'success' || view.phase === 'error');

  // A credit purchase started from a contest's vote dialog: the way back to that contest.
  const [returnTo] = useState(returnAfterPayment.get);
  const back = purpose === 'credits' && view.phase === 'success' ? returnTo : null;
  // Offered once: a later purchase from the wallet is not sent back to this contest.
  useEffect(() => {
    if (back) returnAfterPayment.clear();
  }, [back]);

  return (
    <div className="mx-auto max-w-lg py-4 sm:py-10">
      <Card className="p-6 sm:p-8">
        {view.phase === 'verifying' || (view.phase === 'pending' && !view.stuck) ? (
          <Outcome icon={Loader2} tone="busy" title="Verifying your payment" role="status" spin headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-400">Please wait while we confirm your payment. Do not close this page.</p>
            {reference && <ReferenceLine reference={reference} />}
          </Outcome>
        ) : view.phase === 'pending' ? (
          <Outcome icon={Clock} tone="warn" title="Still waiting for confirmation" role="status" headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-400">
              The payment provider is taking longer than usual to answer. If you paid, your wallet is credited once it confirms.
            </p>
            {reference && <ReferenceLine reference={reference} />}
            <OutcomeActions>
              <Button onClick={tryAgain}>Try Again</Button>
              <ButtonLink to={paths.dashboard.wallet()} variant="outline">
                View Wallet
              </ButtonLink>
            </OutcomeActions>
          </Outcome>
        ) : view.phase === 'no-reference' ? (
          <Outcome icon={CircleX} tone="error" title="We could not confirm your payment" role="alert" headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-300">{M.noReference}</p>
            <OutcomeActions>
              {/* Without a reference there is nothing to check: trying again means paying again, from the wallet. */}
              <ButtonLink to={paths.dashboard.wallet()}>Try Again</ButtonLink>
              <ElsewhereLinks />
            </OutcomeActions>
          </Outcome>
        ) : view.phase === 'success' ? (
          <Outcome icon={CircleCheck} tone="success" title="Payment Successful" role="status" headingRef={headingRef}>
            {purpose === 'credits' ? (
              <CreditsSuccess result={view.result?.purpose === 'credits' ? view.result : null} />
            ) : (
              <SuccessDetails result={view.result?.purpose === 'deposit' ? view.result.deposit : null} />
            )}
            <OutcomeActions>
              {back && <ButtonLink to={back.path}>Back to {back.label}</ButtonLink>}
              <ButtonLink
                to={purpose === 'credits' ? paths.dashboard.wallet({ tab: 'credits' }) : paths.dashboard.wallet()}
                variant={back ? 'outline' : 'primary'}
              >
                View Wallet
              </ButtonLink>
              <ElsewhereLinks />
            </OutcomeActions>
          </Outcome>
        ) : (
          <Outcome icon={CircleX} tone="error" title="We could not confirm your payment" role="alert" headingRef={headingRef}>
            <p className="mt-2 text-sm text-slate-300">{view.message}</p>
            {reference && <ReferenceLine reference={reference} />}
            <OutcomeActions>
              {view.canRetry && <Button onClick={tryAgain}>Try Again</Button>}
              <ButtonLink to={paths.contact()} variant="outline">
                Contact Support
              </ButtonLink>
              <ButtonLink to={paths.browseContests()} variant="ghost">
                Browse Contests
              </ButtonLink>
              <ButtonLink to={paths.dashboard.wallet()} variant="ghost">
                View Wallet
              </ButtonLink>
              <ButtonLink to={paths.dashboard.home()} variant="ghost">
                Go to Dashboard
              </ButtonLink>
            </OutcomeActions>
          </Outcome>
        )}
        {canReset && (
          <div className="mt-6 border-t border-slate-800 pt-4 text-center">
            <button
              type="button"
              onClick={resetSaved}
              className="rounded px-2 py-1 text-xs text-slate-400 underline underline-offset-2 hover:text-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-400"
            >
              Reset saved verification state
            </button>
          </div>
        )}
      </Card>
    </div>
  );
}

/** Browse Contests and Go to Dashboard (spec 002 §2.10), where the outcome leaves the user. */
function ElsewhereLinks() {
  return (
    <>
      <ButtonLink to={paths.browseContests()} variant="outline">
        Browse Contests
      </ButtonLink>
      <ButtonLink to={paths.dashboard.home()} variant="ghost">
        Go to Dashboard
      </ButtonLink>
    </>
  );
}

function SuccessDetails({ result }: { result: TDepositVerified | null }) {
  // Already verified earlier: read the balance as it is now.
  const wallet = useWallet({ enabled: result === null });
  const balance = result ? result.wallet.balance : wallet.data?.wallet.balance;
  const payment = result?.deposit;
  return (
    <>
      <p className="mt-2 text-sm text-slate-400">
        {payment?.credited
          ? `${formatNaira(payment.amount)} has been added to your wallet.`
          : 'This payment has already been verified and added to your wallet.'}
      </p>
      <dl className="mt-5 rounded-xl border border-slate-800 bg-slate-950/40 p-4">
        <dt className="text-xs text-slate-400">New balance</dt>
        <dd className="mt-1 text-2xl font-bold text-emerald-300" data-testid="verified-balance">
          {balance !== undefined ? (
            formatNaira(balance)
          ) : wallet.isError ? (
            <span className="flex flex-wrap items-center justify-center gap-2 text-sm font-normal text-slate-300">
              Failed to load wallet
              <Button size="sm" variant="outline" onClick={() => void wallet.refetch()}>
                Retry
              </Button>
            </span>
          ) : (
            <Skeleton className="mx-auto h-8 w-32" aria-label="Loading balance" />
          )}
        </dd>
      </dl>
      {payment && <ReferenceLine reference={payment.reference} />}
    </>
  );
}

function CreditsSuccess({ result }: { result: Extract<PaymentVerification, { purpose: 'credits' }> | null }) {
  // Already verified earlier: read the credit balance as it is now.
  const wallet = useWallet({ enabled: result === null });
  const balance = result ? result.credits.user.voteCredits : wallet.data?.wallet.voteCredits;
  const transaction = result?.credits.transaction;
  return (
    <>
      <p className="mt-2 text-sm text-slate-400">
        {transaction && result.credits.credited
          ? `${formatNumber(transaction.voteCredits)} vote credits have been added to your account.`
          : 'This payment has already been verified and its vote credits added to your account.'}
      </p>
      <dl className="mt-5 rounded-xl border border-slate-800 bg-slate-950/40 p-4">
        <dt className="text-xs text-slate-400">New credit balance</dt>
        <dd className="mt-1 text-2xl font-bold text-amber-300" data-testid="verified-credits">
          {balance !== undefined ? (
            formatNumber(balance)
          ) : wallet.isError ? (
            <span className="flex flex-wrap items-center justify-center gap-2 text-sm font-normal text-slate-300">
              Failed to load wallet
              <Button size="sm" variant="outline" onClick={() => void wallet.refetch()}>
                Retry
              </Button>
            </span>
          ) : (
            <Skeleton className="mx-auto h-8 w-32" aria-label="Loading credit balance" />
          )}
        </dd>
      </dl>
      {transaction && <ReferenceLine reference={transaction.reference} />}
    </>
  );
}
