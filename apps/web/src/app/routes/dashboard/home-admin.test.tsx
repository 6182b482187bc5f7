import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminStats, TRecentActivityList, TUserStats } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import './home';

configure({ asyncUtilTimeout: 5000 });

const userStats: TUserStats = {
  contestsCreated: 0,
  contestsJoined: 0,
  entriesSubmitted: 0,
  votesCast: 0,
  wins: 0,
  totalWinnings: 0,
  walletBalance: 0,
  voteCredits: 0,
  currentRank: null,
  badges: [],
};

const adminStats = (over: Partial<TAdminStats> = {}): TAdminStats => ({
  totalUsers: 1_204,
  activeContests: 17,
  totalRevenue: 4_567_850,
  flaggedContent: 9,
  flaggedUsers: 4,
  flaggedContests: 2,
  pendingReview: 11,
  dailyActiveUsers: 230,
  systemHealth: { status: 'warning', availabilityPercent: 98.75, responseTimeMs: 640.4, cpuPercent: 37.5, memoryPercent: 19.5 },
  ...over,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /dashboard/user-stats', ok(userStats));
  server.serve('GET /dashboard/recent-activity', ok({ activities: [] } satisfies TRecentActivityList));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const figure = async (id: string) => (await screen.findByTestId(id)).textContent;

describe('Admin overview on the dashboard', { timeout: 20_000 }, () => {
  it("shows an admin the server's figures in the spec's four tabs, none of the placeholders", async () => {
    server.serve('GET /auth/me', ok(meDto({ fullName: 'Ada Admin', role: 'admin' })));
    server.serve('GET /dashboard/admin-stats', ok(adminStats()));
    renderAt('/dashboard');
    const tabs = await screen.findByRole('tablist', { name: 'Admin overview' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Admin Overview', 'User Management', 'Contest Management', 'System Health']);
    expect(await figure('admin-total-users')).toBe('1,204');
    expect(await figure('admin-active-contests')).toBe('17');
    expect(await figure('admin-total-revenue')).toBe('₦45,678.50');
    expect(await figure('admin-daily-active')).toBe('230');
    expect(await figure('admin-flagged-content')).toBe('9');
    expect(await figure('admin-system-health')).toBe('98.75%');

    // Keyboard: the arrow keys move between tabs and show their panels.
    const overviewTab = within(tabs).getByRole('tab', { name: 'Admin Overview' });
    overviewTab.focus();
    fireEvent.keyDown(overviewTab, { key: 'ArrowRight' });
    const usersTab = within(tabs).getByRole('tab', { name: 'User Management' });
    expect(usersTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(usersTab);
    expect(await figure('admin-flagged-users')).toBe('4');

    fireEvent.keyDown(usersTab, { key: 'ArrowRight' });
    expect(await figure('admin-pending-review')).toBe('11');
    expect(await figure('admin-flagged-contests')).toBe('2');
    expect(screen.getByRole('link', { name: 'Open Contest Management' }).getAttribute('href')).toBe('/dashboard/contest-management');

    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'Contest Management' }), { key: 'End' });
    expect(await figure('admin-response-time')).toBe('640 ms');
    expect(await figure('admin-cpu')).toBe('37.5%');
    expect(await figure('admin-memory')).toBe('19.5%');
    expect(await figure('admin-availability')).toBe('98.75%');
    const panel = screen.getByRole('tabpanel', { name: 'System Health' });
    expect(within(panel).getByText('warning')).toBeTruthy();
    for (const placeholder of ['120 ms', '45%', '62%', '99.9%']) expect(screen.queryByText(placeholder)).toBeNull();

    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('shows a dash for a system without traffic yet', async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'admin' })));
    server.serve(
      'GET /dashboard/admin-stats',
      ok(
        adminStats({
          systemHealth: { status: 'healthy', availabilityPercent: null, responseTimeMs: null, cpuPercent: 0, memoryPercent: 10 },
        }),
      ),
    );
    renderAt('/dashboard');
    expect(await figure('admin-system-health')).toBe('—');
  });

  it("toasts 'Failed to fetch dashboard statistics' and retries", async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'admin' })));
    server.serve('GET /dashboard/admin-stats', fail(500, 'INTERNAL_ERROR', 'boom'), ok(adminStats()));
    renderAt('/dashboard');
    // The toast and the panel's own message.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch dashboard statistics')).toHaveLength(2));
    const box = screen
      .getAllByRole('alert')
      .find(
        (el) => within(el).queryByText('Failed to fetch dashboard statistics') && within(el).queryByRole('button', { name: 'Try Again' }),
      );
    fireEvent.click(within(box!).getByRole('button', { name: 'Try Again' }));
    expect(await figure('admin-total-users')).toBe('1,204');
  });

  it('never asks a member for the admin figures', async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'user' })));
    renderAt('/dashboard');
    await screen.findByTestId('stat-contests-created');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/dashboard/user-stats')).toBe(true));
    expect(screen.queryByRole('tablist', { name: 'Admin overview' })).toBeNull();
    expect(server.calls.some((c) => c.path === '/dashboard/admin-stats')).toBe(false);
  });
});
