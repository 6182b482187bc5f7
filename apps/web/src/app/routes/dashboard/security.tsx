/**
 * Security & Fraud Prevention (spec 002 Security & Fraud; issue 15 item 6), for holders of
 * votes.review: Fraud Detection (the held votes queue with Count and Void, flagged groups, the risk
 * distribution), User Verification, Disputes (appeals of strikes and bans; prizes held over a dispute)
 * and Security Logs.
 */
import { useState } from 'react';
import { FileWarning, ScrollText, ShieldAlert, UserCheck, type LucideIcon } from 'lucide-react';
import { EmptyState } from '../../../components/ui/list-states';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { FlaggedGroups } from '../../../features/fraud/components/FlaggedGroups';
import { HeldVotesQueue } from '../../../features/fraud/components/HeldVotesQueue';
import { SecurityLogList } from '../../../features/fraud/components/SecurityLogList';
import { UserVerificationList } from '../../../features/fraud/components/UserVerificationList';
import { AppealsPanel } from '../../../features/admin/components/AppealsPanel';
import { PrizesPanel } from '../../../features/contest-ops/components/PrizesPanel';
import { useCan } from '../../../lib/permissions';

type TabId = 'fraud' | 'verification' | 'disputes' | 'logs';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'fraud', label: 'Fraud Detection', icon: ShieldAlert },
  { id: 'verification', label: 'User Verification', icon: UserCheck },
  { id: 'disputes', label: 'Disputes', icon: FileWarning },
  { id: 'logs', label: 'Security Logs', icon: ScrollText },
];

export default function SecurityPage() {
  const ids = useTabIds();
  const can = useCan();
  const [tab, setTab] = useState<TabId>('fraud');
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Security &amp; Fraud Prevention</h2>
        <p className="text-slate-400">Review held votes, flagged groups, users&apos; verification and security events.</p>
      </div>
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Security and fraud sections" />
      <TabPanel id="fraud" ids={ids} active={tab === 'fraud'} className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <HeldVotesQueue />
        <FlaggedGroups />
      </TabPanel>
      <TabPanel id="verification" ids={ids} active={tab === 'verification'}>
        <UserVerificationList />
      </TabPanel>
      <TabPanel id="disputes" ids={ids} active={tab === 'disputes'} className="space-y-6">
        <h3 className="text-lg font-semibold">Disputes</h3>
        {can('appeals.manage') && <AppealsPanel />}
        {/* A prize under dispute is held here (and released) from Contest Management's Prize Management too. */}
        {can('payouts.manage') && <PrizesPanel />}
        {!can('appeals.manage') && !can('payouts.manage') && (
          <EmptyState icon={FileWarning} title="No disputes to review">
            Appeals of strikes and bans, and disputes over prizes, are reviewed by the staff who hold those permissions.
          </EmptyState>
        )}
      </TabPanel>
      <TabPanel id="logs" ids={ids} active={tab === 'logs'}>
        <SecurityLogList />
      </TabPanel>
    </div>
  );
}
