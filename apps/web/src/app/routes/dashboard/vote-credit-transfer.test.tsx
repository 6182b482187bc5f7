import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TCreditTransferDone,
  type TTransferHistoryItem,
  type TTransferHistoryPage,
  type TTransferUser,
  type TTransferUserSearch,
  type TWallet,
  type TWalletAnswer,
} from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import { transferHistoryItemDto, transferUserDto, walletDto } from '../../../test/fixtures';
import { checkTransfer } from '../../../features/credits/lib/transfer-form';
// Loaded up front so the lazy route resolves at once.
import './vote-credit-transfer';

const BOLA = transferUserDto();
const CHI = transferUserDto({ id: 'u3', fullName: 'Chi Eze', email: 'chi@x.ng' });
const TRANSFER = '/vote-credit-transfers/transfer';
const SEARCH = '/vote-credit-transfers/search-users';

const wallet = (over: Partial<TWallet> = {}) =>
  ok({ wallet: walletDto({ balance: 1_500_000, voteCredits: 300, ...over }) } satisfies TWalletAnswer);

/** What the server answers for one recipient. */
const done = (recipient: TTransferUser, amount: number, after: { voteCredits: number; balance: number }): TCreditTransferDone => ({
  reference: `transfer:u1:${recipient.id}`,
  recipient,
  amount,
  fee: 10_000,
  ...after,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100, voteCredits: 300 })));
  server.serve('GET /wallet', wallet());
  server.serve(`GET ${SEARCH}`, ok({ users: [BOLA, CHI] } satisfies TTransferUserSearch));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const form = () => screen.getByRole('form', { name: 'Transfer credits' });
const submitButton = () => within(form()).getByRole('button', { name: 'Transfer Credits' }) as HTMLButtonElement;
const transferCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === TRANSFER);
const searchCalls = () => server.calls.filter((c) => c.path === SEARCH);
const idempotencyKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => String(url).startsWith(`/api${TRANSFER}`) && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

async function openPage() {
  renderAt('/dashboard/vote-credit-transfer');
  expect(await screen.findByRole('heading', { level: 2, name: 'Transfer Credits' })).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('transfer-credits').textContent).toBe('300'));
}

/** Searches for `term` and adds each of `names` from the results. */
async function pick(term: string, ...names: string[]) {
  fireEvent.change(screen.getByLabelText('Find recipients'), { target: { value: term } });
  const results = await screen.findByRole('list', { name: 'Search results' });
  for (const name of names) fireEvent.click(within(results).getByRole('button', { name: `Add ${name}` }));
}

function fill(amount: string, password = 'secret1') {
  fireEvent.change(screen.getByLabelText(/Credits per recipient/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/Account password/), { target: { value: password } });
}

