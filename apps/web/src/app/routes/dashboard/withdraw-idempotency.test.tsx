/**
 * Withdraw Money's Idempotency-Key: every submit is a new withdrawal with a fresh key; only a retry
 * after the answer was lost (no connection) sends the same key again, so the server answers the
 * first withdrawal instead of paying out twice.
 */
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, type TWallet, type TWalletAnswer, type TWithdrawalsPage, type TWithdrawAnswer } from '@contesthub/shared';
import { bankAccountDto, banksDto, walletDto, withdrawalDto } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
// Loaded up front so the lazy route resolves at once.
import './wallet';

configure({ asyncUtilTimeout: 5000 });

const wallet = (over: Partial<TWallet> = {}): TWallet => walletDto({ balance: 1_250_000, bankAccount: bankAccountDto(), ...over });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
  server.serve(
    'GET /wallet/withdrawals',
    ok({ withdrawals: [], pagination: pageOf({ page: 1, limit: 10 }, 0) } satisfies TWithdrawalsPage),
  );
  server.serve('GET /wallet/banks', ok(banksDto()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The Idempotency-Key of every POST /wallet/withdraw the page sent, answered or not. */
const sentKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => String(url).startsWith('/api/wallet/withdraw') && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

/** The next `times` withdrawal requests never get an answer (the connection drops). */
function dropWithdrawals(times: number) {
  const answer = vi.mocked(fetch).getMockImplementation()!;
  let left = times;
  vi.mocked(fetch).mockImplementation(async (url, init) => {
    if (left > 0 && String(url).startsWith('/api/wallet/withdraw') && init?.method === 'POST') {
      left -= 1;
      throw new TypeError('Failed to fetch');
    }
    return answer(url, init);
  });
}

async function openWithdraw() {
  renderAt('/dashboard/wallet?tab=naira');
  await screen.findByTestId('naira-balance');
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw Money' });
  const button = () => within(dialog).getByRole('button', { name: 'Withdraw' });
  return {
    dialog,
    fill: (amount: string, password = 'secret123') => {
      fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: amount } });
      fireEvent.change(within(dialog).getByLabelText(/^Account password/), { target: { value: password } });
    },
    submit: () => fireEvent.click(button()),
    /** Waits until the request in flight has been answered (the button is enabled again). */
    settled: () => waitFor(() => expect(button().hasAttribute('disabled')).toBe(false)),
  };
}

describe('Withdraw Money: Idempotency-Key', { timeout: 20_000 }, () => {
  it('sends a fresh key with every submit, also after a refusal', async () => {
    server.serve(
      'POST /wallet/withdraw',
      fail(400, 'INVALID_PASSWORD', 'The password you entered is incorrect. Please try again.'),
      ok({ withdrawal: withdrawalDto({ amount: 500_000 }), balance: 740_000 } satisfies TWithdrawAnswer),
    );
    const w = await openWithdraw();
    w.fill('5000', 'wrong-pass');
    w.submit();
    expect(await within(w.dialog).findByText('The password you entered is incorrect. Please try again.')).toBeTruthy();
    await w.settled();
    w.fill('5000');
    w.submit();
    expect(await screen.findByText('Withdrawal processed successfully')).toBeTruthy();

    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends the same key again to retry after a network error, so the withdrawal is made once', async () => {
    server.serve(
      'POST /wallet/withdraw',
      ok({ withdrawal: withdrawalDto({ amount: 500_000 }), balance: 740_000 } satisfies TWithdrawAnswer),
    );
    const w = await openWithdraw();
    dropWithdrawals(1);
    w.fill('5000');
    w.submit();
    expect(await within(w.dialog).findByText('Failed to process withdrawal')).toBeTruthy();
    await w.settled();
    expect(server.calls.filter((c) => c.path === '/wallet/withdraw')).toHaveLength(0);

    w.submit();
    expect(await screen.findByText('Withdrawal processed successfully')).toBeTruthy();
    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(server.calls.filter((c) => c.path === '/wallet/withdraw').map((c) => c.body)).toEqual([
      { amount: 500_000, password: 'secret123' },
    ]);
  });

  it('sends a new key when the amount changed after the network error: that is another withdrawal', async () => {
    server.serve(
      'POST /wallet/withdraw',
      ok({ withdrawal: withdrawalDto({ amount: 400_000 }), balance: 840_000 } satisfies TWithdrawAnswer),
    );
    const w = await openWithdraw();
    dropWithdrawals(1);
    w.fill('5000');
    w.submit();
    expect(await within(w.dialog).findByText('Failed to process withdrawal')).toBeTruthy();
    await w.settled();

    w.fill('4000');
    w.submit();
    expect(await screen.findByText('Withdrawal processed successfully')).toBeTruthy();
    const keys = sentKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
