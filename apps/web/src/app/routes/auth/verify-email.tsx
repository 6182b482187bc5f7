import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, MailCheck, RotateCw } from 'lucide-react';
import {
  MESSAGES,
  REDIRECT_AFTER_VERIFY_MS,
  RESEND_COOLDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
  ZEmailOnly,
  ZVerificationCode,
  ZVerifyEmail,
  type TVerifyEmailResult,
  paths,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { tokenStore } from '../../../lib/storage';
import { useResendVerification } from '../../../features/auth/api/resend-verification';
import { useVerifyEmail } from '../../../features/auth/api/verify-email';
import { AuthCard, FormAlert, Outcome } from '../../../features/auth/components/AuthCard';
import { digitsOnly } from '../../../features/auth/lib/password-rules';
import { pendingEmail, resolveVerifyEmail } from '../../../features/auth/lib/pending-email';
import { useCountdown } from '../../../features/auth/lib/use-countdown';
import { useOnChange } from '../../../features/auth/lib/use-on-change';
import { newAccount } from '../../../features/auth/lib/new-account';
import { loginDestination, withOrigin } from '../../guards';

type Phase = 'pending' | 'success' | 'failed';

const NO_EMAIL_TEXT =
  'No email address found. Enter the email address you registered with so we can verify your account or send you a new code.';
const EMAIL_NOT_FOUND_MESSAGE = 'Please enter your email address so we can send you a verification code.';
const FAILED_TEXT = 'The verification code is invalid or has expired.';
const SEND_FAILED_EMAIL = 'We could not send the email right now. Please try again in a moment.';

const credits = (n: number) => `${n} bonus vote credit${n === 1 ? '' : 's'}`;

export function verifiedToastMessage(result: Pick<TVerifyEmailResult, 'referral'>): string {
  const bonus = result.referral?.bonusCredits;
  return bonus
    ? `Your email has been verified and ${credits(bonus)} have been added to your account.`
    : 'Your email has been verified. Welcome to ContestHub!';
}

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { user, status: authStatus, signIn, refreshUser } = useAuth();
  const toast = useToast();
  const verifyMutation = useVerifyEmail();
  const resendMutation = useResendVerification();
  const [cooldown, startCooldown] = useCountdown();

  const resolved = resolveVerifyEmail({ search: params, state: location.state, stored: pendingEmail.get(), userEmail: user?.email });
  // null: use the address found above; a string: the visitor is typing one (none found, or "Change").
  const [manualEmail, setManualEmail] = useState<string | null>(null);
  const editingEmail = manualEmail !== null || !resolved;
  const email = (editingEmail ? (manualEmail ?? '') : resolved) ?? '';

  const [phase, setPhase] = useState<Phase>('pending');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [serverText, setServerText] = useState<string | null>(null);
  const [destination, setDestination] = useState(paths.dashboard.home());
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After verification the success state shows, then the dashboard opens (spec 000 §4).
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(
      () => navigate(destination, { replace: true, state: withOrigin(location.state) }),
      REDIRECT_AFTER_VERIFY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase, destination, navigate, location.state]);

  // Move focus with the state so keyboard and screen-reader users follow along.
  useOnChange(phase, (now) => (now === 'pending' ? codeRef : headingRef).current?.focus());

  const clearError = (field: string) => {
    setErrors(({ [field]: _, ...rest }) => rest);
    setFormError(null);
  };

  const alreadyVerified = (message: string) => {
    pendingEmail.clear();
    toast.info('Already Verified', message || MESSAGES.accounts.alreadyVerified);
    // A signed-in user's fresh profile says verified, and the page then opens the dashboard.
    if (user) void refreshUser();
    else navigate(paths.login(), { replace: true });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = ZVerifyEmail.safeParse({ code, email: email.trim() || undefined });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      (found.code ? codeRef : emailRef).current?.focus();
      return;
    }
    if (!parsed.data.email && !tokenStore.token) {
      setErrors({ email: 'Please enter your email address' });
      emailRef.current?.focus();
      return;
    }
    verifyMutation.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result?.token || !result.user) {
          toast.error('Verification Failed', MESSAGES.transport.invalidResponse);
          setFormError(MESSAGES.transport.invalidResponse);
          return;
        }
        const refreshToken = result.refreshToken ?? tokenStore.refreshToken;
        if (refreshToken) signIn({ token: result.token, refreshToken, user: result.user });
        pendingEmail.clear();
        toast.success('Email Verified!', verifiedToastMessage(result));
        newAccount.mark(result.user._id);
        // Back to the page that asked for a login, if one did; else the dashboard.
        setDestination(refreshToken ? loginDestination(location.state) : paths.login());
        setPhase('success');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errorType === 'ALREADY_VERIFIED') {
          alreadyVerified(err.message);
          return;
        }
        const text = (err instanceof ApiError && err.message) || MESSAGES.accounts.invalidVerificationCode;
        toast.error('Verification Failed', text);
        const retryable = !(err instanceof ApiError) || err.status === 0 || err.status >= 500 || err.errorType === 'VALIDATION_ERROR';
        if (retryable) {
          if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
          setFormError(text);
          return;
        }
        setServerText(text);
        setPhase('failed');
      },
    });
  };

  const resend = () => {
    const target = email.trim();
    if (!target) {
      toast.error('Email Not Found', EMAIL_NOT_FOUND_MESSAGE);
      setErrors({ email: 'Please enter your email address' });
      if (phase !== 'pending') setPhase('pending');
      else emailRef.current?.focus();
      return;
    }
    const parsed = ZEmailOnly.safeParse({ email: target });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      if (phase !== 'pending') setPhase('pending');
      else emailRef.current?.focus();
      return;
    }
    resendMutation.mutate(parsed.data, {
      onSuccess: (result) => {
        startCooldown(result.retryAfterSeconds || RESEND_COOLDOWN_SECONDS);
        pendingEmail.set(parsed.data.email);
        if (result.emailSent === false) {
          toast.error('Failed to Send', SEND_FAILED_EMAIL);
          return;
        }
        toast.success('Verification Code Sent', MESSAGES.accounts.verificationSent);
        // A new code: back to the form, empty (spec 000 §4).
        setCode('');
        setErrors({});
        setFormError(null);
        setServerText(null);
        if (phase === 'pending') codeRef.current?.focus();
        else setPhase('pending');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errorType === 'ALREADY_VERIFIED') {
          alreadyVerified(err.message);
          return;
        }
        const retryAfter = err instanceof ApiError ? err.body?.retryAfterSeconds : undefined;
        if (err instanceof ApiError && err.status === 429 && typeof retryAfter === 'number') startCooldown(retryAfter);
        toast.error('Failed to Send', err instanceof ApiError ? err.message : MESSAGES.transport.unreachable);
      },
    });
  };

  const tryAgain = () => {
    setCode('');
    setErrors({});
    setServerText(null);
    setPhase('pending');
  };

  // A verified user has nothing to do here, except while the success state is on screen.
  if (phase !== 'success') {
    if (authStatus === 'loading') return <Spinner />;
    if (user?.isVerified) return <Navigate to={loginDestination(location.state)} replace />;
  }

  const resendButton = (variant: 'outline' | 'ghost') => (
    <Button
      variant={variant}
      onClick={resend}
      loading={resendMutation.isPending}
      disabled={cooldown > 0}
      icon={<RotateCw className="h-4 w-4" aria-hidden />}
    >
      {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
    </Button>
  );

  const backToLogin = (
    <Link to={paths.login()} className="font-semibold text-emerald-300 hover:underline">
      Back to Login
    </Link>
  );

  if (phase === 'success') {
    return (
      <AuthCard icon={MailCheck} title="Verify your email">
        <Outcome icon={CircleCheck} tone="success" role="status" title="Email Verified!" headingRef={headingRef}>
          <p className="mt-2 text-sm text-slate-300">
            {destination === paths.dashboard.home()
              ? 'Your email address is verified. Taking you to your dashboard…'
              : destination === paths.login()
                ? 'Your email address is verified. Taking you to the login page…'
                : 'Your email address is verified. Taking you back to where you were…'}
          </p>
          <ButtonLink to={destination} replace state={withOrigin(location.state)} className="mt-6">
            {destination === paths.dashboard.home() ? 'Go to Dashboard' : destination === paths.login() ? 'Go to Login' : 'Continue'}
          </ButtonLink>
        </Outcome>
      </AuthCard>
    );
  }

  if (phase === 'failed') {
    return (
      <AuthCard icon={MailCheck} title="Verify your email">
        <Outcome icon={CircleX} tone="error" title="Verification Failed" headingRef={headingRef}>
          {serverText?.startsWith(FAILED_TEXT) ? (
            <p className="mt-2 text-sm text-slate-300">{serverText}</p>
          ) : (
            <>
              <p className="mt-2 text-sm text-slate-300">{FAILED_TEXT}</p>
              {serverText && <p className="mt-1 text-sm text-slate-400">{serverText}</p>}
            </>
          )}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button onClick={tryAgain}>Try Again</Button>
            {resendButton('outline')}
          </div>
          <p className="mt-6 text-sm">{backToLogin}</p>
        </Outcome>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={MailCheck}
      title="Verify your email"
      lead={
        !editingEmail ? (
          <>
            We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong className="wrap-anywhere text-slate-200">{email}</strong>.
          </>
        ) : (
          `Enter the ${VERIFICATION_CODE_LENGTH}-digit code from your verification email.`
        )
      }
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError && <FormAlert>{formError}</FormAlert>}
        {editingEmail ? (
          <div className="space-y-3">
            {!resolved && (
              <p className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-200">{NO_EMAIL_TEXT}</p>
            )}
            <TextField
              ref={emailRef}
              id="verify-email-address"
              label="Email address"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              error={errors.email}
              onChange={(e) => {
                setManualEmail(e.target.value);
                clearError('email');
              }}
            />
          </div>
        ) : (
          <p className="-mt-4 text-center text-xs">
            <button
              type="button"
              onClick={() => setManualEmail(resolved ?? '')}
              className="rounded font-medium text-slate-400 underline-offset-2 hover:text-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300"
            >
              Wrong address? Use a different email
            </button>
          </p>
        )}
        <TextField
          ref={codeRef}
          id="verify-email-code"
          autoFocus={!editingEmail}
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="000000"
          className="text-center font-mono text-2xl tracking-[0.5em]"
          hint={`The code is ${VERIFICATION_CODE_LENGTH} digits. Check your spam folder if you cannot find the email.`}
          value={code}
          error={errors.code}
          onChange={(e) => {
            setCode(digitsOnly(e.target.value, VERIFICATION_CODE_LENGTH));
            clearError('code');
          }}
          onBlur={() => {
            const check = ZVerificationCode.safeParse(code);
            if (code && !check.success) setErrors((prev) => ({ ...prev, code: check.error.issues[0]?.message ?? '' }));
          }}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={verifyMutation.isPending}
          disabled={code.length !== VERIFICATION_CODE_LENGTH}
        >
          Verify Email
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-slate-400">
        <p>Didn&apos;t get the code?</p>
        {resendButton('ghost')}
        <p className="mt-2">{backToLogin}</p>
      </div>
    </AuthCard>
  );
}
