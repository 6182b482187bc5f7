import { useState } from 'react';
import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { formatDateTime, formatNumber, FRAUD_MESSAGES, type THeldVote } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { EmptyNote, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { useToast } from '../../../components/ui/toast';
import { serverMessageOr } from '../../../lib/errors';
import { useCountVote } from '../api/count-vote';
import { useHeldVotes } from '../api/get-held-votes';
import { useVoidVote } from '../api/void-vote';
import { ReasonList, RiskBadge } from './RiskBadge';
import { VoidVoteDialog } from './VoidVoteDialog';
import { PagerFooter } from './PagerFooter';

const ageOf = (createdAt: string, at: string) => {
  const hours = (new Date(at).getTime() - new Date(createdAt).getTime()) / 3_600_000;
  return hours < 48 ? `${Math.max(0, Math.round(hours))} h old` : `${Math.round(hours / 24)} days old`;
};

/** The held votes queue: riskiest first, each with its signals, Count and Void (with a reason). */
export function HeldVotesQueue() {
  const [page, setPage] = useState(1);
  const held = useHeldVotes({ page });
  const count = useCountVote();
  const voidVote = useVoidVote();
  const toast = useToast();
  const [voiding, setVoiding] = useState<THeldVote | null>(null);

  const onCount = (v: THeldVote) =>
    count.mutate(v._id, {
      onSuccess: () => toast.success('Vote counted', `${v.voter.fullName}'s vote now counts for "${v.entry.title}".`),
      onError: (err) => toast.error('Error', serverMessageOr(err, 'Failed to count the vote')),
    });
  const onVoid = (reason: string) => {
    if (!voiding) return;
    const v = voiding;
    voidVote.mutate(
      { id: v._id, reason },
      {
        onSuccess: (r) => {
          setVoiding(null);
          toast.success(
            'Vote voided',
            r.creditsRefunded > 0 ? `${formatNumber(r.creditsRefunded)} vote credits were refunded.` : undefined,
          );
        },
        onError: (err) => toast.error('Error', serverMessageOr(err, 'Failed to void the vote')),
      },
    );
  };

  return (
    <Card className="p-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-800 p-4 sm:p-6">
        <h3 className="text-lg font-semibold">Held votes</h3>
        {held.data && (
          <p className="text-sm text-slate-400" data-testid="held-total">
            {formatNumber(held.data.pagination.total)} awaiting review
          </p>
        )}
      </div>
      {held.isPending ? (
        <RowsSkeleton label="Loading held votes" rows={3} trailing />
      ) : held.isError ? (
        <LoadError framed={false} message={FRAUD_MESSAGES.fetchFailed} onRetry={() => void held.refetch()} retrying={held.isFetching} />
      ) : held.data.votes.length === 0 ? (
        <EmptyNote
          icon={ShieldCheck}
          title="No votes are held for review"
          hint="Votes scoring 60 or more are held here until counted or voided."
        />
      ) : (
        <ul className="divide-y divide-slate-800">
          {held.data.votes.map((v) => (
            <li key={v._id} className="space-y-3 p-4 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {v.voter.fullName} <span className="text-sm text-slate-400">({v.voter.email})</span>
                  </p>
                  <p className="text-sm text-slate-300 break-words">
                    {v.amount} {v.voteType} {v.amount === 1 ? 'vote' : 'votes'} for “{v.entry.title}” in “{v.contest.title}”
                    {v.creditsSpent > 0 && ` · ${formatNumber(v.creditsSpent)} credits`}
                  </p>
                  <p className="text-xs text-slate-400">
                    {formatDateTime(v.createdAt)} · account {ageOf(v.voter.createdAt, v.createdAt)}
                  </p>
                </div>
                <RiskBadge score={v.riskScore} />
              </div>
              <ReasonList reasons={v.riskReasons} />
              <details className="rounded-lg border border-slate-800 px-3 py-2 text-sm">
                <summary className="cursor-pointer text-slate-300 focus-visible:outline-2 focus-visible:outline-emerald-400">
                  Signals
                </summary>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-slate-300 sm:grid-cols-2">
                  <Signal label="Address" value={v.signals.ip} />
                  <Signal label="Network" value={v.signals.ipNetwork} />
                  <Signal label="Device" value={v.signals.deviceId} />
                  <Signal label="User agent" value={v.signals.userAgent} />
                  {Object.entries(v.signals.values).map(([k, val]) => (
                    <Signal key={k} label={k} value={val === null || val === undefined ? null : String(val)} />
                  ))}
                </dl>
              </details>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => onCount(v)}
                  loading={count.isPending && count.variables === v._id}
                  aria-label={`Count vote by ${v.voter.fullName}`}
                >
                  <CheckCircle2 className="h-4 w-4" aria-hidden /> Count
                </Button>
                <Button size="sm" variant="danger" onClick={() => setVoiding(v)} aria-label={`Void vote by ${v.voter.fullName}`}>
                  <XCircle className="h-4 w-4" aria-hidden /> Void
                </Button>
                {!v.voter.isVerified && <Badge tone="amber">Email not verified</Badge>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PagerFooter pagination={held.data?.pagination} onChange={setPage} label="Held votes pages" busy={held.isFetching} />
      <VoidVoteDialog
        open={voiding !== null}
        voterName={voiding?.voter.fullName ?? ''}
        credits={voiding?.creditsSpent ?? 0}
        pending={voidVote.isPending}
        onClose={() => setVoiding(null)}
        onConfirm={onVoid}
      />
    </Card>
  );
}

function Signal({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex min-w-0 gap-2">
      <dt className="shrink-0 text-slate-400">{label}</dt>
      <dd className="min-w-0 break-all">{value ?? '—'}</dd>
    </div>
  );
}
