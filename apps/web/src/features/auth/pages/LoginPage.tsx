import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogIn } from 'lucide-react';
import { MESSAGES, ZLogin } from '@contesthub/shared';
import { useAuth } from '../../../app/auth';
import { useToast } from '../../../app/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useLogin } from '../api/login';

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
      return err.message;
  }
}

export default function LoginPage() {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const toast = useToast();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = ZLogin.safeParse({ email, password, rememberMe });
    if (!email.trim() || !password) {
      setError(MESSAGES.login.fillAllFields);
      return;
    }
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
          toast.warning('Email Not Verified', MESSAGES.login.EMAIL_NOT_VERIFIED);
          navigate(`/verify-email?email=${encodeURIComponent(parsed.data.email)}`, { state: { email: parsed.data.email } });
          return;
        }
        const text = err instanceof ApiError ? loginFailureText(err) : MESSAGES.transport.unreachable;
        setError(text);
        toast.error(MESSAGES.login.failedTitle, text);
      },
    });
  };

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <div className="text-center">
          <span className="mx-auto grid h-12 w-12 place-items-center rounded-2xl bg-emerald-500/15 text-emerald-300">
            <LogIn className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-bold">Welcome back</h1>
          <p className="mt-1 text-sm text-slate-400">Log in to enter contests, vote and manage your wallet.</p>
        </div>
        <form onSubmit={submit} noValidate className="mt-8 space-y-5">
          {error && (
            <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-300">
              {error}
            </p>
          )}
          <TextField
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
              <Link to="/forgot-password" className="text-xs font-medium text-emerald-300 hover:underline">
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
        </form>
        <p className="mt-6 text-center text-sm text-slate-400">
          New to ContestHub?{' '}
          <Link to="/register" className="font-semibold text-emerald-300 hover:underline">
            Create an account
          </Link>
        </p>
      </Card>
    </div>
  );
}
