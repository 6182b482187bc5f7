import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TCurrentSubscription,
  type TSubscription,
  type TSubscriptionAnswer,
  type TSubscriptionHistory,
  type TSubscriptionInitialized,
  type TWalletAnswer,
} from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import { DAY, subscriptionDto, subscriptionPricingDto, walletDto } from '../../../test/fixtures';
import { browser } from '../../../lib/browser';
import { CANCEL_REASON } from '../../../features/subscriptions/lib/messages';
// Loaded up front so the lazy route resolves at once.
import './subscription';

const FREE: TCurrentSubscription = { hasActiveSubscription: false, subscription: null, tier: 'free' };
/** A running subscription's GET /subscriptions/current (its `subscription` is never null). */
const running = (over: Partial<TSubscription> = {}) => {
  const subscription = subscriptionDto(over);
  return { hasActiveSubscription: true, subscription, tier: subscription.tier } satisfies TCurrentSubscription;
};
const emptyHistory = ok({ subscriptions: [], pagination: pageOf({ page: 1, limit: 10 }, 0) } satisfies TSubscriptionHistory);

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /subscriptions/pricing', ok(subscriptionPricingDto()));
  server.serve('GET /subscriptions/current', ok(FREE));
  server.serve('GET /subscriptions/history', emptyHistory);
  server.serve('GET /wallet', ok({ wallet: walletDto({ balance: 1_500_000 }) } satisfies TWalletAnswer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const planForm = () => screen.getByRole('form', { name: 'Choose a plan' });
const tierRadio = (name: RegExp) => within(planForm()).getByRole('radio', { name }) as HTMLInputElement;
const initializeCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/subscriptions/initialize');

async function openPage(path = '/dashboard/subscription') {
  renderAt(path);
  expect(await screen.findByRole('heading', { level: 2, name: 'Subscription' })).toBeTruthy();
  await screen.findByRole('form', { name: 'Choose a plan' });
}

describe('Subscription: choosing and paying', { timeout: 20_000 }, () => {
  it('shows the prices per period, refuses without a tier, then pays from the wallet and refreshes', async () => {
    await openPage();
    expect(screen.getByRole('heading', { name: 'Free plan' })).toBeTruthy();
    expect(screen.getByTestId('price-basic_premium').textContent).toBe('₦2,500');
    expect(screen.getByTestId('price-professional').textContent).toBe('₦7,500');
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByTestId('price-basic_premium').textContent).toBe('₦25,000');
    expect(screen.getByTestId('price-professional').textContent).toBe('₦75,000');
    expect(screen.getByText('Save ₦5,000: 2 months free')).toBeTruthy();
    expect(screen.getByText('Save ₦15,000: 2 months free')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));

    fireEvent.click(within(planForm()).getByRole('button', { name: 'Pay from Wallet' }));
    expect(await within(planForm()).findByText('Please select a subscription tier')).toBeTruthy();
    expect(initializeCalls()).toHaveLength(0);

    fireEvent.click(tierRadio(/^Basic Premium/));
    expect(screen.getByTestId('plan-total').textContent).toBe('Basic Premium, monthly: ₦2,500');
    await waitFor(() => expect(within(planForm()).getByText('covers the ₦2,500 price.')).toBeTruthy());
    expect(screen.getByTestId('wallet-balance-note').textContent).toBe('Balance ₦15,000');

    const after = running();
    server.serve(
      'POST /subscriptions/initialize',
      ok({
        paymentMethod: 'wallet',
        subscription: after.subscription,
        authorizationUrl: null,
        reference: 'sub-1',
        balance: 1_250_000,
      } satisfies TSubscriptionInitialized),
    );
    server.serve('GET /subscriptions/current', ok(after));
    const profileLoads = server.calls.filter((c) => c.path === '/auth/me').length;
    // A double click pays once.
    const pay = within(planForm()).getByRole('button', { name: 'Pay from Wallet' });
    fireEvent.click(pay);
    fireEvent.click(pay);

    expect(await screen.findByText('Subscription activated successfully!')).toBeTruthy();
    expect(initializeCalls().map((c) => c.body)).toEqual([{ tier: 'basic_premium', duration: 'monthly', paymentMethod: 'wallet' }]);
    expect(await screen.findByTestId('days-remaining')).toBeTruthy();
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(profileLoads));
    // The plan just bought cannot be bought again; it is extended instead.
    expect(tierRadio(/^Basic Premium/).disabled).toBe(true);
    expect(within(planForm()).getByText('Your current plan: extend it above to add time.')).toBeTruthy();
  });

  it('says how far the wallet falls short of the price', async () => {
    server.serve('GET /wallet', ok({ wallet: walletDto({ balance: 100_000 }) } satisfies TWalletAnswer));
    await openPage();
    fireEvent.click(tierRadio(/^Professional/));
    await waitFor(() => expect(within(planForm()).getByText('₦6,500 short of the ₦7,500 price')).toBeTruthy());
    expect(within(planForm()).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/dashboard/wallet');
  });

  it('sends a card payment to the gateway page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve(
      'POST /subscriptions/initialize',
      ok({
        paymentMethod: 'paystack',
        subscription: subscriptionDto({
          tier: 'professional',
          duration: 'yearly',
          status: 'pending',
          isActive: false,
          paymentMethod: 'paystack',
        }),
        authorizationUrl: 'https://checkout.example/pay/sub-2',
        reference: 'sub-2',
        balance: null,
      } satisfies TSubscriptionInitialized),
    );
    await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(tierRadio(/^Professional/));
    fireEvent.click(within(planForm()).getByRole('radio', { name: /Card \(Paystack\)/ }));
    expect(screen.getByTestId('plan-total').textContent).toBe('Professional, yearly: ₦75,000');
    fireEvent.click(within(planForm()).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/sub-2'));
    expect(initializeCalls()[0]!.body).toEqual({ tier: 'professional', duration: 'yearly', paymentMethod: 'paystack' });
    expect(screen.queryByText('Subscription activated successfully!')).toBeNull();
  });

  it('says Failed to get payment URL when the card answer has none', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.serve(
      'POST /subscriptions/initialize',
      ok({
        paymentMethod: 'paystack',
        subscription: subscriptionDto({ status: 'pending', isActive: false }),
        authorizationUrl: null,
        reference: 'sub-3',
        balance: null,
      } satisfies TSubscriptionInitialized),
    );
    await openPage();
    fireEvent.click(tierRadio(/^Basic Premium/));
    fireEvent.click(within(planForm()).getByRole('radio', { name: /Card \(Paystack\)/ }));
    fireEvent.click(within(planForm()).getByRole('button', { name: 'Continue to Payment' }));
    expect((await screen.findAllByText('Failed to get payment URL. Please try again.')).length).toBeGreaterThanOrEqual(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal, and Failed to initialize payment when there is none', async () => {
    server.serve(
      'POST /subscriptions/initialize',
      fail(400, 'INSUFFICIENT_BALANCE', 'Insufficient wallet balance. You need ₦2,500 but only have ₦1,000'),
      fail(500, 'SERVER_ERROR', ''),
    );
    await openPage();
    fireEvent.click(tierRadio(/^Basic Premium/));
    fireEvent.click(within(planForm()).getByRole('button', { name: 'Pay from Wallet' }));
    expect(await within(planForm()).findByText('Insufficient wallet balance. You need ₦2,500 but only have ₦1,000')).toBeTruthy();
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/subscriptions/initialize') ? Promise.reject(new TypeError('Failed to fetch')) : answering(url, init),
    );
    fireEvent.click(within(planForm()).getByRole('button', { name: 'Pay from Wallet' }));
    expect(await within(planForm()).findByText('Failed to initialize payment')).toBeTruthy();
  });

  it('preselects the plan and period a /pricing link asked for', async () => {
    await openPage('/dashboard/subscription?tier=professional&duration=yearly');
    expect(tierRadio(/^Professional/).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Yearly' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('plan-total').textContent).toBe('Professional, yearly: ₦75,000');
  });

  it('ignores a preselected tier that cannot be bought now', async () => {
    server.serve('GET /subscriptions/current', ok(running({ tier: 'professional' })));
    await openPage('/dashboard/subscription?tier=basic_premium&duration=monthly');
    expect(tierRadio(/^Basic Premium/).checked).toBe(false);
    expect(tierRadio(/^Basic Premium/).disabled).toBe(true);
    expect(within(planForm()).getByText('Available when your Professional plan ends.')).toBeTruthy();
  });
});

