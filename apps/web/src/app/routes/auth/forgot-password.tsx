import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, KeyRound, MailCheck, RotateCw } from 'lucide-react';
import { MESSAGES, VERIFICATION_CODE_LENGTH, ZEmailOnly, paths } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { useForgotPassword } from '../../../features/auth/api/forgot-password';
import { AuthCard, FormAlert, Outcome } from '../../../features/auth/components/AuthCard';
import { useOnChange } from '../../../features/auth/lib/use-on-change';

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const toast = useToast();
  const forgotMutation = useForgotPassword();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useOnChange(sent !== null, (isSent) => (isSent ? headingRef : emailRef).current?.focus());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = ZEmailOnly.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      emailRef.current?.focus();
      return;
    }
    forgotMutation.mutate(parsed.data, {
      onSuccess: (res) => {
        const message = res.message || MESSAGES.accounts.resetRequested;
        toast.success('Reset Email Sent', message);
        setSent({ email: parsed.data.email, message });
      },
      onError: (err) => {
        // Spec 000 §8: the failure is logged; we also say on the page that nothing was sent.
        console.warn('Password reset request failed', err);
        if (err instanceof ApiError && err.fieldErrors?.email) {
          setError(err.fieldErrors.email);
          return;
        }
        // 429 carries the server's wait message; a network failure says so.
        setFormError(err instanceof ApiError ? err.message : MESSAGES.transport.unreachable);
      },
    });
  };

  const resetLink = (address: string) => paths.resetPassword({ email: address });

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot password"
      lead={sent ? undefined : `Enter your account's email address and we will send you a ${VERIFICATION_CODE_LENGTH}-digit reset code.`}
    >
      {sent ? (
        <Outcome icon={MailCheck} tone="success" role="status" title="Check Your Email" headingRef={headingRef}>
          <p className="mt-2 text-sm text-slate-300">{sent.message}</p>
          <p className="mt-1 wrap-anywhere text-sm text-slate-400">
            Requested for <strong className="text-slate-200">{sent.email}</strong>.
          </p>
          <div className="mt-6 flex flex-col gap-3">
            <ButtonLink to={resetLink(sent.email)} size="lg" className="w-full">
              Enter Reset Code
            </ButtonLink>
            <Button
              variant="outline"
              className="w-full"
              icon={<RotateCw className="h-4 w-4" aria-hidden />}
              onClick={() => {
                setFormError(null);
                setSent(null);
              }}
            >
              Send Another Reset Code
            </Button>
          </div>
        </Outcome>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextField
            ref={emailRef}
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(undefined);
              setFormError(null);
            }}
          />
          <Button type="submit" size="lg" className="w-full" loading={forgotMutation.isPending}>
            Send Reset Code
          </Button>
          <p className="text-center text-sm text-slate-400">
            Already have a code?{' '}
            <Link
              to={email.trim() ? resetLink(email.trim()) : paths.resetPassword()}
              className="font-semibold text-emerald-300 hover:underline"
            >
              Reset your password
            </Link>
          </p>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login()} className="inline-flex items-center gap-1 font-semibold text-emerald-300 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
