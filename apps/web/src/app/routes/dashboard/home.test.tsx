import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRecentActivity, TRecentActivityList, TUserStats } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
// Loaded up front so the lazy route resolves at once.
import { newAccount } from '../../../features/auth/lib/new-account';
import './home';

configure({ asyncUtilTimeout: 5000 });

const stats = (over: Partial<TUserStats> = {}): TUserStats => ({
  contestsCreated: 3,
  contestsJoined: 2,
  entriesSubmitted: 4,
  votesCast: 9,
  wins: 1,
  totalWinnings: 285_000,
  walletBalance: 1_234_550,
  voteCredits: 37.5,
  currentRank: 2,
  badges: [{ title: 'Golden Lens', contestId: 'c9', contestTitle: 'Badge Contest', awardedAt: '2026-03-02T10:00:00Z' }],
  ...over,
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const activities: TRecentActivity[] = [
  { id: 'prize_won:c1', type: 'prize_won', title: 'You won "Lagos Nights"', link: '/contest/c1', createdAt: minutesAgo(5) },
  {
    id: 'entry_rejected:e2',
    type: 'entry_rejected',
    title: 'Your entry "Blurry" was rejected',
    link: '/dashboard/entries',
    createdAt: minutesAgo(120),
  },
  {
    id: 'contest_created:c3',
    type: 'contest_created',
    title: 'You created the contest "Mine"',
    link: '/contest/c3',
    createdAt: minutesAgo(3000),
  },
];

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ fullName: 'Ada Obi', voteCredits: 37.5, profileCompletion: 100 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const figure = async (id: string) => (await screen.findByTestId(id)).textContent;

describe('Dashboard overview', { timeout: 20_000 }, () => {
  it('greets the account verified in this tab as a newcomer, not with Welcome back', async () => {
    server.serve('GET /dashboard/user-stats', ok(stats()));
    server.serve('GET /dashboard/recent-activity', ok({ activities } satisfies TRecentActivityList));
    newAccount.mark('u1');
    try {
      renderAt('/dashboard');
      expect(await screen.findByRole('heading', { level: 2, name: 'Welcome to ContestHub, Ada!' })).toBeTruthy();
      expect(screen.queryByText(/Welcome back/)).toBeNull();
    } finally {
      sessionStorage.clear();
    }
  });

  it('shows the figures, badges and the latest activities (5 asked) as links', async () => {
    server.serve('GET /dashboard/user-stats', ok(stats()));
    server.serve('GET /dashboard/recent-activity', ok({ activities } satisfies TRecentActivityList));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome back, Ada!' })).toBeTruthy();
    expect(await figure('stat-contests-created')).toBe('3');
    expect(await figure('stat-contests-joined')).toBe('2');
    expect(await figure('stat-naira-balance')).toBe('₦12,345.50');
    expect(screen.getByText('Total winnings ₦2,850')).toBeTruthy();
    expect(await figure('stat-current-rank')).toBe('#2');
    expect(screen.getByTestId('vote-credits').textContent).toBe('37.5');
    // Existing cards and quick actions stay.
    expect(screen.getByText('Profile completion')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open your wallet/ }).getAttribute('href')).toBe('/dashboard/wallet');

    expect(screen.getByText('Golden Lens')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Badge Contest/ }).getAttribute('href')).toBe('/contest/c9');

    expect(server.last('GET', '/dashboard/recent-activity')?.query).toBe('limit=5');
    const feed = screen.getByRole('region', { name: 'Recent activity' });
    const links = await within(feed).findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['You won "Lagos Nights"5m ago', '/contest/c1'],
      ['Your entry "Blurry" was rejected2h ago', '/dashboard/entries'],
      ['You created the contest "Mine"2d ago', '/contest/c3'],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a new user zeros, no rank, no badges and no activity', async () => {
    server.serve(
      'GET /dashboard/user-stats',
      ok(stats({ contestsCreated: 0, contestsJoined: 0, walletBalance: 0, totalWinnings: 0, currentRank: null, badges: [] })),
    );
    server.serve('GET /dashboard/recent-activity', ok({ activities: [] } satisfies TRecentActivityList));
    renderAt('/dashboard');
    expect(await figure('stat-contests-created')).toBe('0');
    expect(await figure('stat-naira-balance')).toBe('₦0');
    expect(await figure('stat-current-rank')).toBe('—');
    expect(screen.getByText('Not ranked yet')).toBeTruthy();
    expect(screen.getByText('No badges yet')).toBeTruthy();
    expect(await screen.findByText('No recent activity')).toBeTruthy();
  });

  it('shows Failed to load dashboard data and retries what failed', async () => {
    server.serve('GET /dashboard/user-stats', fail(500, 'SERVER_ERROR', 'boom'), ok(stats()));
    server.serve('GET /dashboard/recent-activity', fail(500, 'SERVER_ERROR', 'boom'), ok({ activities } satisfies TRecentActivityList));
    renderAt('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load dashboard data')).toBeTruthy();
    // The welcome and the account cards still show.
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-contests-created').textContent).toBe('—'));

    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('You won "Lagos Nights"')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-contests-created').textContent).toBe('3'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/dashboard/user-stats')).toHaveLength(2);
  });
});
