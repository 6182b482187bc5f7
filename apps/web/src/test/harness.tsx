/**
 * The one test harness for page journeys: the real route table, guards, providers and API client
 * with only fetch faked. Imported by tests only.
 */
import { useEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import type { TPublicUser, TTokens, TUserAnswer } from '@contesthub/shared';
import { AuthProvider } from '../lib/auth';
import { AppRoutes } from '../app/router';
import { ToastProvider } from '../components/ui/toast';
import { tokenStore } from '../lib/storage';

export const makeUser = (over: Partial<TPublicUser> = {}): TPublicUser => ({
  _id: 'u1',
  fullName: 'Ada Obi',
  username: 'adaobi',
  email: 'ada@x.ng',
  phone: '+2348012345678',
  profilePicture: null,
  role: 'user',
  subscriptionTier: 'free',
  subscriptionExpiresAt: null,
  voteCredits: 10,
  monthlyContestCount: 0,
  isVerified: true,
  profileCompletion: 33,
  bio: null,
  dateOfBirth: null,
  gender: null,
  location: { state: null, city: null },
  preferences: {},
  referralCode: 'ADA12345',
  referral: { referredBy: null },
  twoFactorEnabled: false,
  loginAlerts: false,
  lastPasswordChange: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastActive: null,
  ...over,
});

/** GET /auth/me (and PUT /auth/profile) as the server answers it: `makeUser(over)`. */
export const meDto = (over: Partial<TPublicUser> = {}): TUserAnswer => ({ user: makeUser(over) });

export type Reply = { status: number; body: unknown };
/** One request the app made; `auth` is its authorization header (undefined when none was sent). */
export type Call = { path: string; method: string; body: unknown; query: string; auth: string | undefined };
export const ok = (data: unknown, message?: string, status = 200): Reply => ({
  status,
  body: { success: true, data, ...(message ? { message } : {}) },
});
/** An error envelope; `extra` adds fields beside `errorType` (e.g. `retryAfterSeconds`). */
export const fail = (status: number, errorType: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { success: false, message, errorType, ...extra },
});

/** A fake server: `serve('GET /auth/me', reply...)` queues answers (the last one repeats). */
export function fakeServer() {
  const routes: Record<string, Reply[]> = {};
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [rawPath, query = ''] = url.replace(/^\/api/, '').split('?');
      const path = rawPath!;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const auth = new Headers(init.headers).get('authorization') ?? undefined;
      calls.push({ path, method, body, query, auth });
      const queue = routes[`${method} ${path}`];
      const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? fail(404, 'NOT_FOUND', 'Route not found');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    serve: (key: string, ...replies: Reply[]) => {
      routes[key] = replies;
    },
    last: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).at(-1),
  };
}

export type Tokens = TTokens;

/**
 * Renders the whole app at `entry` (a path, or a location with state). Signed in by default with
 * the tokens `tok`/`ref`; `signedIn: false` starts signed out, `signedIn: tokens` with those.
 * `location()` reads the current path and query; `seen` lists every one the app passed through.
 */
export function renderAt(entry: InitialEntry, { signedIn = true }: { signedIn?: boolean | Tokens } = {}) {
  if (signedIn) {
    const { token, refreshToken } = signedIn === true ? { token: 'tok', refreshToken: 'ref' } : signedIn;
    tokenStore.set(token, refreshToken);
  }
  const seen: string[] = [];
  function Where() {
    const loc = useLocation();
    useEffect(() => {
      seen.push(loc.pathname + loc.search);
    }, [loc]);
    return <output data-testid="location">{loc.pathname + loc.search}</output>;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <ToastProvider>
          <AuthProvider>
            <AppRoutes />
            <Where />
          </AuthProvider>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, seen, location: () => screen.getByTestId('location').textContent };
}
