import { ArrowUpRight, Plus, Wallet } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatNaira } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { RetryNote } from '../../../components/ui/list-states';
import type { WalletAnswer } from '../api/get-wallet';
import { WALLET_MESSAGES } from '../lib/messages';
import { BankAccountCard } from './BankAccountCard';
import { WithdrawalList } from './WithdrawalList';
import type { WalletActions } from './OverviewTab';

/** Naira Wallet: the balance with Deposit and Withdraw, the payout bank account, and the withdrawals. */
export function NairaTab({
  wallet,
  onDeposit,
  onWithdraw,
  onBankAccount,
}: WalletActions & { wallet: UseQueryResult<WalletAnswer>; onBankAccount: () => void }) {
  const w = wallet.data?.wallet;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <div className="flex items-center gap-2 text-sm text-slate-400">
            <Wallet className="h-5 w-5 text-emerald-300" aria-hidden />
            Naira balance
          </div>
          {wallet.isError ? (
            <div className="mt-3">
              <RetryNote message={WALLET_MESSAGES.loadFailed} onRetry={() => void wallet.refetch()} />
            </div>
          ) : wallet.isPending ? (
            <Skeleton className="mt-2 h-9 w-40" />
          ) : (
            <p className="mt-2 text-3xl font-bold break-words" data-testid="naira-balance">
              {formatNaira(wallet.data.wallet.balance)}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-400">Each withdrawal costs a fixed ₦100 fee, added to the amount.</p>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:flex">
            <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={onDeposit}>
              Deposit
            </Button>
            <Button variant="outline" icon={<ArrowUpRight className="h-4 w-4" aria-hidden />} onClick={onWithdraw} disabled={!w}>
              Withdraw
            </Button>
          </div>
        </Card>
        {w ? (
          <BankAccountCard account={w.bankAccount} onChange={onBankAccount} />
        ) : wallet.isError ? null : (
          <Card className="p-5">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="mt-4 h-14" />
          </Card>
        )}
      </div>
      <WithdrawalList />
    </div>
  );
}
