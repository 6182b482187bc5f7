/**
 * Test harness for the account pages: the real route table, guards, providers and API client with
 * only fetch faked. Imported by tests only.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { TPublicUser } from '@contesthub/shared';
import { AuthProvider } from '../../app/auth';
import { AppRoutes } from '../../app/routes';
import { ToastProvider } from '../../app/toast';

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

export type Reply = { status: number; body: unknown };
export type Call = { path: string; method: string; body: unknown; query: string };
export const ok = (data: unknown, message?: string, status = 200): Reply => ({
  status,
  body: { success: true, data, ...(message ? { message } : {}) },
});
export const fail = (status: number, errorType: string, message: string): Reply => ({
  status,
  body: { success: false, message, errorType },
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
      calls.push({ path, method, body, query });
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

export function renderAt(entry: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('refreshToken', 'ref');
  }
  function Where() {
    const loc = useLocation();
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
  return { queryClient, location: () => screen.getByTestId('location').textContent };
}
