import { Link } from 'react-router';
import { Activity, Award, Coins, Gauge, Medal, PlusCircle, Search, Sparkles, Trophy, Users, Wallet } from 'lucide-react';
import { formatDate, formatNaira, formatNumber, RECENT_ACTIVITY_ITEMS, TIER_LABELS, paths } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyNote, RowsSkeleton } from '../../../components/ui/list-states';
import { StatCard } from '../../../components/ui/stat';
import { useRecentActivity } from '../../../features/dashboard/api/get-recent-activity';
import { useUserStats } from '../../../features/dashboard/api/get-user-stats';
import { RecentActivityList } from '../../../features/dashboard/components/RecentActivity';
import { AdminOverview } from '../../../features/dashboard/components/AdminOverview';
import { newAccount } from '../../../features/auth/lib/new-account';

/** Spec 001 §8 (Shell and dashboard). */
const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data';

const ACTIONS = [
  { to: paths.dashboard.create(), label: 'Create a contest', icon: PlusCircle },
  { to: paths.contests(), label: 'Browse contests', icon: Search },
  { to: paths.dashboard.wallet(), label: 'Open your wallet', icon: Wallet },
  { to: paths.pricing(), label: 'Compare plans', icon: Sparkles },
];

export default function DashboardHome() {
  const { user } = useAuth();
  const stats = useUserStats();
  const activity = useRecentActivity(RECENT_ACTIVITY_ITEMS);
  if (!user) return null;
  const firstName = user.fullName.split(' ')[0];
  const s = stats.data;
  const retryAll = () => {
    if (stats.isError) void stats.refetch();
    if (activity.isError) void activity.refetch();
  };

  return (
    <div className="space-y-6">
      <div>
        {newAccount.is(user._id) ? (
          <>
            <h2 className="text-2xl font-bold">Welcome to ContestHub, {firstName}!</h2>
            <p className="text-slate-400">Your account is ready. Here is where your contests, entries and money come together.</p>
          </>
        ) : (
          <>
            <h2 className="text-2xl font-bold">Welcome back, {firstName}!</h2>
            <p className="text-slate-400">Here is where your contests, entries and money come together.</p>
          </>
        )}
      </div>

      {(stats.isError || activity.isError) && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-sm text-red-200"
        >
          <span className="flex-1">{DASHBOARD_LOAD_FAILED}</span>
          <Button variant="outline" size="sm" onClick={retryAll}>
            Try Again
          </Button>
        </div>
      )}

      {user.role === 'admin' && <AdminOverview />}

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard icon={Trophy} tone="text-emerald-300" label="Contests created" loading={stats.isPending} testId="stat-contests-created">
          {s && formatNumber(s.contestsCreated)}
        </StatCard>
        <StatCard icon={Users} tone="text-sky-300" label="Contests joined" loading={stats.isPending} testId="stat-contests-joined">
          {s && formatNumber(s.contestsJoined)}
        </StatCard>
        <StatCard
          icon={Wallet}
          tone="text-emerald-300"
          label="Naira balance"
          loading={stats.isPending}
          testId="stat-naira-balance"
          note={s && `Total winnings ${formatNaira(s.totalWinnings)}`}
        >
          {s && formatNaira(s.walletBalance)}
        </StatCard>
        <StatCard
          icon={Medal}
          tone="text-amber-300"
          label="Current rank"
          loading={stats.isPending}
          testId="stat-current-rank"
          note={s && (s.currentRank === null ? 'Not ranked yet' : 'Best place among your entries')}
        >
          {s && (s.currentRank === null ? '—' : `#${formatNumber(s.currentRank)}`)}
        </StatCard>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <Coins className="h-6 w-6 text-amber-300" aria-hidden />
          <p className="mt-3 text-sm text-slate-400">Vote credits</p>
          <p className="text-2xl font-bold" data-testid="vote-credits">
            {formatNumber(user.voteCredits)}
          </p>
        </Card>
        <Card>
          <Sparkles className="h-6 w-6 text-violet-300" aria-hidden />
          <p className="mt-3 text-sm text-slate-400">Plan</p>
          <p className="text-2xl font-bold">{user.role === 'admin' ? 'Admin' : TIER_LABELS[user.subscriptionTier]}</p>
        </Card>
        <Card>
          <Gauge className="h-6 w-6 text-emerald-300" aria-hidden />
          <p className="mt-3 text-sm text-slate-400">Profile completion</p>
          <p className="text-2xl font-bold">{user.profileCompletion}%</p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-800"
            role="progressbar"
            aria-valuenow={user.profileCompletion}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Profile completion"
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${user.profileCompletion}%` }} />
          </div>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section
          aria-labelledby="recent-activity"
          className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20"
        >
          <h3 id="recent-activity" className="flex items-center gap-2 border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
            <Activity className="h-5 w-5 text-emerald-300" aria-hidden /> Recent activity
          </h3>
          {activity.isPending ? (
            <RowsSkeleton label="Loading recent activity" />
          ) : activity.isError ? (
            <p className="px-6 py-10 text-center text-sm text-slate-400">{DASHBOARD_LOAD_FAILED}</p>
          ) : activity.data.activities.length === 0 ? (
            <EmptyNote icon={Activity} title="No recent activity" hint="Create a contest, submit an entry or vote, and it shows up here." />
          ) : (
            <RecentActivityList items={activity.data.activities} />
          )}
        </section>

        <Card className="p-0">
          <h3 className="flex items-center gap-2 border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
            <Award className="h-5 w-5 text-amber-300" aria-hidden /> Badges
          </h3>
          {stats.isPending ? (
            <RowsSkeleton label="Loading badges" />
          ) : stats.isError ? (
            <p className="px-6 py-10 text-center text-sm text-slate-400">{DASHBOARD_LOAD_FAILED}</p>
          ) : stats.data.badges.length === 0 ? (
            <EmptyNote icon={Award} title="No badges yet" hint="Win a badge contest to earn your first badge." />
          ) : (
            <ul className="divide-y divide-slate-800">
              {stats.data.badges.map((b) => (
                <li key={b.contestId} className="flex items-center gap-3 px-4 py-3 sm:px-6">
                  <Award className="h-6 w-6 shrink-0 text-amber-300" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-sm font-semibold text-amber-200">{b.title}</p>
                    <Link to={paths.contest(b.contestId)} className="block break-words text-xs text-slate-400 hover:text-emerald-300">
                      {b.contestTitle} · {formatDate(b.awardedAt)}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card>
        <h3 className="font-semibold">Quick actions</h3>
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIONS.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-950 p-4 text-sm font-medium hover:border-emerald-600"
            >
              <Icon className="h-5 w-5 text-emerald-300" aria-hidden /> {label}
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}
