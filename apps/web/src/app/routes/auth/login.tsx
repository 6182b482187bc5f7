import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, KeyRound, LogIn, ShieldCheck, Smartphone } from 'lucide-react';
import { BACKUP_CODE, MESSAGES, TWO_FACTOR_CODE_LENGTH, ZLogin, type TLoginInput, paths } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useLogin } from '../../../features/auth/api/login';
import { AuthCard, FormAlert } from '../../../features/auth/components/AuthCard';
import { digitsOnly } from '../../../features/auth/lib/password-rules';
import { useOnChange } from '../../../features/auth/lib/use-on-change';
import { withOrigin } from '../../guards';

/** Text shown for each login errorType (spec 000 §8). */
function loginFailureText(err: ApiError): string {
  switch (err.errorType) {
    case 'ACCOUNT_NOT_FOUND':
    case 'INVALID_PASSWORD':
    case 'ACCOUNT_DEACTIVATED':
    case 'INVALID_2FA_TOKEN':
    case 'INVALID_BACKUP_CODE':
      return MESSAGES.login[err.errorType];
    case 'ACCOUNT_BANNED': {
      const reason = typeof err.body?.reason === 'string' ? err.body.reason : undefined;
      return reason && !err.message.includes(reason) ? `${err.message} Reason: ${reason}` : err.message;
    }
    default:
      // ACCOUNT_LOCKED and anything else: the server's own message.
      return err.message;
  }
}

type Step = 'credentials' | 'twoFactor';
type CodeMode = 'authenticator' | 'backup';

