import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDown, CreditCard, LayoutDashboard, ListChecks, LogOut, Menu, Settings, Trophy, User, X } from 'lucide-react';
import { TIER_LABELS, paths } from '@contesthub/shared';
import { useAuth } from '../../lib/auth';
import { Badge } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { Logo } from './Logo';
import { UserAvatar } from '../../components/ui/user-avatar';
import { useMenuButton } from '../../components/ui/menu';

const MAIN_LINKS = [
  { to: paths.contests(), label: 'Browse Contests' },
  { to: paths.entries(), label: 'All Entries' },
  { to: paths.pricing(), label: 'Pricing' },
];

const USER_LINKS = [
  { to: paths.dashboard.home(), label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.dashboard.contests(), label: 'My Contests', icon: Trophy },
  { to: paths.dashboard.entries(), label: 'My Entries', icon: ListChecks },
  { to: paths.dashboard.profile(), label: 'Profile', icon: User },
  { to: paths.dashboard.settings(), label: 'Settings', icon: Settings },
  { to: paths.dashboard.subscription(), label: 'Subscription', icon: CreditCard },
];

const MENU_ITEM =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-200 outline-none hover:bg-slate-800 focus-visible:bg-slate-800 focus-visible:ring-2 focus-visible:ring-emerald-400/60';

function TierBadge({ tier, role }: { tier: keyof typeof TIER_LABELS; role: string }) {
  if (role === 'admin') return <Badge tone="red">Admin</Badge>;
  return <Badge tone={tier === 'free' ? 'neutral' : tier === 'professional' ? 'violet' : 'amber'}>{TIER_LABELS[tier]}</Badge>;
}

export function Navbar() {
  const { user, signOut } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  // The account menu: a menu button operable by keyboard (components/ui/menu.ts).
  const menu = useMenuButton(location.pathname);

  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors', isActive ? 'text-emerald-300' : 'text-slate-300 hover:text-slate-100');

  return (
    <header className="sticky top-0 z-50 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6" aria-label="Main">
        <Logo />
        <div className="hidden items-center gap-1 md:flex">
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {user ? (
            <div className="relative" ref={menu.rootRef}>
              <button
                {...menu.buttonProps}
                aria-label={`Account menu for ${user.fullName}`}
                className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
              >
                <UserAvatar name={user.fullName} src={user.profilePicture} size="sm" />
                <span className="max-w-32 truncate">{user.fullName}</span>
                <ChevronDown className="h-4 w-4" aria-hidden />
              </button>
              {menu.open && (
                <div
                  {...menu.menuProps}
                  aria-label="Account"
                  className="absolute right-0 mt-2 w-64 overflow-hidden rounded-xl border border-slate-800 bg-slate-900 shadow-2xl shadow-black/50"
                >
                  <div className="border-b border-slate-800 p-4" role="none">
                    <p className="truncate font-semibold">{user.fullName}</p>
                    <p className="truncate text-xs text-slate-400">{user.email}</p>
                    <div className="mt-2">
                      <TierBadge tier={user.subscriptionTier} role={user.role} />
                    </div>
                  </div>
                  <div className="p-1.5" role="none">
                    {USER_LINKS.map(({ to, label, icon: Icon }) => (
                      <Link key={to} to={to} role="menuitem" tabIndex={-1} onClick={menu.close} className={MENU_ITEM}>
                        <Icon className="h-4 w-4 text-slate-400" aria-hidden />
                        {label}
                      </Link>
                    ))}
                    <button
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      onClick={() => {
                        menu.close();
                        void signOut();
                      }}
                      className={cn(MENU_ITEM, 'w-full text-red-300')}
                    >
                      <LogOut className="h-4 w-4" aria-hidden />
                      Logout
                    </button>
                  </div>
                </div>
              )}
            </div>
          ) : (
            <>
              <Link to={paths.login()} className={buttonClass('ghost')}>
                Login
              </Link>
              <Link to={paths.register()} className={buttonClass('primary')}>
                Sign Up
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-200 hover:bg-slate-800 md:hidden"
          onClick={() => setMobileOpen((o) => !o)}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
        >
          {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </nav>
      {mobileOpen && (
        <div id="mobile-menu" className="border-t border-slate-800 bg-slate-950 px-4 pb-6 pt-3 md:hidden">
          <div className="flex flex-col gap-1">
            {MAIN_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={linkClass}>
                {l.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-4 border-t border-slate-800 pt-4">
            {user ? (
              <>
                <div className="mb-3 flex items-center gap-3 px-3">
                  <UserAvatar name={user.fullName} src={user.profilePicture} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{user.fullName}</p>
                    <TierBadge tier={user.subscriptionTier} role={user.role} />
                  </div>
                </div>
                {USER_LINKS.map(({ to, label, icon: Icon }) => (
                  <Link
                    key={to}
                    to={to}
                    className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-200 hover:bg-slate-800"
                  >
                    <Icon className="h-4 w-4 text-slate-400" aria-hidden />
                    {label}
                  </Link>
                ))}
                <button
                  type="button"
                  onClick={() => void signOut()}
                  className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-red-300 hover:bg-slate-800"
                >
                  <LogOut className="h-4 w-4" aria-hidden />
                  Logout
                </button>
              </>
            ) : (
              <div className="grid grid-cols-2 gap-3">
                <Link to={paths.login()} className={buttonClass('outline')}>
                  Login
                </Link>
                <Link to={paths.register()} className={buttonClass('primary')}>
                  Sign Up
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
