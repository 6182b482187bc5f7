import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Coins, History, LayoutDashboard, Wallet, type LucideIcon } from 'lucide-react';
import { useToast } from '../../../components/ui/toast';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { BuyCredits } from '../../../features/credits/components/BuyCredits';
import { useWallet } from '../../../features/wallet/api/get-wallet';
import { refreshWallet } from '../../../features/wallet/api/keys';
import { BankAccountDialog } from '../../../features/wallet/components/BankAccountDialog';
import { DepositDialog } from '../../../features/wallet/components/DepositDialog';
import { NairaTab } from '../../../features/wallet/components/NairaTab';
import { OverviewTab } from '../../../features/wallet/components/OverviewTab';
import { TransactionsTab } from '../../../features/wallet/components/TransactionsTab';
import { TransactionHistoryDialog } from '../../../features/wallet/components/TransactionHistoryDialog';
import { WithdrawDialog } from '../../../features/wallet/components/WithdrawDialog';
import { WALLET_MESSAGES } from '../../../features/wallet/lib/messages';

export type WalletTab = 'overview' | 'naira' | 'credits' | 'transactions';
const TABS: ReadonlyArray<{ id: WalletTab; label: string; icon: LucideIcon }> = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'naira', label: 'Naira Wallet', icon: Wallet },
  { id: 'credits', label: 'Buy Credits', icon: Coins },
  { id: 'transactions', label: 'Transactions', icon: History },
];
const isTab = (value: string | null): value is WalletTab => TABS.some((t) => t.id === value);

/** The tab lives in the URL (?tab=credits), so a link can open any tab; without one the page's default shows. */
function useTabParam(fallback: WalletTab): [WalletTab, (tab: WalletTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = isTab(raw) ? raw : fallback;
  const select = (next: WalletTab) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === fallback) out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: true },
    );
  return [tab, select];
}

type Open = { dialog: 'deposit' } | { dialog: 'withdraw' } | { dialog: 'bank'; thenWithdraw: boolean } | { dialog: 'history' } | null;

/**
 * /dashboard/wallet (spec 001 §2 Wallet): tabs Overview, Naira Wallet, Buy Credits, Transactions, and the money
 * dialogs (Deposit Money, Withdraw Money, Add Bank Account, Wallet Transaction History). /dashboard/vote-credits
 * (the buy-credits entry) is this page opened on Buy Credits (`defaultTab`).
 */
export default function WalletPage({ defaultTab = 'overview' }: { defaultTab?: WalletTab }) {
  const ids = useTabIds();
  const [tab, setTab] = useTabParam(defaultTab);
  const wallet = useWallet();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);

  const created = wallet.data?.created ?? false;
  useEffect(() => {
    if (created) toast.success(WALLET_MESSAGES.created);
  }, [created, toast]);

  const w = wallet.data?.wallet;
  const actions = {
    onDeposit: () => setOpen({ dialog: 'deposit' }),
    onWithdraw: () => setOpen({ dialog: 'withdraw' }),
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Wallet</h2>
        <p className="text-slate-400">Your naira balance, vote credits and every movement of both.</p>
      </div>
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Wallet sections" />
      <TabPanel id="overview" ids={ids} active={tab === 'overview'}>
        <OverviewTab wallet={wallet} {...actions} onBuyCredits={() => setTab('credits')} onViewAll={() => setOpen({ dialog: 'history' })} />
      </TabPanel>
      <TabPanel id="naira" ids={ids} active={tab === 'naira'}>
        <NairaTab wallet={wallet} {...actions} onBankAccount={() => setOpen({ dialog: 'bank', thenWithdraw: false })} />
      </TabPanel>
      <TabPanel id="credits" ids={ids} active={tab === 'credits'}>
        <BuyCredits onCreditsChanged={() => void refreshWallet(queryClient)} />
      </TabPanel>
      <TabPanel id="transactions" ids={ids} active={tab === 'transactions'}>
        <TransactionsTab />
      </TabPanel>

      {open?.dialog === 'deposit' && <DepositDialog onClose={() => setOpen(null)} />}
      {open?.dialog === 'history' && <TransactionHistoryDialog onClose={() => setOpen(null)} />}
      {open?.dialog === 'withdraw' && w && (
        <WithdrawDialog wallet={w} onClose={() => setOpen(null)} onAddBankAccount={() => setOpen({ dialog: 'bank', thenWithdraw: true })} />
      )}
      {open?.dialog === 'bank' && w && (
        <BankAccountDialog
          current={w.bankAccount}
          onClose={() => setOpen(null)}
          onSaved={() => setOpen(open.thenWithdraw ? { dialog: 'withdraw' } : null)}
        />
      )}
    </div>
  );
}