/** Backup codes are upper case letters and digits, 8 of them. */
const backupCodeOnly = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, BACKUP_CODE.length);

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useAuth();
  const toast = useToast();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('credentials');
  const [mode, setMode] = useState<CodeMode>('authenticator');
  const [twoFactorToken, setTwoFactorToken] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // Keyboard users land in the field that needs them after each step or mode change.
  useOnChange(`${step}:${mode}`, () => (step === 'twoFactor' ? codeRef : emailRef).current?.focus());

  const leaveTwoFactor = () => {
    setTwoFactorToken('');
    setBackupCode('');
    setMode('authenticator');
    setError(null);
    setStep('credentials');
  };

  const switchMode = (next: CodeMode) => {
    setMode(next);
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setStep('credentials');
      setError(MESSAGES.login.fillAllFields);
      return;
    }
    let input: TLoginInput = { email, password, rememberMe };
    if (step === 'twoFactor') {
      const code = (mode === 'authenticator' ? twoFactorToken : backupCode).trim();
      if (!code) {
        setError(MESSAGES.login.codeRequired);
        codeRef.current?.focus();
        return;
      }
      input = mode === 'authenticator' ? { ...input, twoFactorToken: code } : { ...input, backupCode: code };
    }
    const parsed = ZLogin.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.login.fillAllFields);
      return;
    }
    loginMutation.mutate(parsed.data, {
      onSuccess: (result) => {
        // RedirectIfSignedIn then sends the user to the remembered origin or the dashboard.
        signIn(result);
        toast.success(MESSAGES.login.successTitle, MESSAGES.login.successMessage);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errorType === 'EMAIL_NOT_VERIFIED') {
          toast.toast({ type: 'warning', title: 'Email Not Verified', message: MESSAGES.login.EMAIL_NOT_VERIFIED, keepOnNavigate: true });
          // Verifying then returns to the page that asked for a login, like the login itself.
          navigate(paths.verifyEmail({ email: parsed.data.email }), { state: withOrigin(location.state, { email: parsed.data.email }) });
          return;
        }
        if (err instanceof ApiError && err.errorType === '2FA_REQUIRED') {
          if (step === 'credentials') {
            setStep('twoFactor');
            toast.info('Two-Factor Authentication', MESSAGES.login['2FA_REQUIRED']);
          } else {
            setError(MESSAGES.login.codeRequired);
          }
          return;
        }
        const text = err instanceof ApiError ? loginFailureText(err) : MESSAGES.transport.unreachable;
        setError(text);
        toast.error(MESSAGES.login.failedTitle, text);
        if (step === 'twoFactor') codeRef.current?.select();
      },
    });
  };

  return (
    <AuthCard icon={LogIn} title="Welcome back" lead="Log in to enter contests, vote and manage your wallet.">
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <FormAlert>{error}</FormAlert>}
        {step === 'credentials' ? (
          <>
            <TextField
              ref={emailRef}
              label="Email address"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aside={
                <Link to={paths.forgotPassword()} className="text-xs font-medium text-emerald-300 hover:underline">
                  Forgot password?
                </Link>
              }
            />
            <label className="flex items-center gap-2 text-sm text-slate-300">
              <input
                type="checkbox"
                checked={rememberMe}
                onChange={(e) => setRememberMe(e.target.checked)}
                className="h-4 w-4 rounded border-slate-600 bg-slate-900 accent-emerald-500"
              />
              Remember me for 30 days
            </label>
            <Button type="submit" size="lg" className="w-full" loading={loginMutation.isPending}>
              Log In
            </Button>
          </>
        ) : (
          <>
            <div className="rounded-xl border border-emerald-500/30 bg-emerald-500/5 p-4">
              <h2 className="flex items-center gap-2 font-semibold text-slate-100">
                <ShieldCheck className="h-5 w-5 text-emerald-300" aria-hidden />
                Two-factor authentication
              </h2>
              <p className="mt-1 text-sm text-slate-300">{MESSAGES.login['2FA_REQUIRED']}</p>
              <p className="mt-1 wrap-anywhere text-xs text-slate-400">Signing in as {email.trim()}</p>
            </div>
            <div role="group" aria-label="Type of code" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-950/60 p-1">
              {(
                [
                  ['authenticator', 'Authenticator code', Smartphone],
                  ['backup', 'Backup code', KeyRound],
                ] as const
              ).map(([value, label, Icon]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={mode === value}
                  onClick={() => switchMode(value)}
                  className={cn(
                    'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2 py-2 text-xs font-medium sm:text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300',
                    mode === value ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800',
                  )}
                >
                  <Icon className="h-4 w-4 shrink-0" aria-hidden />
                  {label}
                </button>
              ))}
            </div>
            {mode === 'authenticator' ? (
              <TextField
                key="authenticator"
                ref={codeRef}
                label="Authentication code"
                name="twoFactorToken"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={TWO_FACTOR_CODE_LENGTH}
                placeholder="123456"
                className="font-mono text-lg tracking-[0.4em]"
                hint={`Enter the ${TWO_FACTOR_CODE_LENGTH}-digit code from your authenticator app.`}
                value={twoFactorToken}
                onChange={(e) => {
                  setTwoFactorToken(digitsOnly(e.target.value, TWO_FACTOR_CODE_LENGTH));
                  setError(null);
                }}
              />
            ) : (
              <TextField
                key="backup"
                ref={codeRef}
                label="Backup code"
                name="backupCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={BACKUP_CODE.length}
                placeholder="ABCD1234"
                className="font-mono text-lg uppercase tracking-[0.3em]"
                hint={`Enter one of your ${BACKUP_CODE.length}-character backup codes. Each code works once.`}
                value={backupCode}
                onChange={(e) => {
                  setBackupCode(backupCodeOnly(e.target.value));
                  setError(null);
                }}
              />
            )}
            <Button type="submit" size="lg" className="w-full" loading={loginMutation.isPending}>
              Verify and Log In
            </Button>
            <Button variant="ghost" className="w-full" icon={<ArrowLeft className="h-4 w-4" aria-hidden />} onClick={leaveTwoFactor}>
              Back to email and password
            </Button>
          </>
        )}
      </form>
      <p className="mt-6 text-center text-sm text-slate-400">
        New to ContestHub?{' '}
        <Link to={paths.register()} state={withOrigin(location.state)} className="font-semibold text-emerald-300 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
