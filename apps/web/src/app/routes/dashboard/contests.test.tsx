import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TContest, TContestAnswer, TContestDeleted, TContestStatusChanged, TMyContests } from '@contesthub/shared';
import { contestDto, inDays } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
import { pageWindow } from '../../../components/ui/pagination';
// Loaded up front so the lazy route resolves at once.
import './contests';
import { buildUpdate, editValuesOf, fromDateInput, toDateInput } from '../../../features/contests/lib/edit-form';

/** One of the signed-in user's (u1, Ada Obi) contests. */
const contest = (over: Partial<TContest> = {}): TContest =>
  contestDto({ organizer: { _id: 'u1', fullName: 'Ada Obi', username: 'adaobi', profilePicture: null }, ...over });

const page = (contests: TContest[], pageNo = 1, totalPages = 1, total = contests.length): TMyContests => ({
  contests,
  pagination: { page: pageNo, limit: 12, total, totalPages },
  total,
  totalPages,
});

let server: ReturnType<typeof fakeServer>;
const lastQuery = () => Object.fromEntries(new URLSearchParams(server.last('GET', '/contests/my-contests')?.query ?? ''));
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

describe('My Contests: list, tabs, refresh, pages', () => {
  it('shows each card with its status text, prize summary and counts, and the actions its status allows', async () => {
    server.serve(
      'GET /contests/my-contests',
      ok(
        page([
          contest({
            prizeType: 'cashanditem',
            prizeItems: ['Camera', 'Tripod', 'Lens', 'Bag'],
            entriesCount: 14,
            stats: { totalEntries: 14, totalVotes: 1520, totalParticipants: 14, totalVoters: 90 },
            entryReview: 'review',
          }),
          contest({
            _id: 'c2',
            title: 'Poetry Slam',
            status: 'voting',
            phase: 'voting',
            entryEndDate: inDays(-1),
            votingStartDate: inDays(-1),
            votingEndDate: inDays(2),
          }),
          contest({ _id: 'c3', title: 'Old Show', status: 'ended', phase: 'ended', votingEndDate: '2026-01-15T12:00:00Z' }),
          contest({ _id: 'c4', title: 'Future Fest', phase: 'upcoming', entryStartDate: inDays(5), entryEndDate: inDays(8) }),
          contest({ _id: 'c5', title: 'Called Off', status: 'cancelled', phase: 'cancelled' }),
        ]),
      ),
    );
    renderAt('/dashboard/contests');
    expect(await screen.findByRole('heading', { level: 2, name: 'My Contests' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Lagos at Night' });
    expect(lastQuery()).toEqual({ page: '1', limit: '12' });

    const first = within(card('Lagos at Night'));
    expect(first.getByText('3 days left to enter')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('₦50,000')).toBeTruthy();
    expect(first.getByText(/Camera, Tripod/)).toBeTruthy();
    expect(first.getByText('+2 more')).toBeTruthy();
    expect(first.getByText('14')).toBeTruthy();
    expect(first.getByText('1.5k')).toBeTruthy();
    const live = first.getByRole('link', { name: /^Live/ });
    expect(live.getAttribute('href')).toBe('/contest/c1');
    expect(live.getAttribute('target')).toBe('_blank');
    expect(first.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/dashboard/contests/c1/review');
    expect(first.getByRole('button', { name: 'Close entries' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Cancel contest' })).toBeTruthy();
    expect(first.queryByRole('button', { name: 'End contest' })).toBeNull();

    const voting = within(card('Poetry Slam'));
    expect(voting.getByText('2 days left to vote')).toBeTruthy();
    expect(voting.getByRole('link', { name: /^Vote/ }).getAttribute('href')).toBe('/contest/c2');
    expect(voting.getByRole('button', { name: 'End contest' })).toBeTruthy();
    expect(voting.queryByRole('button', { name: 'Close entries' })).toBeNull();
    expect(voting.queryByRole('link', { name: 'Review' })).toBeNull();

    const ended = within(card('Old Show'));
    expect(ended.getByText('Ended 15 Jan 2026')).toBeTruthy();
    expect(ended.getByRole('link', { name: /^Results/ })).toBeTruthy();
    expect(ended.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(ended.queryByRole('button', { name: /contest|entries/i })).toBeNull();

    // Entries have not opened: closing them early is not offered (the server refuses it), cancelling is.
    const upcoming = within(card('Future Fest'));
    expect(upcoming.getByText(/^Starts /)).toBeTruthy();
    expect(upcoming.queryByRole('button', { name: 'Close entries' })).toBeNull();
    expect(upcoming.getByRole('button', { name: 'Cancel contest' })).toBeTruthy();

    const cancelled = within(card('Called Off'));
    expect(cancelled.getByText('Contest cancelled')).toBeTruthy();
    expect(cancelled.queryByRole('link', { name: /^(Live|Vote|Results)/ })).toBeNull();
    expect(cancelled.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('sends the tab as the status filter, from page 1', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()], 1, 3, 30)));
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));

    for (const [tab, status] of [
      ['Active', 'active'],
      ['Voting', 'voting'],
      ['Ended', 'ended'],
    ] as const) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '12', status }));
      expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '12' }));
  });

  it('pages with Previous, Next and at most five page buttons', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()], 1, 9, 100)));
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    const nav = screen.getByRole('navigation', { name: 'My contests pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect((within(nav).getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    expect(pageWindow(7, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
  });

  it('refreshes with Refreshed / Contest statuses updated, or Failed to refresh contests', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()])));
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    const calls = () => server.calls.filter((c) => c.path === '/contests/my-contests').length;
    const before = calls();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }));
    expect(await screen.findByText('Refreshed')).toBeTruthy();
    expect(screen.getByText('Contest statuses updated')).toBeTruthy();
    expect(calls()).toBe(before + 1);

    server.serve('GET /contests/my-contests', fail(500, 'INTERNAL_ERROR', 'boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }));
    expect(await screen.findByText('Failed to refresh contests')).toBeTruthy();
    // The load-failure toast does not double it.
    expect(screen.queryByText('Failed to load your contests. Please try again.')).toBeNull();
  });

  it('shows the empty state with a link to create a contest', async () => {
    server.serve('GET /contests/my-contests', ok(page([])));
    renderAt('/dashboard/contests');
    expect(await screen.findByText("You haven't created any contests yet")).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Create Contest' });
    expect(links.some((l) => l.closest('[role="tabpanel"]') && l.getAttribute('href') === '/dashboard/create')).toBe(true);
  });

  it('toasts Error / Failed to load your contests and retries', async () => {
    server.serve('GET /contests/my-contests', fail(500, 'INTERNAL_ERROR', 'boom'), ok(page([contest()])));
    renderAt('/dashboard/contests');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText('Failed to load your contests. Please try again.').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Lagos at Night' })).toBeTruthy();
  });

  it('shows every field in the View dialog', async () => {
    server.serve(
      'GET /contests/my-contests',
      ok(
        page([
          contest({
            entryFee: 'paid',
            entryFeeAmount: 2.5,
            votingType: 'both',
            votingFeeAmount: 20,
            freeVotesPerUser: 2,
            maxVotesPerUser: 5,
          }),
        ]),
      ),
    );
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lagos at Night' });
    const d = within(dialog);
    expect(d.getByText('Photos of the city after dark.')).toBeTruthy();
    expect(d.getByText('2.5 vote credits')).toBeTruthy();
    expect(d.getByText('20 vote credits per vote')).toBeTruthy();
    expect(d.getByText('Free and paid voting')).toBeTruthy();
    expect(d.getByText('₦47,500 (95%)')).toBeTruthy();
    expect(d.getByText('Original work only')).toBeTruthy();
    expect(d.getByText('Accepting entries')).toBeTruthy();
  });
});

