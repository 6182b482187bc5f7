import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TBankAccountAnswer,
  type TResolvedAccount,
  type TWallet,
  type TWalletAnswer,
  type TWithdrawal,
  type TWithdrawalsPage,
  type TWithdrawAnswer,
} from '@contesthub/shared';
import { bankAccountDto, banksDto, walletDto, withdrawalDto } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt, type Reply } from '../../../test/harness';
// Loaded up front so the lazy route resolves at once.
import './wallet';

configure({ asyncUtilTimeout: 5000 });

/** ₦12,500 with Ada's verified GTBank account. */
const wallet = (over: Partial<TWallet> = {}): TWallet => walletDto({ balance: 1_250_000, bankAccount: bankAccountDto(), ...over });
const withdrawals = (list: TWithdrawal[]) =>
  ok({ withdrawals: list, pagination: pageOf({ page: 1, limit: 10 }, list.length) } satisfies TWithdrawalsPage);
const resolved = (accountNumber: string, bankCode: string, accountName = 'CHIOMA NWOSU') =>
  ok({ accountName, accountNumber, bankCode } satisfies TResolvedAccount);

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /wallet/withdrawals', withdrawals([]));
  server.serve('GET /wallet/banks', ok(banksDto()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const openNaira = async (w: TWallet = wallet()) => {
  server.serve('GET /wallet', ok({ wallet: w } satisfies TWalletAnswer));
  renderAt('/dashboard/wallet?tab=naira');
  return (await screen.findByTestId('naira-balance')).textContent;
};
const openWithdraw = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw Money' });
  return {
    dialog,
    amount: within(dialog).getByLabelText(/^Amount/) as HTMLInputElement,
    password: within(dialog).getByLabelText(/^Account password/) as HTMLInputElement,
    submit: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' })),
    total: () => within(dialog).getByTestId('withdraw-total').textContent,
  };
};
const withdrawCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/wallet/withdraw');

describe('Naira Wallet tab', { timeout: 20_000 }, () => {
  it('shows the balance, the verified bank account with Change, and the withdrawals with their states', async () => {
    server.serve(
      'GET /wallet/withdrawals',
      withdrawals([
        withdrawalDto({ id: 'w3', status: 'pending', amount: 200_000 }),
        withdrawalDto({ id: 'w2', status: 'reversed', amount: 300_000, failureReason: 'Account number is invalid.' }),
        withdrawalDto({ id: 'w1', status: 'success' }),
      ]),
    );
    expect(await openNaira()).toBe('₦12,500');
    const account = screen.getByTestId('bank-account');
    expect(within(account).getByText('ADA OBI')).toBeTruthy();
    expect(within(account).getByText('Guaranty Trust Bank')).toBeTruthy();
    expect(within(account).getByText('0123456789')).toBeTruthy();
    expect(within(account).getByText('Verified')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();

    const rows = await screen.findAllByTestId('withdrawal');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('−₦2,000')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed · refunded')).toBeTruthy();
    expect(within(rows[1]!).getByText('Account number is invalid. ₦3,100 was returned to your wallet.')).toBeTruthy();
    expect(within(rows[2]!).getByText('Successful')).toBeTruthy();
    expect(within(rows[2]!).getByText('Fee ₦100')).toBeTruthy();
    expect(server.last('GET', '/wallet/withdrawals')?.query).toBe('page=1&limit=10');
  });

  it('shows the empty withdrawals state and offers Add Bank Account without an account', async () => {
    await openNaira(wallet({ bankAccount: null }));
    expect(await screen.findByText('No withdrawals yet')).toBeTruthy();
    expect(screen.queryByTestId('bank-account')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Bank Account' })).toBeTruthy();
  });

  it('shows a failed withdrawals load with Try Again', async () => {
    server.serve('GET /wallet/withdrawals', fail(500, 'SERVER_ERROR', 'boom'), withdrawals([withdrawalDto()]));
    await openNaira();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load withdrawals');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Successful')).toBeTruthy();
  });
});

describe('Withdraw Money', { timeout: 20_000 }, () => {
  it('shows the ₦100 fee and the total as the amount is typed, sends amount and password, and refreshes the balance', async () => {
    await openNaira();
    const w = await openWithdraw();
    expect(within(w.dialog).getByText('ADA OBI')).toBeTruthy();
    expect(within(w.dialog).getByText('Available: ₦12,500')).toBeTruthy();
    expect(within(w.dialog).getByText('₦100')).toBeTruthy();
    expect(w.total()).toBe('—');
    fireEvent.change(w.amount, { target: { value: '5000' } });
    expect(w.amount.value).toBe('5,000');
    expect(w.total()).toBe('₦5,100');
    fireEvent.change(w.amount, { target: { value: '12,3a45' } });
    expect(w.amount.value).toBe('12,345');
    expect(w.total()).toBe('₦12,445');
    fireEvent.change(w.amount, { target: { value: '5000' } });
    fireEvent.change(w.password, { target: { value: 'secret123' } });

    server.serve(
      'POST /wallet/withdraw',
      ok({ withdrawal: withdrawalDto({ id: 'w9', amount: 500_000 }), balance: 740_000 } satisfies TWithdrawAnswer),
    );
    server.serve('GET /wallet', ok({ wallet: wallet({ balance: 740_000 }) } satisfies TWalletAnswer));
    server.serve('GET /wallet/withdrawals', withdrawals([withdrawalDto({ id: 'w9', amount: 500_000 })]));
    w.submit();

    expect(await screen.findByText('Withdrawal processed successfully')).toBeTruthy();
    expect(screen.getByText('₦5,000 has been sent to Guaranty Trust Bank (0123456789).')).toBeTruthy();
    expect(withdrawCalls()).toHaveLength(1);
    expect(withdrawCalls()[0]!.body).toEqual({ amount: 500_000, password: 'secret123' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw Money' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('naira-balance').textContent).toBe('₦7,400'));
    // The wallet was asked again, not only patched from the answer.
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'GET' && c.path === '/wallet').length).toBe(2));
    expect(await screen.findByText('−₦5,000')).toBeTruthy();
  });

  it('says the bank is confirming when the payout is still pending', async () => {
    await openNaira();
    const w = await openWithdraw();
    fireEvent.change(w.amount, { target: { value: '2000' } });
    fireEvent.change(w.password, { target: { value: 'secret123' } });
    server.serve(
      'POST /wallet/withdraw',
      ok({ withdrawal: withdrawalDto({ amount: 200_000, status: 'pending' }), balance: 1_040_000 } satisfies TWithdrawAnswer),
    );
    w.submit();
    expect(await screen.findByText('Withdrawal submitted')).toBeTruthy();
    expect(screen.getByText(/The bank is confirming the transfer; if it fails, ₦2,100 comes back to your wallet\./)).toBeTruthy();
    expect(screen.queryByText('Withdrawal processed successfully')).toBeNull();
  });

  it('refuses a missing amount and a password under 6 characters without asking the server', async () => {
    await openNaira();
    const w = await openWithdraw();
    w.submit();
    expect(await within(w.dialog).findByText('Enter a valid amount')).toBeTruthy();
    expect(within(w.dialog).getByText('Enter your account password')).toBeTruthy();
    fireEvent.change(w.amount, { target: { value: '1000' } });
    fireEvent.change(w.password, { target: { value: '12345' } });
    w.submit();
    expect(await within(w.dialog).findByText('Enter your account password')).toBeTruthy();
    expect(within(w.dialog).queryByText('Enter a valid amount')).toBeNull();
    expect(withdrawCalls()).toHaveLength(0);
  });

  it("shows the server's refusal, and 'Failed to process withdrawal' when there is none", async () => {
    await openNaira();
    const w = await openWithdraw();
    fireEvent.change(w.amount, { target: { value: '20000' } });
    fireEvent.change(w.password, { target: { value: 'secret123' } });
    const garbled: Reply = { status: 502, body: '<html>Bad gateway</html>' };
    server.serve('POST /wallet/withdraw', fail(400, 'INSUFFICIENT_BALANCE', 'Insufficient wallet balance'), garbled);
    w.submit();
    expect(await within(w.dialog).findByText('Insufficient wallet balance')).toBeTruthy();
    w.submit();
    expect(await within(w.dialog).findByText('Failed to process withdrawal')).toBeTruthy();
    expect(withdrawCalls()).toHaveLength(2);
    // Still open for another try; the balance did not move.
    expect(screen.getByRole('dialog', { name: 'Withdraw Money' })).toBeTruthy();
    expect(screen.getByTestId('naira-balance').textContent).toBe('₦12,500');
  });

  it('without a bank account offers Add Bank Account, then continues to the withdrawal', async () => {
    await openNaira(wallet({ bankAccount: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const first = await screen.findByRole('dialog', { name: 'Withdraw Money' });
    expect(within(first).queryByLabelText(/^Amount/)).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Add Bank Account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Account' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Zenith Bank' }));
    server.serve('GET /wallet/resolve-account', resolved('2233445566', '057', 'ADA OBI'));
    fireEvent.change(within(dialog).getByLabelText(/^Account number/), { target: { value: '2233445566' } });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Account name/) as HTMLInputElement).value).toBe('ADA OBI'));

    const saved = bankAccountDto({ bankName: 'Zenith Bank', bankCode: '057', accountNumber: '2233445566' });
    server.serve('POST /wallet/bank-account', ok({ bankAccount: saved } satisfies TBankAccountAnswer, 'Bank account added successfully'));
    server.serve('GET /wallet', ok({ wallet: wallet({ bankAccount: saved }) } satisfies TWalletAnswer));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Account' }));
    expect(await screen.findByText('Bank account added successfully')).toBeTruthy();
    expect(server.last('POST', '/wallet/bank-account')?.body).toEqual({ accountNumber: '2233445566', bankCode: '057' });

    const next = await screen.findByRole('dialog', { name: 'Withdraw Money' });
    expect(await within(next).findByLabelText(/^Amount/)).toBeTruthy();
    expect(within(next).getByText(/Zenith Bank/)).toBeTruthy();
  });
});

