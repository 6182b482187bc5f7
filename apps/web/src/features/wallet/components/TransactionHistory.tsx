import { useState } from 'react';
import { Receipt } from 'lucide-react';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { TRANSACTIONS_PAGE_SIZE, useWalletTransactions, type TransactionParams } from '../api/get-wallet-transactions';
import { WALLET_MESSAGES } from '../lib/messages';
import { TransactionList } from './TransactionList';

/** What an empty ledger says (overview and the unfiltered list). */
export const NO_TRANSACTIONS = {
  title: 'No transactions yet',
  hint: 'Deposits, prize escrows, winnings, entry fees and paid votes will appear here.',
};
export const LIST_CARD = 'overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20';

type AssetFilter = '' | 'NGN' | 'CREDIT';
type DirectionFilter = '' | 'credit' | 'debit';

/**
 * Every naira and vote-credit movement of the ledger, filtered by asset and direction, 10 a page: the
 * Transactions tab and the Wallet Transaction History dialog. `pagerLabel` names the pager of each.
 */
export function TransactionHistory({ pagerLabel }: { pagerLabel: string }) {
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
    <div className="min-w-0 space-y-4">
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

      <Pagination page={page} pages={pages} onChange={setPage} label={pagerLabel} disabled={list.isPlaceholderData} />
    </div>
  );
}
