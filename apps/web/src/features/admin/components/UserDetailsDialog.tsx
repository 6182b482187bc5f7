import { formatDateTime, type TAdminUser } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { useAdminUser } from '../api/get-user';

const STRIKE_LABEL = { warning: 'Warning', content_removed: 'Content removed', ban: 'Ban' } as const;
const action = (a: string) => a.replace(/[._]/g, ' ');

/**
 * One account as staff see it (GET /api/admin-tools/users/{id}): its standing (ban reason, open
 * sessions), its strikes with their appeals, and the latest staff actions on it from the audit log.
 */
export function UserDetailsDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const detail = useAdminUser(user?.id ?? null);
  const d = detail.data;
  return (
    <Dialog open={user !== null} onClose={onClose} title={user?.fullName ?? ''} description={user?.email}>
      {detail.isPending ? (
        <RowsSkeleton label="Loading the account" rows={3} />
      ) : detail.isError || !d ? (
        <RetryNote message="Failed to load this account." onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-5 text-sm">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-slate-400">Status</dt>
            <dd>{d.user.status === 'banned' ? `Banned${d.user.banReason ? `: ${d.user.banReason}` : ''}` : d.user.status}</dd>
            <dt className="text-slate-400">Open sessions</dt>
            <dd>{d.openSessions}</dd>
            <dt className="text-slate-400">Verified</dt>
            <dd>{d.user.isVerified ? 'Yes' : 'No'}</dd>
          </dl>
          <section aria-labelledby="user-strikes">
            <h3 id="user-strikes" className="mb-2 font-semibold">
              Strikes ({d.strikes.length})
            </h3>
            {d.strikes.length === 0 ? (
              <p className="text-slate-400">No strikes.</p>
            ) : (
              <ul className="space-y-2">
                {d.strikes.map((s) => (
                  <li key={s.id} className="rounded-lg border border-slate-800 p-3">
                    <p className="flex flex-wrap items-center gap-2">
                      <Badge tone={s.kind === 'ban' ? 'red' : 'amber'}>{STRIKE_LABEL[s.kind]}</Badge>
                      <span className="text-xs text-slate-400">{formatDateTime(s.createdAt)}</span>
                    </p>
                    <p className="mt-1">{s.reason}</p>
                    {s.appeal && <p className="mt-1 text-xs text-slate-400">Appeal: {s.appeal.status}</p>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="user-audit">
            <h3 id="user-audit" className="mb-2 font-semibold">
              Staff actions
            </h3>
            {d.auditTrail.length === 0 ? (
              <p className="text-slate-400">No staff action on this account yet.</p>
            ) : (
              <ul className="space-y-1">
                {d.auditTrail.map((a) => (
                  <li key={a.id}>
                    <span className="font-medium capitalize">{action(a.action)}</span>
                    <span className="text-slate-400">
                      {' '}
                      by {a.actorName ?? 'the system'}, {formatDateTime(a.createdAt)}
                    </span>
                    {a.reason && <span className="block text-xs text-slate-400">{a.reason}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
