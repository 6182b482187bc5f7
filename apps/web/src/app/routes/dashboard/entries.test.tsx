import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMyEntriesList, TMyEntry } from '@contesthub/shared';
import { entryDto, myEntryDto } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
// Loaded up front so the lazy route resolves at once, however busy the machine is.
import './entries';

/** The signed-in user's (u1) entry, 2nd of 14 with 1,520 votes, in a contest with a 50-credit fee. */
const entry = (over: Partial<TMyEntry> = {}): TMyEntry =>
  myEntryDto({
    votesCount: 1520,
    weightedVotes: 3000,
    likesCount: 8,
    commentsCount: 5,
    participant: { _id: 'u1', fullName: 'Ada Obi', username: 'adaobi', profilePicture: null, verified: true },
    contest: { ...entryDto().contest, entryFee: 'paid', entryFeeAmount: 50 },
    ranking: 2,
    approvedEntries: 14,
    ...over,
  });

const list = (entries: TMyEntry[], page = 1, totalPages = 1, total = entries.length): TMyEntriesList => ({
  entries,
  pagination: { page, limit: 12, total, totalPages },
  total,
  totalPages,
});

// The whole app renders per test: on a busy machine the first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

let server: ReturnType<typeof fakeServer>;
const myEntryCalls = () => server.calls.filter((c) => c.method === 'GET' && c.path === '/entries/my-entries');
const lastQuery = () => Object.fromEntries(new URLSearchParams(myEntryCalls().at(-1)?.query ?? ''));
const card = (title: string) => screen.getByRole('article', { name: title });

beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('My Entries', { timeout: 20_000 }, () => {
  it('sends each tab as the status filter, with pages of 12', async () => {
    server.serve('GET /entries/my-entries', ok(list([entry()])));
    renderAt('/dashboard/entries');
    expect(await screen.findByRole('heading', { level: 2, name: 'My Entries' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Third Mainland Dusk' });
    expect(lastQuery()).toEqual({ page: '1', limit: '12' });
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');

    const expected: Array<[string, string]> = [
      ['Pending Review', 'pending'],
      ['Approved', 'approved'],
      ['Rejected', 'rejected'],
      ['In Voting', 'voting'],
      ['Completed', 'completed'],
    ];
    for (const [label, status] of expected) {
      fireEvent.click(screen.getByRole('tab', { name: label }));
      await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '12', status }));
      expect(screen.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
    }
    // Back to All: no status at all.
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '12' }));
  });

  it('shows status, type, dates, fee, prize, votes and position on each card, and the actions that apply', async () => {
    server.serve(
      'GET /entries/my-entries',
      ok(
        list([
          entry(),
          entry({
            _id: 'e2',
            title: 'Harmattan Essay',
            entryType: 'article',
            status: 'pending',
            media: [{ url: 'https://cdn.example/essay.pdf', kind: 'document', mimeType: 'application/pdf', size: 9000 }],
            votesCount: 0,
            ranking: null,
            approvedEntries: 3,
            contest: {
              _id: 'c2',
              title: 'Short Stories 2026',
              category: 'writing',
              status: 'active',
              entryFee: 'free',
              entryFeeAmount: 0,
              prizeType: 'badge',
              prizeAmount: 0,
              badgeTitle: 'Storyteller',
            },
          }),
          entry({
            _id: 'e3',
            title: 'Eko Skyline',
            contest: { ...entry().contest, _id: 'c3', title: 'City Lights', status: 'ended', entryFeeAmount: 1, prizeType: 'cashanditem' },
            ranking: 1,
            approvedEntries: 1,
            votesCount: 37,
          }),
        ]),
      ),
    );
    renderAt('/dashboard/entries');
    await screen.findByRole('heading', { name: 'Third Mainland Dusk' });
    expect(screen.getByText('Showing 3 of 3 entries')).toBeTruthy();

    const voting = card('Third Mainland Dusk');
    expect(within(voting).getByText('In Voting')).toBeTruthy();
    expect(within(voting).getByText('Photo')).toBeTruthy();
    expect(within(voting).getByRole('img', { name: 'Third Mainland Dusk' }).getAttribute('src')).toBe('https://cdn.example/e1-thumb.jpg');
    expect(within(voting).getByText('Submitted').nextElementSibling?.textContent).toBe('5 Mar 2026');
    expect(within(voting).getByText('Entry fee').nextElementSibling?.textContent).toBe('50 vote credits');
    expect(within(voting).getByText('Prize').nextElementSibling?.textContent).toBe('₦50,000');
    expect(within(voting).getByText('Votes').nextElementSibling?.textContent).toBe('1.5k');
    expect(within(voting).getByText('Position').nextElementSibling?.textContent).toBe('#2 of 14');
    expect(within(voting).getByRole('link', { name: 'Lagos at Night' }).getAttribute('href')).toBe('/contest/c1');
    expect(within(voting).getByRole('link', { name: 'View Contest' }).getAttribute('href')).toBe('/contest/c1');
    expect(within(voting).getByRole('link', { name: 'View Entry' }).getAttribute('href')).toBe('/contest/c1#entry-e1');

    const pending = card('Harmattan Essay');
    expect(within(pending).getByText('Pending Review')).toBeTruthy();
    expect(within(pending).getByText('Write-up')).toBeTruthy();
    expect(
      within(pending)
        .getByRole('link', { name: /Click to View PDF/ })
        .getAttribute('href'),
    ).toBe('https://cdn.example/essay.pdf');
    expect(within(pending).getByText('Entry fee').nextElementSibling?.textContent).toBe('Free');
    expect(within(pending).getByText('Prize').nextElementSibling?.textContent).toBe('Storyteller');
    expect(within(pending).getByText('Votes').nextElementSibling?.textContent).toBe('0');
    expect(within(pending).getByText('Position').nextElementSibling?.textContent).toBe('Not ranked');
    // Only an approved entry in a voting contest has View Entry.
    expect(within(pending).queryByRole('link', { name: 'View Entry' })).toBeNull();
    expect(within(pending).getByRole('link', { name: 'View Contest' }).getAttribute('href')).toBe('/contest/c2');

    const ended = card('Eko Skyline');
    expect(within(ended).getByText('Completed')).toBeTruthy();
    expect(within(ended).getByText('Entry fee').nextElementSibling?.textContent).toBe('1 vote credit');
    expect(within(ended).getByText('Prize').nextElementSibling?.textContent).toBe('₦50,000 + prize items');
    expect(within(ended).getByText('Votes').nextElementSibling?.textContent).toBe('37');
    expect(within(ended).getByText('Position').nextElementSibling?.textContent).toBe('#1 of 1');
    expect(within(ended).queryByRole('link', { name: 'View Entry' })).toBeNull();
    // Only rejected entries can be appealed.
    expect(screen.queryByRole('link', { name: /Appeal/ })).toBeNull();
  });

  it("shows a rejected entry's reason, or says none was given", async () => {
    server.serve(
      'GET /entries/my-entries',
      ok(
        list([
          entry({ _id: 'r1', title: 'Blurry Bridge', status: 'rejected', rejectionReason: 'The photo is out of focus.', ranking: null }),
          entry({ _id: 'r2', title: 'Night Market', status: 'rejected', rejectionReason: null, ranking: null }),
        ]),
      ),
    );
    renderAt('/dashboard/entries');
    await screen.findByRole('heading', { name: 'Blurry Bridge' });
    const withReason = card('Blurry Bridge');
    expect(within(withReason).getByText('Rejected')).toBeTruthy();
    expect(within(withReason).getByText('The photo is out of focus.')).toBeTruthy();
    expect(within(withReason).getByText('Position').nextElementSibling?.textContent).toBe('Not ranked');
    expect(within(withReason).queryByRole('link', { name: 'View Entry' })).toBeNull();
    expect(within(card('Night Market')).getByText('No reason was given.')).toBeTruthy();
    const appeal = within(withReason).getByRole('link', { name: /Appeal/ });
    const target = new URL(appeal.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/contact');
    expect(target.searchParams.get('category')).toBe('Contest Issues');
    expect(target.searchParams.get('subject')).toBe('Appeal: rejected entry "Blurry Bridge"');
    // An approved card never shows a reason box.
    expect(screen.getAllByText('Reason:')).toHaveLength(2);
  });

  it('shows an empty state per tab that leads to the contests', async () => {
    server.serve('GET /entries/my-entries', ok(list([])));
    renderAt('/dashboard/entries');
    expect(await screen.findByText("You haven't entered any contests yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a Contest' }).getAttribute('href')).toBe('/contests');
    expect(screen.queryByText(/^Showing/)).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('No rejected entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'In Voting' }));
    expect(await screen.findByText('No entries in voting')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a Contest' }).getAttribute('href')).toBe('/contests');
  });

  it('shows the load failure with Try Again, which loads the entries', async () => {
    server.serve(
      'GET /entries/my-entries',
      fail(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
      ok(list([entry({ title: 'Second Try' })])),
    );
    renderAt('/dashboard/entries');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load your entries. Please try again.')).toBeTruthy();
    // The toast says it too.
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Second Try' })).toBeTruthy();
    expect(myEntryCalls()).toHaveLength(2);
  });

  it('Load More appends the next page, then says the list has ended', async () => {
    const page1 = Array.from({ length: 12 }, (_, i) => entry({ _id: `e${i}`, title: `Entry ${i}` }));
    server.serve('GET /entries/my-entries', ok(list(page1, 1, 2, 13)), ok(list([entry({ _id: 'e12', title: 'Entry 12' })], 2, 2, 13)));
    renderAt('/dashboard/entries');
    await screen.findByRole('heading', { name: 'Entry 0' });
    expect(screen.getByText('Showing 12 of 13 entries')).toBeTruthy();
    expect(screen.queryByText("That's all of your entries here.")).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Entry 12' })).toBeTruthy();
    expect(lastQuery()).toEqual({ page: '2', limit: '12' });
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(screen.getByText("That's all of your entries here.")).toBeTruthy();
    expect(screen.getByText('Showing 13 of 13 entries')).toBeTruthy();
  });

  it('sends a signed-out visitor to log in', async () => {
    renderAt('/dashboard/entries', { signedIn: false });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(myEntryCalls()).toHaveLength(0);
  });
});
