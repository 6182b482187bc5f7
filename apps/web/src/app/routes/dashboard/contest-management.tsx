/**
 * /dashboard/contest-management (spec 002 §2.5, issue 15 item 5): Pending Entries, Voting Monitor,
 * Prize Management and Contest Settings, with real figures and actions, plus the withdrawals that
 * need a person for holders of payouts.manage (item 7). The router guards the page with
 * contests.manage_any; money is shown only to payouts.manage.
 */
import { useState } from 'react';
import { Activity, Inbox, Settings2, Trophy } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { TabPanel, Tabs, useTabIds, type TabItem } from '../../../components/ui/tabs';
import { useCan } from '../../../lib/permissions';
import { AttentionWithdrawals } from '../../../features/contest-ops/components/AttentionWithdrawals';
import { ContestSettingsPanel } from '../../../features/contest-ops/components/ContestSettingsPanel';
import { PendingEntriesPanel } from '../../../features/contest-ops/components/PendingEntriesPanel';
import { PrizesPanel } from '../../../features/contest-ops/components/PrizesPanel';
import { VotingMonitorPanel } from '../../../features/contest-ops/components/VotingMonitorPanel';

type Tab = 'pending' | 'monitor' | 'prizes' | 'settings';

export default function ContestManagementPage() {
  const can = useCan();
  const money = can('payouts.manage');
  const tabs: Array<TabItem<Tab>> = [
    { id: 'pending', label: 'Pending Entries', icon: Inbox },
    { id: 'monitor', label: 'Voting Monitor', icon: Activity },
    ...(money ? [{ id: 'prizes' as const, label: 'Prize Management', icon: Trophy }] : []),
    { id: 'settings', label: 'Contest Settings', icon: Settings2 },
  ];
  const [tab, setTab] = useState<Tab>('pending');
  const ids = useTabIds();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Contest Management</h2>
        <p className="text-slate-300">Pending entries, voting monitor, prizes and contest settings.</p>
      </div>
      <Tabs tabs={tabs} value={tab} onChange={setTab} ids={ids} label="Contest management" />
      <TabPanel id="pending" ids={ids} active={tab === 'pending'}>
        <PendingEntriesPanel />
      </TabPanel>
      <TabPanel id="monitor" ids={ids} active={tab === 'monitor'}>
        <VotingMonitorPanel />
      </TabPanel>
      {money && (
        <TabPanel id="prizes" ids={ids} active={tab === 'prizes'}>
          <PrizesPanel />
        </TabPanel>
      )}
      <TabPanel id="settings" ids={ids} active={tab === 'settings'}>
        <ContestSettingsPanel />
      </TabPanel>
      {money && (
        <section aria-labelledby="withdrawals-heading" className="space-y-3">
          <Card className="space-y-1">
            <h2 id="withdrawals-heading" className="text-lg font-semibold">
              Withdrawals needing attention
            </h2>
            <p className="text-sm text-slate-300">Refused by the bank or gateway, stuck, or held because their owner was banned.</p>
          </Card>
          <AttentionWithdrawals />
        </section>
      )}
    </div>
  );
}
