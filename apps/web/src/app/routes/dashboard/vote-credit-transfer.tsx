import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { History, Send, type LucideIcon } from 'lucide-react';
import { useToast } from '../../../components/ui/toast';
import { useOncePerError } from '../../../components/ui/list-states';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { TransferForm } from '../../../features/credits/components/TransferForm';
import { TransferHistory } from '../../../features/credits/components/TransferHistory';
import { useWallet, walletFailure } from '../../../features/wallet/api/get-wallet';
import { refreshWallet } from '../../../features/wallet/api/keys';
import { BalancesCard } from '../../../features/wallet/components/BalancesCard';
import { WALLET_MESSAGES } from '../../../features/wallet/lib/messages';

type TabId = 'transfer' | 'history';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'transfer', label: 'Transfer Credits', icon: Send },
  { id: 'history', label: 'Transfer History', icon: History },
];

/** Transfer Credits (spec 001 §2): the wallet's balances, then tabs Transfer Credits and Transfer History. */
export default function TransferCreditsPage() {
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>('transfer');
  const balances = useWallet();
  const queryClient = useQueryClient();
  const toast = useToast();

  const created = balances.data?.created ?? false;
  useEffect(() => {
    if (created) toast.success(WALLET_MESSAGES.created);
  }, [created, toast]);
  useOncePerError(balances.error, (err) => toast.error(walletFailure(err)));

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Transfer Credits</h2>
        <p className="text-slate-400">Send vote credits to other members. Each recipient costs a ₦100 fee from your naira wallet.</p>
      </div>
      <BalancesCard balances={balances} />
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Transfer sections" />
      <TabPanel id="transfer" ids={ids} active={tab === 'transfer'}>
        <TransferForm wallet={balances.data?.wallet} onTransferred={() => void refreshWallet(queryClient)} />
      </TabPanel>
      <TabPanel id="history" ids={ids} active={tab === 'history'}>
        <TransferHistory />
      </TabPanel>
    </div>
  );
}
