import { Coins, Wallet } from 'lucide-react';
import { formatNaira, formatNumber } from '@contesthub/shared';
import { Card } from '../../../components/ui/card';
import { RetryNote } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat';
import { walletFailure, type useWallet } from '../api/get-wallet';

/** Vote credits and naira balance: what a transfer spends (credits) and what pays its fees (naira). */
export function BalancesCard({ balances }: { balances: ReturnType<typeof useWallet> }) {
  if (balances.isError) {
    return (
      <Card>
        <RetryNote message={walletFailure(balances.error)} onRetry={() => void balances.refetch()} />
      </Card>
    );
  }
  const wallet = balances.data?.wallet;
  return (
    <section aria-label="Your balances" className="grid gap-4 sm:grid-cols-2">
      <StatCard
        icon={Coins}
        tone="text-amber-300"
        label="Vote credits"
        loading={balances.isPending}
        testId="transfer-credits"
        note="What you can send"
      >
        {wallet && formatNumber(wallet.voteCredits)}
      </StatCard>
      <StatCard
        icon={Wallet}
        tone="text-emerald-300"
        label="Naira balance"
        loading={balances.isPending}
        testId="transfer-balance"
        note="Pays the ₦100 fee per recipient"
      >
        {wallet && formatNaira(wallet.balance)}
      </StatCard>
    </section>
  );
}
