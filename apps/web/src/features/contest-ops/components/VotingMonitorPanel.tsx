import { Activity, AlertTriangle } from 'lucide-react';
import {
  CONTEST_OPS_MESSAGES,
  VOTING_MONITOR_THRESHOLDS as T,
  formatDateTime,
  formatNumber,
  type TVotingMonitorContest,
} from '@contesthub/shared';
import { ButtonLink } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { EmptyState, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { useVotingMonitor } from '../api/get-voting-monitor';

const pct = (share: number) => `${Math.round(share * 100)}%`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-800/60 p-3">
      <dt className="text-xs text-slate-300">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function ContestFigures({ c }: { c: TVotingMonitorContest }) {
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{c.title}</h3>
          <p className="text-sm text-slate-300">
            {formatNumber(c.totalVotes)} votes from {formatNumber(c.uniqueVoters)} voters · voting ends {formatDateTime(c.votingEndDate)}
          </p>
        </div>
        <ButtonLink to={c.reviewPath} variant="ghost" size="sm" aria-label={`Open ${c.title}`}>
          Open contest
        </ButtonLink>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Figure label="Votes/min (10 min)" value={c.perMinute10.toFixed(1)} />
        <Figure label="Votes/min (60 min)" value={c.perMinute60.toFixed(1)} />
        <Figure label="Paid share" value={pct(c.paidShare)} />
        <Figure label={`New accounts (< ${T.newAccountDays} days)`} value={pct(c.newAccountShare)} />
        <Figure label={`Top ${T.topVoters} voters`} value={pct(c.topVotersShare)} />
      </dl>
      {c.flags.length > 0 ? (
        <ul className="space-y-1" aria-label={`Risk flags of ${c.title}`}>
          {c.flags.map((f) => (
            <li key={f.code} className="flex items-start gap-2 text-sm">
              <AlertTriangle
                className={f.severity === 'critical' ? 'mt-0.5 h-4 w-4 text-red-300' : 'mt-0.5 h-4 w-4 text-amber-300'}
                aria-hidden
              />
              <Badge tone={f.severity === 'critical' ? 'red' : 'amber'}>{f.severity === 'critical' ? 'Critical' : 'Warning'}</Badge>
              <span>{f.message}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-emerald-300">No risk flags</p>
      )}
    </Card>
  );
}

/** Voting Monitor: each live contest's figures and flags, refreshed every 30 s while the page is visible. */
export function VotingMonitorPanel() {
  const q = useVotingMonitor();
  if (q.isPending) return <RowsSkeleton label="Loading the voting monitor" />;
  if (q.isError) return <LoadError message={CONTEST_OPS_MESSAGES.monitorFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.contests.length === 0)
    return (
      <EmptyState icon={Activity} title="No contest is voting right now">
        Contests appear here while their voting phase is open.
      </EmptyState>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300" aria-live="polite">
        Updated {formatDateTime(q.data.generatedAt)} · refreshes every 30 seconds
      </p>
      <ul className="space-y-3">
        {q.data.contests.map((c) => (
          <li key={c.contestId}>
            <ContestFigures c={c} />
          </li>
        ))}
      </ul>
    </div>
  );
}
