import { useState, type ReactNode } from 'react';
import { Bell, KeyRound, Shield, ShieldCheck, ShieldOff } from 'lucide-react';
import { formatDate } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { Button } from '../../../components/ui/button';
import { Badge, Card, Skeleton } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useTwoFactorStatus } from '../../../features/auth/api/get-two-factor-status';
import { useUpdateLoginAlerts } from '../../../features/auth/api/update-login-alerts';
import { ChangePasswordDialog } from '../../../features/auth/components/ChangePasswordDialog';
import { DisableTwoFactorDialog } from '../../../features/auth/components/DisableTwoFactorDialog';
import { EnableTwoFactorDialog } from '../../../features/auth/components/EnableTwoFactorDialog';
import { SessionsCard } from '../../../features/auth/components/SessionsCard';
import { AccountStandingCard } from '../../../features/standing/components/AccountStandingCard';

export default function SecuritySettingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-2xl font-bold">
          <Shield className="h-6 w-6 text-emerald-300" aria-hidden />
          Security
        </h2>
        <p className="text-slate-400">Protect your account with a strong password, two-factor authentication and login alerts.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <PasswordCard lastChange={user.lastPasswordChange} />
        <TwoFactorCard />
      </div>
      <LoginAlertsCard enabled={user.loginAlerts} />
      <SessionsCard />
      <AccountStandingCard />
    </div>
  );
}

function CardIcon({ children }: { children: ReactNode }) {
  return <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-emerald-500/15 text-emerald-300">{children}</span>;
}

function PasswordCard({ lastChange }: { lastChange: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <CardIcon>
          <KeyRound className="h-5 w-5" aria-hidden />
        </CardIcon>
        <div>
          <h3 className="font-semibold">Password</h3>
          <p className="text-sm text-slate-400">
            {lastChange ? `Last changed ${formatDate(lastChange)}` : 'Use a strong password you do not use elsewhere.'}
          </p>
        </div>
      </div>
      <div className="mt-auto">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Change Password
        </Button>
      </div>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const close = () => setDialog(null);
  const enabled = status.data?.enabled ?? false;
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <CardIcon>{enabled ? <ShieldCheck className="h-5 w-5" aria-hidden /> : <ShieldOff className="h-5 w-5" aria-hidden />}</CardIcon>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">Two-Factor Authentication</h3>
            {status.data && <Badge tone={enabled ? 'green' : 'neutral'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>}
          </div>
          <p className="text-sm text-slate-400">
            {enabled
              ? `A code from your authenticator app is needed at login. ${status.data?.backupCodesRemaining ?? 0} backup codes left.`
              : 'Add a second step at login with a code from an authenticator app.'}
          </p>
        </div>
      </div>
      <div className="mt-auto">
        {status.isPending ? (
          <Skeleton className="h-10 w-32" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-red-300">
            Could not load the two-factor status.{' '}
            <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void status.refetch()}>
              Try again
            </button>
          </p>
        ) : enabled ? (
          <Button variant="danger" onClick={() => setDialog('disable')}>
            Disable 2FA
          </Button>
        ) : (
          <Button onClick={() => setDialog('enable')}>Enable 2FA</Button>
        )}
      </div>
      <EnableTwoFactorDialog open={dialog === 'enable'} onClose={close} />
      <DisableTwoFactorDialog open={dialog === 'disable'} onClose={close} />
    </Card>
  );
}

function LoginAlertsCard({ enabled }: { enabled: boolean }) {
  const update = useUpdateLoginAlerts();
  return (
    <Card className="flex items-start gap-3">
      <CardIcon>
        <Bell className="h-5 w-5" aria-hidden />
      </CardIcon>
      <div className="min-w-0 flex-1 -my-3">
        <Switch
          label="Login Alerts"
          description="Email me when my account is signed in from a new device."
          checked={enabled}
          onChange={(next) => update.mutate(next)}
          disabled={update.isPending}
        />
      </div>
    </Card>
  );
}
