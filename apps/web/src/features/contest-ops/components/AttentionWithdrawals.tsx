import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { CONTEST_OPS_MESSAGES, formatDateTime, formatNaira, type AttentionReason, type TAttentionWithdrawal } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge, Card, type BadgeTone } from '../../../components/ui/card';
import { EmptyState, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { useAttentionWithdrawals } from '../api/get-attention-withdrawals';
import { useFailWithdrawal } from '../api/fail-withdrawal';
import { useRetryWithdrawal } from '../api/retry-withdrawal';
import { ReasonDialog } from './ReasonDialog';
import { useReport } from './use-report';

const ATTENTION_LABELS: Record<AttentionReason, [string, BadgeTone]> = {
  held: ['Held: owner banned', 'amber'],
  refused: ['Refused by the gateway', 'red'],
  stuck: ['Stuck', 'sky'],
};

/** Withdrawals needing attention (payouts.manage): Retry with the same reference, or Mark failed with a reason (refunded once). */
export function AttentionWithdrawals() {
  const [page, setPage] = useState(1);
  const [failing, setFailing] = useState<TAttentionWithdrawal | null>(null);
  const q = useAttentionWithdrawals(page);
  const retry = useRetryWithdrawal();
  const fail = useFailWithdrawal();
  const report = useReport();

  if (q.isPending) return <RowsSkeleton label="Loading withdrawals" />;
  if (q.isError)
    return <LoadError message={CONTEST_OPS_MESSAGES.withdrawalsFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.withdrawals.length === 0)
    return (
      <EmptyState icon={CheckCircle2} title="No withdrawals need attention">
        Refused, stuck and held withdrawals show up here.
      </EmptyState>
    );

  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {q.data.withdrawals.map((w) => {
          const [label, tone] = ATTENTION_LABELS[w.attention];
          return (
            <li key={w.id}>
              <Card className="space-y-2">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold">
                      {formatNaira(w.amount)} to {w.user.fullName}
                    </h3>
                    <p className="break-all text-sm text-slate-300">
                      {w.user.email} · {w.bankName} {w.accountNumber} · {w.reference}
                    </p>
                  </div>
                  <Badge tone={tone}>{label}</Badge>
                </div>
                <p className="text-sm text-slate-300">
                  Requested {formatDateTime(w.createdAt)} · {w.attempts} transfer {w.attempts === 1 ? 'attempt' : 'attempts'} · refund on
                  failure {formatNaira(w.total)}
                </p>
                {(w.holdReason ?? w.lastError) && <p className="text-sm text-amber-200">{w.holdReason ?? w.lastError}</p>}
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    loading={retry.isPending && retry.variables === w.id}
                    disabled={retry.isPending}
                    aria-label={`Retry the withdrawal ${w.reference}`}
                    onClick={() =>
                      retry.mutate(w.id, {
                        onSuccess: (res) => report.done(res.message, CONTEST_OPS_MESSAGES.withdrawalRetried),
                        onError: (err) => report.failed(err, 'Failed to retry the withdrawal'),
                      })
                    }
                  >
                    Retry
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setFailing(w)}
                    aria-label={`Mark the withdrawal ${w.reference} failed`}
                  >
                    Mark failed
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <Pagination page={q.data.pagination.page} pages={q.data.pagination.totalPages} onChange={setPage} label="Withdrawal pages" />
      <ReasonDialog
        open={failing !== null}
        title="Mark withdrawal failed"
        description={
          failing ? `${formatNaira(failing.total)} (amount and fee) goes back to ${failing.user.fullName}'s wallet, once.` : undefined
        }
        submitLabel="Mark failed"
        submitVariant="danger"
        pending={fail.isPending}
        onClose={() => setFailing(null)}
        onSubmit={(reason) =>
          failing &&
          fail.mutate(
            { id: failing.id, reason },
            {
              onSuccess: (res) => {
                report.done(res.message, CONTEST_OPS_MESSAGES.withdrawalFailed);
                setFailing(null);
              },
              onError: (err) => report.failed(err, 'Failed to mark the withdrawal failed'),
            },
          )
        }
      />
    </div>
  );
}
