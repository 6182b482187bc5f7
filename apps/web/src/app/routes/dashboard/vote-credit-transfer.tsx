import { useEffect, useState } from 'react';
import { History, Send, type LucideIcon } from 'lucide-react';
import { useToast } from '../../../components/ui/toast';
import { useOncePerError } from '../../../components/ui/list-states';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { useTransferBalances } from '../../../features/wallet/api/get-balances-tmp';
import { BalancesCard, balancesFailure } from '../../../features/credits/components/BalancesCard';
import { TransferForm } from '../../../features/credits/components/TransferForm';
import { TransferHistory } from '../../../features/credits/components/TransferHistory';
import { TRANSFER_TEXT } from '../../../features/credits/lib/transfer-messages';

type TabId = 'transfer' | 'history';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'transfer', label: 'Transfer Credits', icon: Send },
  { id: 'history', label: 'Transfer History', icon: History },
];

/** Transfer Credits (spec 001 §2): balances, then tabs Transfer Credits and Transfer History. */
export default function TransferCreditsPage() {
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>('transfer');
  const balances = useTransferBalances();
  const toast = useToast();

  const created = balances.data?.created ?? false;
  useEffect(() => {
    if (created) toast.success(TRANSFER_TEXT.walletCreated);
  }, [created, toast]);
  useOncePerError(balances.error, (err) => toast.error(balancesFailure(err)));

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Transfer Credits</h2>
        <p className="text-slate-400">Send vote credits to other members. Each recipient costs a ₦100 fee from your naira wallet.</p>
      </div>
      <BalancesCard balances={balances} />
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Transfer sections" />
      <TabPanel id="transfer" ids={ids} active={tab === 'transfer'}>
        <TransferForm balances={balances.data} />
      </TabPanel>
      <TabPanel id="history" ids={ids} active={tab === 'history'}>
        <TransferHistory />
      </TabPanel>
    </div>
  );
}
