import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEntry, TEntryBrowseList, TPublicStats } from '@contesthub/shared';
import { entryDto } from '../../test/fixtures';
import { fail, fakeServer, ok, renderAt } from '../../test/harness';
// Loaded up front so the lazy route resolves at once, however busy the machine is.
import './entries';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The shared fixture with the values these tests read (tags, counts, ranking, times).
const entry = (over: Partial<TEntry> = {}): TEntry =>
  entryDto({
    tags: ['lagos', 'night', 'bridge', 'lagoon', 'long-exposure'],
    votesCount: 1520,
    weightedVotes: 3000,
    likesCount: 8,
    commentsCount: 5,
    ranking: 1,
    createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    submittedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    ...over,
  });

/** GET /entries as the server answers it; totalVotes sums votesCount over the given entries unless `extra` says otherwise. */
const list = (
  entries: TEntry[],
  page = 1,
  totalPages = 1,
  total = entries.length,
  extra: Partial<TEntryBrowseList> = {},
): TEntryBrowseList => ({
  entries,
  pagination: { page, limit: 12, total, totalPages },
  total,
  totalPages,
  totalVotes: entries.reduce((sum, e) => sum + e.votesCount, 0),
  ...extra,
});

// The whole app renders per test: on a busy machine the first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

let server: ReturnType<typeof fakeServer>;
const lastQuery = () => Object.fromEntries(new URLSearchParams(server.last('GET', '/entries')?.query ?? ''));
const entryCalls = () => server.calls.filter((c) => c.method === 'GET' && c.path === '/entries').length;

