import { useState } from 'react';
import { Trophy } from 'lucide-react';
import { CONTEST_OPS_MESSAGES, formatDate, formatNaira, type PayoutStatus, type TContestPrize } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge, Card, type BadgeTone } from '../../../components/ui/card';
import { EmptyState, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { usePrizes } from '../api/get-prizes';
import { useHoldPayout } from '../api/hold-payout';
import { useReleasePayout } from '../api/release-payout';
import { ReasonDialog } from './ReasonDialog';
import { useReport } from './use-report';

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, [string, BadgeTone]> = {
  pending: ['Pending', 'sky'],
  held: ['Held', 'amber'],
  paid: ['Paid', 'green'],
  refunded: ['Refunded', 'neutral'],
  failed: ['Failed', 'red'],
};

type Pending = { prize: TContestPrize; action: 'hold' | 'release' } | null;

/** Prize Management: escrow and payout status per cash prize, with Hold and Release (a reason each). */
export function PrizesPanel() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Pending>(null);
  const q = usePrizes(page);
  const hold = useHoldPayout();
  const release = useReleasePayout();
  const report = useReport();
  if (q.isPending) return <RowsSkeleton label="Loading prizes" />;
  if (q.isError) return <LoadError message={CONTEST_OPS_MESSAGES.prizesFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.prizes.length === 0)
    return (
      <EmptyState icon={Trophy} title="No cash prizes yet">
        Contests with a cash prize show their escrow and payout here.
      </EmptyState>
    );

  const submit = (reason: string) => {
    if (!open) return;
    const mutation = open.action === 'hold' ? hold : release;
    mutation.mutate(
      { contestId: open.prize.contestId, reason },
      {
        onSuccess: (res) => {
          report.done(res.message, open.action === 'hold' ? CONTEST_OPS_MESSAGES.held : CONTEST_OPS_MESSAGES.released);
          setOpen(null);
        },
        onError: (err) => report.failed(err, open.action === 'hold' ? 'Failed to hold the payout' : 'Failed to release the payout'),
      },
    );
  };

  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {q.data.prizes.map((p) => {
          const [label, tone] = PAYOUT_STATUS_LABELS[p.payoutStatus];
          const canHold = !p.hold && (p.payoutStatus === 'pending' || p.payoutStatus === 'failed');
          return (
            <li key={p.contestId}>
              <Card className="space-y-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold">{p.title}</h3>
                    <p className="text-sm text-slate-300">
                      Prize {formatNaira(p.prizeAmount)} · voting ends {formatDate(p.votingEndDate)}
                    </p>
                  </div>
                  <Badge tone={tone}>Payout: {label}</Badge>
                </div>
                <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-slate-300">Escrow held</dt>
                    <dd className="font-semibold tabular-nums">{formatNaira(p.escrowHeld)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-300">Paid to winner</dt>
                    <dd className="font-semibold tabular-nums">{formatNaira(p.paidToWinner)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-300">Winner</dt>
                    <dd className="font-semibold">{p.winner?.fullName ?? 'Not decided yet'}</dd>
                  </div>
                </dl>
                {p.hold && (
                  <p className="text-sm text-amber-200">
                    Held since {formatDate(p.hold.at)}: {p.hold.reason}
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {canHold && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setOpen({ prize: p, action: 'hold' })}
                      aria-label={`Hold the payout of ${p.title}`}
                    >
                      Hold
                    </Button>
                  )}
                  {p.hold && (
                    <Button
                      size="sm"
                      onClick={() => setOpen({ prize: p, action: 'release' })}
                      aria-label={`Release the payout of ${p.title}`}
                    >
                      Release
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <Pagination page={q.data.pagination.page} pages={q.data.pagination.totalPages} onChange={setPage} label="Prize pages" />
      <ReasonDialog
        open={open !== null}
        title={open?.action === 'release' ? 'Release prize payout' : 'Hold prize payout'}
        description={
          open?.action === 'release'
            ? `The prize of "${open.prize.title}" is paid to the winner now if the contest has ended, otherwise at its end.`
            : `The prize of "${open?.prize.title ?? ''}" stays in escrow until the hold is released.`
        }
        submitLabel={open?.action === 'release' ? 'Release' : 'Hold payout'}
        pending={hold.isPending || release.isPending}
        onClose={() => setOpen(null)}
        onSubmit={submit}
      />
    </div>
  );
}
