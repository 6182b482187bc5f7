import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TPagination,
  type TPaymentInitialized,
  type TVoteCreditTransactionsPage,
  type TWallet,
  type TWalletAnswer,
  type TWalletStats,
  type TWalletTransaction,
  type TWalletTransactionsPage,
  type TWithdrawalsPage,
} from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import { browser } from '../../../lib/browser';
// Loaded up front so the lazy route resolves at once.
import './wallet';
import { voteCreditPackagesDto, voteCreditStatsDto, walletDto } from '../../../test/fixtures';

configure({ asyncUtilTimeout: 5000 });

const wallet = (over: Partial<TWallet> = {}): TWallet =>
  walletDto({ balance: 1_250_050, voteCredits: 40.5, totalWinnings: 285_000, ...over });

const move = (over: Partial<TWalletTransaction> = {}): TWalletTransaction => ({
  id: 't1',
  reference: 'contest:payout:c1',
  kind: 'contest_payout',
  description: 'Prize for winning "Lagos Nights" (less the 5% escrow fee)',
  asset: 'NGN',
  direction: 'credit',
  amount: 285_000,
  balanceAfter: 285_000,
  status: 'completed',
  createdAt: '2026-03-01T10:00:00Z',
  ...over,
});

const page = (transactions: TWalletTransaction[], p: TPagination = pageOf({ page: 1, limit: 10 }, transactions.length)) =>
  ok({ transactions, pagination: p } satisfies TWalletTransactionsPage);

const stats = (over: Partial<TWalletStats> = {}): TWalletStats => ({
  naira: { totalIn: 1_550_050, totalOut: 300_000, transactions: 3 },
  credits: { totalIn: 100, totalOut: 59.5, transactions: 4 },
  // Out includes a transfer to another member; used counts only votes and entry fees.
  creditsUsed: 49.5,
  totalWinnings: 285_000,
  prizesWon: 1,
  ...over,
});

const empty = page([]);

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /wallet/stats', ok(stats()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const balance = async () => (await screen.findByTestId('wallet-balance')).textContent;