describe('Transfer Credits: sending', { timeout: 20_000 }, () => {
  it('shows the balances, sums the transfer, then sends one call per recipient in order with its own key', async () => {
    server.serve(
      `POST ${TRANSFER}`,
      ok(done(BOLA, 50, { voteCredits: 250, balance: 1_490_000 }), 'Vote credits transferred successfully'),
      ok(done(CHI, 50, { voteCredits: 200, balance: 1_480_000 }), 'Vote credits transferred successfully'),
    );
    await openPage();
    expect(screen.getByTestId('transfer-balance').textContent).toBe('₦15,000');
    expect(submitButton().disabled).toBe(true);

    await pick('bo', 'Bola Ade', 'Chi Eze');
    // Each member can be picked once.
    expect(within(screen.getByRole('list', { name: 'Search results' })).getByRole('button', { name: 'Bola Ade added' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getAllByTestId('selected-recipient').map((li) => within(li).getByText(/Ade|Eze/).textContent)).toEqual([
      'Bola Ade',
      'Chi Eze',
    ]);

    // The amount keeps whole credits only.
    fireEvent.change(screen.getByLabelText(/Credits per recipient/), { target: { value: '5a0.7' } });
    expect((screen.getByLabelText(/Credits per recipient/) as HTMLInputElement).value).toBe('507');
    fill('50');
    expect(screen.getByTestId('summary-credits').textContent).toBe('50 credits × 2 = 100 credits');
    expect(screen.getByTestId('summary-fees').textContent).toBe('₦100 × 2 = ₦200');
    expect(screen.getByTestId('summary-credits-after').textContent).toBe('200');
    expect(screen.getByTestId('summary-balance-after').textContent).toBe('₦14,800');

    const walletLoads = server.calls.filter((c) => c.path === '/wallet').length;
    const profileLoads = server.calls.filter((c) => c.path === '/auth/me').length;
    fireEvent.click(submitButton());

    expect(await screen.findByText('Successfully transferred to 2 recipient(s)')).toBeTruthy();
    expect(transferCalls().map((c) => c.body)).toEqual([
      { recipientEmail: 'bola@x.ng', amount: 50, password: 'secret1' },
      { recipientEmail: 'chi@x.ng', amount: 50, password: 'secret1' },
    ]);
    const keys = idempotencyKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);

    const results = screen.getAllByTestId('transfer-result').map((r) => r.textContent);
    expect(results).toEqual(['Bola Ade received 50 credits', 'Chi Eze received 50 credits']);
    expect(screen.queryAllByTestId('selected-recipient')).toHaveLength(0);
    expect((screen.getByLabelText(/Account password/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/Failed to transfer/)).toBeNull();
    // Balances and the header's credits are read again.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/wallet').length).toBeGreaterThan(walletLoads));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(profileLoads));
  });

  it('reports each recipient: the sent one leaves the list, the failed one stays with the server’s reason', async () => {
    server.serve(
      `POST ${TRANSFER}`,
      ok(done(BOLA, 20, { voteCredits: 280, balance: 1_490_000 })),
      fail(404, 'NOT_FOUND', 'Recipient not found'),
    );
    await openPage();
    await pick('bo', 'Bola Ade', 'Chi Eze');
    fill('20');
    fireEvent.click(submitButton());

    expect(await screen.findByText('Successfully transferred to 1 recipient(s)')).toBeTruthy();
    expect(await screen.findByText('Failed to transfer to 1 recipient(s)')).toBeTruthy();
    expect(transferCalls()).toHaveLength(2);
    const left = screen.getAllByTestId('selected-recipient');
    expect(left).toHaveLength(1);
    expect(within(left[0]!).getByText('Chi Eze')).toBeTruthy();
    expect(within(left[0]!).getByText('Recipient not found')).toBeTruthy();
    expect(screen.getAllByTestId('transfer-result').map((r) => r.textContent)).toEqual([
      'Bola Ade received 20 credits',
      'Not sent to 1 recipient(s): each one stays in the list above with the reason.',
    ]);
    // The password stays for a retry of the ones that failed.
    expect((screen.getByLabelText(/Account password/) as HTMLInputElement).value).toBe('secret1');
  });

  it('stops at a wrong password: the others are not sent and share the reason', async () => {
    server.serve(`POST ${TRANSFER}`, fail(400, 'INVALID_PASSWORD', 'Invalid password'));
    await openPage();
    await pick('bo', 'Bola Ade', 'Chi Eze');
    fill('20', 'wrong-pass');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Failed to transfer to 2 recipient(s)')).toBeTruthy();
    expect(transferCalls()).toHaveLength(1);
    const left = screen.getAllByTestId('selected-recipient');
    expect(left.map((li) => within(li).getByText('Invalid password'))).toHaveLength(2);
    expect(screen.queryByText(/Successfully transferred/)).toBeNull();
  });

  it('turns a Wallet not found answer into the spec’s advice and points to the Wallet page', async () => {
    server.serve(
      `POST ${TRANSFER}`,
      fail(400, 'BAD_REQUEST', 'Wallet not found. Please go to the Wallet page to set up your wallet first.'),
    );
    await openPage();
    await pick('bo', 'Bola Ade');
    fill('10');
    fireEvent.click(submitButton());
    const advice = 'You need to create a wallet first. Please go to the Wallet page to set up your wallet.';
    expect((await screen.findAllByText(advice)).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('link', { name: 'Go to Wallet' }).getAttribute('href')).toBe('/dashboard/wallet');
    expect(screen.queryByText(/Wallet not found\. Please go/)).toBeNull();
  });

  it('asks again with the same Idempotency-Key when the answer was lost on the network', async () => {
    server.serve(`POST ${TRANSFER}`, ok(done(BOLA, 10, { voteCredits: 290, balance: 1_490_000 })));
    const answering = globalThis.fetch;
    let drops = 1;
    const flaky = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith(`/api${TRANSFER}`) && drops > 0) {
        drops -= 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return answering(url, init);
    });
    vi.stubGlobal('fetch', flaky);
    await openPage();
    await pick('bo', 'Bola Ade');
    fill('10');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Successfully transferred to 1 recipient(s)')).toBeTruthy();
    const keys = flaky.mock.calls
      .filter(([url]) => url.startsWith(`/api${TRANSFER}`))
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('Transfer Credits: refusals before sending', { timeout: 20_000 }, () => {
  it('keeps submit disabled until recipients, amount and password are given', async () => {
    await openPage();
    expect(submitButton().disabled).toBe(true);
    fill('10');
    expect(submitButton().disabled).toBe(true);
    await pick('bo', 'Bola Ade');
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(within(form()).getByRole('button', { name: 'Remove Bola Ade' }));
    expect(screen.queryAllByTestId('selected-recipient')).toHaveLength(0);
    expect(submitButton().disabled).toBe(true);
  });

  it('refuses fewer than 10 credits each', async () => {
    await openPage();
    await pick('bo', 'Bola Ade');
    fill('9');
    expect(screen.getByTestId('summary-credits').textContent).toBe('—');
    fireEvent.click(submitButton());
    expect(await within(form()).findByText('Minimum transfer amount is 10 vote credits')).toBeTruthy();
    expect(transferCalls()).toHaveLength(0);
  });

  it('refuses a total above the vote credits held', async () => {
    server.serve('GET /wallet', wallet({ voteCredits: 30 }));
    renderAt('/dashboard/vote-credit-transfer');
    await waitFor(() => expect(screen.getByTestId('transfer-credits').textContent).toBe('30'));
    await pick('bo', 'Bola Ade', 'Chi Eze');
    fill('20');
    fireEvent.click(submitButton());
    expect(await within(form()).findByText('Insufficient vote credits. You need 40 credits but only have 30')).toBeTruthy();
    expect(transferCalls()).toHaveLength(0);
  });

  it('refuses when the naira balance cannot pay ₦100 per recipient', async () => {
    server.serve('GET /wallet', wallet({ balance: 15_000 }));
    renderAt('/dashboard/vote-credit-transfer');
    await waitFor(() => expect(screen.getByTestId('transfer-balance').textContent).toBe('₦150'));
    await pick('bo', 'Bola Ade', 'Chi Eze');
    fill('10');
    fireEvent.click(submitButton());
    expect(await within(form()).findByText('Insufficient naira balance. You need ₦200 for fees but only have ₦150')).toBeTruthy();
    expect(transferCalls()).toHaveLength(0);
  });

  it('checks in the spec’s order (unit)', () => {
    const holdings = { voteCredits: 100, balanceKobo: 100_000 };
    expect(checkTransfer({ recipients: 1, amountText: '10', password: 'x' }, null)).toBe(
      'Wallet not found. Please go to the Wallet page to set up your wallet first.',
    );
    expect(checkTransfer({ recipients: 0, amountText: '10', password: 'x' }, holdings)).toBe(
      'Please select recipients, enter amount, and password',
    );
    expect(checkTransfer({ recipients: 1, amountText: '', password: 'x' }, holdings)).toBe(
      'Please select recipients, enter amount, and password',
    );
    expect(checkTransfer({ recipients: 1, amountText: '10', password: '' }, holdings)).toBe(
      'Please select recipients, enter amount, and password',
    );
    expect(checkTransfer({ recipients: 1, amountText: '0', password: 'x' }, holdings)).toBe('Minimum transfer amount is 10 vote credits');
    expect(checkTransfer({ recipients: 11, amountText: '10', password: 'x' }, holdings)).toBe(
      'Insufficient vote credits. You need 110 credits but only have 100',
    );
    expect(checkTransfer({ recipients: 10, amountText: '10', password: 'x' }, holdings)).toBeNull();
    expect(checkTransfer({ recipients: 10, amountText: '10', password: 'x' }, { voteCredits: 100, balanceKobo: 99_999 })).toBe(
      'Insufficient naira balance. You need ₦1,000 for fees but only have ₦999.99',
    );
  });
});

describe('Transfer Credits: recipient search', { timeout: 20_000 }, () => {
  it('searches only for 2+ characters after trimming, 300 ms after the typing stops', async () => {
    await openPage();
    const box = screen.getByLabelText('Find recipients');
    fireEvent.change(box, { target: { value: 'b' } });
    expect(screen.getByText('Enter at least 2 characters to search')).toBeTruthy();
    fireEvent.change(box, { target: { value: ' b   ' } });
    await act(() => new Promise((r) => setTimeout(r, 450)));
    expect(searchCalls()).toHaveLength(0);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: false });
    fireEvent.change(box, { target: { value: 'bo' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'bol' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: ' bola ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(searchCalls()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(searchCalls()[0]!.query).toBe('q=bola');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('bola@x.ng')).toBeTruthy();
  });

  it('says when nobody matches and when the search failed', async () => {
    server.serve(`GET ${SEARCH}`, ok({ users: [] } satisfies TTransferUserSearch), fail(500, 'SERVER_ERROR', 'Boom'));
    await openPage();
    fireEvent.change(screen.getByLabelText('Find recipients'), { target: { value: 'zz' } });
    expect(await screen.findByText(/No members match/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find recipients'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Failed to search users')).toBeTruthy();
  });
});

describe('Transfer Credits: wallet', { timeout: 20_000 }, () => {
  it('creates a missing wallet and says so', async () => {
    server.serve('GET /wallet', fail(404, 'NOT_FOUND', 'Wallet not found'));
    server.serve(
      'POST /wallet/create',
      ok({ wallet: walletDto({ balance: 0, voteCredits: 0 }) } satisfies TWalletAnswer, 'Wallet created successfully'),
    );
    renderAt('/dashboard/vote-credit-transfer');
    expect(await screen.findByText('Wallet created successfully')).toBeTruthy();
    expect(screen.getByTestId('transfer-balance').textContent).toBe('₦0');
    expect(server.last('POST', '/wallet/create')).toBeTruthy();
  });

  it('says Failed to create wallet when creating it fails, and keeps submit disabled', async () => {
    server.serve('GET /wallet', fail(404, 'NOT_FOUND', 'Wallet not found'));
    server.serve('POST /wallet/create', fail(500, 'SERVER_ERROR', 'Internal server error'));
    renderAt('/dashboard/vote-credit-transfer');
    expect((await screen.findAllByText('Failed to create wallet')).length).toBeGreaterThanOrEqual(1);
    await pick('bo', 'Bola Ade');
    fill('10');
    expect(submitButton().disabled).toBe(true);
  });

  it('says Failed to load wallet with Try Again, which loads it', async () => {
    server.serve('GET /wallet', fail(500, 'SERVER_ERROR', 'Internal server error'), wallet());
    renderAt('/dashboard/vote-credit-transfer');
    expect((await screen.findAllByText('Failed to load wallet')).length).toBeGreaterThanOrEqual(1);
    expect(server.last('POST', '/wallet/create')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('transfer-credits').textContent).toBe('300'));
  });
});

describe('Transfer History', { timeout: 20_000 }, () => {
  const HISTORY = 'GET /vote-credit-transfers/history';
  const openHistory = async () => {
    await openPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Transfer History' }));
  };

  it('lists sent, received, fee and unknown rows with their colours, then pages', async () => {
    server.serve(
      HISTORY,
      ok({
        transactions: [
          transferHistoryItemDto(),
          transferHistoryItemDto({
            id: 'th2',
            type: 'vote_credit_transfer_received',
            voteCredits: 25,
            description: 'Vote credits from Chi Eze',
            metadata: { senderName: 'Chi Eze' },
          }),
          transferHistoryItemDto({
            id: 'th3',
            type: 'vote_credit_transfer_fee',
            voteCredits: 0,
            amount: -10_000,
            description: 'Transfer fee',
          }),
          // Deliberately outside the contract: a kind a newer server might add is shown plainly.
          {
            ...transferHistoryItemDto({ id: 'th4', description: 'Something else' }),
            type: 'vote_credit_gift',
          } as unknown as TTransferHistoryItem,
        ],
        pagination: pageOf({ page: 1, limit: 10 }, 14),
      } satisfies TTransferHistoryPage),
      ok({
        transactions: [transferHistoryItemDto({ id: 'th9', description: 'Older transfer' })],
        pagination: pageOf({ page: 2, limit: 10 }, 14),
      } satisfies TTransferHistoryPage),
    );
    await openHistory();
    const rows = await screen.findAllByTestId('transfer-row');
    expect(server.last('GET', '/vote-credit-transfers/history')!.query).toBe('page=1&limit=10');
    const look = rows.map((r) => {
      const badge = within(r).getByTestId('transfer-type');
      const tone = ['text-red-300', 'text-emerald-300', 'text-amber-300', 'text-slate-200'].find((c) => badge.className.includes(c));
      return [badge.textContent, tone, within(r).getByTestId('transfer-figure').textContent];
    });
    expect(look).toEqual([
      ['Sent', 'text-red-300', '−50 credits'],
      ['Received', 'text-emerald-300', '+25 credits'],
      ['Transfer Fee', 'text-amber-300', '−₦100'],
      ['Unknown', 'text-slate-200', '−50 credits'],
    ]);
    expect(within(rows[0]!).getByText('To Bola Ade')).toBeTruthy();
    expect(within(rows[1]!).getByText('From Chi Eze')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Older transfer')).toBeTruthy();
    expect(server.last('GET', '/vote-credit-transfers/history')!.query).toBe('page=2&limit=10');
  });

  it('shows the empty state', async () => {
    server.serve(HISTORY, ok({ transactions: [], pagination: pageOf({ page: 1, limit: 10 }, 0) } satisfies TTransferHistoryPage));
    await openHistory();
    expect(await screen.findByText('No transfers yet')).toBeTruthy();
  });

  it('says Failed to load transfer history with Try Again', async () => {
    server.serve(
      HISTORY,
      fail(500, 'SERVER_ERROR', 'Boom'),
      ok({ transactions: [transferHistoryItemDto()], pagination: pageOf({ page: 1, limit: 10 }, 1) } satisfies TTransferHistoryPage),
    );
    await openHistory();
    expect(await screen.findByText('Failed to load transfer history')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('transfer-row')).toHaveLength(1);
  });
});