describe('My Contests: delete', () => {
  it('deletes a contest without entries with the Deleted toast, and shows a failure', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()])));
    server.serve(
      'DELETE /contests/c1',
      fail(409, 'CONFLICT', 'Cannot delete a contest that already has entries'),
      ok({ escrowRefunded: 5_000_000, badgeFeeRefunded: 0 } satisfies TContestDeleted, 'Contest deleted successfully'),
    );
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Contest' });
    expect(within(dialog).getByText(/escrowed prize of ₦50,000 returns to your wallet/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Cannot delete a contest that already has entries')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete Contest' })).toBeTruthy();

    const listCalls = server.calls.filter((c) => c.path === '/contests/my-contests').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(screen.getByText('Contest deleted successfully')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'DELETE' && c.path === '/contests/c1')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Contest' })).toBeNull());
    // The list is reloaded after the change.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/contests/my-contests').length).toBeGreaterThan(listCalls));
  });

  it("reads 'Cannot Delete Contest' with only Close when the contest has entries", async () => {
    server.serve('GET /contests/my-contests', ok(page([contest({ entriesCount: 3 })])));
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot Delete Contest' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-label') !== 'Close dialog');
    expect(buttons.map((b) => b.textContent)).toEqual(['Close']);
    expect(within(dialog).getByText(/already has 3 entries/)).toBeTruthy();
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('My Contests: edit', () => {
  it('requires the title, then sends only the fields the form owns and the organizer changed', async () => {
    const c = contest({ maxParticipants: 50 });
    server.serve('GET /contests/my-contests', ok(page([c])));
    server.serve('PUT /contests/c1', ok({ contest: c } satisfies TContestAnswer, 'Your contest has been updated successfully!'));
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Contest' }));
    // Entries have opened: the entry start date is locked.
    expect((dialog.getByLabelText(/^Entry start date/) as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Title is required')).toBeTruthy();
    expect(server.calls.some((x) => x.method === 'PUT')).toBe(false);

    const newEnd = toDateInput(inDays(20));
    fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: '  Lagos After Dark ' } });
    fireEvent.change(dialog.getByLabelText(/^Max participants/), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText(/^Voting end date/), { target: { value: newEnd } });
    fireEvent.change(dialog.getByLabelText(/^Tags/), { target: { value: ' night, , Lagos ,' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Contest Updated')).toBeTruthy();
    expect(screen.getByText('Your contest has been updated successfully!')).toBeTruthy();
    expect(server.last('PUT', '/contests/c1')!.body).toEqual({
      title: 'Lagos After Dark',
      description: 'Photos of the city after dark.',
      category: 'photography',
      maxParticipants: null,
      votingEndDate: fromDateInput(newEnd, 'end'),
      tags: ['night', 'lagos'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Contest' })).toBeNull());
  });

  it("shows the server's refusal on the field and in a toast", async () => {
    server.serve(
      'GET /contests/my-contests',
      ok(page([contest({ phase: 'upcoming', entryStartDate: inDays(2), entryEndDate: inDays(5) })])),
    );
    server.serve('PUT /contests/c1', {
      status: 400,
      body: {
        success: false,
        message: 'Please check your input and try again',
        errorType: 'VALIDATION_ERROR',
        errors: { entryEndDate: 'Entry end date must be after the entry start date' },
      },
    });
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Contest' }));
    fireEvent.change(dialog.getByLabelText(/^Entry start date/), { target: { value: toDateInput(inDays(3)) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Entry end date must be after the entry start date')).toBeTruthy();
    expect(screen.getByText('Please check your input and try again')).toBeTruthy();
    expect(server.last('PUT', '/contests/c1')!.body).toMatchObject({ entryStartDate: fromDateInput(toDateInput(inDays(3)), 'start') });
  });

  it('sends multipart with the cover when a new file is chosen', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()])));
    server.serve('PUT /contests/c1', ok({ contest: contest() } satisfies TContestAnswer, 'Your contest has been updated successfully!'));
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Contest' }));

    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(dialog.getByLabelText(/^Cover image/), { target: { files: [pdf] } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Please select an image file')).toBeTruthy();
    expect(server.calls.some((x) => x.method === 'PUT')).toBe(false);

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    fireEvent.change(dialog.getByLabelText(/^Cover image/), { target: { files: [png] } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Contest Updated')).toBeTruthy();
    const form = server.last('PUT', '/contests/c1')!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('title')).toBe('Lagos at Night');
    expect((form.get('coverImage') as File).name).toBe('cover.png');
    expect(form.has('tags')).toBe(false);
  });

  it('builds the body by the edit rules (custom category, lists, settings, untouched fields left out)', () => {
    // Voting opens the day after entries close, so moving it to that day is a change.
    const c = contest({ category: 'other', customCategory: 'Street food', rules: ['Be kind'], tags: [], votingStartDate: inDays(4) });
    const v = editValuesOf(c);
    expect(buildUpdate(c, v)).toEqual({
      ok: true,
      body: { title: c.title, description: c.description, category: 'other', customCategory: 'Street food' },
    });
    const changed = buildUpdate(c, { ...v, customCategory: ' ', rules: 'Be kind\n\n  No AI images, please  \n', allowComments: false });
    expect(changed).toEqual({ ok: false, errors: { customCategory: 'Please enter a custom category' } });
    const ok2 = buildUpdate(c, { ...v, category: 'music', rules: 'Be kind\n\n  No AI images, please  \n', allowComments: false });
    expect(ok2).toEqual({
      ok: true,
      body: {
        title: c.title,
        description: c.description,
        category: 'music',
        rules: ['Be kind', 'No AI images, please'],
        settings: { allowMultipleEntries: false, requireApproval: false, showVoteCount: true, allowComments: false },
      },
    });
    expect(buildUpdate(c, { ...v, tags: 'ok, not valid!' })).toMatchObject({
      ok: false,
      errors: { 'tags.1': 'Tags can contain lowercase letters, numbers and hyphens only' },
    });
    expect(buildUpdate(c, { ...v, votingEndDate: '', description: '' })).toMatchObject({
      ok: false,
      errors: { description: 'Description is required', votingEndDate: 'Voting end date is required' },
    });
    // Voting that opens on the day entries close starts when they close.
    const sameDay = buildUpdate(c, { ...v, votingStartDate: v.entryEndDate });
    expect(sameDay.ok && sameDay.body.votingStartDate).toBe(c.entryEndDate);
  });
});

describe('My Contests: lifecycle', () => {
  it('closes entries after a confirmation that says no money moves', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()])));
    server.serve(
      'PATCH /contests/c1/status',
      ok(
        { contest: contest({ status: 'voting', phase: 'voting' }) } satisfies TContestStatusChanged,
        'Entries are closed and voting is now open.',
      ),
    );
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Close entries' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close entries now?' }));
    expect(dialog.getByText(/No money moves/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Start voting now' }));
    expect(await screen.findByText('Entries Closed')).toBeTruthy();
    expect(screen.getByText('Entries are closed and voting is now open.')).toBeTruthy();
    expect(server.last('PATCH', '/contests/c1/status')!.body).toEqual({ status: 'voting' });
  });

  it('ends a voting contest, saying the winner gets 95% of the cash prize, and reports a refusal', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest({ status: 'voting', phase: 'voting', prizeAmount: 1_000_000 })])));
    server.serve(
      'PATCH /contests/c1/status',
      fail(409, 'CONFLICT', 'Voting for this contest has already ended'),
      ok(
        {
          contest: contest({ status: 'ended', phase: 'ended' }),
          finalized: { winnerEntryId: 'e1', prizePaid: 950_000, fee: 50_000, refunded: 0, badgeAwarded: false },
        } satisfies TContestStatusChanged,
        'The contest has ended and its results are final.',
      ),
    );
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'End contest' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'End this contest now?' }));
    expect(dialog.getByText('₦9,500')).toBeTruthy();
    expect(dialog.getByText(/95% of the ₦10,000 cash prize/)).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Finalize results' }));
    expect(await screen.findByText('Could Not End Contest')).toBeTruthy();
    expect(screen.getByText('Voting for this contest has already ended')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Finalize results' }));
    expect(await screen.findByText('Contest Ended')).toBeTruthy();
    expect(screen.getByText('The contest has ended and its results are final. The winner received ₦9,500.')).toBeTruthy();
    expect(server.last('PATCH', '/contests/c1/status')!.body).toEqual({ status: 'ended' });
  });

  it('cancels after a confirmation that lists the refunds', async () => {
    server.serve('GET /contests/my-contests', ok(page([contest()])));
    server.serve(
      'PATCH /contests/c1/status',
      ok(
        {
          contest: contest({ status: 'cancelled', phase: 'cancelled' }),
          refunds: {
            escrowRefunded: 5_000_000,
            votesRefunded: 0,
            voteCreditsRefunded: 0,
            entryFeesRefunded: 0,
            entryFeeCreditsRefunded: 0,
            badgeFeeRefunded: 0,
          },
        } satisfies TContestStatusChanged,
        'The contest has been cancelled and every payment refunded.',
      ),
    );
    renderAt('/dashboard/contests');
    await screen.findByRole('article', { name: 'Lagos at Night' });
    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Cancel contest' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this contest?' }));
    expect(dialog.getByText(/returns to your wallet/)).toBeTruthy();
    expect(dialog.getByText(/vote credits they paid/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep contest' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((x) => x.method === 'PATCH')).toBe(false);

    fireEvent.click(within(card('Lagos at Night')).getByRole('button', { name: 'Cancel contest' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this contest?' })).getByRole('button', { name: 'Yes, cancel it' }),
    );
    expect(await screen.findByText('Contest Cancelled')).toBeTruthy();
    expect(server.last('PATCH', '/contests/c1/status')!.body).toEqual({ status: 'cancelled' });
  });
});
