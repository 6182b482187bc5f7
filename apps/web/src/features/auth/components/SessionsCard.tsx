import { Globe, MapPin, Monitor, RefreshCw, Smartphone, Trash2 } from 'lucide-react';
import { formatDateTime, formatRelativeTime, type TSession, describeUserAgent } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { Button } from '../../../components/ui/button';
import { Badge, Card, Skeleton } from '../../../components/ui/card';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';

export function SessionsCard() {
  const sessions = useSessions();
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">Active Sessions</h3>
          <p className="text-sm text-slate-400">Devices signed in to your account. Remove any you do not recognise.</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void sessions.refetch()}
          disabled={sessions.isFetching}
          icon={<RefreshCw className={sessions.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />}
        >
          Refresh
        </Button>
      </div>
      {sessions.isPending ? (
        <div role="status" aria-label="Loading sessions" className="space-y-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 p-4 text-sm text-red-200">
          Failed to load your sessions.{' '}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className="rounded-xl border border-slate-800 p-4 text-center text-sm text-slate-400">No active sessions found.</p>
      ) : (
        <ul className="space-y-3">
          {sessions.data.map((s) => (
            <SessionRow key={s.sessionId} session={s} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SessionRow({ session }: { session: TSession }) {
  const { signOut } = useAuth();
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = device.mobile ? Smartphone : Monitor;
  const place = [session.location?.city, session.location?.state].filter(Boolean).join(', ');

  const remove = () => {
    // Removing this device's own session is a logout (POST /auth/logout ends it on the server).
    if (session.current) {
      void signOut();
      return;
    }
    revoke.mutate(session.sessionId, { onError: (err) => console.error('Failed to remove session', err) });
  };

  return (
    <li className="flex items-start gap-3 rounded-xl border border-slate-800 bg-slate-950/60 p-4 sm:items-center">
      <Icon className="h-6 w-6 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{device.label}</p>
          {session.current && <Badge tone="green">Current session</Badge>}
        </div>
        <p className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-400">
          <span className="inline-flex items-center gap-1">
            <Globe className="h-3.5 w-3.5" aria-hidden />
            <span className="sr-only">IP address:</span>
            <span className="break-all">{session.ipAddress ?? 'Unknown IP'}</span>
          </span>
          {place && (
            <span className="inline-flex items-center gap-1">
              <MapPin className="h-3.5 w-3.5" aria-hidden />
              {place}
            </span>
          )}
          <span title={formatDateTime(session.lastActivity)}>Last active {formatRelativeTime(session.lastActivity)}</span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 text-red-300 hover:text-red-200"
        onClick={remove}
        loading={revoke.isPending}
        aria-label={session.current ? `Remove current session (${device.label}) and log out` : `Remove session ${device.label}`}
        icon={<Trash2 className="h-4 w-4" aria-hidden />}
      >
        <span className="hidden sm:inline">Remove</span>
      </Button>
    </li>
  );
}