beforeEach(() => {
  server = fakeServer();
  server.serve(
    'GET /analytics/public-stats',
    ok({ activeContests: 7, totalParticipants: 40, totalPrizeAmount: 0, successRate: 50 } satisfies TPublicStats),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('All Entries', { timeout: 20_000 }, () => {
  it('maps tabs to createdAfter / minVotes and sorts to their own values', async () => {
    server.serve('GET /entries', ok(list([entry()])));
    renderAt('/entries', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Entries' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Third Mainland Dusk' });
    expect(lastQuery()).toEqual({ status: 'approved', page: '1', limit: '12', sortBy: 'newest' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All Entries', 'Recent', 'Popular', 'Trending']);

    fireEvent.click(screen.getByRole('tab', { name: 'Recent' }));
    await waitFor(() => expect(lastQuery().createdAfter).toBeDefined());
    const cutoff = Date.parse(lastQuery().createdAfter!);
    expect(Math.abs(Date.now() - 7 * DAY - cutoff)).toBeLessThan(60_000);
    expect(lastQuery().minVotes).toBeUndefined();

    fireEvent.click(screen.getByRole('tab', { name: 'Popular' }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'approved', page: '1', limit: '12', sortBy: 'newest', minVotes: '500' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Trending' }));
    await waitFor(() => expect(lastQuery().minVotes).toBe('800'));
    expect(screen.getByRole('tab', { name: 'Trending' }).getAttribute('aria-selected')).toBe('true');

    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(Array.from(sort.options).map((o) => o.text)).toEqual(['Newest', 'Oldest', 'Most Popular', 'Most Votes']);
    for (const value of ['oldest', 'popular', 'votes']) {
      fireEvent.change(sort, { target: { value } });
      await waitFor(() => expect(lastQuery()).toEqual({ status: 'approved', page: '1', limit: '12', sortBy: value, minVotes: '800' }));
    }

    // Keyboard: arrows move between tabs.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Trending' }), { key: 'Home' });
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'approved', page: '1', limit: '12', sortBy: 'votes' }));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'All Entries' }));
  });

  it('renders each entry type, the author, contest, tags, time, real comment count and votes', async () => {
    server.serve(
      'GET /entries',
      ok(
        list([
          entry(),
          entry({
            _id: 'e2',
            title: 'Danfo Chase',
            entryType: 'video',
            media: [
              {
                url: 'https://cdn.example/e2.mp4',
                thumbnailUrl: 'https://cdn.example/e2.jpg',
                kind: 'video',
                mimeType: 'video/mp4',
                size: 1,
              },
            ],
            tags: ['film'],
            commentsCount: 1,
            votesCount: 1,
          }),
          entry({
            _id: 'e3',
            title: 'Highlife Hum',
            entryType: 'audio',
            media: [{ url: 'https://cdn.example/e3.mp3', kind: 'audio', mimeType: 'audio/mpeg', size: 1 }],
            tags: [],
            commentsCount: 0,
            votesCount: 999,
          }),
          entry({
            _id: 'e4',
            title: 'Harmattan Letters',
            entryType: 'article',
            media: [{ url: 'https://cdn.example/e4.pdf', kind: 'document', mimeType: 'application/pdf', size: 1 }],
            settings: { allowSharing: false },
            createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
          }),
        ]),
      ),
    );
    renderAt('/entries', { signedIn: false });
    const photo = await screen.findByRole('article', { name: 'Third Mainland Dusk' });
    const img = within(photo).getByRole('img', { name: 'Third Mainland Dusk' });
    expect(img.getAttribute('src')).toBe('https://cdn.example/e1-thumb.jpg');
    expect(
      within(photo)
        .getByRole('link', { name: /Tunde Bello/ })
        .getAttribute('href'),
    ).toBe('/profile/u9');
    expect(within(photo).getByRole('link', { name: 'Lagos at Night' }).getAttribute('href')).toBe('/contest/c1');
    expect(within(photo).getByRole('link', { name: 'View Entry' }).getAttribute('href')).toBe('/contest/c1');
    expect(
      within(photo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#lagos', '#night', '#bridge', '+2 more']);
    expect(within(photo).getByText('2h ago')).toBeTruthy();
    expect(within(photo).getByText('5 comments')).toBeTruthy();
    expect(within(photo).getByText('1.5k votes')).toBeTruthy();
    fireEvent.error(img);
    expect(within(photo).getByText('Image not available')).toBeTruthy();

    const video = screen.getByRole('article', { name: 'Danfo Chase' }).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://cdn.example/e2.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(within(screen.getByRole('article', { name: 'Danfo Chase' })).getByText('1 comment')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Danfo Chase' })).getByText('1 vote')).toBeTruthy();

    const audioCard = screen.getByRole('article', { name: 'Highlife Hum' });
    const audio = audioCard.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('https://cdn.example/e3.mp3');
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(within(audioCard).getByText('0 comments')).toBeTruthy();
    expect(within(audioCard).getByText('999 votes')).toBeTruthy();

    const article = screen.getByRole('article', { name: 'Harmattan Letters' });
    const pdf = within(article).getByRole('link', { name: /Click to View PDF/ });
    expect(pdf.getAttribute('href')).toBe('https://cdn.example/e4.pdf');
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(pdf.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(article).getByText('3d ago')).toBeTruthy();
    // The author turned sharing off.
    expect(within(article).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(photo).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('shows the summary tiles, and Load More Entries fetches page 2 and appends it', async () => {
    const page1 = Array.from({ length: 12 }, (_, i) => entry({ _id: `e${i}`, title: `Entry ${i}`, votesCount: 10 }));
    const pages = { totalVotes: 125 };
    server.serve(
      'GET /entries',
      ok(list(page1, 1, 2, 13, pages)),
      ok(list([entry({ _id: 'e12', title: 'Entry 12', votesCount: 5 })], 2, 2, 13, pages)),
    );
    renderAt('/entries', { signedIn: false });
    await screen.findByRole('heading', { name: 'Entry 0' });
    const stats = screen.getByLabelText('Entry statistics');
    expect(within(stats).getByText('Total Entries').nextElementSibling?.textContent).toBe('13');
    // The server's total over every matching entry, before every page is loaded.
    expect(within(stats).getByText('Total Votes').nextElementSibling?.textContent).toBe('125');
    await waitFor(() => expect(within(stats).getByText('Active Contests').nextElementSibling?.textContent).toBe('7'));

    fireEvent.click(screen.getByRole('button', { name: 'Load More Entries' }));
    expect(await screen.findByRole('heading', { name: 'Entry 12' })).toBeTruthy();
    expect(lastQuery()).toEqual({ status: 'approved', page: '2', limit: '12', sortBy: 'newest' });
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load More Entries' })).toBeNull();
    expect(within(stats).getByText('Total Votes').nextElementSibling?.textContent).toBe('125');
  });

  it("shows the server's total votes, not the sum of the entries loaded", async () => {
    server.serve('GET /entries', ok(list([entry()], 1, 3, 30, { totalVotes: 48_200 })));
    renderAt('/entries', { signedIn: false });
    await screen.findByRole('heading', { name: 'Third Mainland Dusk' });
    expect(screen.getByText('Total Votes').nextElementSibling?.textContent).toBe('48.2k');
  });

  it('shows the empty state, and toasts a load failure', async () => {
    server.serve('GET /entries', ok(list([])));
    renderAt('/entries', { signedIn: false });
    expect(await screen.findByText('No entries found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters or check back later for new entries.')).toBeTruthy();
    cleanup();

    server.serve('GET /entries', fail(500, 'INTERNAL', 'boom'));
    renderAt('/entries', { signedIn: false });
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText('Failed to load entries. Please try again.').length).toBeGreaterThan(0);
    expect(entryCalls()).toBe(2);
  });
});

describe('Share dialog', { timeout: 20_000 }, () => {
  it('offers every network and the device share, and copy shows Copied for 2 seconds', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server.serve('GET /entries', ok(list([entry()])));
    renderAt('/entries', { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Entry' });
    const url = `${window.location.origin}/contest/c1`;
    const hrefs = Object.fromEntries(
      within(dialog)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]),
    );
    expect(Object.keys(hrefs)).toEqual([
      'Share on Twitter',
      'Share on Facebook',
      'Share on LinkedIn',
      'Share on WhatsApp',
      'Share on Telegram',
    ]);
    expect(hrefs['Share on LinkedIn']).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    expect(hrefs['Share on Telegram']).toContain(`url=${encodeURIComponent(url)}`);
    expect(hrefs['Share on Facebook']).toContain(encodeURIComponent(url));

    fireEvent.click(within(dialog).getByRole('button', { name: 'More options' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url, title: 'Third Mainland Dusk' })));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    });
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByText('Link Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('has no device share without navigator.share, and toasts Copy Failed', async () => {
    Reflect.deleteProperty(navigator, 'share');
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    server.serve('GET /entries', ok(list([entry()])));
    renderAt('/entries', { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Entry' });
    expect(within(dialog).queryByRole('button', { name: 'More options' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Copy Failed')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });
});
