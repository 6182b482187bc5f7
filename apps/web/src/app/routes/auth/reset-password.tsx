import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, Check, CircleCheck, CircleX, LockKeyhole, X } from 'lucide-react';
import { MESSAGES, REDIRECT_AFTER_RESET_MS, VERIFICATION_CODE_LENGTH, ZEmailOnly, ZResetPasswordForm, paths } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { fieldErrors } from '../../../lib/forms';
import { useResetPassword } from '../../../features/auth/api/reset-password';
import { AuthCard, FormAlert, Outcome } from '../../../features/auth/components/AuthCard';
import { PasswordField } from '../../../components/ui/password-field';
import { digitsOnly, resetPasswordChecks } from '../../../features/auth/lib/password-rules';

type Phase = 'form' | 'success' | 'failed';
type Field = 'email' | 'code' | 'password' | 'confirmPassword';

const SUCCESS_TITLE = 'Password Reset Successfully!';
const FAILED_TITLE = 'Reset Code Not Accepted';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const toast = useToast();
  const resetMutation = useResetPassword();
  const queryEmail = (params.get('email') ?? '').trim();
  const queryEmailValid = ZEmailOnly.safeParse({ email: queryEmail }).success;
  const [form, setForm] = useState<Record<Field, string>>({ email: queryEmail, code: '', password: '', confirmPassword: '' });
  // The address comes from the link; it becomes editable when missing, invalid, or refused.
  const [editEmail, setEditEmail] = useState(!queryEmailValid);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checks = resetPasswordChecks(form.password, form.confirmPassword);

  useEffect(() => {
    if (phase === 'form') return;
    headingRef.current?.focus();
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => navigate(paths.login(), { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
    setFormError(null);
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    if (found.email) setEditEmail(true);
    const first = (['email', 'code', 'password', 'confirmPassword'] as const).find((f) => found[f]);
    // The email field may only appear with this render; focus once it exists.
    if (first) window.setTimeout(() => document.getElementById(`reset-${first}`)?.focus(), 0);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = ZResetPasswordForm.safeParse(form);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      toast.error(MESSAGES.toast.validationErrorTitle, MESSAGES.toast.validationErrorMessage);
      return;
    }
    const { email, code, password } = parsed.data;
    resetMutation.mutate(
      { email, code, password },
      {
        onSuccess: () => setPhase('success'),
        onError: (err) => {
          if (err instanceof ApiError && err.errorType === 'INVALID_CODE') {
            setPhase('failed');
            return;
          }
          if (err instanceof ApiError && err.errorType === 'VALIDATION_ERROR') {
            if (err.fieldErrors) showErrors(err.fieldErrors);
            toast.error(MESSAGES.toast.validationErrorTitle, err.message || MESSAGES.toast.validationErrorMessage);
            return;
          }
          const text = err instanceof ApiError ? err.message : MESSAGES.transport.unreachable;
          setFormError(text);
          toast.error(MESSAGES.toast.errorTitle, text);
        },
      },
    );
  };

  const forgotLink = paths.forgotPassword({ email: form.email.trim() });

  if (phase === 'success') {
    return (
      <AuthCard icon={LockKeyhole} title="Reset password">
        <Outcome icon={CircleCheck} tone="success" role="status" title={SUCCESS_TITLE} headingRef={headingRef}>
          <p className="mt-2 text-sm text-slate-300">{MESSAGES.accounts.resetDone}</p>
          <p className="mt-1 text-xs text-slate-400">Taking you to the login page in {REDIRECT_AFTER_RESET_MS / 1000} seconds…</p>
          <ButtonLink to={paths.login()} replace size="lg" className="mt-6 w-full">
            Go to Login
          </ButtonLink>
        </Outcome>
      </AuthCard>
    );
  }

  if (phase === 'failed') {
    return (
      <AuthCard icon={LockKeyhole} title="Reset password">
        <Outcome icon={CircleX} tone="error" role="alert" title={FAILED_TITLE} headingRef={headingRef}>
          <p className="mt-2 text-sm text-slate-300">{MESSAGES.accounts.resetInvalid}</p>
          <div className="mt-6 flex flex-col gap-3">
            <ButtonLink to={forgotLink} size="lg" className="w-full">
              Request New Reset Code
            </ButtonLink>
            <ButtonLink to={paths.login()} variant="outline" className="w-full">
              Back to Login
            </ButtonLink>
          </div>
        </Outcome>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={LockKeyhole}
      title="Reset password"
      lead={
        editEmail ? (
          `Enter the ${VERIFICATION_CODE_LENGTH}-digit code from your email and choose a new password.`
        ) : (
          <>
            Enter the {VERIFICATION_CODE_LENGTH}-digit code we sent to{' '}
            <strong className="wrap-anywhere text-slate-200">{form.email}</strong> and choose a new password.
          </>
        )
      }
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError && <FormAlert>{formError}</FormAlert>}
        {editEmail && (
          <TextField
            id="reset-email"
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={form.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
        )}
        <TextField
          id="reset-code"
          label="Reset code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder="000000"
          required
          className="text-center font-mono text-2xl tracking-[0.5em]"
          value={form.code}
          error={errors.code}
          onChange={(e) => set('code', digitsOnly(e.target.value, VERIFICATION_CODE_LENGTH))}
        />
        <PasswordField
          id="reset-password"
          label="New password"
          name="password"
          shown={showPassword}
          onToggleShown={() => setShowPassword((s) => !s)}
          value={form.password}
          error={errors.password}
          onChange={(e) => set('password', e.target.value)}
        />
        <PasswordField
          id="reset-confirmPassword"
          label="Confirm new password"
          name="confirmPassword"
          shown={showPassword}
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
        <ul aria-label="Password requirements" className="grid gap-1.5 text-sm sm:grid-cols-2">
          {checks.map((c) => (
            <li
              key={c.id}
              data-check={c.id}
              data-met={c.met}
              className={cn('flex items-center gap-2', c.met ? 'text-emerald-300' : 'text-slate-400')}
            >
              {c.met ? <Check className="h-4 w-4 shrink-0" aria-hidden /> : <X className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />}
              {c.label}
              <span className="sr-only">{c.met ? '(done)' : '(not yet)'}</span>
            </li>
          ))}
        </ul>
        <Button type="submit" size="lg" className="w-full" loading={resetMutation.isPending}>
          Reset Password
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <Link to={forgotLink} className="font-medium text-slate-300 hover:text-slate-100 hover:underline">
          Need a new code?
        </Link>
        <Link to={paths.login()} className="inline-flex items-center gap-1 font-semibold text-emerald-300 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
