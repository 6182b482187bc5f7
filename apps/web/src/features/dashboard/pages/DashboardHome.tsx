import { Link } from 'react-router';
import { Coins, Gauge, PlusCircle, Search, Sparkles, Wallet } from 'lucide-react';
import { formatNumber, TIER_LABELS } from '@contesthub/shared';
import { useAuth } from '../../../app/auth';
import { Card } from '../../../components/ui/card';

const ACTIONS = [
  { to: '/dashboard/create', label: 'Create a contest', icon: PlusCircle },
  { to: '/contests', label: 'Browse contests', icon: Search },
  { to: '/dashboard/wallet', label: 'Open your wallet', icon: Wallet },
  { to: '/pricing', label: 'Compare plans', icon: Sparkles },
];

export default function DashboardHome() {
  const { user } = useAuth();
  if (!user) return null;
  const firstName = user.fullName.split(' ')[0];
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Welcome back, {firstName}!</h2>
        <p className="text-slate-400">Here is where your contests, entries and money come together.</p>
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
