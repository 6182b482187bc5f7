import { useEffect, useState } from 'react';
import { ArrowDownLeft, ArrowUpRight, Coins, History, LayoutDashboard, Plus, Receipt, Trophy, Wallet, type LucideIcon } from 'lucide-react';
import { formatNaira, formatNumber, WALLET_OVERVIEW_TRANSACTIONS } from '@contesthub/shared';
import { useToast } from '../../../app/toast';
import { Button } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { StatCard } from '../../../components/ui/stat';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useWallet } from '../api/get-wallet';
import { useWalletStats } from '../api/get-wallet-stats';
import { TRANSACTIONS_PAGE_SIZE, useWalletTransactions, type TransactionParams } from '../api/get-wallet-transactions';
import { DepositDialog } from '../components/DepositDialog';
import { TransactionList } from '../components/TransactionList';
import { WALLET_MESSAGES } from '../lib/messages';
import { formatCredits } from '../lib/transactions';

type TabId = 'overview' | 'transactions';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'transactions', label: 'Transactions', icon: History },
];
/** What an empty ledger says (overview and the unfiltered list). */
const NO_TRANSACTIONS = { title: 'No transactions yet', hint: 'Prize escrows, winnings, entry fees and paid votes will appear here.' };
const LIST_CARD = 'overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20';

export default function WalletPage() {
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>('overview');
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Wallet</h2>
        <p className="text-slate-400">Your naira balance, vote credits and every movement of both.</p>
      </div>
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Wallet sections" />
      <TabPanel id="overview" ids={ids} active={tab === 'overview'}>
        <Overview onViewAll={() => setTab('transactions')} />
      </TabPanel>
      <TabPanel id="transactions" ids={ids} active={tab === 'transactions'}>
        <Transactions />
      </TabPanel>
    </div>
  );
}

function Overview({ onViewAll }: { onViewAll: () => void }) {
  const wallet = useWallet();
  const stats = useWalletStats();
  const latest = useWalletTransactions({ page: 1, limit: WALLET_OVERVIEW_TRANSACTIONS });
  const toast = useToast();
  const [depositing, setDepositing] = useState(false);
  const created = wallet.data?.created ?? false;
  useEffect(() => {
    if (created) toast.success(WALLET_MESSAGES.created);
  }, [created, toast]);

  const w = wallet.data?.wallet;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap justify-end gap-3">
        <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setDepositing(true)}>
          Deposit
        </Button>
      </div>
      {depositing && <DepositDialog onClose={() => setDepositing(false)} />}
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
            <Total icon={ArrowDownLeft} label="Credits in" value={formatCredits(stats.data.credits.totalIn)} in />
            <Total icon={ArrowUpRight} label="Credits used" value={formatCredits(stats.data.credits.totalOut)} />
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

type AssetFilter = '' | 'NGN' | 'CREDIT';
type DirectionFilter = '' | 'credit' | 'debit';

function Transactions() {
  const [asset, setAsset] = useState<AssetFilter>('');
  const [direction, setDirection] = useState<DirectionFilter>('');
  const [page, setPage] = useState(1);
  const params: TransactionParams = {
    page,
    limit: TRANSACTIONS_PAGE_SIZE,
    asset: asset || undefined,
    direction: direction || undefined,
  };
  const list = useWalletTransactions(params);
  const filtered = asset !== '' || direction !== '';
  const pages = list.data?.pagination.totalPages ?? 0;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Asset"
          value={asset}
          onChange={(e) => {
            setAsset(e.target.value as AssetFilter);
            setPage(1);
          }}
        >
          <option value="">All assets</option>
          <option value="NGN">Naira</option>
          <option value="CREDIT">Vote credits</option>
        </SelectField>
        <SelectField
          label="Direction"
          value={direction}
          onChange={(e) => {
            setDirection(e.target.value as DirectionFilter);
            setPage(1);
          }}
        >
          <option value="">Money in and out</option>
          <option value="credit">Money in</option>
          <option value="debit">Money out</option>
        </SelectField>
      </div>

      <div className={cn(LIST_CARD, list.isPlaceholderData && 'opacity-60')} aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <RowsSkeleton label="Loading transactions" rows={5} trailing />
        ) : list.isError ? (
          <div className="p-6">
            <RetryNote message={WALLET_MESSAGES.transactionsFailed} onRetry={() => void list.refetch()} />
          </div>
        ) : list.data.transactions.length === 0 ? (
          filtered ? (
            <EmptyNote icon={Receipt} title="No transactions found" hint="No movement matches these filters." />
          ) : (
            <EmptyNote icon={Receipt} {...NO_TRANSACTIONS} />
          )
        ) : (
          <TransactionList transactions={list.data.transactions} />
        )}
      </div>

      <Pagination page={page} pages={pages} onChange={setPage} label="Transaction pages" disabled={list.isPlaceholderData} />
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
