import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { Spinner } from '../components/ui/card';
import { useAuth } from '../lib/auth';
import { useCan } from '../lib/permissions';
import { paths, type Permission } from '@contesthub/shared';

/**
 * The dashboard needs a signed-in user with a verified email: logged out → /login (the origin is
 * remembered in navigation state); unverified → /verify-email with the address carried along.
 */
export function RequireDashboard({ children }: { children: ReactNode }) {
  const { user, status, signingOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  // Logging out leaves for home; the guard must not race it to /login.
  if (!user && signingOut) return null;
  if (!user) return <Navigate to={paths.login()} replace state={{ from: location }} />;
  if (!user.isVerified) return <Navigate to={paths.verifyEmail({ email: user.email })} replace state={{ email: user.email }} />;
  return <>{children}</>;
}

/** A staff page sends anyone without its permission to /dashboard. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const can = useCan();
  if (!can(permission)) return <Navigate to={paths.dashboard.home()} replace />;
  return <>{children}</>;
}

/** The page that sent the visitor to /login (or on to /register and /verify-email), if any. */
export type Origin = Pick<Location, 'pathname' | 'search' | 'hash'>;
export function originOf(state: unknown): Origin | undefined {
  const from = (state as { from?: Partial<Origin> } | null)?.from;
  return typeof from?.pathname === 'string' ? { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' } : undefined;
}

/** Navigation state that carries the origin along (login → register → verify-email). */
export const withOrigin = (state: unknown, extra: Record<string, unknown> = {}) => {
  const from = originOf(state);
  return from ? { ...extra, from } : extra;
};

/** Where a login should land: the page that sent the visitor to /login, else the dashboard. */
export function loginDestination(state: unknown): string {
  const from = originOf(state);
  return from ? `${from.pathname}${from.search}${from.hash}` : paths.dashboard.home();
}

/**
 * Login and registration pages send a signed-in user on: to the remembered origin when there is
 * one, else to the dashboard. This also completes a fresh login, so the two can never disagree.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  if (user) return <Navigate to={loginDestination(location.state)} replace />;
  return <>{children}</>;
}
