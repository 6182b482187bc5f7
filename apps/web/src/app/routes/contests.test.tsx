import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TContest, TContestDeleted, TContestList, TFeaturedContests } from '@contesthub/shared';
import { contestDto, inDays, reportSubmittedDto } from '../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../test/harness';
// Loaded up front so the lazy routes resolve at once, however busy the machine is.
import './home';
import './contests';

/** A featured contest with 14 entries and 1,520 votes, by Kemi Ade. */
const contest = (over: Partial<TContest> = {}): TContest =>
  contestDto({
    entriesCount: 14,
    stats: { totalEntries: 14, totalVotes: 1520, totalParticipants: 14, totalVoters: 90 },
    isFeatured: true,
    ...over,
  });

const list = (contests: TContest[], page = 1, totalPages = 1, total = contests.length): TContestList => ({
  contests,
  pagination: { page, limit: 12, total, totalPages },
  totalContests: total,
  totalPages,
});

const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => contest({ _id: `c${from + i}`, title: `Contest ${from + i}` }));

// The whole app renders per test: on a busy machine the first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

let server: ReturnType<typeof fakeServer>;
/** The query of the last GET /contests, as an object. */
const lastQuery = () => Object.fromEntries(new URLSearchParams(server.last('GET', '/contests')?.query ?? ''));
const listCalls = () => server.calls.filter((c) => c.method === 'GET' && c.path === '/contests').length;

beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Page journeys through the real app: generous time when the machine is busy.
describe('Browse contests: filters drive the request', { timeout: 20_000 }, () => {
  it('sends each prize type (the path alias keeps the choice) and each sort as its own value', async () => {
    server.serve('GET /contests', ok(list([contest()])));
    const { location } = renderAt('/contests', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Contests' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Lagos at Night' });
    expect(lastQuery()).toEqual({ page: '1', limit: '12', sortBy: 'newest' });

    const expected: Array<[string, string, string]> = [
      ['cash', 'cash', '/contests/cash-prize'],
      ['items', 'cashanditem', '/contests/items-prize'],
      ['hybrid', 'cashanditem', '/contests/hybrid-prize'],
      ['open', 'badge', '/contests/open-contest'],
    ];
    for (const [key, wire, path] of expected) {
      fireEvent.change(screen.getByLabelText('Prize type'), { target: { value: key } });
      await waitFor(() => expect(location()).toBe(path));
      await waitFor(() => expect(lastQuery().prizeType).toBe(wire));
      expect((screen.getByLabelText('Prize type') as HTMLSelectElement).value).toBe(key);
    }
    fireEvent.change(screen.getByLabelText('Prize type'), { target: { value: '' } });
    await waitFor(() => expect(location()).toBe('/contests'));
    await waitFor(() => expect(lastQuery().prizeType).toBeUndefined());

    expect(Array.from((screen.getByLabelText('Sort by') as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Newest',
      'Ending Soon',
      'Most Entries',
      'Biggest Prize',
      'Most Votes',
    ]);
    for (const sort of ['deadline', 'entries', 'prize', 'votes']) {
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: sort } });
      await waitFor(() => expect(lastQuery().sortBy).toBe(sort));
      expect(location()).toBe(`/contests?sortBy=${sort}`);
    }
  });

  it('sends category, entry type, status and a search of 2+ characters, keeps them in the URL, and Clear All resets', async () => {
    server.serve('GET /contests', ok(list([contest()])));
    const { location } = renderAt('/contests', { signedIn: false });
    await screen.findByRole('heading', { name: 'Lagos at Night' });

    fireEvent.change(screen.getByLabelText('Entry type'), { target: { value: 'article' } });
    await waitFor(() => expect(lastQuery().entryType).toBe('article'));
    expect(within(screen.getByLabelText('Entry type')).getByRole('option', { name: 'Write-up' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'coding' } });
    await waitFor(() => expect(lastQuery().category).toBe('coding'));
    expect(within(screen.getByLabelText('Category')).getByRole('option', { name: 'Technology' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'voting' } });
    await waitFor(() => expect(lastQuery().status).toBe('voting'));
    expect(location()).toBe('/contests?category=coding&entryType=article&status=voting');

    // Search: one character is refused with the spec's message and nothing is sent.
    const calls = listCalls();
    fireEvent.change(screen.getByLabelText('Search contests'), { target: { value: ' a ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Search query must be at least 2 characters long')).toBeTruthy();
    expect(listCalls()).toBe(calls);
    fireEvent.change(screen.getByLabelText('Search contests'), { target: { value: 'afrobeats ' } });
    expect(screen.queryByText('Search query must be at least 2 characters long')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery().search).toBe('afrobeats'));
    expect(lastQuery()).toEqual({
      page: '1',
      limit: '12',
      sortBy: 'newest',
      search: 'afrobeats',
      category: 'coding',
      entryType: 'article',
      status: 'voting',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(location()).toBe('/contests'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '12', sortBy: 'newest' }));
    expect((screen.getByLabelText('Search contests') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Clear All' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['/contests/cash-prize', 'cash', 'cash'],
    ['/contests/items-prize', 'items', 'cashanditem'],
    ['/contests/hybrid-prize', 'hybrid', 'cashanditem'],
    ['/contests/open-contest', 'open', 'badge'],
    ['/categories', '', undefined],
    ['/leaderboard', '', undefined],
    ['/browse-contests', '', undefined],
    ['/contests/hybrid-prize?prizeType=cash', 'cash', 'cash'],
  ])('%s presets the prize type', async (path, key, wire) => {
    server.serve('GET /contests', ok(list([contest()])));
    renderAt(path, { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Contests' })).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBe(1));
    expect(lastQuery().prizeType).toBe(wire);
    expect((screen.getByLabelText('Prize type') as HTMLSelectElement).value).toBe(key);
  });

  it('ignores unknown values and a search that is too short (with its message) instead of sending them', async () => {
    server.serve('GET /contests', ok(list([contest()])));
    renderAt('/contests?search=a&category=bogus&sortBy=popularity&entryType=mixed&sortOrder=asc', { signedIn: false });
    expect(await screen.findByText('Search query must be at least 2 characters long')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBe(1));
    expect(lastQuery()).toEqual({ page: '1', limit: '12', sortBy: 'newest' });
  });

  it('Load More fetches the next page and appends it, and disappears on the last page', async () => {
    server.serve('GET /contests', ok(list(many(12), 1, 2, 13)), ok(list(many(1, 12), 2, 2, 13)));
    renderAt('/contests', { signedIn: false });
    expect(await screen.findByText('Showing 12 of 13 contests')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Contest 12' })).toBeTruthy();
    expect(lastQuery()).toEqual({ page: '2', limit: '12', sortBy: 'newest' });
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(screen.getByRole('heading', { name: 'Contest 0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('shows the empty state with Clear Filters and Create a Contest', async () => {
    server.serve('GET /contests', ok(list([])));
    const { location } = renderAt('/contests/cash-prize?category=music', { signedIn: false });
    const empty = (await screen.findByText('No contests found')).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Create a Contest' }).getAttribute('href')).toBe('/create');
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/contests'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '12', sortBy: 'newest' }));
    // Without filters there is nothing to clear.
    expect(await screen.findByText('No contests found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('toasts a load failure and retries', async () => {
    server.serve('GET /contests', fail(500, 'INTERNAL', 'boom'), ok(list([contest()])));
    renderAt('/contests', { signedIn: false });
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText('Failed to load contests.').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Lagos at Night' })).toBeTruthy();
  });
});

describe('Browse contests on a phone', { timeout: 20_000 }, () => {
  /** A browser 390 px wide: every max-width query up to 639.98 px matches. */
  const phoneScreen = () =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width: 639\.98px/.test(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));

  it('folds the filters into a sheet: a draft that Apply Filters applies, Clear All resets and closing drops', async () => {
    phoneScreen();
    server.serve('GET /contests', ok(list([contest()])));
    const { location } = renderAt('/contests?category=coding', { signedIn: false });
    await screen.findByRole('heading', { name: 'Lagos at Night' });
    // The search stays; the choices wait behind the button, which counts the active ones.
    expect(screen.getByLabelText('Search contests')).toBeTruthy();
    expect(screen.queryByLabelText('Category')).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters, 1 active' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');

    fireEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect((within(sheet).getByLabelText('Category') as HTMLSelectElement).value).toBe('coding');
    fireEvent.change(within(sheet).getByLabelText('Status'), { target: { value: 'voting' } });
    fireEvent.change(within(sheet).getByLabelText('Prize type'), { target: { value: 'cash' } });
    // Nothing is sent before Apply Filters.
    expect(location()).toBe('/contests?category=coding');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(location()).toBe('/contests/cash-prize?category=coding&status=voting'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ category: 'coding', status: 'voting', prizeType: 'cash' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters, 3 active' })).toBeTruthy();

    // Clear All empties the draft; closing the sheet instead of applying leaves the list as it was.
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(again).getByRole('button', { name: 'Clear All' }));
    expect((within(again).getByLabelText('Status') as HTMLSelectElement).value).toBe('');
    expect((within(again).getByRole('button', { name: 'Clear All' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(again).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/contests/cash-prize?category=coding&status=voting');

    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const last = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(last).getByRole('button', { name: 'Clear All' }));
    fireEvent.click(within(last).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(location()).toBe('/contests'));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});

describe('Contest card', { timeout: 20_000 }, () => {
  it('shows the status text, prize, fee, counts, organizer and the action by status', async () => {
    server.serve(
      'GET /contests',
      ok(
        list([
          contest(),
          contest({
            _id: 'c2',
            title: 'Afrobeats Cover',
            status: 'voting',
            entryType: 'audio',
            category: 'other',
            customCategory: 'Street dance',
            displayCategory: 'Street dance',
            prizeType: 'cashanditem',
            prizeAmount: 10_000_050,
            prizeItems: ['Studio time', 'Microphone'],
            entryFee: 'paid',
            entryFeeAmount: 2.5,
            votingEndDate: inDays(1),
            coverImage: 'https://cdn.example/broken.jpg',
          }),
          contest({
            _id: 'c3',
            title: 'Poetry Slam',
            status: 'ended',
            prizeType: 'badge',
            badgeTitle: 'Poet Laureate',
            votingEndDate: '2026-03-01T12:00:00Z',
          }),
          contest({ _id: 'c4', title: 'Draft One', status: 'draft', entryFee: 'paid', entryFeeAmount: 1 }),
        ]),
      ),
    );
    renderAt('/contests', { signedIn: false });
    const card = (name: string) => screen.getByRole('article', { name });

    const first = await screen.findByRole('article', { name: 'Lagos at Night' });
    expect(within(first).getByText('3 days left to enter')).toBeTruthy();
    expect(within(first).getByText('₦50,000')).toBeTruthy();
    expect(within(first).getByText('Free')).toBeTruthy();
    expect(within(first).getByText('1.5k')).toBeTruthy();
    expect(within(first).getByText('14')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Kemi Ade' }).getAttribute('href')).toBe('/profile/u7');
    expect(within(first).getByRole('link', { name: 'Enter Contest' }).getAttribute('href')).toBe('/contest/c1');
    expect(within(first).getByTestId('cover-fallback')).toBeTruthy();

    const second = card('Afrobeats Cover');
    expect(within(second).getByText('1 day left to vote')).toBeTruthy();
    expect(within(second).getByText('₦100,000.50')).toBeTruthy();
    expect(within(second).getByText('+ Studio time, Microphone')).toBeTruthy();
    expect(within(second).getByText('2.5 vote credits')).toBeTruthy();
    expect(within(second).getByText('Street dance')).toBeTruthy();
    expect(within(second).getByText('Audio')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Vote Now' })).toBeTruthy();
    // A cover that fails to load falls back to the gradient.
    fireEvent.error(second.querySelector('img')!);
    expect(within(second).getByTestId('cover-fallback')).toBeTruthy();

    const third = card('Poetry Slam');
    expect(within(third).getByText('Poet Laureate')).toBeTruthy();
    expect(within(third).getByText('Ended 1 Mar 2026')).toBeTruthy();
    expect(within(third).getByRole('link', { name: 'View Results' })).toBeTruthy();

    const fourth = card('Draft One');
    expect(within(fourth).getByText('Not published yet')).toBeTruthy();
    expect(within(fourth).getByText('1 vote credit')).toBeTruthy();
    expect(within(fourth).getByRole('link', { name: 'View Contest' })).toBeTruthy();
  });

  it('gives a logged-out visitor neither Report nor Delete', async () => {
    server.serve('GET /contests', ok(list([contest()])));
    renderAt('/contests', { signedIn: false });
    await screen.findByRole('heading', { name: 'Lagos at Night' });
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets a signed-in user report with the spec validation messages', async () => {
    server.serve('GET /contests', ok(list([contest()])));
    server.serve(
      'POST /contests/c1/report',
      fail(409, 'CONFLICT', 'You have already reported this contest'),
      ok(reportSubmittedDto(), 'Report submitted'),
    );
    renderAt('/contests');
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Report Contest' });
    const reason = within(dialog).getByLabelText(/Reason/) as HTMLSelectElement;
    expect(Array.from(reason.options).map((o) => o.text)).toEqual([
      'Select a reason',
      'Spam',
      'Inappropriate Content',
      'Harassment',
      'Hate Speech',
      'Violence',
      'Copyright Violation',
      'Fake Contest',
      'Scam',
      'Other',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await within(dialog).findByText('Please select a reason for reporting.')).toBeTruthy();
    expect(within(dialog).getByText('Please provide a description of the issue.')).toBeTruthy();

    fireEvent.change(reason, { target: { value: 'fake_contest' } });
    expect(within(dialog).queryByText('Please select a reason for reporting.')).toBeNull();
    const description = within(dialog).getByLabelText(/Description/);
    fireEvent.change(description, { target: { value: 'Too short' } });
    expect(within(dialog).getByText('9/1000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await within(dialog).findByText('Description must be at least 10 characters long.')).toBeTruthy();
    fireEvent.change(description, { target: { value: 'x'.repeat(1001) } });
    expect(within(dialog).getByText('1001/1000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await within(dialog).findByText('Description cannot exceed 1000 characters.')).toBeTruthy();
    expect(server.last('POST', '/contests/c1/report')).toBeUndefined();

    fireEvent.change(description, { target: { value: '  The prize does not exist.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report Failed')).toBeTruthy();
    expect(screen.getByText('You have already reported this contest')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report Submitted')).toBeTruthy();
    expect(server.last('POST', '/contests/c1/report')?.body).toEqual({ reason: 'fake_contest', description: 'The prize does not exist.' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report Contest' })).toBeNull());
  });

  it('offers a moderator Report, not Delete (deleting any contest is an admin permission)', async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'moderator' })));
    server.serve('GET /contests', ok(list([contest()])));
    renderAt('/contests');
    expect(await screen.findByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets an admin delete after confirming, then refreshes the list', async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'admin' })));
    server.serve('GET /contests', ok(list([contest()])), ok(list([])));
    server.serve(
      'DELETE /contests/c1',
      fail(409, 'CONFLICT', 'A contest with entries cannot be deleted'),
      ok({ escrowRefunded: 5_000_000, badgeFeeRefunded: 0 } satisfies TContestDeleted, 'Contest deleted'),
    );
    renderAt('/contests');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Delete Contest' });
    expect(within(dialog).getByText('Are you sure you want to delete this contest? This action cannot be undone.')).toBeTruthy();

    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Contest' })).toBeNull());
    expect(server.last('DELETE', '/contests/c1')).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Contest' })).getByRole('button', { name: 'Delete Contest' }));
    expect(await screen.findByText('Delete Failed')).toBeTruthy();
    expect(screen.getByText('A contest with entries cannot be deleted')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete Contest' })).getByRole('button', { name: 'Delete Contest' }));
    expect(await screen.findByText('Contest Deleted')).toBeTruthy();
    expect(await screen.findByText('No contests found')).toBeTruthy();
    expect(listCalls()).toBe(2);
  });
});

describe('Home featured contests', () => {
  it('lists 8 featured contests between the stats and why-choose sections, with View all contests', async () => {
    server.serve('GET /contests/featured', ok({ contests: many(8) } satisfies TFeaturedContests));
    renderAt('/', { signedIn: false });
    const section = (await screen.findByRole('heading', { name: 'Featured Contests' })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(8));
    expect(server.last('GET', '/contests/featured')?.query).toBe('limit=8');
    expect(
      within(section)
        .getByRole('link', { name: /View all contests/ })
        .getAttribute('href'),
    ).toBe('/contests');
    const why = screen.getByRole('heading', { name: 'Why creators choose ContestHub' });
    const stats = screen.getByRole('region', { name: 'Platform statistics' });
    expect(stats.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(why) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves the section out when there are no featured contests', async () => {
    server.serve('GET /contests/featured', ok({ contests: [] } satisfies TFeaturedContests));
    renderAt('/', { signedIn: false });
    await screen.findByRole('heading', { name: 'Why creators choose ContestHub' });
    await waitFor(() => expect(server.last('GET', '/contests/featured')).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Featured Contests' })).toBeNull());
  });
});
