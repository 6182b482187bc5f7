import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import {
  ArrowLeftRight,
  BarChart3,
  CreditCard,
  Gift,
  LayoutDashboard,
  Menu,
  MessageSquare,
  PlusCircle,
  Settings,
  ShieldAlert,
  Trophy,
  User,
  Users,
  Wallet,
  X,
  Medal,
  Wrench,
} from 'lucide-react';
import { formatDate, formatNumber, TIER_LABELS } from '@contesthub/shared';
import { useAuth } from '../auth';
import { Badge } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { Logo } from './Logo';
import { UserAvatar } from './UserAvatar';
import { PageFallback } from './layouts';

const COMMON = [
  { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/contests', label: 'My Contests', icon: Trophy },
  { to: '/dashboard/create', label: 'Create Contest', icon: PlusCircle },
  { to: '/dashboard/wallet', label: 'Wallet', icon: Wallet },
  { to: '/dashboard/subscription', label: 'Subscription', icon: CreditCard },
  { to: '/dashboard/vote-credit-transfer', label: 'Transfer Credits', icon: ArrowLeftRight },
  { to: '/dashboard/messages', label: 'Messages', icon: MessageSquare },
  { to: '/dashboard/profile', label: 'Profile', icon: User },
  { to: '/dashboard/leaderboard', label: 'Leaderboard', icon: Medal },
  { to: '/dashboard/rewards', label: 'Rewards', icon: Gift },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];
const USER_ONLY = [{ to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 }];
const ADMIN_ONLY = [
  { to: '/dashboard/admin', label: 'Admin Tools', icon: Wrench },
  { to: '/dashboard/admin-analytics', label: 'Admin Analytics', icon: BarChart3 },
  { to: '/dashboard/contest-management', label: 'Contest Management', icon: Users },
  { to: '/dashboard/security', label: 'Security & Fraud', icon: ShieldAlert },
];

const TITLES: Record<string, string> = Object.fromEntries([...COMMON, ...USER_ONLY, ...ADMIN_ONLY].map((i) => [i.to, i.label]));

function titleFor(pathname: string): string {
  if (TITLES[pathname]) return TITLES[pathname]!;
  const match = Object.keys(TITLES)
    .filter((k) => k !== '/dashboard' && pathname.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return match ? TITLES[match]! : 'Dashboard';
}

export function DashboardLayout() {
  const { user, signOut } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);
  if (!user) return null;
  const items = [...COMMON, ...(user.role === 'admin' ? ADMIN_ONLY : USER_ONLY)];

  const nav = (
    <nav aria-label="Dashboard" className="flex flex-col gap-0.5 p-3">
      {items.map(({ to, label, icon: Icon, ...rest }) => (
        <NavLink
          key={to}
          to={to}
          end={'end' in rest}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
              isActive ? 'bg-emerald-500/15 text-emerald-300' : 'text-slate-300 hover:bg-slate-800 hover:text-slate-100',
            )
          }
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );

  return (
    <div className="flex min-h-dvh">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 overflow-y-auto border-r border-slate-800 bg-slate-950 lg:block">
        <div className="flex h-16 items-center px-5">
          <Logo />
        </div>
        {nav}
      </aside>
      {drawerOpen && (
        <div className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label="Dashboard menu">
          <button type="button" className="absolute inset-0 bg-black/60" aria-label="Close menu" onClick={() => setDrawerOpen(false)} />
          <aside className="relative h-full w-72 overflow-y-auto border-r border-slate-800 bg-slate-950">
            <div className="flex h-16 items-center justify-between px-5">
              <Logo />
              <button
                type="button"
                onClick={() => setDrawerOpen(false)}
                className="rounded p-1.5 hover:bg-slate-800"
                aria-label="Close menu"
              >
                <X className="h-5 w-5" />
              </button>
            </div>
            {nav}
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-800 bg-slate-950/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="rounded-lg p-2 hover:bg-slate-800 lg:hidden"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
          >
            <Menu className="h-5 w-5" />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold">{titleFor(pathname)}</h1>
            <p className="hidden text-xs text-slate-400 sm:block">{formatDate(new Date())}</p>
          </div>
          <span className="hidden items-center gap-1 rounded-full bg-slate-800 px-3 py-1 text-sm sm:inline-flex" title="Vote credits">
            <span className="font-semibold text-amber-300">{formatNumber(user.voteCredits)}</span>
            <span className="text-slate-400">credits</span>
          </span>
          {user.role === 'admin' ? (
            <Badge tone="red">Admin</Badge>
          ) : (
            <Badge tone={user.subscriptionTier === 'free' ? 'neutral' : 'amber'}>{TIER_LABELS[user.subscriptionTier]}</Badge>
          )}
          <Link to="/dashboard/profile" aria-label="Profile">
            <UserAvatar name={user.fullName} src={user.profilePicture} size="sm" />
          </Link>
          <button
            type="button"
            onClick={() => void signOut()}
            className="hidden rounded-lg px-3 py-1.5 text-sm text-slate-300 hover:bg-slate-800 sm:block"
          >
            Logout
          </button>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
