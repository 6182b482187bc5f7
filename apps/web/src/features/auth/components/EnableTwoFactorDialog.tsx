import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Check, Copy, Download, KeyRound, RefreshCw, ShieldCheck } from 'lucide-react';
import { MESSAGES, ZTwoFactorEnable } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { copyText } from '../../../lib/clipboard';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { backupCodesText, downloadText } from '../lib/backup-codes';

const CODE_REQUIRED = 'Please enter the verification code from your authenticator app.';
const STEPS = ['Set up', 'Verify', 'Backup codes'] as const;

export function EnableTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState(1);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title="Enable Two-Factor Authentication"
      description={`Step ${step} of 3: ${STEPS[step - 1]}`}
    >
      <EnableFlow onClose={onClose} onBusy={setBusy} onStep={setStep} />
    </Dialog>
  );
}

function StepMarker({ step }: { step: number }) {
  return (
    <ol className="mb-5 flex items-center gap-2" aria-hidden>
      {STEPS.map((label, i) => {
        const n = i + 1;
        return (
          <li key={label} className="flex flex-1 items-center gap-2">
            <span
              className={cn(
                'grid h-7 w-7 shrink-0 place-items-center rounded-full text-xs font-bold',
                n < step
                  ? 'bg-emerald-500 text-slate-950'
                  : n === step
                    ? 'bg-emerald-500/20 text-emerald-300 ring-1 ring-emerald-500'
                    : 'bg-slate-800 text-slate-400',
              )}
            >
              {n < step ? <Check className="h-4 w-4" /> : n}
            </span>
            <span className={cn('hidden text-xs sm:inline', n === step ? 'text-slate-100' : 'text-slate-400')}>{label}</span>
            {n < STEPS.length && <span className="h-px flex-1 bg-slate-700" />}
          </li>
        );
      })}
    </ol>
  );
}

