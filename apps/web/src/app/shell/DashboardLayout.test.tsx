import { cleanup, configure, screen, within } from '@testing-library/react';
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
});
