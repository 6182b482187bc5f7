import { useState } from 'react';
import { Network, Users } from 'lucide-react';
import { formatDateTime, formatNumber, type FraudFindingKind } from '@contesthub/shared';
import { Badge, Card } from '../../../components/ui/card';
import { EmptyNote, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat';
import { useFraudSignals } from '../api/get-fraud-signals';
import { PagerFooter } from './PagerFooter';

const KIND_TEXT: Record<FraudFindingKind, string> = {
  lockstep: 'Lockstep voting group',
  shared_card: 'Accounts sharing a card',
  shared_device: 'Accounts sharing a device',
  address_burst: 'Burst from one address',
};

/** The detection job's findings, the risk distribution and the riskiest voters. */
export function FlaggedGroups() {
  const [page, setPage] = useState(1);
  const signals = useFraudSignals(page);
  const data = signals.data;
  const max = Math.max(1, ...(data?.riskDistribution.map((b) => b.votes) ?? [1]));

  if (signals.isError)
    return <LoadError message="Failed to load fraud signals" onRetry={() => void signals.refetch()} retrying={signals.isFetching} />;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4">
        <StatCard icon={Users} tone="text-amber-300" label="Held votes" loading={signals.isPending} testId="held-count">
          {data && formatNumber(data.held)}
        </StatCard>
        <StatCard icon={Network} tone="text-red-300" label="Voided votes" loading={signals.isPending}>
          {data && formatNumber(data.voided)}
        </StatCard>
      </div>

      <Card>
        <h3 className="text-lg font-semibold">Risk distribution (30 days)</h3>
        {signals.isPending ? (
          <RowsSkeleton label="Loading risk distribution" rows={2} />
        ) : (
          <ul className="mt-4 space-y-2">
            {data!.riskDistribution.map((b) => (
              <li key={b.band} className="grid grid-cols-[4.5rem_1fr_3.5rem] items-center gap-3 text-sm">
                <span className="text-slate-300">{b.band}</span>
                <span className="h-2 rounded-full bg-slate-800" aria-hidden>
                  <span className="block h-2 rounded-full bg-emerald-500" style={{ width: `${(b.votes / max) * 100}%` }} />
                </span>
                <span className="text-right tabular-nums">{formatNumber(b.votes)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-0">
        <h3 className="border-b border-slate-800 p-4 text-lg font-semibold sm:p-6">Flagged groups</h3>
        {signals.isPending ? (
          <RowsSkeleton label="Loading flagged groups" rows={2} />
        ) : data!.findings.length === 0 ? (
          <EmptyNote
            icon={Network}
            title="No flagged groups"
            hint="The detection job looks for lockstep voting, shared cards and bursts every 15 minutes."
          />
        ) : (
          <ul className="divide-y divide-slate-800">
            {data!.findings.map((f) => (
              <li key={f._id} className="space-y-2 p-4 sm:p-6">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{KIND_TEXT[f.kind]}</p>
                  <Badge tone={f.heldCount > 0 ? 'amber' : 'neutral'}>{formatNumber(f.heldCount)} held</Badge>
                </div>
                <p className="text-sm text-slate-300 break-words">
                  {f.contest ? `“${f.contest.title}” · ` : ''}
                  {formatNumber(f.voters.length)} accounts · {formatNumber(f.voteCount)} votes · {formatNumber(f.entryIds.length)} entries
                </p>
                <p className="text-sm text-slate-400 break-words">{f.voters.map((v) => v.fullName).join(', ')}</p>
                <p className="text-xs text-slate-400">
                  First seen {formatDateTime(f.firstSeenAt)} · last seen {formatDateTime(f.lastSeenAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <PagerFooter pagination={data?.pagination} onChange={setPage} label="Flagged groups pages" busy={signals.isFetching} />
      </Card>

      <Card className="p-0">
        <h3 className="border-b border-slate-800 p-4 text-lg font-semibold sm:p-6">Riskiest voters</h3>
        {signals.isPending ? (
          <RowsSkeleton label="Loading riskiest voters" rows={2} />
        ) : data!.topRiskyVoters.length === 0 ? (
          <EmptyNote icon={Users} title="No risky voters in the last 30 days" />
        ) : (
          <ul className="divide-y divide-slate-800">
            {data!.topRiskyVoters.map((v) => (
              <li key={v._id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm sm:px-6">
                <span className="min-w-0 break-words">
                  {v.fullName} <span className="text-slate-400">({v.email})</span>
                </span>
                <span className="text-slate-300">
                  {formatNumber(v.votes)} votes · average {v.averageRisk} · max {v.maxRisk} · {formatNumber(v.held)} held
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
