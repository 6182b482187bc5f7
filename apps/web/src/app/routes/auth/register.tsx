import { startTransition, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import { MESSAGES, PHONE_EXAMPLE, REFERRAL, ZRegister, paths } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { useRegister } from '../../../features/auth/api/register';
import { withOrigin } from '../../guards';
import { AuthCard } from '../../../features/auth/components/AuthCard';
import { ValidTick } from '../../../features/auth/components/FieldExtras';
import { PasswordField } from '../../../components/ui/password-field';
import { pendingEmail } from '../../../features/auth/lib/pending-email';
import {
  REGISTER_FIELDS,
  validRegisterFields,
  type RegisterField as Field,
  type RegisterForm as Form,
} from '../../../features/auth/lib/register-form';

const SUCCESS_TITLE = 'Registration Successful!';
const SUCCESS_EMAIL_SENT = 'Your account has been created. Check your email for the 6-digit verification code.';
const SUCCESS_EMAIL_NOT_SENT =
  'Your account has been created, but we could not send the verification email. Use Resend on the next page to get a new code.';

/** Server refusals that are about the input rather than the service (spec 000 §8). */
const isInputProblem = (err: ApiError) =>
  err.errorType === 'VALIDATION_ERROR' || err.errorType === 'INVALID_REFERRAL_CODE' || /validation|required|invalid/i.test(err.message);

export default function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { signIn } = useAuth();
  const toast = useToast();
  const registerMutation = useRegister();
  const [form, setForm] = useState<Form>(() => ({
    fullName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    referralCode: (params.get('ref') ?? '').trim().toUpperCase().slice(0, REFERRAL.codeMaxLength),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showPassword, setShowPassword] = useState(false);
  const valid = useMemo(() => validRegisterFields(form), [form]);

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRegister.safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = REGISTER_FIELDS.find((f) => found[f]);
      toast.error(MESSAGES.register.fixIssuesTitle, first ? found[first] : Object.values(found)[0]);
      if (first) document.getElementById(`register-${first}`)?.focus();
      return;
    }
    const { email } = parsed.data;
    registerMutation.mutate(parsed.data, {
      onSuccess: (result) => {
        pendingEmail.set(email);
        toast.success(SUCCESS_TITLE, result.emailSent ? SUCCESS_EMAIL_SENT : SUCCESS_EMAIL_NOT_SENT);
        // One transition: the new login and the move to /verify-email render together, so the
        // RedirectIfSignedIn around this page never sends the fresh (unverified) user elsewhere.
        startTransition(() => {
          signIn(result);
          // The page that asked for a login (if any) travels on: verifying returns there.
          navigate(paths.verifyEmail({ email }), { replace: true, state: withOrigin(location.state, { email }) });
        });
      },
      onError: (err) => {
        if (!(err instanceof ApiError)) {
          toast.error(MESSAGES.register.failedTitle, MESSAGES.transport.unreachable);
          return;
        }
        if (err.errorType === 'EMAIL_ALREADY_EXISTS' || err.errorType === 'PHONE_ALREADY_EXISTS') {
          const text = MESSAGES.register[err.errorType];
          setErrors((prev) => ({ ...prev, [err.errorType === 'EMAIL_ALREADY_EXISTS' ? 'email' : 'phone']: text }));
          toast.error(MESSAGES.register.failedTitle, text);
          return;
        }
        if (isInputProblem(err)) {
          const serverFields = { ...err.fieldErrors };
          if (err.errorType === 'INVALID_REFERRAL_CODE') serverFields.referralCode ??= err.message;
          setErrors((prev) => ({ ...prev, ...serverFields }));
          toast.error(MESSAGES.register.invalidTitle, err.message || MESSAGES.register.invalidDefault);
          return;
        }
        toast.error(MESSAGES.register.failedTitle, err.message);
      },
    });
  };

  const tick = (field: Field) => <ValidTick show={valid.has(field) && !errors[field]} />;

  return (
    <AuthCard icon={UserPlus} title="Create your account" lead="Join Nigeria's creative community: enter contests, vote and win." wide>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          id="register-fullName"
          label="Full name"
          name="fullName"
          autoComplete="name"
          required
          value={form.fullName}
          error={errors.fullName}
          aside={tick('fullName')}
          onChange={(e) => set('fullName', e.target.value)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="register-email"
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={form.email}
            error={errors.email}
            aside={tick('email')}
            onChange={(e) => set('email', e.target.value)}
          />
          <TextField
            id="register-phone"
            label="Phone number"
            type="tel"
            name="phone"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder={PHONE_EXAMPLE}
            hint="A Nigerian number: 080…, 234… or +234…"
            value={form.phone}
            error={errors.phone}
            aside={tick('phone')}
            onChange={(e) => set('phone', e.target.value)}
          />
        </div>
        <PasswordField
          id="register-password"
          label="Password"
          name="password"
          hint="At least 6 characters with an uppercase letter, a lowercase letter and a number."
          shown={showPassword}
          onToggleShown={() => setShowPassword((s) => !s)}
          value={form.password}
          error={errors.password}
          aside={tick('password')}
          onChange={(e) => set('password', e.target.value)}
        />
        <PasswordField
          id="register-confirmPassword"
          label="Confirm password"
          name="confirmPassword"
          shown={showPassword}
          value={form.confirmPassword}
          error={errors.confirmPassword}
          aside={tick('confirmPassword')}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
        <TextField
          id="register-referralCode"
          label={
            <>
              Referral code <span className="font-normal text-slate-400">(optional)</span>
            </>
          }
          name="referralCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={REFERRAL.codeMaxLength}
          className="font-mono uppercase tracking-wider"
          hint={`Got a code from a friend? You get ${REFERRAL.refereeBonusCredits} bonus vote credits once your email is verified.`}
          value={form.referralCode}
          error={errors.referralCode}
          aside={tick('referralCode')}
          onChange={(e) => set('referralCode', e.target.value.toUpperCase())}
        />
        <p className="text-xs text-slate-400">
          By creating an account you agree to our{' '}
          <Link to={paths.terms()} className="font-medium text-emerald-300 hover:underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy()} className="font-medium text-emerald-300 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" size="lg" className="w-full" loading={registerMutation.isPending}>
          Create Account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-400">
        Already have an account?{' '}
        <Link to={paths.login()} state={withOrigin(location.state)} className="font-semibold text-emerald-300 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