describe('Wallet overview', { timeout: 20_000 }, () => {
  it('shows the naira balance, credits, winnings, totals and the 3 latest transactions', async () => {
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve(
      'GET /wallet/transactions',
      page([
        move(),
        move({
          id: 't2',
          kind: 'vote_spend',
          description: 'Paid vote',
          asset: 'CREDIT',
          direction: 'debit',
          amount: 25,
          balanceAfter: 75.5,
        }),
        move({
          id: 't3',
          kind: 'contest_escrow',
          description: 'Prize for "Abuja Art" held in escrow',
          direction: 'debit',
          amount: 300_000,
          balanceAfter: 0,
        }),
      ]),
    );
    renderAt('/dashboard/wallet');
    expect(await screen.findByRole('heading', { level: 2, name: 'Wallet' })).toBeTruthy();
    expect(await balance()).toBe('₦12,500.50');
    expect(screen.getByTestId('wallet-credits').textContent).toBe('40.5');
    expect(screen.getByTestId('wallet-winnings').textContent).toBe('₦2,850');
    expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=1&limit=3');

    const rows = await screen.findAllByTestId('wallet-transaction');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Prize for winning "Lagos Nights" (less the 5% escrow fee)')).toBeTruthy();
    expect(within(rows[0]!).getByText('+₦2,850')).toBeTruthy();
    expect(within(rows[0]!).getByText('Prize won')).toBeTruthy();
    expect(within(rows[1]!).getByText('−25 credits')).toBeTruthy();
    expect(within(rows[1]!).getByText('Balance 75.5 credits')).toBeTruthy();
    expect(within(rows[1]!).getByText('Vote credits')).toBeTruthy();
    expect(within(rows[2]!).getByText('−₦3,000')).toBeTruthy();
    expect(within(rows[2]!).getByText('Prize escrow')).toBeTruthy();

    expect(await screen.findByText('₦15,500.50')).toBeTruthy();
    // Credits used is the server's one figure (votes and entry fees), not everything that went out.
    expect(screen.getByText('49.5 credits')).toBeTruthy();
    expect(screen.queryByText('59.5 credits')).toBeNull();
    // The money actions: Deposit, Withdraw, Buy credits, and Transfer credits on its own page.
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy credits' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer credits' }).getAttribute('href')).toBe('/dashboard/vote-credit-transfer');
  });

  it('shows a new user a zero balance and the empty state', async () => {
    server.serve('GET /wallet', ok({ wallet: wallet({ balance: 0, voteCredits: 0, totalWinnings: 0 }) } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', empty);
    server.serve('GET /wallet/stats', ok(stats({ naira: { totalIn: 0, totalOut: 0, transactions: 0 } })));
    renderAt('/dashboard/wallet');
    expect(await balance()).toBe('₦0');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull();
  });

  it('creates the wallet automatically when the fetch says it was not found', async () => {
    server.serve('GET /wallet', fail(404, 'NOT_FOUND', 'Wallet not found'));
    server.serve('POST /wallet/create', ok({ wallet: wallet({ balance: 0 }) } satisfies TWalletAnswer, 'Wallet created successfully'));
    server.serve('GET /wallet/transactions', empty);
    renderAt('/dashboard/wallet');
    expect(await balance()).toBe('₦0');
    expect(server.last('POST', '/wallet/create')).toBeTruthy();
    expect(await screen.findByText('Wallet created successfully')).toBeTruthy();
  });

  it('shows Failed to load wallet with a retry that loads it', async () => {
    server.serve('GET /wallet', fail(500, 'SERVER_ERROR', 'boom'), ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', empty);
    renderAt('/dashboard/wallet');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load wallet');
    expect(server.last('POST', '/wallet/create')).toBeUndefined();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await balance()).toBe('₦12,500.50');
    expect(screen.queryByText('Failed to load wallet')).toBeNull();
  });

  it('shows Failed to load wallet transactions with a retry', async () => {
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', fail(500, 'SERVER_ERROR', 'boom'), page([move()]));
    renderAt('/dashboard/wallet');
    expect(await screen.findByText('Failed to load wallet transactions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('+₦2,850')).toBeTruthy();
    expect(screen.queryByText('Failed to load wallet transactions')).toBeNull();
  });
});

describe('Wallet transactions tab', { timeout: 20_000 }, () => {
  it('filters by asset and direction, pages, and shows the filtered empty state', async () => {
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', page([move()], { page: 1, limit: 10, total: 12, totalPages: 2 }));
    renderAt('/dashboard/wallet');
    await balance();
    fireEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(screen.getByRole('tab', { name: 'Transactions' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=1&limit=10'));
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    server.serve('GET /wallet/transactions', page([move({ id: 't9', amount: 100 })], { page: 2, limit: 10, total: 12, totalPages: 2 }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=2&limit=10'));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(await screen.findByText('+₦1')).toBeTruthy();

    server.serve('GET /wallet/transactions', empty);
    fireEvent.change(screen.getByLabelText('Asset'), { target: { value: 'CREDIT' } });
    await waitFor(() => expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=1&limit=10&asset=CREDIT'));
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'debit' } });
    await waitFor(() => expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=1&limit=10&asset=CREDIT&direction=debit'));
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).toBeNull();
  });
});

describe('Wallet Transaction History', { timeout: 20_000 }, () => {
  /** The overview with one movement, so View all shows; later answers are served by each test. */
  const openOverview = async () => {
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', page([move()]));
    const app = renderAt('/dashboard/wallet');
    const viewAll = await screen.findByRole('button', { name: 'View all' });
    return { app, viewAll };
  };

  it('opens from View all over the overview, lists, pages and filters the ledger, and Escape closes it back to View all', async () => {
    const { app, viewAll } = await openOverview();
    server.serve(
      'GET /wallet/transactions',
      page(
        [
          move(),
          move({
            id: 't2',
            kind: 'vote_spend',
            description: 'Votes for "Sunset in Kano"',
            asset: 'CREDIT',
            direction: 'debit',
            amount: 25,
            balanceAfter: 75.5,
          }),
        ],
        { page: 1, limit: 10, total: 12, totalPages: 2 },
      ),
    );
    viewAll.focus();
    fireEvent.click(viewAll);
    const dialog = await screen.findByRole('dialog', { name: 'Wallet Transaction History' });
    // The overview stays where it was: no tab switch, no URL change.
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(app.location()).toBe('/dashboard/wallet');
    expect(within(dialog).getByRole('status', { name: 'Loading transactions' })).toBeTruthy();

    await waitFor(() => expect(within(dialog).getAllByTestId('wallet-transaction')).toHaveLength(2));
    expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=1&limit=10');
    const rows = within(dialog).getAllByTestId('wallet-transaction');
    expect(within(rows[0]!).getByText('+₦2,850')).toBeTruthy();
    expect(within(rows[1]!).getByText('−25 credits')).toBeTruthy();
    expect(within(rows[1]!).getByText('Votes for "Sunset in Kano"')).toBeTruthy();
    expect(within(rows[1]!).getByText('Credits spent')).toBeTruthy();

    const pager = within(dialog).getByRole('navigation', { name: 'Transaction history pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    server.serve('GET /wallet/transactions', page([move({ id: 't9', amount: 100 })], { page: 2, limit: 10, total: 12, totalPages: 2 }));
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=2&limit=10'));
    expect(await within(dialog).findByText('+₦1')).toBeTruthy();
    expect(within(dialog).getByText('Page 2 of 2')).toBeTruthy();

    server.serve('GET /wallet/transactions', empty);
    fireEvent.change(within(dialog).getByLabelText('Asset'), { target: { value: 'NGN' } });
    fireEvent.change(within(dialog).getByLabelText('Direction'), { target: { value: 'debit' } });
    await waitFor(() => expect(server.last('GET', '/wallet/transactions')?.query).toBe('page=1&limit=10&asset=NGN&direction=debit'));
    expect(await within(dialog).findByText('No transactions found')).toBeTruthy();
    expect(within(dialog).queryByRole('navigation', { name: 'Transaction history pages' })).toBeNull();

    fireEvent.keyDown(within(dialog).getByLabelText('Asset'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wallet Transaction History' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View all' }));
    // The overview's own three latest are still there.
    expect(screen.getAllByTestId('wallet-transaction')).toHaveLength(1);
  });

  it('shows Failed to load wallet transactions with Try Again, then the empty ledger, and closes with Close', async () => {
    const { viewAll } = await openOverview();
    server.serve('GET /wallet/transactions', fail(500, 'SERVER_ERROR', 'boom'), empty);
    viewAll.focus();
    fireEvent.click(viewAll);
    const dialog = await screen.findByRole('dialog', { name: 'Wallet Transaction History' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load wallet transactions');
    expect(within(dialog).queryAllByTestId('wallet-transaction')).toHaveLength(0);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('No transactions yet')).toBeTruthy();
    expect(within(dialog).queryByText('Failed to load wallet transactions')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wallet Transaction History' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View all' }));
  });
});

describe('Deposit Money', { timeout: 20_000 }, () => {
  const openDeposit = async () => {
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', empty);
    renderAt('/dashboard/wallet');
    await balance();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit Money' });
    return { dialog, amount: within(dialog).getByLabelText(/^Amount/) as HTMLInputElement };
  };
  const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));

  it('keeps digits only with thousands separators, strips pasted text to digits, and refuses a non-positive amount', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { dialog, amount } = await openDeposit();

    submit(dialog);
    expect(await within(dialog).findByText('Enter a valid amount')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    submit(dialog);
    expect(await within(dialog).findByText('Enter a valid amount')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '1234567' } });
    expect(amount.value).toBe('1,234,567');
    fireEvent.change(amount, { target: { value: '12a-3.4' } });
    expect(amount.value).toBe('1,234');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.paste(amount, { clipboardData: { getData: () => '₦ 25,000' } });
    expect(amount.value).toBe('25,000');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.paste(amount, { clipboardData: { getData: () => 'NGN 1,500.75' } });
    expect(amount.value).toBe('1,500');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.paste(amount, { clipboardData: { getData: () => 'abc' } });
    expect(amount.value).toBe('');
    submit(dialog);
    expect(await within(dialog).findByText('Enter a valid amount')).toBeTruthy();

    expect(server.last('POST', '/wallet/deposit')).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the typed naira as kobo with the callback URL and sends the browser to the checkout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve(
      'POST /wallet/deposit',
      ok({
        authorizationUrl: 'https://checkout.example/pay/dep_123',
        reference: 'dep_123',
        amount: 1_000_000,
      } satisfies TPaymentInitialized),
    );
    const { dialog, amount } = await openDeposit();
    fireEvent.change(amount, { target: { value: '10000' } });
    expect(amount.value).toBe('10,000');
    submit(dialog);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/dep_123'));
    expect(server.last('POST', '/wallet/deposit')?.body).toEqual({
      amount: 1_000_000,
      callbackUrl: `${window.location.origin}/dashboard/payment-verification`,
    });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('shows the server message when the deposit cannot start, and the spec default without one', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve(
      'POST /wallet/deposit',
      fail(400, 'VALIDATION_ERROR', 'Deposits are paused for maintenance'),
      ok({ reference: 'dep_9' }) /* deliberately not the contract: no checkout address */,
    );
    const { dialog, amount } = await openDeposit();
    fireEvent.change(amount, { target: { value: '5000' } });
    submit(dialog);
    expect(await within(dialog).findByText('Deposits are paused for maintenance')).toBeTruthy();
    submit(dialog);
    expect(await within(dialog).findByText('Failed to initialize deposit')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit Money' })).toBeNull());
  });
});

describe('Wallet tabs', { timeout: 20_000 }, () => {
  const serveAll = () => {
    server.serve('GET /wallet', ok({ wallet: wallet() } satisfies TWalletAnswer));
    server.serve('GET /wallet/transactions', empty);
    server.serve(
      'GET /wallet/withdrawals',
      ok({ withdrawals: [], pagination: pageOf({ page: 1, limit: 10 }, 0) } satisfies TWithdrawalsPage),
    );
    server.serve('GET /vote-credits/packages', ok(voteCreditPackagesDto()));
    server.serve(
      'GET /vote-credits/transactions',
      ok({ transactions: [], pagination: pageOf({ page: 1, limit: 50 }, 0) } satisfies TVoteCreditTransactionsPage),
    );
    server.serve('GET /vote-credits/stats', ok(voteCreditStatsDto()));
  };
  const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

  it('opens the tab named in the URL and keeps the URL in step with the tab, by click and by keyboard', async () => {
    serveAll();
    const app = renderAt('/dashboard/wallet?tab=naira');
    expect(await screen.findByTestId('naira-balance')).toBeTruthy();
    expect(selected()).toBe('Naira Wallet');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Naira Wallet', 'Buy Credits', 'Transactions']);

    fireEvent.click(screen.getByRole('tab', { name: 'Buy Credits' }));
    expect(app.location()).toBe('/dashboard/wallet?tab=credits');
    expect(await screen.findAllByTestId('credit-package')).toHaveLength(5);

    const credits = screen.getByRole('tab', { name: 'Buy Credits' });
    credits.focus();
    fireEvent.keyDown(credits, { key: 'ArrowRight' });
    expect(selected()).toBe('Transactions');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Transactions' }));
    expect(app.location()).toBe('/dashboard/wallet?tab=transactions');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selected()).toBe('Overview');
    expect(app.location()).toBe('/dashboard/wallet');
  });

  it('shows the overview for an unknown tab', async () => {
    serveAll();
    renderAt('/dashboard/wallet?tab=nonsense');
    expect(await balance()).toBe('₦12,500.50');
    expect(selected()).toBe('Overview');
  });

  it('opens Buy Credits from the Overview button and from /dashboard/vote-credits', async () => {
    serveAll();
    const app = renderAt('/dashboard/wallet');
    await balance();
    fireEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    expect(selected()).toBe('Buy Credits');
    expect(app.location()).toBe('/dashboard/wallet?tab=credits');
    cleanup();

    serveAll();
    const alias = renderAt('/dashboard/vote-credits');
    expect(await screen.findByRole('heading', { level: 3, name: 'Vote Credit Packages' })).toBeTruthy();
    expect(alias.location()).toBe('/dashboard/vote-credits');
    expect(selected()).toBe('Buy Credits');
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(alias.location()).toBe('/dashboard/vote-credits?tab=overview');
    expect(await balance()).toBe('₦12,500.50');
  });
});
