import { ArrowDownLeft, ArrowUpRight, Coins, Plus, Receipt, Send, ShoppingCart, Trophy, Wallet, type LucideIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatNaira, formatNumber, WALLET_OVERVIEW_TRANSACTIONS, creditsText, paths } from '@contesthub/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat';
import { cn } from '../../../lib/cn';
import type { WalletAnswer } from '../api/get-wallet';
import { useWalletStats } from '../api/get-wallet-stats';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { WALLET_MESSAGES } from '../lib/messages';
import { TransactionList } from './TransactionList';
import { LIST_CARD, NO_TRANSACTIONS } from './TransactionHistory';

export interface WalletActions {
  onDeposit: () => void;
  onWithdraw: () => void;
}

/** Overview: the three balances, the money actions, all-time totals and the 3 latest movements. */
export function OverviewTab({
  wallet,
  onDeposit,
  onWithdraw,
  onBuyCredits,
  onViewAll,
}: WalletActions & { wallet: UseQueryResult<WalletAnswer>; onBuyCredits: () => void; onViewAll: () => void }) {
  const stats = useWalletStats();
  const latest = useWalletTransactions({ page: 1, limit: WALLET_OVERVIEW_TRANSACTIONS });
  const w = wallet.data?.wallet;

  return (
    <div className="space-y-6">
      {wallet.isError ? (
        <Card>
          <RetryNote message={WALLET_MESSAGES.loadFailed} onRetry={() => void wallet.refetch()} />
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard icon={Wallet} tone="text-emerald-300" label="Naira balance" loading={wallet.isPending} testId="wallet-balance">
            {w && formatNaira(w.balance)}
          </StatCard>
          <StatCard icon={Coins} tone="text-amber-300" label="Vote credits" loading={wallet.isPending} testId="wallet-credits">
            {w && formatNumber(w.voteCredits)}
          </StatCard>
          <StatCard icon={Trophy} tone="text-violet-300" label="Total winnings" loading={wallet.isPending} testId="wallet-winnings">
            {w && formatNaira(w.totalWinnings)}
          </StatCard>
        </div>
      )}

      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={onDeposit}>
          Deposit
        </Button>
        <Button variant="outline" icon={<ArrowUpRight className="h-4 w-4" aria-hidden />} onClick={onWithdraw} disabled={!w}>
          Withdraw
        </Button>
        <Button variant="accent" icon={<ShoppingCart className="h-4 w-4" aria-hidden />} onClick={onBuyCredits}>
          Buy credits
        </Button>
        <ButtonLink to={paths.dashboard.voteCreditTransfer()} variant="outline">
          <Send className="h-4 w-4" aria-hidden />
          Transfer credits
        </ButtonLink>
      </div>

      <Card className="p-5">
        <h3 className="font-semibold">All-time totals</h3>
        {stats.isPending ? (
          <div role="status" aria-label="Loading totals" className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : stats.isError ? (
          <div className="mt-3">
            <RetryNote message={WALLET_MESSAGES.loadFailed} onRetry={() => void stats.refetch()} />
          </div>
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Total icon={ArrowDownLeft} label="Naira in" value={formatNaira(stats.data.naira.totalIn)} in />
            <Total icon={ArrowUpRight} label="Naira out" value={formatNaira(stats.data.naira.totalOut)} />
            <Total icon={ArrowDownLeft} label="Credits in" value={creditsText(stats.data.credits.totalIn)} in />
            {/* The one "credits used" figure (votes and entry fees, less refunds), as on Buy Credits. */}
            <Total icon={ArrowUpRight} label="Credits used" value={creditsText(stats.data.creditsUsed)} />
          </dl>
        )}
      </Card>

      <section className={LIST_CARD} aria-labelledby="recent-transactions">
        <div className="flex items-center justify-between gap-3 border-b border-slate-800 px-4 py-3 sm:px-6">
          <h3 id="recent-transactions" className="font-semibold">
            Recent Transactions
          </h3>
          {latest.data && latest.data.transactions.length > 0 && (
            <Button variant="ghost" size="sm" onClick={onViewAll}>
              View all
            </Button>
          )}
        </div>
        {latest.isPending ? (
          <RowsSkeleton label="Loading transactions" rows={WALLET_OVERVIEW_TRANSACTIONS} trailing />
        ) : latest.isError ? (
          <div className="p-6">
            <RetryNote message={WALLET_MESSAGES.transactionsFailed} onRetry={() => void latest.refetch()} />
          </div>
        ) : latest.data.transactions.length === 0 ? (
          <EmptyNote icon={Receipt} {...NO_TRANSACTIONS} />
        ) : (
          <TransactionList transactions={latest.data.transactions} />
        )}
      </section>
    </div>
  );
}

function Total({ icon: Icon, label, value, in: incoming = false }: { icon: LucideIcon; label: string; value: string; in?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs text-slate-400">
        <Icon className={cn('h-3.5 w-3.5', incoming ? 'text-emerald-300' : 'text-red-300')} aria-hidden />
        {label}
      </dt>
      <dd className="mt-1 break-words font-semibold">{value}</dd>
    </div>
  );
}
