import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TVoteCreditTransaction,
  type TVoteCreditTransactionsPage,
  type TVoteCreditVerified,
  type TWalletAnswer,
} from '@contesthub/shared';
import {
  creditPurchaseStartedDto,
  voteCreditPackagesDto,
  voteCreditStatsDto,
  voteCreditTransactionDto,
  walletDto,
} from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt, type Reply } from '../../../test/harness';
import { browser } from '../../../lib/browser';
// Loaded up front so the lazy route resolves at once.
import './wallet';

configure({ asyncUtilTimeout: 5000 });

const history = (transactions: TVoteCreditTransaction[]) =>
  ok({ transactions, pagination: pageOf({ page: 1, limit: 50 }, transactions.length) } satisfies TVoteCreditTransactionsPage);
const garbled: Reply = { status: 502, body: '<html>Bad gateway</html>' };
const CALLBACK = `${window.location.origin}/dashboard/payment-verification`;

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /wallet', ok({ wallet: walletDto() } satisfies TWalletAnswer));
  server.serve('GET /vote-credits/packages', ok(voteCreditPackagesDto()));
  server.serve('GET /vote-credits/transactions', history([]));
  server.serve('GET /vote-credits/stats', ok(voteCreditStatsDto()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const openCredits = async () => {
  renderAt('/dashboard/wallet?tab=credits');
  return screen.findAllByTestId('credit-package');
};
const card = (cards: HTMLElement[], credits: string) => cards.find((c) => within(c).queryByText(credits, { selector: 'p' }))!;
const calls = (method: string, path: string) => server.calls.filter((c) => c.method === method && c.path === path);

describe('Buy Credits: packages', { timeout: 20_000 }, () => {
  it('lists the packages with credits, price, the platform fee, the total and the popular flag', async () => {
    const cards = await openCredits();
    expect(cards).toHaveLength(5);
    const large = card(cards, '250');
    expect(within(large).getByText('Popular')).toBeTruthy();
    expect(within(large).getByText('₦11,250')).toBeTruthy();
    expect(within(large).getByText('₦563')).toBeTruthy();
    expect(within(large).getByText('₦11,813')).toBeTruthy();
    expect(within(large).queryByText('₦11,250', { selector: 's' })).toBeNull();
    const small = card(cards, '50');
    expect(within(small).queryByText('Popular')).toBeNull();
    expect(within(small).getByText('₦2,625')).toBeTruthy();
    expect(screen.queryByText(/Premium: /)).toBeNull();
  });

  it('shows premium users the list price struck through, the discounted price, fee and total', async () => {
    server.serve('GET /vote-credits/packages', ok(voteCreditPackagesDto({ premium: true })));
    const cards = await openCredits();
    const large = card(cards, '250');
    expect(within(large).getByText('₦11,250', { selector: 's', exact: false }).tagName).toBe('S');
    expect(within(large).getByText('₦10,125')).toBeTruthy();
    expect(within(large).getByText('₦506')).toBeTruthy();
    expect(within(large).getByText('₦10,631')).toBeTruthy();
    expect(screen.getByText('Premium: 10% off')).toBeTruthy();
  });

  it('buys a package: sends the package and the callback URL, then goes to the checkout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve('POST /vote-credits/purchase', ok(creditPurchaseStartedDto({ package: 'large', premium: false }, 'vcp-1')));
    await openCredits();
    fireEvent.click(screen.getByRole('button', { name: 'Buy 250 credits' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/vcp-1'));
    expect(calls('POST', '/vote-credits/purchase')).toHaveLength(1);
    expect(server.last('POST', '/vote-credits/purchase')?.body).toEqual({ package: 'large', callbackUrl: CALLBACK });
    // On the way out, no second purchase can start.
    expect((screen.getByRole('button', { name: 'Buy 50 credits' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Buy credits' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message, the spec's default, and refuses an answer without a checkout address", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve(
      'POST /vote-credits/purchase',
      fail(400, 'VALIDATION_ERROR', 'Invalid package selected'),
      garbled,
      // Deliberately not the contract: an answer without a checkout address.
      ok({ reference: 'vcp-2', amount: 100 }),
    );
    await openCredits();
    const buy = () => fireEvent.click(screen.getByRole('button', { name: 'Buy 100 credits' }));
    buy();
    expect(await screen.findAllByText('Invalid package selected')).not.toHaveLength(0);
    buy();
    expect(await screen.findAllByText('Failed to initialize payment. Please try again.')).not.toHaveLength(0);
    buy();
    expect(await screen.findAllByText('Invalid payment initialization response')).not.toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Buy 100 credits' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows Failed to load vote credit packages with Try Again', async () => {
    server.serve('GET /vote-credits/packages', fail(500, 'SERVER_ERROR', 'boom'), ok(voteCreditPackagesDto()));
    renderAt('/dashboard/wallet?tab=credits');
    expect(await screen.findByText('Failed to load vote credit packages')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('credit-package')).toHaveLength(5);
  });
});

describe('Buy Credits: custom amount', { timeout: 20_000 }, () => {
  const quote = () => ({
    price: screen.getByTestId('quote-price').textContent,
    fee: screen.getByTestId('quote-fee').textContent,
    total: screen.getByTestId('quote-total').textContent,
  });

  it('quotes whole credits live by the shared rule (75 credits: ₦3,750 + ₦188 = ₦3,938) and buys them', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve('POST /vote-credits/purchase', ok(creditPurchaseStartedDto({ credits: 75, premium: false }, 'vcp-3')));
    await openCredits();
    const field = screen.getByLabelText(/^Number of credits/) as HTMLInputElement;
    expect(quote()).toEqual({ price: '—', fee: '—', total: '—' });
    fireEvent.change(field, { target: { value: '7.5' } });
    expect(field.value).toBe('75');
    expect(quote()).toEqual({ price: '₦3,750', fee: '₦188', total: '₦3,938' });
    expect(screen.getByText('Price (75 × ₦50)')).toBeTruthy();
    expect(screen.queryByTestId('quote-discount')).toBeNull();
    fireEvent.change(field, { target: { value: '1000' } });
    expect(field.value).toBe('1,000');
    expect(quote()).toEqual({ price: '₦50,000', fee: '₦2,500', total: '₦52,500' });

    fireEvent.change(field, { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/vcp-3'));
    expect(server.last('POST', '/vote-credits/purchase')?.body).toEqual({ amount: 75, callbackUrl: CALLBACK });
  });

  it('applies the premium discount before the fee', async () => {
    server.serve('GET /vote-credits/packages', ok(voteCreditPackagesDto({ premium: true })));
    await openCredits();
    fireEvent.change(screen.getByLabelText(/^Number of credits/), { target: { value: '75' } });
    expect(quote()).toEqual({ price: '₦3,750', fee: '₦169', total: '₦3,544' });
    expect(screen.getByTestId('quote-discount').textContent).toBe('−₦375');
  });

  it('refuses a blank or zero amount without asking the server', async () => {
    await openCredits();
    const buy = () => fireEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    buy();
    expect(await screen.findByText('Amount must be a positive number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Number of credits/), { target: { value: '0' } });
    buy();
    expect(await screen.findByText('Amount must be a positive number')).toBeTruthy();
    expect(calls('POST', '/vote-credits/purchase')).toHaveLength(0);
  });
});

describe('Buy Credits: history and stats', { timeout: 20_000 }, () => {
  const pendingA = voteCreditTransactionDto({
    id: 'p1',
    reference: 'vcp-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    status: 'pending',
    description: 'Purchase of 50 vote credits',
    voteCredits: 50,
    amount: 262_500,
  });
  const pendingB = voteCreditTransactionDto({
    id: 'p2',
    reference: 'vcp-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
    status: 'pending',
    description: 'Purchase of 250 vote credits',
    voteCredits: 250,
    amount: 1_181_300,
  });
  const failed = voteCreditTransactionDto({
    id: 'f1',
    reference: 'vcp-cccccccccccccccccccccccccccccccc',
    status: 'failed',
    failureReason: 'Payment was declined',
    description: 'Purchase of 100 vote credits',
  });
  const spent = voteCreditTransactionDto({
    id: 's1',
    reference: 'vote:1',
    type: 'vote_spend',
    description: 'Paid vote for "Third Mainland Dusk"',
    voteCredits: -20,
    amount: 0,
  });
  const verified = (t: TVoteCreditTransaction, balance: number) =>
    ok(
      { user: { voteCredits: balance }, transaction: { ...t, status: 'completed' }, credited: true } satisfies TVoteCreditVerified,
      'Payment Verified!',
    );

  it('lists credit movements with their status, failure reason, credits and price, and the stats', async () => {
    server.serve('GET /vote-credits/transactions', history([failed, spent, voteCreditTransactionDto()]));
    await openCredits();
    const rows = await screen.findAllByTestId('credit-transaction');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Payment was declined')).toBeTruthy();
    expect(within(rows[1]!).getByText('Credits spent')).toBeTruthy();
    expect(within(rows[1]!).getByText('−20 credits')).toBeTruthy();
    expect(within(rows[2]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[2]!).getByText('+100 credits')).toBeTruthy();
    expect(within(rows[2]!).getByText('₦5,040')).toBeTruthy();
    expect(server.last('GET', '/vote-credits/transactions')?.query).toBe('page=1&limit=50');

    const stats = screen.getByTestId('credit-stats');
    await waitFor(() => expect(within(stats).getByTestId('credit-stats-current').textContent).toBe('110'));
    expect(within(stats).getByText('₦5,040')).toBeTruthy();
    expect(within(stats).getByText('40')).toBeTruthy();
    // Nothing pending: nothing verified.
    expect(calls('POST', '/vote-credits/verify')).toHaveLength(0);
  });

  it('shows the empty history, and the stats failure with Try Again', async () => {
    server.serve('GET /vote-credits/stats', fail(500, 'SERVER_ERROR', 'boom'), ok(voteCreditStatsDto({ currentCredits: 7 })));
    await openCredits();
    expect(await screen.findByText('No vote credit transactions yet')).toBeTruthy();
    const alert = (await screen.findByText('Failed to load statistics')).closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('credit-stats-current').textContent).toBe('7'));
  });

  it('shows Failed to load transactions with Try Again', async () => {
    server.serve('GET /vote-credits/transactions', fail(500, 'SERVER_ERROR', 'boom'), history([spent]));
    await openCredits();
    const alert = (await screen.findByText('Failed to load transactions')).closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('−20 credits')).toBeTruthy();
  });

  it('verifies every pending purchase once, in parallel, then refreshes the list and the balances', async () => {
    server.serve(
      'GET /vote-credits/transactions',
      history([pendingB, pendingA, spent]),
      history([{ ...pendingB, status: 'completed' }, pendingA, spent]),
    );
    server.serve('POST /vote-credits/verify', verified(pendingB, 260), fail(400, 'PAYMENT_FAILED', 'Payment verification failed'));
    await openCredits();
    await waitFor(() => expect(calls('POST', '/vote-credits/verify')).toHaveLength(2));
    expect(calls('POST', '/vote-credits/verify').map((c) => c.body)).toEqual([
      { reference: pendingB.reference },
      { reference: pendingA.reference },
    ]);

    // Refreshed: the list, the stats, the wallet and the header's credits.
    await waitFor(() => expect(calls('GET', '/vote-credits/transactions')).toHaveLength(2));
    await waitFor(() => expect(calls('GET', '/vote-credits/stats')).toHaveLength(2));
    await waitFor(() => expect(calls('GET', '/wallet')).toHaveLength(2));
    await waitFor(() => expect(calls('GET', '/auth/me').length).toBeGreaterThan(1));
    const rows = await screen.findAllByTestId('credit-transaction');
    await waitFor(() => expect(within(rows[0]!).getByText('Completed')).toBeTruthy());
    expect(within(rows[1]!).getByText('Pending')).toBeTruthy();

    // The purchase still pending after the refresh is not asked again on this visit, and a plain refusal is no error.
    await new Promise((r) => setTimeout(r, 200));
    expect(calls('POST', '/vote-credits/verify')).toHaveLength(2);
    expect(screen.queryByText('Failed to verify some transactions')).toBeNull();
  });

  it('says Failed to verify some transactions when a verification breaks', async () => {
    server.serve('GET /vote-credits/transactions', history([pendingA, pendingB]));
    server.serve(
      'POST /vote-credits/verify',
      fail(400, 'PAYMENT_FAILED', 'Payment verification failed'),
      fail(500, 'SERVER_ERROR', 'boom'),
    );
    await openCredits();
    expect(await screen.findByText('Failed to verify some transactions')).toBeTruthy();
    expect(calls('POST', '/vote-credits/verify')).toHaveLength(2);
  });
});
