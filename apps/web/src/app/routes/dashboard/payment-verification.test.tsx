import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepositVerified, TVoteCreditVerified, TWallet, TWalletAnswer } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import { attemptedReferences } from '../../../features/payments/lib/attempted';
import { returnAfterPayment } from '../../../lib/return-after-payment';
// Loaded up front so the lazy route resolves at once.
import './payment-verification';
import './wallet';
import { voteCreditTransactionDto, walletDto } from '../../../test/fixtures';

configure({ asyncUtilTimeout: 5000 });

const wallet = (over: Partial<TWallet> = {}): TWallet => walletDto(over);

const verified = (reference = 'dep-abc', credited = true) =>
  ok(
    {
      wallet: wallet(),
      deposit: { reference, amount: 1_000_000, status: 'success', credited, creditedAt: '2026-03-01T10:00:00Z' },
    } satisfies TDepositVerified,
    'Deposit verified',
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
  sessionStorage.clear();
});

const verifyCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/wallet/verify-deposit');

describe('Payment verification page', { timeout: 20_000 }, () => {
  it('verifies the reference, shows the new balance, refreshes wallet and profile, and links on', async () => {
    server.serve('POST /wallet/verify-deposit', verified());
    renderAt('/dashboard/payment-verification?reference=dep-abc&trxref=dep-abc');
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('₦10,000 has been added to your wallet.')).toBeTruthy();
    expect(screen.getByTestId('verified-balance').textContent).toBe('₦15,000');
    expect(verifyCalls()).toHaveLength(1);
    expect(verifyCalls()[0]!.body).toEqual({ reference: 'dep-abc' });
    expect(screen.getByRole('link', { name: 'View Wallet' }).getAttribute('href')).toBe('/dashboard/wallet');
    expect(screen.getByRole('link', { name: 'Browse Contests' }).getAttribute('href')).toBe('/browse-contests');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(attemptedReferences.has('dep-abc')).toBe(true);
    // The profile was asked for again after the success (the wallet has no active query here).
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(1));
  });

  it('says a repeat verification added nothing new', async () => {
    server.serve('POST /wallet/verify-deposit', verified('dep-abc', false));
    renderAt('/dashboard/payment-verification?reference=dep-abc');
    expect(await screen.findByText('This payment has already been verified and added to your wallet.')).toBeTruthy();
    expect(screen.getByTestId('verified-balance').textContent).toBe('₦15,000');
  });

  it('falls back to trxref when reference is missing', async () => {
    server.serve('POST /wallet/verify-deposit', verified('dep-trx'));
    renderAt('/dashboard/payment-verification?trxref=dep-trx');
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(verifyCalls()[0]!.body).toEqual({ reference: 'dep-trx' });
  });

  it('shows a declined payment with Try Again, which asks again and can succeed', async () => {
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'Payment verification failed'), verified());
    renderAt('/dashboard/payment-verification?reference=dep-abc');
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
    renderAt('/dashboard/payment-verification?reference=dep-gone');
    expect(
      await screen.findByText(
        'This transaction has already been processed or does not exist. Please check your transaction history or try again later.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Transaction not found')).toBeNull();
    expect(attemptedReferences.has('dep-gone')).toBe(true);
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
    renderAt('/dashboard/payment-verification?reference=dep-unknown');
    expect(await screen.findByText(/already been processed or does not exist/)).toBeTruthy();
    expect(attemptedReferences.has('dep-unknown')).toBe(true);
  });

  it('shows the unexpected-error text when the server cannot be reached', async () => {
    server.serve('POST /wallet/verify-deposit', verified());
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/wallet/verify-deposit') ? Promise.reject(new TypeError('Failed to fetch')) : answering(url, init),
    );
    renderAt('/dashboard/payment-verification?reference=dep-abc');
    expect(await screen.findByText('An error occurred during payment verification')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says No payment reference found in URL without asking the server', async () => {
    renderAt('/dashboard/payment-verification');
    expect(await screen.findByText('No payment reference found in URL')).toBeTruthy();
    // The spec's ways on: Try Again (pay again, from the wallet), Browse Contests, Go to Dashboard.
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/dashboard/wallet');
    expect(screen.getByRole('link', { name: 'Browse Contests' }).getAttribute('href')).toBe('/browse-contests');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(verifyCalls()).toHaveLength(0);
  });

  it('never shows the debug reset in a production build', async () => {
    vi.stubEnv('DEV', false);
    try {
      server.serve('POST /wallet/verify-deposit', verified('dep-prod'));
      renderAt('/dashboard/payment-verification?reference=dep-prod');
      expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Reset saved verification state' })).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('shows success for a reference already attempted, without verifying it again, with the balance read afresh', async () => {
    attemptedReferences.mark('dep-seen');
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'should not be asked'));
    server.serve('GET /wallet', ok({ wallet: wallet({ balance: 2_000_000 }) } satisfies TWalletAnswer));
    renderAt('/dashboard/payment-verification?reference=dep-seen');
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('This payment has already been verified and added to your wallet.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('verified-balance').textContent).toBe('₦20,000'));
    expect(verifyCalls()).toHaveLength(0);
  });

  it('Reset saved verification state forgets every remembered reference and verifies this one again', async () => {
    attemptedReferences.mark('dep-seen');
    attemptedReferences.mark('dep-other');
    server.serve('POST /wallet/verify-deposit', verified('dep-seen'));
    server.serve('GET /wallet', ok({ wallet: wallet({ balance: 2_000_000 }) } satisfies TWalletAnswer));
    renderAt('/dashboard/payment-verification?reference=dep-seen');
    expect(await screen.findByText('This payment has already been verified and added to your wallet.')).toBeTruthy();
    expect(verifyCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset saved verification state' }));
    expect(await screen.findByText('Saved verification state cleared')).toBeTruthy();
    expect(await screen.findByText('₦10,000 has been added to your wallet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(verifyCalls()).toHaveLength(1);
    expect(verifyCalls()[0]!.body).toEqual({ reference: 'dep-seen' });
    // Every other remembered reference is forgotten too; this one is remembered again by its new attempt.
    expect(attemptedReferences.has('dep-other')).toBe(false);
    expect(attemptedReferences.has('dep-seen')).toBe(true);
  });

  it('offers the reset on the error state, where it asks the server again', async () => {
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'Transaction not found'), verified('dep-gone'));
    renderAt('/dashboard/payment-verification?reference=dep-gone');
    expect(await screen.findByRole('heading', { name: 'We could not confirm your payment' })).toBeTruthy();
    expect(attemptedReferences.has('dep-gone')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset saved verification state' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('Saved verification state cleared')).toBeTruthy();
    expect(verifyCalls()).toHaveLength(2);
  });

  it('shows no reset while verifying, nor without a reference to verify', async () => {
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/wallet/verify-deposit') ? new Promise<Response>(() => {}) : answering(url, init),
    );
    renderAt('/dashboard/payment-verification?reference=dep-wait');
    expect(await screen.findByRole('heading', { name: 'Verifying your payment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset saved verification state' })).toBeNull();
    cleanup();

    renderAt('/dashboard/payment-verification');
    expect(await screen.findByText('No payment reference found in URL')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset saved verification state' })).toBeNull();
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
    renderAt('/dashboard/payment-verification?reference=dep-slow');
    expect(await screen.findByRole('heading', { name: 'Verifying your payment' })).toBeTruthy();
    expect(attemptedReferences.has('dep-slow')).toBe(true);
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('heading', { name: 'Verifying your payment' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_100));
    expect(await screen.findByRole('heading', { name: 'Still waiting for confirmation' })).toBeTruthy();
    expect(attemptedReferences.has('dep-slow')).toBe(false);

    hang = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
  });

  it('forgets the attempted flag 5 seconds after the page is left', async () => {
    // Only the page's timers are faked; React's scheduler keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    server.serve('POST /wallet/verify-deposit', verified());
    renderAt('/dashboard/payment-verification?reference=dep-abc');
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    fireEvent.click(await screen.findByRole('link', { name: 'View Wallet' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wallet' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull();
    // Let React finish unmounting the page it left.
    await act(async () => {});
    expect(attemptedReferences.has('dep-abc')).toBe(true);
    act(() => vi.advanceTimersByTime(4_800));
    expect(attemptedReferences.has('dep-abc')).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    expect(attemptedReferences.has('dep-abc')).toBe(false);
  });
});

describe('Payment verification by purpose', { timeout: 20_000 }, () => {
  const VCP = 'vcp-0123456789abcdef0123456789abcdef';
  const creditCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/vote-credits/verify');
  const creditsVerified = (credited = true) =>
    ok(
      {
        user: { voteCredits: 85 },
        transaction: voteCreditTransactionDto({
          reference: VCP,
          voteCredits: 75,
          amount: 393_800,
          description: 'Purchase of 75 vote credits',
        }),
        credited,
      } satisfies TVoteCreditVerified,
      'Payment Verified!',
    );

  it('verifies a vcp- reference with /vote-credits/verify: credits added, the new credit balance, and Payment Verified!', async () => {
    server.serve('POST /vote-credits/verify', creditsVerified());
    server.serve('POST /wallet/verify-deposit', fail(400, 'PAYMENT_FAILED', 'should not be asked'));
    renderAt(`/dashboard/payment-verification?reference=${VCP}&trxref=${VCP}`);
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('75 vote credits have been added to your account.')).toBeTruthy();
    expect(screen.getByTestId('verified-credits').textContent).toBe('85');
    expect(await screen.findByText('Payment Verified!')).toBeTruthy();
    expect(screen.getByText('75 vote credits added.')).toBeTruthy();
    expect(creditCalls()).toHaveLength(1);
    expect(creditCalls()[0]!.body).toEqual({ reference: VCP });
    expect(verifyCalls()).toHaveLength(0);
    expect(screen.queryByTestId('verified-balance')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Wallet' }).getAttribute('href')).toBe('/dashboard/wallet?tab=credits');
    expect(attemptedReferences.has(VCP)).toBe(true);
    // The header's credit balance is read again.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(1));
  });

  it('offers the way back to the contest whose vote dialog sent the user to buy credits, once', async () => {
    returnAfterPayment.set('/contest/c1', 'Lagos at Night');
    server.serve('POST /vote-credits/verify', creditsVerified());
    renderAt(`/dashboard/payment-verification?reference=${VCP}`);
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Lagos at Night' }).getAttribute('href')).toBe('/contest/c1');
    // A later purchase started from the wallet is not sent back there.
    expect(returnAfterPayment.get()).toBeNull();
  });

  it('says a repeated credit verification added nothing new', async () => {
    server.serve('POST /vote-credits/verify', creditsVerified(false));
    renderAt(`/dashboard/payment-verification?reference=${VCP}`);
    expect(await screen.findByText('This payment has already been verified and its vote credits added to your account.')).toBeTruthy();
    expect(screen.getByTestId('verified-credits').textContent).toBe('85');
  });

  it('shows a refused credit payment with Try Again', async () => {
    server.serve('POST /vote-credits/verify', fail(400, 'PAYMENT_FAILED', 'Payment verification failed'), creditsVerified());
    renderAt(`/dashboard/payment-verification?reference=${VCP}`);
    expect(await screen.findByRole('heading', { name: 'We could not confirm your payment' })).toBeTruthy();
    expect(screen.getByText('Payment verification failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(creditCalls()).toHaveLength(2);
  });

  it('shows the credit balance read afresh for a credit reference already attempted', async () => {
    attemptedReferences.mark(VCP);
    server.serve('GET /wallet', ok({ wallet: wallet({ voteCredits: 120 }) } satisfies TWalletAnswer));
    renderAt(`/dashboard/payment-verification?reference=${VCP}`);
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('verified-credits').textContent).toBe('120'));
    expect(creditCalls()).toHaveLength(0);
  });

  it('sends a sub- reference to the subscription verification page', async () => {
    const app = renderAt('/dashboard/payment-verification?trxref=sub-77');
    await waitFor(() => expect(app.location()).toBe('/dashboard/subscription-verification?reference=sub-77'));
    expect(creditCalls()).toHaveLength(0);
    expect(verifyCalls()).toHaveLength(0);
  });

  it('shows the not-found text for a reference that is none of ours, without asking the server', async () => {
    renderAt('/dashboard/payment-verification?reference=T123456789');
    expect(await screen.findByRole('heading', { name: 'We could not confirm your payment' })).toBeTruthy();
    expect(
      screen.getByText(
        'This transaction has already been processed or does not exist. Please check your transaction history or try again later.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(attemptedReferences.has('T123456789')).toBe(false);
  });
});
