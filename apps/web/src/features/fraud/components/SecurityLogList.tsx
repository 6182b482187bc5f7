import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { formatDateTime, SECURITY_LOG_TYPES, type SecurityLogType } from '@contesthub/shared';
import { Badge, Card, type BadgeTone } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { useSecurityLogs } from '../api/get-security-logs';
import { PagerFooter } from './PagerFooter';

const TYPE_TEXT: Record<SecurityLogType, { label: string; tone: BadgeTone }> = {
  login: { label: 'Sign-in', tone: 'green' },
  login_failed: { label: 'Failed sign-in', tone: 'amber' },
  lockout: { label: 'Lockout', tone: 'red' },
  two_factor: { label: '2FA change', tone: 'sky' },
  staff_action: { label: 'Staff action', tone: 'violet' },
};

/** Sign-ins, failures, lockouts, 2FA changes and staff actions, newest first, with a type filter. */
export function SecurityLogList() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<SecurityLogType | ''>('');
  const logs = useSecurityLogs({ page, ...(type ? { type } : {}) });

  return (
    <Card className="p-0">
      <div className="border-b border-slate-800 p-4 sm:max-w-xs sm:p-6">
        <SelectField
          label="Event type"
          value={type}
          onChange={(e) => {
            setType(e.target.value as SecurityLogType | '');
            setPage(1);
          }}
        >
          <option value="">All events</option>
          {SECURITY_LOG_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_TEXT[t].label}
            </option>
          ))}
        </SelectField>
      </div>
      {logs.isPending ? (
        <RowsSkeleton label="Loading security logs" rows={4} />
      ) : logs.isError ? (
        <LoadError framed={false} message="Failed to load security logs" onRetry={() => void logs.refetch()} retrying={logs.isFetching} />
      ) : logs.data.entries.length === 0 ? (
        <EmptyNote
          icon={ScrollText}
          title="No security events"
          hint="Sign-ins, failures, lockouts, 2FA changes and staff actions appear here."
        />
      ) : (
        <ul className="divide-y divide-slate-800">
          {logs.data.entries.map((e) => (
            <li key={e.id} className="space-y-1 p-4 text-sm sm:px-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Badge tone={TYPE_TEXT[e.type].tone}>{TYPE_TEXT[e.type].label}</Badge>
                <time dateTime={e.at} className="text-xs text-slate-400">
                  {formatDateTime(e.at)}
                </time>
              </div>
              <p className="break-words text-slate-200">{e.summary}</p>
              <p className="text-xs text-slate-400 break-words">
                {e.user ? `${e.user.fullName} (${e.user.email})` : 'Unknown account'}
                {e.ip ? ` · ${e.ip}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      <PagerFooter pagination={logs.data?.pagination} onChange={setPage} label="Security log pages" busy={logs.isFetching} />
    </Card>
  );
}
