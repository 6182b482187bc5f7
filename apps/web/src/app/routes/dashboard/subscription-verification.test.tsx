import { StrictMode } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSubscriptionAnswer } from '@contesthub/shared';
import { AuthProvider } from '../../../lib/auth';
import { AppRoutes } from '../../router';
import { ToastProvider } from '../../../components/ui/toast';
import { tokenStore } from '../../../lib/storage';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import { subscriptionDto } from '../../../test/fixtures';
// Loaded up front so the lazy route resolves at once.
import './subscription-verification';
import './subscription';

const activated = ok(
  { subscription: subscriptionDto({ tier: 'professional', endDate: '2030-01-31T00:00:00Z' }) } satisfies TSubscriptionAnswer,
  'Subscription activated',
);

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const verifyCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/subscriptions/verify');

describe('Subscription verification page', { timeout: 20_000 }, () => {
  it('verifies, refreshes the signed-in user, says so and goes to the subscription page after 3 seconds', async () => {
    // Only the page's timers are faked; React's scheduler keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const timers = vi.spyOn(window, 'setTimeout');
    server.serve('POST /subscriptions/verify', activated);
    const { location } = renderAt('/dashboard/subscription-verification?reference=sub-abc&trxref=sub-abc');
    expect(await screen.findByRole('heading', { name: 'Subscription Activated' })).toBeTruthy();
    expect(screen.getByText('Subscription activated successfully!')).toBeTruthy();
    expect(screen.getByText('Professional is active until 31 Jan 2030.')).toBeTruthy();
    expect(verifyCalls().map((c) => c.body)).toEqual([{ reference: 'sub-abc' }]);
    expect(screen.getByRole('link', { name: 'View Subscription' }).getAttribute('href')).toBe('/dashboard/subscription');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(location()).toBe('/dashboard/subscription-verification?reference=sub-abc&trxref=sub-abc');

    // One 3-second timer leads on (React delays showing the next page, so the timer itself is checked).
    await waitFor(() => expect(timers.mock.calls.filter(([, ms]) => ms === 3_000)).toHaveLength(1));
    act(() => vi.advanceTimersByTime(3_100));
    await waitFor(() => expect(location()).toBe('/dashboard/subscription'));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(1));
  });

  it('falls back to trxref', async () => {
    server.serve('POST /subscriptions/verify', activated);
    renderAt('/dashboard/subscription-verification?trxref=sub-trx');
    expect(await screen.findByRole('heading', { name: 'Subscription Activated' })).toBeTruthy();
    expect(verifyCalls()[0]!.body).toEqual({ reference: 'sub-trx' });
  });

  it('shows the server’s message with Try Again and Contact Support, and stays on the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const timers = vi.spyOn(window, 'setTimeout');
    server.serve('POST /subscriptions/verify', fail(400, 'PAYMENT_FAILED', 'The card was declined'));
    const { location } = renderAt('/dashboard/subscription-verification?reference=sub-bad');
    expect(await screen.findByRole('heading', { name: 'Payment Verification Failed' })).toBeTruthy();
    expect(screen.getByText('The card was declined')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/dashboard/subscription');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    act(() => vi.advanceTimersByTime(5_000));
    await act(async () => {});
    expect(location()).toBe('/dashboard/subscription-verification?reference=sub-bad');
    expect(timers.mock.calls.filter(([, ms]) => ms === 3_000)).toHaveLength(0);
    expect(screen.queryByText('Subscription activated successfully!')).toBeNull();
  });

  it('says Payment verification failed when the server could not be reached', async () => {
    server.serve('POST /subscriptions/verify', activated);
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/subscriptions/verify') ? Promise.reject(new TypeError('Failed to fetch')) : answering(url, init),
    );
    renderAt('/dashboard/subscription-verification?reference=sub-net');
    expect(await screen.findByText('Payment verification failed')).toBeTruthy();
  });

  it('says No payment reference found without asking the server', async () => {
    renderAt('/dashboard/subscription-verification');
    expect(await screen.findByText('No payment reference found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' })).toBeTruthy();
    expect(verifyCalls()).toHaveLength(0);
  });

  it('verifies once under React StrictMode (effects run twice)', async () => {
    server.serve('POST /subscriptions/verify', activated);
    tokenStore.set('tok', 'ref');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/dashboard/subscription-verification?reference=sub-strict']}>
            <ToastProvider>
              <AuthProvider>
                <AppRoutes />
              </AuthProvider>
            </ToastProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Subscription Activated' })).toBeTruthy();
    expect(screen.getAllByText('Subscription activated successfully!')).toHaveLength(1);
    expect(verifyCalls()).toHaveLength(1);
  });
});
