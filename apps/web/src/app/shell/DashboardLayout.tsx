import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation } from 'react-router';
import {
  ArrowLeftRight,
  BarChart3,
  ChevronDown,
  CreditCard,
  FileStack,
  House,
  LogOut,
  Gift,
  LayoutDashboard,
  Menu,
  MessageSquare,
  PlusCircle,
  Settings,
  Trophy,
  User,
  Wallet,
  X,
  Medal,
  type LucideIcon,
} from 'lucide-react';
import { formatDate, formatNumber, TIER_LABELS, type TPublicUser, paths } from '@contesthub/shared';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/permissions';
import { STAFF_PAGES } from '../staff-pages';
import { Badge } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { Logo } from './Logo';
import { useMenuButton } from '../../components/ui/menu';
import { keepTabInside } from '../../components/ui/dialog';
import { UserAvatar } from '../../components/ui/user-avatar';
import { PageFallback } from './layouts';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { useMessageUnreadCount } from '../../features/messages/api/get-unread-count';
import { unreadBadge } from '../../features/messages/lib/badge';
import { Realtime } from './Realtime';

const COMMON = [
  { to: paths.dashboard.home(), label: 'Overview', icon: LayoutDashboard, end: true },
  { to: paths.dashboard.contests(), label: 'My Contests', icon: Trophy },
  // Not in the drawn sidebar: added so My Entries (spec 001 §2) can be reached from the dashboard.
  { to: paths.dashboard.entries(), label: 'My Entries', icon: FileStack },
  { to: paths.dashboard.create(), label: 'Create Contest', icon: PlusCircle },
  { to: paths.dashboard.wallet(), label: 'Wallet', icon: Wallet },
  { to: paths.dashboard.subscription(), label: 'Subscription', icon: CreditCard },
  { to: paths.dashboard.voteCreditTransfer(), label: 'Transfer Credits', icon: ArrowLeftRight },
  { to: paths.dashboard.messages(), label: 'Messages', icon: MessageSquare },
  { to: paths.dashboard.profile(), label: 'Profile', icon: User },
  { to: paths.dashboard.leaderboard(), label: 'Leaderboard', icon: Medal },
  { to: paths.dashboard.rewards(), label: 'Rewards', icon: Gift },
  { to: paths.dashboard.settings(), label: 'Settings', icon: Settings },
];
const USER_ONLY = [{ to: paths.dashboard.analytics(), label: 'Analytics', icon: BarChart3 }];
/** The staff pages (app/staff-pages.ts), each shown to whoever holds its permission. */
const STAFF_ITEMS = STAFF_PAGES.map((p) => ({ to: p.path, label: p.navLabel ?? p.title, icon: p.icon, permission: p.permission }));

const TITLES: Record<string, string> = {
  ...Object.fromEntries([...COMMON, ...USER_ONLY].map((i) => [i.to, i.label])),
  // The staff pages' full titles: the header wraps a long one, only the sidebar uses the short label.
  ...Object.fromEntries(STAFF_PAGES.map((p) => [p.path, p.title])),
  // Pages reached from elsewhere than the sidebar.
  [paths.dashboard.referrals()]: 'Referral Program',
  [paths.paymentVerification()]: 'Payment Verification',
  [paths.subscriptionVerification()]: 'Subscription Verification',
  [paths.dashboard.voteCredits()]: 'Buy Vote Credits',
  [paths.dashboard.notifications()]: 'Notifications',
};

/** Pages whose path holds an id: matched before the prefixes. */
const PATTERN_TITLES: ReadonlyArray<[string, string]> = [[paths.dashboard.contestReview.pattern, 'Entry Review']];

