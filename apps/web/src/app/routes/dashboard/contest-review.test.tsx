import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  TBulkApproveResult,
  TBulkRejectResult,
  TContestAnswer,
  TEntry,
  TEntryDecision,
  TReviewEntriesPage,
  TReviewStats,
} from '@contesthub/shared';
import { contestDto, entryDto } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
// Loaded up front so the lazy route resolves at once.
import './contest-review';

const CID = '11111111-1111-4111-8111-111111111111';
const REVIEW = `/entries/review/${CID}`;
const STATS = `/entries/review-stats/${CID}`;

/** Entry n, pending, by Participant n, in the contest under review (still accepting entries). */
const entry = (n: number, over: Partial<TEntry> = {}): TEntry =>
  entryDto({
    _id: `e${n}`,
    title: `Entry ${n}`,
    description: `Description of entry ${n}`,
    status: 'pending',
    media: [{ url: `/media/e${n}.webp`, kind: 'image', mimeType: 'image/webp', size: 1000 }],
    participant: { _id: `p${n}`, fullName: `Participant ${n}`, username: `p${n}`, profilePicture: null, verified: false },
    contest: { ...entryDto().contest, _id: CID, status: 'active' },
    createdAt: '2026-03-01T10:00:00Z',
    submittedAt: '2026-03-01T10:00:00Z',
    ...over,
  });

const list = (entries: TEntry[], page = 1, pages = 1, total = entries.length): TReviewEntriesPage => ({
  entries,
  total,
  totalPages: pages,
  pagination: { page, limit: 10, total, totalPages: pages, current: page, pages },
});

const stats: TReviewStats = { total: 7, pending: 3, approved: 2, rejected: 1, disqualified: 1 };

let server: ReturnType<typeof fakeServer>;
const lastQuery = () => Object.fromEntries(new URLSearchParams(server.last('GET', REVIEW)?.query ?? ''));
const row = (title: string) => screen.getByRole('row', { name: new RegExp(`\\b${title}\\b`) });

beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve(`GET /contests/${CID}`, ok({ contest: contestDto({ _id: CID, entryReview: 'review' }) } satisfies TContestAnswer));
  server.serve(`GET ${STATS}`, ok(stats));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Entry Review: screen', () => {
  it('shows the contest, the tiles and the pending entries first', async () => {
    server.serve(
      `GET ${REVIEW}`,
      ok(list([entry(1), entry(2, { entryType: 'article', participant: { ...entry(2).participant, fullName: 'Bola Ade' } })])),
    );
    renderAt(`/dashboard/contests/${CID}/review`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Entry Review' })).toBeTruthy();
    expect(await screen.findByText('Lagos at Night')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Contest' }).getAttribute('href')).toBe(`/contest/${CID}`);
    await screen.findByText('Entry 1');
    expect(lastQuery()).toEqual({ page: '1', limit: '10', status: 'pending' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');

    const tiles = document.querySelector<HTMLElement>('dl[aria-label="Review statistics"]')!;
    const tile = (label: string) => within(tiles).getByText(label).parentElement!.textContent;
    expect(tile('Total Entries')).toBe('Total Entries7');
    expect(tile('Pending Review')).toBe('Pending Review3');
    expect(tile('Approved')).toBe('Approved2');
    expect(tile('Rejected')).toBe('Rejected1');

    const second = within(row('Entry 2'));
    expect(second.getByText('Description of entry 2')).toBeTruthy();
    expect(second.getByText('Bola Ade')).toBeTruthy();
    expect(second.getByText('Write-up')).toBeTruthy();
    expect(second.getByText('Pending')).toBeTruthy();
    expect(second.getByText('1 Mar 2026')).toBeTruthy();
  });

  it('sends the status filter (All Status sends none) from page 1', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1)], 1, 3, 25)));
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    expect(Array.from((screen.getByLabelText('Status') as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'All Status',
      'Pending',
      'Approved',
      'Rejected',
    ]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '10', status: 'approved' }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '10' }));
  });

  it('pages with at most five page buttons', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1)], 1, 8, 80)));
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');
    const nav = screen.getByRole('navigation', { name: 'Entry pages' });
    expect(within(nav).getAllByRole('button', { name: /^Page / })).toHaveLength(5);
    fireEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
  });

  it('previews an entry with its media', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1, { status: 'rejected', rejectionReason: 'Blurry' })])));
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');
    fireEvent.click(within(row('Entry 1')).getByRole('button', { name: 'View' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Entry 1' }));
    expect(dialog.getByRole('img', { name: 'Entry 1' }).getAttribute('src')).toBe('/media/e1.webp');
    expect(dialog.getByText('Rejection reason: Blurry')).toBeTruthy();
    // Decided entries cannot be approved or rejected from the list.
    expect(within(row('Entry 1')).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a refusal, not a crash, to someone who is not the organizer', async () => {
    server.serve(`GET ${REVIEW}`, fail(403, 'FORBIDDEN', 'Only the contest organizer can review entries'));
    server.serve(`GET ${STATS}`, fail(403, 'FORBIDDEN', 'Only the contest organizer can review entries'));
    renderAt(`/dashboard/contests/${CID}/review`);
    expect(await screen.findByRole('heading', { name: "You can't review this contest" })).toBeTruthy();
    expect(screen.getByText('Only the contest organizer can review entries')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Contests' }).getAttribute('href')).toBe('/dashboard/contests');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows Failed to fetch entries with Try Again', async () => {
    server.serve(`GET ${REVIEW}`, fail(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later'), ok(list([entry(1)])));
    renderAt(`/dashboard/contests/${CID}/review`);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('Failed to fetch entries').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Entry 1')).toBeTruthy();
  });
});

describe('Entry Review: decisions', () => {
  it('approves one entry, and shows a failure', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1), entry(2)])));
    server.serve(
      'PATCH /entries/e1/approve',
      fail(409, 'CONFLICT', 'Only pending entries can be approved'),
      ok({ entry: entry(1, { status: 'approved' }), refundedCredits: 0 } satisfies TEntryDecision, 'Entry approved successfully'),
    );
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');
    fireEvent.click(within(row('Entry 1')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to approve entry')).toBeTruthy();
    expect(screen.getByText('Only pending entries can be approved')).toBeTruthy();

    const before = server.calls.filter((c) => c.path === REVIEW).length;
    fireEvent.click(within(row('Entry 1')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Entry approved successfully')).toBeTruthy();
    // The list and the tiles reload after a decision.
    await waitFor(() => expect(server.calls.filter((c) => c.path === REVIEW).length).toBeGreaterThan(before));
  });

  it('rejects one entry only with a reason', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1)])));
    server.serve(
      'PATCH /entries/e1/reject',
      ok({ entry: entry(1, { status: 'rejected' }), refundedCredits: 0 } satisfies TEntryDecision, 'Entry rejected successfully'),
    );
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');
    fireEvent.click(within(row('Entry 1')).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject Entry' }));
    fireEvent.change(dialog.getByLabelText(/^Reason for rejection/), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject Entry' }));
    expect(await dialog.findByText('Please provide a reason for rejection')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(dialog.getByLabelText(/^Reason for rejection/), { target: { value: '  Not a photo of Lagos ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject Entry' }));
    expect(await screen.findByText('Entry rejected successfully')).toBeTruthy();
    expect(server.last('PATCH', '/entries/e1/reject')!.body).toEqual({ reason: 'Not a photo of Lagos' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a selection, selects only pending rows, and approves the selection in bulk', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1), entry(2), entry(3, { status: 'approved' })])));
    server.serve(
      'PATCH /entries/bulk-approve',
      ok({ approvedCount: 2, skipped: [] } satisfies TBulkApproveResult, '2 entries approved successfully'),
    );
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');

    fireEvent.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByText('Please select entries to approve')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject Selected' }));
    expect(await screen.findByText('Please select entries to reject')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    expect((screen.getByRole('checkbox', { name: 'Select Entry 3' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all pending entries on this page' }));
    expect((screen.getByRole('checkbox', { name: 'Select Entry 1' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Entry 2' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Entry 3' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByText('2 entries approved successfully')).toBeTruthy();
    expect(server.last('PATCH', '/entries/bulk-approve')!.body).toEqual({ entryIds: ['e1', 'e2'], contestId: CID });
    await waitFor(() => expect(screen.getByText('0 selected')).toBeTruthy());
  });

  it('rejects the selection in bulk with one reason, and reports entries the server skipped', async () => {
    server.serve(`GET ${REVIEW}`, ok(list([entry(1), entry(2), entry(3)])));
    server.serve(
      'PATCH /entries/bulk-reject',
      fail(409, 'CONFLICT', 'This contest has ended; its entries can no longer be reviewed'),
      ok({ rejectedCount: 1, skipped: ['e3'], refundedCredits: 0 } satisfies TBulkRejectResult, '1 entry rejected successfully'),
    );
    renderAt(`/dashboard/contests/${CID}/review`);
    await screen.findByText('Entry 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Entry 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Entry 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject Selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject 2 Entries' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Reject 2 Entries' }));
    expect(await dialog.findByText('Please provide a reason for rejection')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/^Reason for rejection/), { target: { value: 'Off topic' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject 2 Entries' }));
    expect(await screen.findByText('Failed to reject entries')).toBeTruthy();
    expect(screen.getByText('This contest has ended; its entries can no longer be reviewed')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Reject 2 Entries' }));
    expect(await screen.findByText('1 entry rejected successfully')).toBeTruthy();
    expect(screen.getByText('1 entry was skipped because it is no longer pending.')).toBeTruthy();
    expect(server.last('PATCH', '/entries/bulk-reject')!.body).toEqual({ entryIds: ['e1', 'e3'], contestId: CID, reason: 'Off topic' });
  });
});