describe('Add Bank Account', { timeout: 20_000 }, () => {
  const openAdd = async () => {
    await openNaira(wallet({ bankAccount: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Account' });
    await within(dialog).findByRole('radio', { name: 'Access Bank' });
    return {
      dialog,
      banks: () =>
        within(dialog)
          .queryAllByRole('radio')
          .map((r) => r.closest('label')!.textContent),
      search: within(dialog).getByRole('searchbox', { name: 'Search banks' }),
      number: within(dialog).getByLabelText(/^Account number/) as HTMLInputElement,
      name: () => (within(dialog).getByLabelText(/^Account name/) as HTMLInputElement).value,
      save: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save Account' })),
    };
  };
  const resolveCalls = () => server.calls.filter((c) => c.path === '/wallet/resolve-account');

  it('filters the bank list by name, case-insensitively', async () => {
    const d = await openAdd();
    expect(d.banks()).toHaveLength(6);
    fireEvent.change(d.search, { target: { value: 'ACCESS' } });
    expect(d.banks()).toEqual(['Access Bank', 'Access Bank (Diamond)']);
    fireEvent.change(d.search, { target: { value: 'guaranty trust' } });
    expect(d.banks()).toEqual(['Guaranty Trust Bank']);
    fireEvent.change(d.search, { target: { value: 'no such bank' } });
    expect(d.banks()).toEqual([]);
    expect(within(d.dialog).getByText('No bank matches “no such bank”.')).toBeTruthy();
  });

  it('keeps 10 digits at most, resolves the name once a bank and 10 digits are in, and saves', async () => {
    const d = await openAdd();
    fireEvent.change(d.number, { target: { value: '01a2-345 67891234' } });
    expect(d.number.value).toBe('0123456789');
    // No bank yet: nothing is asked.
    expect(resolveCalls()).toHaveLength(0);
    expect(d.name()).toBe('');

    fireEvent.change(d.search, { target: { value: 'kuda' } });
    server.serve('GET /wallet/resolve-account', resolved('0123456789', '50211'));
    fireEvent.click(within(d.dialog).getByRole('radio', { name: 'Kuda Bank' }));
    await waitFor(() => expect(d.name()).toBe('CHIOMA NWOSU'));
    expect(resolveCalls()).toHaveLength(1);
    expect(resolveCalls()[0]!.query).toBe('accountNumber=0123456789&bankCode=50211');
    expect((within(d.dialog).getByLabelText(/^Account name/) as HTMLInputElement).readOnly).toBe(true);
    expect(within(d.dialog).getByText('Selected:').textContent).toContain('Kuda Bank');

    const saved = bankAccountDto({ bankName: 'Kuda Bank', bankCode: '50211', accountName: 'CHIOMA NWOSU' });
    server.serve('POST /wallet/bank-account', ok({ bankAccount: saved } satisfies TBankAccountAnswer));
    server.serve('GET /wallet', ok({ wallet: wallet({ bankAccount: saved }) } satisfies TWalletAnswer));
    d.save();
    expect(await screen.findByText('Bank account added successfully')).toBeTruthy();
    expect(server.last('POST', '/wallet/bank-account')?.body).toEqual({ accountNumber: '0123456789', bankCode: '50211' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Bank Account' })).toBeNull());
    const card = await screen.findByTestId('bank-account');
    expect(within(card).getByText('CHIOMA NWOSU')).toBeTruthy();
    expect(within(card).getByText('Kuda Bank')).toBeTruthy();
  });

  it("shows the loading state while the bank answers, and the server's refusal", async () => {
    const d = await openAdd();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.includes('/wallet/resolve-account')) await gate;
      return answering(url, init);
    });
    server.serve('GET /wallet/resolve-account', fail(400, 'ACCOUNT_UNRESOLVED', 'Could not resolve account name'));
    fireEvent.click(within(d.dialog).getByRole('radio', { name: 'Access Bank' }));
    fireEvent.change(d.number, { target: { value: '0000000000' } });
    expect(await within(d.dialog).findByText('Checking the account name…')).toBeTruthy();
    release();
    expect(await within(d.dialog).findByText('Could not resolve account name')).toBeTruthy();
    expect(within(d.dialog).queryByText('Checking the account name…')).toBeNull();
    expect(d.name()).toBe('');
  });

  it("refuses a missing bank or number, and shows the server's refusal or 'Failed to add bank account'", async () => {
    const d = await openAdd();
    d.save();
    expect(await within(d.dialog).findByText('Account number and bank are required')).toBeTruthy();
    fireEvent.change(d.number, { target: { value: '12345' } });
    fireEvent.click(within(d.dialog).getByRole('radio', { name: 'Access Bank' }));
    d.save();
    expect(await within(d.dialog).findByText('Account number must be 10 digits')).toBeTruthy();
    expect(server.last('POST', '/wallet/bank-account')).toBeUndefined();

    server.serve('GET /wallet/resolve-account', resolved('1234567890', '044'));
    fireEvent.change(d.number, { target: { value: '1234567890' } });
    await waitFor(() => expect(d.name()).toBe('CHIOMA NWOSU'));
    server.serve('POST /wallet/bank-account', fail(400, 'ACCOUNT_UNRESOLVED', 'Could not resolve account name'), {
      status: 502,
      body: 'Bad gateway',
    });
    d.save();
    expect(await within(d.dialog).findByText('Could not resolve account name')).toBeTruthy();
    d.save();
    expect(await within(d.dialog).findByText('Failed to add bank account')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Bank Account' })).toBeTruthy();
  });

  it('changes the saved account from the card', async () => {
    await openNaira();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Bank Account' });
    expect(within(dialog).getByText('Now: Guaranty Trust Bank · 0123456789')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Bank Account' })).toBeNull());
  });
});
