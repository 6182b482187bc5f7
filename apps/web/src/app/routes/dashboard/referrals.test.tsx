import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, type TReferralLeaderboard, type TReferralRewards } from '@contesthub/shared';
import { referralStatsDto } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Referral Program', () => {
  it('shows stats, the code and link, each list with its badges, and copies', async () => {
    server.serve(
      'GET /referrals/stats',
      ok(
        referralStatsDto({
          totalReferrals: 3,
          totalEarnings: 150,
          pendingRewards: 25,
          referrals: [
            {
              user: { fullName: 'Bola', email: 'bola@x.ng' },
              joinedAt: '2026-02-01T00:00:00Z',
              emailVerified: false,
              rewardClaimed: false,
            },
            { user: { fullName: 'Chi', email: 'chi@x.ng' }, joinedAt: '2026-02-02T00:00:00Z', emailVerified: true, rewardClaimed: false },
            { user: { fullName: 'Dayo', email: 'dayo@x.ng' }, joinedAt: '2026-02-03T00:00:00Z', emailVerified: true, rewardClaimed: true },
          ],
        }),
      ),
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/dashboard/referrals');
    expect(await screen.findByRole('heading', { level: 2, name: 'Referral Program' })).toBeTruthy();
    expect(await screen.findByText('150 credits')).toBeTruthy();
    expect(screen.getByText('Pending Verification')).toBeTruthy();
    expect(screen.getByText('Email Verified')).toBeTruthy();
    expect(screen.getByText('Reward Claimed')).toBeTruthy();
    expect((screen.getByLabelText('Referral code') as HTMLInputElement).readOnly).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy referral link' }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://x/register?ref=ADA12345');

    server.serve(
      'GET /referrals/leaderboard',
      ok({
        leaderboard: [
          { rank: 1, user: { fullName: null }, totalReferrals: 9, totalEarnings: 450 },
          { rank: 2, user: { fullName: 'Ngozi' }, totalReferrals: 4, totalEarnings: 200 },
        ],
        pagination: pageOf({ page: 1, limit: 10 }, 2),
      } satisfies TReferralLeaderboard),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Leaderboard' }));
    expect(await screen.findByText('Anonymous')).toBeTruthy();
    expect(server.last('GET', '/referrals/leaderboard')?.query).toBe('limit=10');

    server.serve('GET /referrals/rewards', ok({ rewards: [], pagination: pageOf({ page: 1, limit: 10 }, 0) } satisfies TReferralRewards));
    fireEvent.click(screen.getByRole('tab', { name: 'Rewards History' }));
    expect(await screen.findByText('No rewards yet')).toBeTruthy();
    expect(within(screen.getByText('How Referrals Work').parentElement!).getByText(/50 credits/)).toBeTruthy();
  });

  it('toasts Error / Failed to load referral data', async () => {
    server.serve('GET /referrals/stats', fail(500, 'INTERNAL', 'boom'));
    renderAt('/dashboard/referrals');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText(/Failed to load referral data/).length).toBeGreaterThan(0);
  });
});

describe('Dashboard shell', () => {
  it('has a keyboard user menu and a dismissible profile-completion banner', async () => {
    server.serve('GET /auth/me', ok(meDto({ profileCompletion: 44 })));
    server.serve('GET /referrals/stats', ok(referralStatsDto({ code: 'A', referralUrl: 'u' })));
    renderAt('/dashboard/referrals');
    expect(await screen.findByRole('link', { name: 'Complete your profile' })).toBeTruthy();
    expect(screen.getByText('44%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss profile completion reminder' }));
    expect(screen.queryByRole('link', { name: 'Complete your profile' })).toBeNull();

    const button = screen.getByRole('button', { name: /Account menu/ });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Profile', 'Wallet', 'Settings', 'Back to Home', 'Logout']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[4]);
    fireEvent.keyDown(items[4]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