/** Mounted only while the dialog is open, so every opening starts a fresh setup. */
function EnableFlow({ onClose, onBusy, onStep }: { onClose: () => void; onBusy: (busy: boolean) => void; onStep: (step: number) => void }) {
  const toast = useToast();
  const { user } = useAuth();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [secretCopied, setSecretCopied] = useState(false);
  const started = useRef(false);

  const start = () =>
    setup.mutate(undefined, {
      onError: (err) => toast.error('Setup Failed', err instanceof ApiError ? err.message : 'Failed to start two-factor setup'),
    });

  // Step 1 starts by itself when the dialog opens (once, even under StrictMode's double effects).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const step = enable.isSuccess ? 3 : setup.data ? 2 : 1;
  useEffect(() => onStep(step), [step, onStep]);
  useEffect(() => onBusy(enable.isPending), [enable.isPending, onBusy]);

  const verify = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setCodeError(CODE_REQUIRED);
      toast.warning('Verification Required', CODE_REQUIRED);
      document.getElementById('tfa-code')?.focus();
      return;
    }
    const parsed = ZTwoFactorEnable.safeParse({ token: code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      document.getElementById('tfa-code')?.focus();
      return;
    }
    enable.mutate(parsed.data.token, {
      onSuccess: () => toast.success('2FA Enabled', MESSAGES.accounts.twoFactorEnabled),
      onError: (err) => {
        const message = err instanceof ApiError ? err.message : 'Failed to enable two-factor authentication';
        const title = err instanceof ApiError && err.errorType === 'INVALID_2FA_TOKEN' ? 'Verification Failed' : 'Enable Failed';
        setCodeError(message);
        toast.error(title, message);
      },
    });
  };

  if (step === 1) {
    return (
      <div>
        <StepMarker step={1} />
        {setup.isError ? (
          <div className="space-y-4 py-4 text-center" role="alert">
            <p className="text-sm text-slate-300">
              {setup.error instanceof ApiError ? setup.error.message : 'Two-factor setup could not be started.'}
            </p>
            <Button variant="outline" icon={<RefreshCw className="h-4 w-4" aria-hidden />} onClick={start}>
              Retry Setup
            </Button>
          </div>
        ) : (
          <Spinner label="Generating your secret key..." />
        )}
      </div>
    );
  }

  const data = setup.data!;
  if (step === 3) {
    const copyAll = async () => {
      if (await copyText(data.backupCodes.join('\n'))) toast.success('Copied', 'Backup codes copied to clipboard');
      else toast.error('Copy Failed', 'Could not copy the backup codes. Please download them instead.');
    };
    return (
      <div className="space-y-4">
        <StepMarker step={3} />
        <div className="flex items-start gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-4">
          <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" aria-hidden />
          <div>
            <p className="font-semibold text-emerald-200">Two-factor authentication is enabled</p>
            <p className="text-sm text-slate-300">
              Save these backup codes somewhere safe. Each one signs you in once if you lose your authenticator app. They will not be shown
              again.
            </p>
          </div>
        </div>
        <ol
          aria-label="Backup codes"
          className="grid grid-cols-2 gap-2 rounded-xl border border-slate-800 bg-slate-950 p-4 font-mono text-sm"
        >
          {data.backupCodes.map((c) => (
            <li key={c} className="rounded bg-slate-900 px-2 py-1.5 text-center tracking-widest text-slate-100">
              {c}
            </li>
          ))}
        </ol>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" icon={<Copy className="h-4 w-4" aria-hidden />} onClick={() => void copyAll()}>
            Copy All
          </Button>
          <Button
            variant="outline"
            icon={<Download className="h-4 w-4" aria-hidden />}
            onClick={() => downloadText('contesthub-backup-codes.txt', backupCodesText(data.backupCodes, user?.email ?? ''))}
          >
            Download
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }

  const copySecret = async () => {
    if (await copyText(data.secret)) {
      setSecretCopied(true);
      window.setTimeout(() => setSecretCopied(false), 2000);
      toast.success('Copied', 'Secret key copied to clipboard');
    } else {
      toast.error('Copy Failed', 'Could not copy the secret key. Please type it in manually.');
    }
  };
  // The QR is drawn by our own server as a data URL; nothing is sent to an outside image service.
  const qrSrc = data.qrCodeImage.startsWith('data:image/') ? data.qrCodeImage : null;

  return (
    <form noValidate onSubmit={verify} className="space-y-5">
      <StepMarker step={2} />
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-300">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, Authy…).</li>
        <li>Scan the QR code, or enter the secret key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {qrSrc && (
          <img
            src={qrSrc}
            alt="QR code to scan with your authenticator app"
            width={176}
            height={176}
            className="h-44 w-44 shrink-0 rounded-xl bg-white p-2"
          />
        )}
        <div className="w-full min-w-0 space-y-1.5">
          <p id="tfa-secret-label" className="text-sm font-medium text-slate-200">
            Secret key
          </p>
          <div className="flex min-w-0 gap-2">
            <code
              aria-labelledby="tfa-secret-label"
              className="min-w-0 flex-1 break-all rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 font-mono text-sm tracking-wider text-amber-200"
            >
              {data.secret}
            </code>
            <Button
              variant="secondary"
              aria-label="Copy secret key"
              onClick={() => void copySecret()}
              icon={secretCopied ? <Check className="h-4 w-4 text-emerald-300" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            />
          </div>
          <p className="text-xs text-slate-400">
            <KeyRound className="mr-1 inline h-3.5 w-3.5" aria-hidden />
            Use this if you cannot scan the code.
          </p>
        </div>
      </div>
      <TextField
        id="tfa-code"
        label="Verification Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="123456"
        className="font-mono tracking-[0.4em]"
        value={code}
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
          setCodeError(undefined);
        }}
        error={codeError}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={enable.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={enable.isPending}>
          Verify &amp; Enable
        </Button>
      </div>
    </form>
  );
}
