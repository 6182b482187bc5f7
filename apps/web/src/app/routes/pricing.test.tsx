import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, type TAuthResult, type TCurrentSubscription, type TSubscriptionHistory, type TWalletAnswer } from '@contesthub/shared';
import { fakeServer, makeUser, meDto, ok, renderAt } from '../../test/harness';
import { subscriptionPricingDto, walletDto } from '../../test/fixtures';
// Loaded up front so the lazy routes resolve at once.
import './pricing';
import './auth/login';
import './dashboard/subscription';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /subscriptions/pricing', ok(subscriptionPricingDto()));
  server.serve(
    'GET /subscriptions/current',
    ok({ hasActiveSubscription: false, subscription: null, tier: 'free' } satisfies TCurrentSubscription),
  );
  server.serve(
    'GET /subscriptions/history',
    ok({ subscriptions: [], pagination: pageOf({ page: 1, limit: 10 }, 0) } satisfies TSubscriptionHistory),
  );
  server.serve('GET /wallet', ok({ wallet: walletDto() } satisfies TWalletAnswer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const plan = (name: string) => screen.getByRole('region', { name });

describe('Pricing upgrade links', { timeout: 20_000 }, () => {
  it('lead a signed-in user to the subscription page with the plan and period chosen there', async () => {
    const { location } = renderAt('/pricing');
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    const upgrade = await within(plan('Basic Premium')).findByRole('link', { name: 'Upgrade Now' });
    expect(upgrade.getAttribute('href')).toBe('/dashboard/subscription?tier=basic_premium&duration=monthly');
    fireEvent.click(screen.getByRole('radio', { name: 'yearly' }));
    expect(within(plan('Professional')).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe(
      '/dashboard/subscription?tier=professional&duration=yearly',
    );
    expect(within(plan('Free')).getByRole('link', { name: 'Current Plan' }).getAttribute('href')).toBe('/dashboard');

    fireEvent.click(within(plan('Professional')).getByRole('link', { name: 'Upgrade Now' }));
    const form = await screen.findByRole('form', { name: 'Choose a plan' });
    expect(location()).toBe('/dashboard/subscription?tier=professional&duration=yearly');
    expect((within(form).getByRole('radio', { name: /^Professional/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('plan-total').textContent).toBe('Professional, yearly: ₦75,000');
  });

  it('send a visitor to register, or to log in and come back to the chosen plan', async () => {
    server.serve(
      'POST /auth/login',
      ok({ token: 't2', refreshToken: 'r2', user: makeUser({ profileCompletion: 100 }) } satisfies TAuthResult),
    );
    const { location } = renderAt('/pricing', { signedIn: false });
    const basic = await screen.findByRole('region', { name: 'Basic Premium' });
    expect(within(basic).getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/register');
    expect(within(plan('Free')).getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/register');
    expect(within(basic).queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    // The trial is Basic Premium's, whichever paid plan's button leads to registration.
    expect(within(basic).getByTestId('trial-terms').textContent).toBe('7 days free when you verify your email. No card needed.');
    expect(within(plan('Professional')).getByTestId('trial-terms').textContent).toBe(
      'Starts with 7 days of Basic Premium free when you verify your email. No card needed.',
    );
    expect(screen.getByText(/^Yes\. New users get a 7-day free trial of Basic Premium\. It starts when you verify/)).toBeTruthy();

    fireEvent.click(within(basic).getByRole('link', { name: 'Log in to upgrade' }));
    expect(await screen.findByLabelText(/Email/)).toBeTruthy();
    expect(location()).toBe('/login');
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@x.ng' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: /^(Log in|Login|Sign in)$/i }));
    expect(await screen.findByRole('form', { name: 'Choose a plan' })).toBeTruthy();
    expect(location()).toBe('/dashboard/subscription?tier=basic_premium&duration=monthly');
    expect((screen.getByRole('radio', { name: /^Basic Premium/ }) as HTMLInputElement).checked).toBe(true);
  });
});
