import { Coins, Receipt, ShoppingCart, Vote } from 'lucide-react';
import { formatNaira, formatNumber } from '@contesthub/shared';
import { RetryNote } from '../../../components/ui/list-states';
import { StatTile } from '../../../components/ui/stat';
import { useCreditStats } from '../api/get-credit-stats';
import { CREDIT_MESSAGES as M } from '../lib/messages';

/** GET /vote-credits/stats: the credit balance now, what was bought and paid, and what was used. */
export function CreditStats() {
  const stats = useCreditStats();
  if (stats.isError) {
    return (
      <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
        <RetryNote message={M.statsFailed} onRetry={() => void stats.refetch()} />
      </div>
    );
  }
  const s = stats.data;
  const loading = stats.isPending;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Vote credit statistics" data-testid="credit-stats">
      <StatTile icon={Coins} label="Current credits" loading={loading} tone="bg-amber-500/15 text-amber-300">
        <span data-testid="credit-stats-current">{s && formatNumber(s.currentCredits)}</span>
      </StatTile>
      <StatTile icon={ShoppingCart} label="Credits bought" loading={loading}>
        {s && formatNumber(s.totalCreditsPurchased)}
      </StatTile>
      <StatTile icon={Receipt} label="Total spent" loading={loading} tone="bg-sky-500/15 text-sky-300">
        <span className="break-all">{s && formatNaira(s.totalSpent)}</span>
      </StatTile>
      <StatTile icon={Vote} label="Credits used" loading={loading} tone="bg-violet-500/15 text-violet-300">
        {s && formatNumber(s.totalCreditsUsed)}
      </StatTile>
    </dl>
  );
}
