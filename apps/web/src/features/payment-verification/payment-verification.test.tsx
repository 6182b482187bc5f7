import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWallet } from '@contesthub/shared';
import { fakeServer, fail, makeUser, ok, renderAt } from '../../test/harness';
import { attemptedReferences } from './lib/attempted';
// Loaded up front so the lazy route resolves at once.
import './pages/PaymentVerificationPage';
import '../wallet/pages/WalletPage';
import { walletDto } from '../../test/fixtures';

configure({ asyncUtilTimeout: 5000 });

const wallet = (over: Partial<TWallet> = {}): TWallet => walletDto(over);

const verified = (reference = 'dep_abc', credited = true) =>
  ok(
    {
      wallet: wallet(),
      deposit: { reference, amount: 1_000_000, status: 'success', credited, creditedAt: '2026-03-01T10:00:00Z' },
    },
    'Deposit verified',
  );

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok({ user: makeUser({ profileCompletion: 100 }) }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const verifyCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/wallet/verify-deposit');

describe('Payment verification page', { timeout: 20_000 }, () => {
  it('verifies the reference, shows the new balance, refreshes wallet and profile, and links on', async () => {
    server.serve('POST /wallet/verify-deposit', verified());
    renderAt('/dashboard/payment-verification?reference=dep_abc&trxref=dep_abc');
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('₦10,000 has been added to your wallet.')).toBeTruthy();
    expect(screen.getByTestId('verified-balance').textContent).toBe('₦15,000');
    expect(verifyCalls()).toHaveLength(1);
    expect(verifyCalls()[0]!.body).toEqual({ reference: 'dep_abc' });
    expect(screen.getByRole('link', { name: 'View Wallet' }).getAttribute('href')).toBe('/dashboard/wallet');
    expect(screen.getByRole('link', { name: 'Browse Contests' }).getAttribute('href')).toBe('/browse-contests');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(attemptedReferences.has('dep_abc')).toBe(true);
    // The profile was asked for again after the success (the wallet has no active query here).
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(1));
  });

  it('says a repeat verification added nothing new', async () => {
    server.serve('POST /wallet/verify-deposit', verified('dep_abc', false));
    renderAt('/dashboard/payment-verification?reference=dep_abc');
    expect(await screen.findByText('This payment has already been verified and added to your wallet.')).toBeTruthy();
    expect(screen.getByTestId('verified-balance').textContent).toBe('₦15,000');
  });

  it('falls back to trxref when reference is missing', async () => {
    server.serve('POST /wallet/verify-deposit', verified('dep_trx'));
    renderAt('/dashboard/payment-verification?trxref=dep_trx');
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(verifyCalls()[0]!.body).toEqual({ reference: 'dep_trx' });
  });

  it('shows a declined payment with Try Again, which asks again and can succeed', async () => {
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'Payment verification failed'), verified());
    renderAt('/dashboard/payment-verification?reference=dep_abc');
    expect(await screen.findByRole('heading', { name: 'We could not confirm your payment' })).toBeTruthy();
    expect(screen.getByText('Payment verification failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByTestId('verified-balance')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(verifyCalls()).toHaveLength(2);
    expect(screen.getByTestId('verified-balance').textContent).toBe('₦15,000');
  });

  it('replaces Transaction not found with the friendlier text and marks the reference attempted', async () => {
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'Transaction not found'));
    renderAt('/dashboard/payment-verification?reference=dep_gone');
    expect(
      await screen.findByText(
        'This transaction has already been processed or does not exist. Please check your transaction history or try again later.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Transaction not found')).toBeNull();
    expect(attemptedReferences.has('dep_gone')).toBe(true);
  });

  it('shows the friendlier text for an unknown reference (404)', async () => {
    server.serve(
      'POST /wallet/verify-deposit',
      fail(
        404,
        'NOT_FOUND',
        'This transaction has already been processed or does not exist. Please check your transaction history or try again later.',
      ),
    );
    renderAt('/dashboard/payment-verification?reference=dep_unknown');
    expect(await screen.findByText(/already been processed or does not exist/)).toBeTruthy();
    expect(attemptedReferences.has('dep_unknown')).toBe(true);
  });

  it('shows the unexpected-error text when the server cannot be reached', async () => {
    server.serve('POST /wallet/verify-deposit', verified());
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/wallet/verify-deposit') ? Promise.reject(new TypeError('Failed to fetch')) : answering(url, init),
    );
    renderAt('/dashboard/payment-verification?reference=dep_abc');
    expect(await screen.findByText('An error occurred during payment verification')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says No payment reference found in URL without asking the server', async () => {
    renderAt('/dashboard/payment-verification');
    expect(await screen.findByText('No payment reference found in URL')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeTruthy();
    expect(verifyCalls()).toHaveLength(0);
  });

  it('shows success for a reference already attempted, without verifying it again, with the balance read afresh', async () => {
    attemptedReferences.mark('dep_seen');
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'should not be asked'));
    server.serve('GET /wallet', ok({ wallet: wallet({ balance: 2_000_000 }) }));
    renderAt('/dashboard/payment-verification?reference=dep_seen');
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('This payment has already been verified and added to your wallet.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('verified-balance').textContent).toBe('₦20,000'));
    expect(verifyCalls()).toHaveLength(0);
  });

  it('resets a verification stuck for 5 seconds, clears the flag, and Try Again asks again', async () => {
    // Only the page's timers are faked; React's scheduler keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    server.serve('POST /wallet/verify-deposit', verified());
    const answering = globalThis.fetch;
    let hang = true;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      hang && url.includes('/wallet/verify-deposit') ? new Promise<Response>(() => {}) : answering(url, init),
    );
    renderAt('/dashboard/payment-verification?reference=dep_slow');
    expect(await screen.findByRole('heading', { name: 'Verifying your payment' })).toBeTruthy();
    expect(attemptedReferences.has('dep_slow')).toBe(true);
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('heading', { name: 'Verifying your payment' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_100));
    expect(await screen.findByRole('heading', { name: 'Still waiting for confirmation' })).toBeTruthy();
    expect(attemptedReferences.has('dep_slow')).toBe(false);

    hang = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
  });

  it('forgets the attempted flag 5 seconds after the page is left', async () => {
    // Only the page's timers are faked; React's scheduler keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    server.serve('POST /wallet/verify-deposit', verified());
    renderAt('/dashboard/payment-verification?reference=dep_abc');
    server.serve('GET /wallet', ok({ wallet: wallet() }));
    fireEvent.click(await screen.findByRole('link', { name: 'View Wallet' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wallet' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull();
    // Let React finish unmounting the page it left.
    await act(async () => {});
    expect(attemptedReferences.has('dep_abc')).toBe(true);
    act(() => vi.advanceTimersByTime(4_800));
    expect(attemptedReferences.has('dep_abc')).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    expect(attemptedReferences.has('dep_abc')).toBe(false);
  });
});
