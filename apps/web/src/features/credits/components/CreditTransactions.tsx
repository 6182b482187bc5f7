import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import {
  formatDateTime,
  formatNaira,
  PAYMENT_MESSAGES,
  type TVoteCreditTransaction,
  type TVoteCreditTransactionsPage,
  creditsText,
  ledgerKindLabel,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Badge, type BadgeTone } from '../../../components/ui/card';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useCreditTransactions } from '../api/get-credit-transactions';
import { verifyCreditPurchase } from '../api/verify-credit-purchase';
import { refreshVoteCredits } from '../api/keys';
import { CREDIT_MESSAGES as M } from '../lib/messages';

const STATUS: Record<TVoteCreditTransaction['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  completed: { label: 'Completed', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** A plain "not paid (yet)" answer for a pending purchase: nothing went wrong on our side. */
const plainRefusal = (err: unknown) => err instanceof ApiError && err.message === PAYMENT_MESSAGES.verificationFailed;

/**
 * Spec 001 §2: when the transactions load, every pending purchase is verified automatically, in parallel,
 * once per reference while the screen is open; then the list and the balances refresh. A failure other
 * than the gateway's plain "not paid" shows 'Failed to verify some transactions'. `onCreditsChanged` hears
 * of it so the page can refresh the other views of the balances.
 */
function useVerifyPendingPurchases(data: TVoteCreditTransactionsPage | undefined, onCreditsChanged: (() => void) | undefined) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const toast = useToast();
  const changed = useRef(onCreditsChanged);
  useEffect(() => {
    changed.current = onCreditsChanged;
  });
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!data) return;
    const pending = data.transactions.filter((t) => t.status === 'pending' && !asked.current.has(t.reference));
    if (pending.length === 0) return;
    pending.forEach((t) => asked.current.add(t.reference));
    void Promise.allSettled(pending.map((t) => verifyCreditPurchase(t.reference))).then((results) => {
      if (results.some((r) => r.status === 'rejected' && !plainRefusal(r.reason))) toast.error(M.verifySomeFailed);
      void refreshVoteCredits(queryClient);
      void refreshUser();
      changed.current?.();
    });
  }, [data, queryClient, toast, refreshUser]);
}

/** Vote-credit history (the latest 50): purchases with their status, and every other credit movement. */
export function CreditTransactions({ onCreditsChanged }: { onCreditsChanged?: () => void }) {
  const list = useCreditTransactions();
  useVerifyPendingPurchases(list.data, onCreditsChanged);
  return (
    <section
      className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20"
      aria-labelledby="credit-transactions-heading"
    >
      <h3 id="credit-transactions-heading" className="border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
        Vote Credit Transactions
      </h3>
      {list.isPending ? (
        <RowsSkeleton label="Loading vote credit transactions" rows={3} trailing />
      ) : list.isError ? (
        <div className="p-6">
          <RetryNote message={M.transactionsFailed} onRetry={() => void list.refetch()} />
        </div>
      ) : list.data.transactions.length === 0 ? (
        <EmptyNote
          icon={Receipt}
          title="No vote credit transactions yet"
          hint="Credits you buy, spend on votes or receive will appear here."
        />
      ) : (
        <ul className="divide-y divide-slate-800">
          {list.data.transactions.map((t) => (
            <CreditRow key={t.id} transaction={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreditRow({ transaction: t }: { transaction: TVoteCreditTransaction }) {
  const status = STATUS[t.status];
  const incoming = t.voteCredits >= 0;
  const settled = t.status === 'completed';
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6" data-testid="credit-transaction">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">{t.description}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span>{ledgerKindLabel(t.type)}</span>
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
        </div>
        {t.status === 'failed' && t.failureReason && <p className="mt-1 text-xs break-words text-red-300">{t.failureReason}</p>}
      </div>
      <div className="shrink-0 text-right">
        <p
          className={cn(
            'text-sm font-semibold',
            !settled ? 'text-slate-400' : incoming ? 'text-emerald-300' : 'text-red-300',
            t.status === 'failed' && 'line-through',
          )}
        >
          {incoming ? '+' : '−'}
          {creditsText(Math.abs(t.voteCredits))}
        </p>
        {t.amount > 0 && <p className="text-xs text-slate-400">{formatNaira(t.amount)}</p>}
      </div>
    </li>
  );
}
