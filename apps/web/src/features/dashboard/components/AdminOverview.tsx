import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Activity, Banknote, Cpu, Flag, Gauge, HardDrive, HeartPulse, Inbox, Shield, Trophy, UserX, Users } from 'lucide-react';
import { formatNaira, formatNumber, paths, type TAdminStats } from '@contesthub/shared';
import { Card } from '../../../components/ui/card';
import { HealthBadge } from '../../../components/ui/health-badge';
import { LoadError, useOncePerError } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat';
import { TabPanel, Tabs, useTabIds, type TabItem } from '../../../components/ui/tabs';
import { useToast } from '../../../components/ui/toast';
import { useAdminStats } from '../api/get-admin-stats';

/** Spec 002 §8 (admin tools load failure). */
export const ADMIN_STATS_FAILED = 'Failed to fetch dashboard statistics';

type AdminTab = 'overview' | 'users' | 'contests' | 'health';
const TABS: ReadonlyArray<TabItem<AdminTab>> = [
  { id: 'overview', label: 'Admin Overview', icon: Shield },
  { id: 'users', label: 'User Management', icon: Users },
  { id: 'contests', label: 'Contest Management', icon: Trophy },
  { id: 'health', label: 'System Health', icon: HeartPulse },
];

const percent = (n: number | null) => (n === null ? '—' : `${formatNumber(n)}%`);
const ms = (n: number | null) => (n === null ? '—' : `${formatNumber(Math.round(n))} ms`);

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">{children}</div>;
}

function GoTo({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex text-sm font-medium text-emerald-300 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/**
 * The admin's overview on /dashboard (spec 002 §2.2, 001 §2): tabs Admin Overview, User Management,
 * Contest Management and System Health, every figure from GET /dashboard/admin-stats (the spec's
 * placeholders 12 / 8 / 3 / 120 ms / 45 % / 62 % / 99.9 % are the server's figures here).
 */
export function AdminOverview() {
  const toast = useToast();
  const ids = useTabIds();
  const [tab, setTab] = useState<AdminTab>('overview');
  const stats = useAdminStats();
  useOncePerError(stats.error, () => toast.error(ADMIN_STATS_FAILED));
  const s: TAdminStats | undefined = stats.data;
  const loading = stats.isPending;

  return (
    <section aria-labelledby="admin-overview" className="space-y-4">
      <h3 id="admin-overview" className="text-lg font-semibold">
        Platform overview
      </h3>
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Admin overview" />
      {stats.isError && !s ? (
        <LoadError message={ADMIN_STATS_FAILED} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      ) : (
        <>
          <TabPanel id="overview" ids={ids} active={tab === 'overview'} className="space-y-4">
            <Grid>
              <StatCard icon={Users} tone="text-sky-300" label="Total users" loading={loading} testId="admin-total-users">
                {s && formatNumber(s.totalUsers)}
              </StatCard>
              <StatCard icon={Trophy} tone="text-emerald-300" label="Active contests" loading={loading} testId="admin-active-contests">
                {s && formatNumber(s.activeContests)}
              </StatCard>
              <StatCard icon={Banknote} tone="text-amber-300" label="Total revenue" loading={loading} testId="admin-total-revenue">
                {s && formatNaira(s.totalRevenue)}
              </StatCard>
              <StatCard
                icon={HeartPulse}
                tone="text-emerald-300"
                label="System health"
                loading={loading}
                testId="admin-system-health"
                note={s && <HealthBadge status={s.systemHealth.status} label="System status" />}
              >
                {s && percent(s.systemHealth.availabilityPercent)}
              </StatCard>
              <StatCard icon={Activity} tone="text-sky-300" label="Daily active users" loading={loading} testId="admin-daily-active">
                {s && formatNumber(s.dailyActiveUsers)}
              </StatCard>
              <StatCard
                icon={Flag}
                tone="text-red-300"
                label="Flagged content"
                loading={loading}
                testId="admin-flagged-content"
                note="Items with pending reports"
              >
                {s && formatNumber(s.flaggedContent)}
              </StatCard>
            </Grid>
          </TabPanel>

          <TabPanel id="users" ids={ids} active={tab === 'users'} className="space-y-4">
            <Grid>
              <StatCard icon={Users} tone="text-sky-300" label="Total users" loading={loading}>
                {s && formatNumber(s.totalUsers)}
              </StatCard>
              <StatCard icon={Activity} tone="text-emerald-300" label="Active in the last day" loading={loading}>
                {s && formatNumber(s.dailyActiveUsers)}
              </StatCard>
              <StatCard
                icon={UserX}
                tone="text-red-300"
                label="Flagged users"
                loading={loading}
                testId="admin-flagged-users"
                note="Users with pending reports"
              >
                {s && formatNumber(s.flaggedUsers)}
              </StatCard>
            </Grid>
            <GoTo to={paths.dashboard.admin()}>Manage users in Admin Tools</GoTo>
          </TabPanel>

          <TabPanel id="contests" ids={ids} active={tab === 'contests'} className="space-y-4">
            <Grid>
              <StatCard icon={Trophy} tone="text-emerald-300" label="Active contests" loading={loading}>
                {s && formatNumber(s.activeContests)}
              </StatCard>
              <StatCard
                icon={Inbox}
                tone="text-amber-300"
                label="Pending review"
                loading={loading}
                testId="admin-pending-review"
                note="Entries awaiting review"
              >
                {s && formatNumber(s.pendingReview)}
              </StatCard>
              <StatCard
                icon={Flag}
                tone="text-red-300"
                label="Flagged contests"
                loading={loading}
                testId="admin-flagged-contests"
                note="Contests with pending reports"
              >
                {s && formatNumber(s.flaggedContests)}
              </StatCard>
            </Grid>
            <GoTo to={paths.dashboard.contestManagement()}>Open Contest Management</GoTo>
          </TabPanel>

          <TabPanel id="health" ids={ids} active={tab === 'health'} className="space-y-4">
            {s && (
              <Card className="flex flex-wrap items-center gap-3 p-4 sm:p-5">
                <span className="font-semibold">Status</span>
                <HealthBadge status={s.systemHealth.status} label="System status" />
                <span className="text-xs text-slate-400">
                  Figures of the server instance that answered; availability is the share of answers without a server error in the last
                  hour.
                </span>
              </Card>
            )}
            <Grid>
              <StatCard icon={HeartPulse} tone="text-emerald-300" label="Availability" loading={loading} testId="admin-availability">
                {s && percent(s.systemHealth.availabilityPercent)}
              </StatCard>
              <StatCard
                icon={Gauge}
                tone="text-sky-300"
                label="Response time"
                loading={loading}
                testId="admin-response-time"
                note="p95 over the last 5 minutes"
              >
                {s && ms(s.systemHealth.responseTimeMs)}
              </StatCard>
              <StatCard icon={Cpu} tone="text-amber-300" label="CPU" loading={loading} testId="admin-cpu">
                {s && percent(s.systemHealth.cpuPercent)}
              </StatCard>
              <StatCard icon={HardDrive} tone="text-violet-300" label="Memory" loading={loading} testId="admin-memory">
                {s && percent(s.systemHealth.memoryPercent)}
              </StatCard>
            </Grid>
            <GoTo to={paths.dashboard.admin()}>See System Monitoring in Admin Tools</GoTo>
          </TabPanel>
        </>
      )}
    </section>
  );
}
