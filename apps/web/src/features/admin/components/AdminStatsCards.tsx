import { Activity, Ban, Banknote, UserCheck } from 'lucide-react';
import { ADMIN_USER_MESSAGES, formatNaira, formatNumber } from '@contesthub/shared';
import { useCan } from '../../../lib/permissions';
import { useToast } from '../../../lib/toast';
import { useOncePerError } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat';
import { useDashboardStats } from '../api/get-dashboard-stats';

/** Admin Tools top cards (spec 002 §2.1): users from the database, this month's revenue from the ledger (finance.read only). */
export function AdminStatsCards() {
  const stats = useDashboardStats();
  const can = useCan();
  const toast = useToast();
  useOncePerError(stats.error, () => toast.error('Error', ADMIN_USER_MESSAGES.fetchStatsFailed));
  const loading = stats.isPending;
  const users = stats.data?.users;
  const revenue = stats.data?.financial.monthlyRevenue;
  const finance = can('finance.read');
  return (
    <div className={finance ? 'grid grid-cols-2 gap-3 lg:grid-cols-4' : 'grid grid-cols-2 gap-3 lg:grid-cols-3'}>
      <StatCard icon={UserCheck} tone="text-emerald-300" label="Active Users" loading={loading} testId="stat-active">
        {users && formatNumber(users.active)}
      </StatCard>
      <StatCard icon={Activity} tone="text-sky-300" label="Recently Active (30 days)" loading={loading} testId="stat-recent">
        {users && formatNumber(users.recentlyActive)}
      </StatCard>
      <StatCard icon={Ban} tone="text-red-300" label="Banned Users" loading={loading} testId="stat-banned">
        {users && formatNumber(users.banned)}
      </StatCard>
      {finance && (
        <StatCard
          icon={Banknote}
          tone="text-amber-300"
          label="Monthly Revenue"
          loading={loading}
          testId="stat-revenue"
          note="This calendar month (WAT)"
        >
          {revenue != null && formatNaira(revenue)}
        </StatCard>
      )}
    </div>
  );
}
