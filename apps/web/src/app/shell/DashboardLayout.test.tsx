import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, meDto, ok, renderAt } from '../../test/harness';

// The whole app renders per test: on a busy machine the first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  const server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Dashboard shell', { timeout: 20_000 }, () => {
  it.each([
    ['/dashboard/contests', 'My Contests'],
    ['/dashboard/contests/c1/review', 'Entry Review'],
    ['/dashboard/entries', 'My Entries'],
    ['/dashboard/create', 'Create Contest'],
    ['/dashboard/wallet', 'Wallet'],
  ])('titles %s as %s', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('lists My Entries right after My Contests in the sidebar, marked as the current page there', async () => {
    renderAt('/dashboard/entries');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    const labels = links.map((a) => a.textContent);
    const at = labels.indexOf('My Contests');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(labels[at + 1]).toBe('My Entries');
    const mine = links[at + 1]!;
    expect(mine.getAttribute('href')).toBe('/dashboard/entries');
    expect(mine.getAttribute('aria-current')).toBe('page');
    expect(links[at]!.getAttribute('aria-current')).toBeNull();
  });

  it.each([
    ['admin', ['Admin Tools', 'Admin Analytics', 'Contest Management', 'Security & Fraud'], false],
    ['moderator', ['Admin Tools', 'Security & Fraud'], false],
    ['user', [], true],
  ] as const)('shows the %s role the staff pages their permissions open', async (role, staffLinks, memberAnalytics) => {
    fakeServer().serve('GET /auth/me', ok(meDto({ role, profileCompletion: 100 })));
    renderAt('/dashboard/wallet');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    for (const label of ['Admin Tools', 'Admin Analytics', 'Contest Management', 'Security & Fraud']) {
      expect(labels.includes(label)).toBe((staffLinks as readonly string[]).includes(label));
    }
    expect(labels.includes('Analytics')).toBe(memberAnalytics);
  });

  it('sends someone without the permission away from a staff page, and lets an admin in', async () => {
    fakeServer().serve('GET /auth/me', ok(meDto({ role: 'moderator', profileCompletion: 100 })));
    const moderator = renderAt('/dashboard/admin-analytics');
    await waitFor(() => expect(moderator.location()).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Admin Tools' })).toBeNull();
    cleanup();

    fakeServer().serve('GET /auth/me', ok(meDto({ role: 'admin', profileCompletion: 100 })));
    const admin = renderAt('/dashboard/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Tools' })).toBeTruthy();
    expect(admin.location()).toBe('/dashboard/admin');
  });

  it("heads a staff page with its full title (the sidebar's label is shorter)", async () => {
    fakeServer().serve('GET /auth/me', ok(meDto({ role: 'admin', profileCompletion: 100 })));
    renderAt('/dashboard/security');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('heading', { level: 1, name: 'Security & Fraud Prevention' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Security & Fraud' })).toBeTruthy();
  });
});
