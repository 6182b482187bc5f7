import { useState, type ReactNode } from 'react';
import { Activity, Banknote, Flag, Users, Wrench, type LucideIcon } from 'lucide-react';
import type { Permission } from '@contesthub/shared';
import { useCan } from '../../../lib/permissions';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { AdminStatsCards } from '../../../features/admin/components/AdminStatsCards';
import { AppealsPanel } from '../../../features/admin/components/AppealsPanel';
import { UserManagementTab } from '../../../features/admin/components/UserManagementTab';
import { ContentModerationTab } from '../../../features/moderation/components/ContentModerationTab';
import { FinancialReportsTab } from '../../../features/operations/components/FinancialReportsTab';
import { SystemMonitoringTab } from '../../../features/operations/components/SystemMonitoringTab';

interface AdminTab {
  id: string;
  label: string;
  icon: LucideIcon;
  /** Who sees the tab (the server refuses the rest anyway). */
  permission: Permission;
  /** `active`: the tab is the one shown (hidden tabs stay mounted; live ones stop refreshing). */
  render: (active: boolean) => ReactNode;
}

/** The tabs of Admin Tools (spec 002 §2.1), each with the permission it needs: adding a tab is one entry here. */
const ADMIN_TABS: AdminTab[] = [
  {
    id: 'users',
    label: 'User Management',
    icon: Users,
    permission: 'users.moderate',
    render: () => <UserManagementSection />,
  },
  {
    id: 'moderation',
    label: 'Content Moderation',
    icon: Flag,
    permission: 'reports.manage',
    render: () => <ContentModerationTab />,
  },
  {
    id: 'system',
    label: 'System Monitoring',
    icon: Activity,
    permission: 'system.monitor',
    render: (active) => <SystemMonitoringTab active={active} />,
  },
  {
    id: 'finance',
    label: 'Financial Reports',
    icon: Banknote,
    permission: 'finance.read',
    render: () => <FinancialReportsTab />,
  },
];

function UserManagementSection() {
  const can = useCan();
  return (
    <div className="space-y-6">
      <UserManagementTab />
      {can('appeals.manage') && <AppealsPanel />}
    </div>
  );
}

/** /dashboard/admin: Admin Tools (users.moderate; the router guards it). */
export default function AdminToolsPage() {
  const can = useCan();
  const tabs = ADMIN_TABS.filter((t) => can(t.permission));
  const ids = useTabIds();
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-2xl font-bold">
          <Wrench className="h-6 w-6 text-emerald-300" aria-hidden />
          Admin Tools
        </h2>
        <p className="text-slate-400">Manage users, moderate content and oversee the platform.</p>
      </div>
      <AdminStatsCards />
      {tabs.length > 0 && (
        <>
          <Tabs
            tabs={tabs.map(({ id, label, icon }) => ({ id, label, icon }))}
            value={active}
            onChange={setActive}
            ids={ids}
            label="Admin tools sections"
          />
          {tabs.map((t) => (
            <TabPanel key={t.id} id={t.id} ids={ids} active={t.id === active}>
              {t.render(t.id === active)}
            </TabPanel>
          ))}
        </>
      )}
    </div>
  );
}
