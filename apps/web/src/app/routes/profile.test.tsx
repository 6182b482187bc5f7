import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, type TPublicProfile, type TUserContestsPage, type TUserEntriesPage } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../test/harness';

const profile = (over: Partial<TPublicProfile> = {}): TPublicProfile => ({
  _id: 'u2',
  fullName: 'Tunde Bello',
  username: 'tundebello',
  verified: true,
  bio: 'Street photographer in Lagos.',
  email: 'tunde@x.ng',
  phone: null,
  location: { state: 'Lagos', city: 'Yaba' },
  profilePicture: null,
  contestsCreated: 2,
  entriesSubmitted: 5,
  contestsWon: 1,
  badges: [{ title: 'Top Shooter' }],
  preferences: {},
  createdAt: '2026-01-05T10:00:00Z',
  lastActive: null,
  isPrivate: false,
  ...over,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Public profile', () => {
  it('shows the member, loads each list on first open, and offers Login to Message when logged out', async () => {
    server.serve('GET /users/u2/public', ok(profile()));
    renderAt('/profile/u2', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Public Profile' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Tunde Bello' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Top Shooter')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Login to Message/ }).getAttribute('href')).toBe('/login');
    expect(server.calls.some((c) => c.path.endsWith('/contests'))).toBe(false);

    server.serve('GET /users/u2/entries', ok({ entries: [], pagination: pageOf({ page: 1, limit: 12 }, 0) } satisfies TUserEntriesPage));
    fireEvent.click(screen.getByRole('tab', { name: 'Entries' }));
    expect(await screen.findByText('No entries submitted')).toBeTruthy();
    expect(screen.getByText("This user hasn't submitted any entries yet.")).toBeTruthy();
    expect(server.last('GET', '/users/u2/entries')?.query).toBe('limit=12');

    server.serve(
      'GET /users/u2/contests',
      ok({
        contests: [
          {
            _id: 'c1',
            title: 'Lagos at Night',
            status: 'voting',
            category: 'photography',
            coverImage: null,
            coverImageSet: null,
            entriesCount: 14,
            prizeType: 'cash',
            createdAt: '2026-02-01T00:00:00Z',
          },
        ],
        pagination: { page: 1, limit: 12, total: 1, totalPages: 1 },
      } satisfies TUserContestsPage),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Contests' }));
    const card = await screen.findByRole('link', { name: /Lagos at Night/ });
    expect(card.getAttribute('href')).toBe('/contest/c1');
    expect(card.textContent).toContain('Voting');
    expect(card.textContent).toContain('14 entries');
  });

  it('opens messages with the selected user for a signed-in visitor', async () => {
    server.serve('GET /auth/me', ok(meDto()));
    server.serve('GET /users/u2/public', ok(profile()));
    const { location } = renderAt('/profile/u2');
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(location()).toBe('/dashboard/messages'));
  });

  it('tells the owner it is their profile and links preferences to the settings page', async () => {
    server.serve('GET /auth/me', ok(meDto({ _id: 'u2' })));
    server.serve('GET /users/u2/public', ok(profile()));
    renderAt('/profile/u2');
    expect(await screen.findByText('This is your profile')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(screen.getByRole('link', { name: /Edit preferences/ }).getAttribute('href')).toBe('/dashboard/profile?tab=preferences');
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('shows Profile not found with a way home, and a private profile without its details', async () => {
    server.serve('GET /users/nope/public', fail(404, 'NOT_FOUND', 'Profile not found'));
    renderAt('/profile/nope', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go Home/ }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Failed to load profile. Please try again.')).toBeNull();
    cleanup();

    server.serve('GET /users/u3/public', ok(profile({ _id: 'u3', isPrivate: true, bio: null, badges: [] })));
    renderAt('/profile/u3', { signedIn: false });
    expect(await screen.findByText('This profile is private')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('toasts a load failure', async () => {
    server.serve('GET /users/u2/public', fail(500, 'INTERNAL', 'Something went wrong. Please try again later'));
    renderAt('/profile/u2', { signedIn: false });
    expect((await screen.findAllByText('Failed to load profile. Please try again.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