describe('Subscription: the current plan', { timeout: 20_000 }, () => {
  it('shows tier, status, dates, days remaining, period used, payment method and the auto-renew placeholder', async () => {
    server.serve('GET /subscriptions/current', ok(running()));
    await openPage();
    const card = screen.getByRole('region', { name: 'Current subscription' });
    expect(within(card).getByRole('heading', { name: 'Basic Premium' })).toBeTruthy();
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Active');
    expect(within(card).getByTestId('days-remaining').textContent).toBe('20');
    expect(within(card).getByRole('progressbar', { name: 'Subscription period used' }).getAttribute('aria-valuenow')).toBe('33');
    expect(within(card).getByTestId('period-used').textContent).toBe('10 of 30 days (33%)');
    expect(within(card).getByText('Wallet')).toBeTruthy();
    expect(within(card).getByText('Monthly')).toBeTruthy();
    expect(within(card).getByText('₦2,500')).toBeTruthy();
    expect(within(planForm()).getByText('Upgrade: the unused part of your Basic Premium plan is taken off the price.')).toBeTruthy();

    const autoRenew = within(card).getByRole('switch', { name: 'Auto-renew' });
    expect(autoRenew.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(autoRenew);
    expect(await screen.findByText('Auto renewal toggle coming soon')).toBeTruthy();
    expect(autoRenew.getAttribute('aria-checked')).toBe('false');
  });

  it('shows the free trial with its end date, without Extend, Cancel or auto-renew, and every plan open to buy', async () => {
    const trial = running({
      duration: 'trial',
      isTrial: true,
      paymentMethod: 'none',
      amount: 0,
      startDate: '2026-07-01T08:00:00Z',
      endDate: '2026-07-08T08:00:00Z',
      daysRemaining: 5,
      durationDays: 7,
    });
    server.serve('GET /subscriptions/current', ok(trial));
    server.serve(
      'GET /subscriptions/history',
      ok({ subscriptions: [trial.subscription], pagination: pageOf({ page: 1, limit: 10 }, 1) } satisfies TSubscriptionHistory),
    );
    await openPage();
    const card = screen.getByRole('region', { name: 'Current subscription' });
    expect(within(card).getByRole('heading', { name: 'Basic Premium' })).toBeTruthy();
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Trial');
    expect(within(card).getByText('Trial ends').nextSibling!.textContent).toBe('8 Jul 2026');
    expect(within(card).getByTestId('trial-note').textContent).toBe(
      'New users get a 7-day free trial of Basic Premium. Yours ends on 8 Jul 2026; no card is needed and nothing is charged. When it ' +
        'ends you stay on the Free plan unless you choose to subscribe. Choosing a plan below starts it at once and ends the trial.',
    );
    expect(within(card).getByTestId('period-used').textContent).toBe('2 of 7 days (29%)');
    expect(within(card).getByText('No payment')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Extend Subscription' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(within(card).queryByRole('switch', { name: 'Auto-renew' })).toBeNull();

    // Both plans can be bought (the trial gives way), at their full prices.
    expect(screen.getByRole('heading', { name: 'Choose a plan' })).toBeTruthy();
    expect(tierRadio(/^Basic Premium/).disabled).toBe(false);
    expect(tierRadio(/^Professional/).disabled).toBe(false);
    fireEvent.click(tierRadio(/^Basic Premium/));
    expect(screen.getByTestId('plan-total').textContent).toBe('Basic Premium, monthly: ₦2,500');

    const rows = await screen.findAllByTestId('subscription-row');
    expect(rows[0]!.textContent).toBe('Basic Premium · Free trialTrial1 Jul 2026 – 8 Jul 2026 · No payment₦0');
  });

  it.each([
    [45, 'green', 'text-emerald-300'],
    [31, 'green', 'text-emerald-300'],
    [30, 'yellow', 'text-amber-300'],
    [8, 'yellow', 'text-amber-300'],
    [7, 'red', 'text-red-300'],
    [0, 'red', 'text-red-300'],
  ])('colours %i days remaining %s', async (days, tone, className) => {
    server.serve(
      'GET /subscriptions/current',
      ok(running({ daysRemaining: days, durationDays: 365, duration: 'yearly', endDate: new Date(Date.now() + days * DAY).toISOString() })),
    );
    await openPage();
    const figure = await screen.findByTestId('days-remaining');
    expect(figure.textContent).toBe(String(days));
    expect(figure.getAttribute('data-tone')).toBe(tone);
    expect(figure.className).toContain(className);
  });

  it('cancels after confirmation and says the benefits stay until the end date', async () => {
    const sub = running();
    const cancelled = running({ status: 'cancelled', cancelledAt: new Date().toISOString(), cancelReason: CANCEL_REASON });
    server.serve('GET /subscriptions/current', ok(sub));
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription?' });
    expect(
      within(dialog).getByText(/Your Basic Premium benefits stay until .*\. After that your account returns to the Free plan\./),
    ).toBeTruthy();
    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
    expect(server.last('POST', '/subscriptions/cancel')).toBeUndefined();

    server.serve(
      'POST /subscriptions/cancel',
      ok({ subscription: cancelled.subscription } satisfies TSubscriptionAnswer, 'Subscription cancelled successfully'),
    );
    server.serve('GET /subscriptions/current', ok(cancelled));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    // A double click on the confirmation cancels once.
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel Subscription?' })).getByRole('button', {
      name: 'Cancel Subscription',
    });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Subscription cancelled successfully')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/subscriptions/cancel')).toHaveLength(1);
    expect(server.last('POST', '/subscriptions/cancel')!.body).toEqual({ reason: CANCEL_REASON });
    const note = await screen.findByTestId('cancelled-note');
    expect(note.textContent).toMatch(/You keep your Basic Premium benefits until .*, then your account returns to the Free plan\./);
    expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('says Failed to cancel subscription when the cancellation fails', async () => {
    server.serve('GET /subscriptions/current', ok(running()));
    server.serve('POST /subscriptions/cancel', fail(500, 'SERVER_ERROR', 'Internal server error'));
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Failed to cancel subscription')).toBeTruthy();
  });

  it('extends by the chosen period from the wallet with an Idempotency-Key', async () => {
    const sub = running({ endDate: '2030-01-31T00:00:00Z', daysRemaining: 20 });
    server.serve('GET /subscriptions/current', ok(sub));
    server.serve(
      'POST /subscriptions/extend',
      ok({ subscription: subscriptionDto({ amount: 2_750_000 }) } satisfies TSubscriptionAnswer, 'Subscription extended successfully'),
    );
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Extend Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Subscription' });
    expect(within(dialog).getByText('₦2,500 · 30 days · until 2 Mar 2030')).toBeTruthy();
    expect(within(dialog).getByText('₦25,000 · 365 days · until 31 Jan 2031')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('extend-wallet').textContent).toBe('Wallet balance: ₦15,000'));
    fireEvent.click(within(dialog).getByRole('radio', { name: /A year/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Subscription' }));
    expect(await screen.findByText('Subscription extended successfully')).toBeTruthy();
    expect(server.last('POST', '/subscriptions/extend')!.body).toEqual({ duration: 'yearly' });
    const call = vi
      .mocked(fetch)
      .mock.calls.find(([url, init]) => String(url).startsWith('/api/subscriptions/extend') && init?.method === 'POST');
    expect(new Headers(call?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a double click on Extend once, and a later extension with a new Idempotency-Key', async () => {
    server.serve('GET /subscriptions/current', ok(running({ endDate: '2030-01-31T00:00:00Z', daysRemaining: 20 })));
    server.serve(
      'POST /subscriptions/extend',
      ok({ subscription: subscriptionDto() } satisfies TSubscriptionAnswer, 'Subscription extended successfully'),
    );
    const extendKeys = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([url, init]) => String(url).startsWith('/api/subscriptions/extend') && init?.method === 'POST')
        .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    await openPage();

    fireEvent.click(screen.getByRole('button', { name: 'Extend Subscription' }));
    let dialog = await screen.findByRole('dialog', { name: 'Extend Subscription' });
    const submit = within(dialog).getByRole('button', { name: 'Extend Subscription' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Subscription extended successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(extendKeys()).toHaveLength(1);

    // Extending again is a new attempt: a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Extend Subscription' }));
    dialog = await screen.findByRole('dialog', { name: 'Extend Subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Subscription' }));
    await waitFor(() => expect(extendKeys()).toHaveLength(2));
    const [first, second] = extendKeys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('says Failed to extend subscription, with the server’s reason', async () => {
    server.serve('GET /subscriptions/current', ok(running()));
    server.serve(
      'POST /subscriptions/extend',
      fail(400, 'INSUFFICIENT_BALANCE', 'Insufficient wallet balance. You need ₦2,500 but only have ₦1,000'),
    );
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Extend Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend Subscription' }));
    expect(await screen.findByText('Failed to extend subscription')).toBeTruthy();
    expect(within(dialog).getByText('Insufficient wallet balance. You need ₦2,500 but only have ₦1,000')).toBeTruthy();
  });
});

describe('Subscription: loading, failures and history', { timeout: 20_000 }, () => {
  it('says Failed to load pricing information with Try Again', async () => {
    server.serve('GET /subscriptions/pricing', fail(500, 'SERVER_ERROR', 'Boom'), ok(subscriptionPricingDto()));
    renderAt('/dashboard/subscription');
    expect((await screen.findAllByText('Failed to load pricing information')).length).toBeGreaterThanOrEqual(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('price-basic_premium')).toBeTruthy();
  });

  it('says Failed to load subscription information with Try Again', async () => {
    server.serve('GET /subscriptions/current', fail(500, 'SERVER_ERROR', 'Boom'), ok(running()));
    renderAt('/dashboard/subscription');
    expect((await screen.findAllByText('Failed to load subscription information')).length).toBeGreaterThanOrEqual(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('days-remaining')).toBeTruthy();
  });

  it('lists the subscription history, and says when there is none', async () => {
    server.serve(
      'GET /subscriptions/history',
      ok({
        subscriptions: [
          subscriptionDto({
            id: 's2',
            tier: 'professional',
            startDate: '2026-02-01T00:00:00Z',
            endDate: '2026-03-03T00:00:00Z',
            amount: 750_000,
          }),
          subscriptionDto({
            id: 's1',
            status: 'expired',
            isActive: false,
            paymentMethod: 'paystack',
            startDate: '2026-01-01T00:00:00Z',
            endDate: '2026-01-31T00:00:00Z',
          }),
        ],
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      } satisfies TSubscriptionHistory),
    );
    await openPage();
    const rows = await screen.findAllByTestId('subscription-row');
    expect(server.last('GET', '/subscriptions/history')!.query).toBe('page=1&limit=10');
    expect(rows[0]!.textContent).toBe('Professional · MonthlyActive1 Feb 2026 – 3 Mar 2026 · Wallet₦7,500');
    expect(rows[1]!.textContent).toBe('Basic Premium · MonthlyExpired1 Jan 2026 – 31 Jan 2026 · Card (Paystack)₦2,500');
  });

  it('shows an empty history', async () => {
    await openPage();
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
  });
});