function titleFor(pathname: string): string {
  if (TITLES[pathname]) return TITLES[pathname]!;
  const pattern = PATTERN_TITLES.find(([p]) => matchPath(p, pathname));
  if (pattern) return pattern[1];
  const match = Object.keys(TITLES)
    .filter((k) => k !== paths.dashboard.home() && pathname.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return match ? TITLES[match]! : 'Dashboard';
}

export function DashboardLayout() {
  const { user, signOut } = useAuth();
  const can = useCan();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);
  const unreadMessages = useMessageUnreadCount().data?.unreadCount ?? 0;
  // Escape or a close button: the drawer closes and focus goes back to the button that opened it
  // (once the page behind is no longer inert).
  const refocus = useRef(false);
  const closeDrawer = () => {
    refocus.current = true;
    setDrawerOpen(false);
  };
  useEffect(() => {
    if (drawerOpen || !refocus.current) return;
    refocus.current = false;
    drawerButton.current?.focus();
  }, [drawerOpen]);
  if (!user) return null;
  // Staff see the pages their permissions open in place of the member's own analytics.
  const staff = STAFF_ITEMS.filter((i) => can(i.permission)).map(({ permission: _, ...item }) => item);
  const items = [...COMMON, ...(staff.length > 0 ? staff : USER_ONLY)];

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
          {to === paths.dashboard.messages() && unreadMessages > 0 && (
            <span className="ml-auto rounded-full bg-emerald-500 px-1.5 text-xs font-bold text-slate-950">
              <span className="sr-only">, unread: </span>
              {unreadBadge(unreadMessages)}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );

  return (
    <div className="flex min-h-dvh">
      <Realtime userId={user._id} />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 overflow-y-auto border-r border-slate-800 bg-slate-950 lg:block">
        <div className="flex h-16 items-center px-5">
          <Logo />
        </div>
        {nav}
      </aside>
      {drawerOpen && (
        // A modal drawer: focus starts on its close button, Tab stays inside, Escape closes it, and the
        // page behind is inert while it is open.
        <div
          className="fixed inset-0 z-50 lg:hidden"
          role="dialog"
          aria-modal="true"
          aria-label="Dashboard menu"
          onKeyDown={(e) => {
            if (e.key === 'Escape') closeDrawer();
            else keepTabInside(e, e.currentTarget);
          }}
        >
          {/* The backdrop closes it on a tap; keyboards and screen readers use Close menu or Escape. */}
          <div aria-hidden className="absolute inset-0 bg-black/60" onClick={closeDrawer} />
          <aside className="relative h-full w-72 overflow-y-auto border-r border-slate-800 bg-slate-950">
            <div className="flex h-16 items-center justify-between px-5">
              <Logo />
              <button type="button" autoFocus onClick={closeDrawer} className="rounded p-1.5 hover:bg-slate-800" aria-label="Close menu">
                <X className="h-5 w-5" />
              </button>
            </div>
            {nav}
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col" inert={drawerOpen || undefined}>
        <header className="sticky top-0 z-40 flex min-h-16 items-center gap-3 border-b border-slate-800 bg-slate-950/90 px-4 py-2 backdrop-blur sm:px-6">
          <button
            ref={drawerButton}
            type="button"
            aria-expanded={drawerOpen}
            className="shrink-0 rounded-lg p-2 hover:bg-slate-800 lg:hidden"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
          >
            <Menu className="h-5 w-5" />
          </button>
          <div className="min-w-0 flex-1">
            {/* Never cut: a long title ("Security & Fraud Prevention") wraps on a phone instead. */}
            <h1 className="text-base font-semibold leading-tight text-balance break-words sm:text-lg">{titleFor(pathname)}</h1>
            <p className="hidden text-xs text-slate-400 sm:block">{formatDate(new Date())}</p>
          </div>
          <span
            className="hidden shrink-0 items-center gap-1 rounded-full bg-slate-800 px-3 py-1 text-sm sm:inline-flex"
            title="Vote credits"
          >
            <span className="font-semibold text-amber-300">{formatNumber(user.voteCredits)}</span>
            <span className="text-slate-400">credits</span>
          </span>
          {user.role === 'admin' ? (
            <Badge tone="red" className="shrink-0">
              Admin
            </Badge>
          ) : (
            // Left out on the narrowest phones, where it would squeeze the page title beside the bell
            // (the plan is on the Overview and Subscription pages).
            <Badge tone={user.subscriptionTier === 'free' ? 'neutral' : 'amber'} className="shrink-0 whitespace-nowrap max-[419px]:hidden">
              {TIER_LABELS[user.subscriptionTier]}
            </Badge>
          )}
          <NotificationBell />
          <UserMenu user={user} onLogout={() => void signOut()} />
        </header>
        <ProfileCompletionBanner completion={user.profileCompletion} />
        <main id="main" className="flex-1 p-4 sm:p-6">
          {/* The one content width of every dashboard page: pages fill it and set no width of their own. */}
          <div className="mx-auto w-full min-w-0 max-w-6xl">
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}

const MENU_LINKS: Array<{ to: string; label: string; icon: LucideIcon }> = [
  { to: paths.dashboard.profile(), label: 'Profile', icon: User },
  { to: paths.dashboard.wallet(), label: 'Wallet', icon: Wallet },
  { to: paths.dashboard.settings(), label: 'Settings', icon: Settings },
  { to: paths.home(), label: 'Back to Home', icon: House },
];

/**
 * The header's user menu (menu button pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus to the button;
 * Tab or a click outside closes it.
 */
function UserMenu({ user, onLogout }: { user: TPublicUser; onLogout: () => void }) {
  const { pathname } = useLocation();
  const { open, close, rootRef, buttonProps, menuProps } = useMenuButton(pathname);

  return (
    <div className="relative shrink-0" ref={rootRef}>
      <button
        {...buttonProps}
        aria-label={`Account menu for ${user.fullName}`}
        className="flex items-center gap-1 rounded-full p-1 text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        <UserAvatar name={user.fullName} src={user.profilePicture} size="sm" />
        <ChevronDown className={cn('hidden h-4 w-4 transition-transform sm:block', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label="Account"
          className="absolute right-0 z-50 mt-2 w-60 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-800 bg-slate-900 shadow-2xl shadow-black/50"
        >
          <div className="border-b border-slate-800 px-4 py-3" role="none">
            <p className="truncate text-sm font-semibold">{user.fullName}</p>
            <p className="truncate text-xs text-slate-400">{user.email}</p>
          </div>
          <div className="p-1.5" role="none">
            {MENU_LINKS.map(({ to, label, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                role="menuitem"
                tabIndex={-1}
                onClick={close}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-200 outline-none hover:bg-slate-800 focus-visible:bg-slate-800 focus-visible:ring-2 focus-visible:ring-emerald-400/60"
              >
                <Icon className="h-4 w-4 text-slate-400" aria-hidden />
                {label}
              </Link>
            ))}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                onLogout();
              }}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-red-300 outline-none hover:bg-slate-800 focus-visible:bg-slate-800 focus-visible:ring-2 focus-visible:ring-emerald-400/60"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

const BANNER_DISMISSED_KEY = 'contesthub:profile-banner-dismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Shown under the header while the profile is below 100%; dismissed for the rest of the browser session. */
function ProfileCompletionBanner({ completion }: { completion: number }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed || completion >= 100) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(BANNER_DISMISSED_KEY, '1');
    } catch {
      // storage unavailable: the banner still hides until the next reload
    }
  };
  return (
    <div
      role="region"
      aria-label="Profile completion"
      className="flex items-center gap-3 border-b border-amber-500/30 bg-amber-500/10 px-4 py-2.5 text-sm sm:px-6"
    >
      <p className="min-w-0 flex-1 text-amber-100">
        Your profile is <span className="font-semibold">{Math.round(completion)}%</span> complete.{' '}
        <Link to={paths.dashboard.profile()} className="font-semibold text-amber-300 underline underline-offset-2 hover:text-amber-200">
          Complete your profile
        </Link>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss profile completion reminder"
        className="shrink-0 rounded p-1 text-amber-200 hover:bg-amber-500/20 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
