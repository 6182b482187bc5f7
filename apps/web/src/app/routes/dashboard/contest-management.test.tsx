/**
 * /dashboard/contest-management as an admin sees it, against a fake server: pending entries per
 * contest linking to each contest's review page, the voting monitor's figures and flags, prize
 * payouts held and released with a reason, the featured switch and a phase extended, withdrawals
 * needing attention retried and marked failed; loading errors with Try Again and empty states; a
 * moderator without payouts.manage sees no money, and a plain user is sent back to /dashboard.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ZAttentionWithdrawalsPage,
  ZPendingEntriesPage,
  ZPrizesPage,
  ZStaffContestSettingsPage,
  ZVotingMonitor,
  type TContestPrize,
} from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

const C1 = '00000000-0000-4000-8000-0000000000c1';
const C2 = '00000000-0000-4000-8000-0000000000c2';
const W1 = '00000000-0000-4000-8000-0000000000a1';
const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const page = (total: number) => ({ page: 1, limit: 10, total, totalPages: 1 });

const pending = ZPendingEntriesPage.parse({
  contests: [
    {
      contestId: C1,
      title: 'Lagos Lights',
      status: 'active',
      organizerName: 'Ada Obi',
      pendingCount: 3,
      oldestSubmittedAt: iso(-2 * 3_600_000),
      entryEndDate: iso(86_400_000),
      reviewPath: `/dashboard/contests/${C1}/review`,
    },
  ],
  totalPending: 3,
  pagination: page(1),
});

const monitor = ZVotingMonitor.parse({
  generatedAt: iso(),
  contests: [
    {
      contestId: C2,
      title: 'Afrobeats Cover',
      votingEndDate: iso(86_400_000),
      totalVotes: 120,
      uniqueVoters: 14,
      votesLast10Min: 60,
      votesLast60Min: 90,
      perMinute10: 6,
      perMinute60: 1.5,
      paidShare: 0.25,
      newAccountShare: 0.82,
      topVotersShare: 0.4,
      flags: [{ code: 'new_accounts', severity: 'critical', message: '82% of votes come from accounts younger than 7 days' }],
      reviewPath: `/dashboard/contests/${C2}/review`,
    },
  ],
});

const prize = (over: Partial<TContestPrize> = {}): TContestPrize => ({
  contestId: C1,
  title: 'Lagos Lights',
  status: 'voting',
  prizeType: 'cash',
  prizeAmount: 5_000_000,
  escrowHeld: 5_000_000,
  paidToWinner: 0,
  payoutStatus: 'pending',
  hold: null,
  winner: null,
  votingEndDate: iso(86_400_000),
  finalizedAt: null,
  ...over,
});

const settings = ZStaffContestSettingsPage.parse({
  contests: [
    {
      contestId: C1,
      title: 'Lagos Lights',
      status: 'active',
      isFeatured: false,
      entryEndDate: iso(86_400_000),
      votingStartDate: iso(86_400_000),
      votingEndDate: iso(3 * 86_400_000),
    },
  ],
  pagination: page(1),
});

const withdrawal = {
  id: W1,
  reference: 'wdr-abc123',
  amount: 200_000,
  fee: 10_000,
  total: 210_000,
  status: 'pending',
  bankName: 'GTBank',
  accountNumber: '0123456789',
  accountName: 'Tunde Bello',
  failureReason: null,
  createdAt: iso(-3_600_000),
  user: { id: 'u1', fullName: 'Tunde Bello', email: 'tunde@example.com', status: 'banned' },
  attention: 'held',
  attempts: 0,
  holdReason: 'Account banned: Vote fraud',
  heldAt: iso(-1_800_000),
  lastError: null,
  lastErrorAt: null,
};
const withdrawals = ZAttentionWithdrawalsPage.parse({ withdrawals: [withdrawal], pagination: page(1) });

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ role: 'admin', profileCompletion: 100 })));
  server.serve('GET /messages/unread-count', ok({ unreadCount: 0, requestCount: 0 }));
  server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
  server.serve('GET /admin-tools/contests/pending-entries', ok(pending));
  server.serve('GET /admin-tools/contests/voting-monitor', ok(monitor));
  server.serve('GET /admin-tools/contests/prizes', ok(ZPrizesPage.parse({ prizes: [prize()], pagination: page(1) })));
  server.serve('GET /admin-tools/contests/settings', ok(settings));
  server.serve('GET /admin-tools/withdrawals', ok(withdrawals));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const openTab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));

describe('Contest Management', { timeout: 20_000 }, () => {
  it('lists pending entries per contest with Review Entries linking to its review page', async () => {
    const { location } = renderAt('/dashboard/contest-management');
    expect(await screen.findByRole('heading', { name: 'Contest Management' })).toBeTruthy();
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Pending Entries',
      'Voting Monitor',
      'Prize Management',
      'Contest Settings',
    ]);
    expect(await screen.findByText('3 entries awaiting review in 1 contest')).toBeTruthy();
    expect(screen.getByText('3 pending entries')).toBeTruthy();
    expect(server.last('GET', '/admin-tools/contests/pending-entries')?.query).toBe('page=1&limit=10');
    fireEvent.click(screen.getByRole('link', { name: 'Review Entries of Lagos Lights' }));
    await waitFor(() => expect(location()).toBe(`/dashboard/contests/${C1}/review`));
  });

  it('shows the voting monitor figures and flags; keyboard arrows move between tabs', async () => {
    renderAt('/dashboard/contest-management');
    const first = await screen.findByRole('tab', { name: 'Pending Entries' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Voting Monitor' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('Afrobeats Cover')).toBeTruthy();
    expect(screen.getByText('6.0')).toBeTruthy();
    expect(screen.getByText('1.5')).toBeTruthy();
    expect(screen.getByText('82%')).toBeTruthy();
    const flags = screen.getByRole('list', { name: 'Risk flags of Afrobeats Cover' });
    expect(within(flags).getByText('Critical')).toBeTruthy();
    expect(within(flags).getByText('82% of votes come from accounts younger than 7 days')).toBeTruthy();
  });

  it('refreshes the voting monitor every 30 seconds while the page is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/dashboard/contest-management');
      await openTab('Voting Monitor');
      expect(await screen.findByText('Afrobeats Cover')).toBeTruthy();
      const asked = () => server.calls.filter((c) => c.path === '/admin-tools/contests/voting-monitor').length;
      const before = asked();
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(asked()).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a payout with a required reason, then shows it held with Release', async () => {
    renderAt('/dashboard/contest-management');
    await openTab('Prize Management');
    expect(await screen.findByText('Payout: Pending')).toBeTruthy();
    expect(screen.getAllByText('₦50,000').length).toBeGreaterThan(0);
    server.serve(
      'PUT /admin-tools/contests/' + C1 + '/payout-hold',
      ok(prize({ payoutStatus: 'held', hold: { reason: 'Dispute', at: iso() } }), 'Prize payout held'),
    );
    server.serve(
      'GET /admin-tools/contests/prizes',
      ok(
        ZPrizesPage.parse({
          prizes: [prize({ payoutStatus: 'held', hold: { reason: 'Plagiarism dispute', at: iso() } })],
          pagination: page(1),
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hold the payout of Lagos Lights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold prize payout' });
    const submit = within(dialog).getByRole('button', { name: 'Hold payout' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Plagiarism dispute ' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(server.last('PUT', `/admin-tools/contests/${C1}/payout-hold`)?.body).toEqual({ reason: 'Plagiarism dispute' }),
    );
    expect(await screen.findByText('Prize payout held')).toBeTruthy();
    expect(await screen.findByText('Payout: Held')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release the payout of Lagos Lights' })).toBeTruthy();
  });

  it('features a contest and extends a phase with a reason and a new end', async () => {
    renderAt('/dashboard/contest-management');
    await openTab('Contest Settings');
    server.serve(
      'PUT /admin-tools/contests/' + C1 + '/feature',
      ok({ ...settings.contests[0], isFeatured: true }, 'Contest featured on the home page'),
    );
    fireEvent.click(await screen.findByRole('switch', { name: /Feature "Lagos Lights" on the home page/ }));
    await waitFor(() => expect(server.last('PUT', `/admin-tools/contests/${C1}/feature`)?.body).toEqual({ featured: true }));
    expect(await screen.findByText('Contest featured on the home page')).toBeTruthy();

    server.serve('PUT /admin-tools/contests/' + C1 + '/phase', ok(settings.contests[0], 'Phase extended'));
    fireEvent.click(screen.getByRole('button', { name: 'Extend a phase of Lagos Lights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend phase' });
    fireEvent.change(within(dialog).getByLabelText(/New end/), { target: { value: '2099-01-02T10:30' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Late uploads' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend phase' }));
    await waitFor(() =>
      expect(server.last('PUT', `/admin-tools/contests/${C1}/phase`)?.body).toEqual({
        action: 'extend',
        phase: 'submission',
        reason: 'Late uploads',
        until: new Date('2099-01-02T10:30').toISOString(),
      }),
    );
    expect(await screen.findByText('Phase extended')).toBeTruthy();
  });

  it('retries and marks failed a withdrawal needing attention; a refusal shows the server message', async () => {
    renderAt('/dashboard/contest-management');
    const section = await screen.findByRole('region', { name: 'Withdrawals needing attention' });
    expect(await within(section).findByText('Held: owner banned')).toBeTruthy();
    expect(within(section).getByText('Account banned: Vote fraud')).toBeTruthy();
    expect(server.last('GET', '/admin-tools/withdrawals')?.query).toBe('status=needs_attention&page=1&limit=10');

    server.serve(
      `PUT /admin-tools/withdrawals/${W1}/retry`,
      ok({ withdrawal: { ...withdrawal, status: 'success' } }, 'Withdrawal sent to the bank again'),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Retry the withdrawal wdr-abc123' }));
    expect(await screen.findByText('Withdrawal sent to the bank again')).toBeTruthy();

    server.serve(`PUT /admin-tools/withdrawals/${W1}/fail`, fail(409, 'CONFLICT', 'This withdrawal is no longer pending'));
    fireEvent.click(within(section).getByRole('button', { name: 'Mark the withdrawal wdr-abc123 failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal failed' });
    expect(within(dialog).getByText(/₦2,100 \(amount and fee\) goes back/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Bank account closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(server.last('PUT', `/admin-tools/withdrawals/${W1}/fail`)?.body).toEqual({ reason: 'Bank account closed' }));
    expect(await screen.findByText('This withdrawal is no longer pending')).toBeTruthy();
  });

  it('shows a load error with Try Again, and empty states', async () => {
    server.serve(
      'GET /admin-tools/contests/pending-entries',
      fail(500, 'SERVER_ERROR', 'boom'),
      ok({ contests: [], totalPending: 0, pagination: page(0) }),
    );
    server.serve('GET /admin-tools/withdrawals', ok({ withdrawals: [], pagination: page(0) }));
    renderAt('/dashboard/contest-management');
    expect(await screen.findByText('Failed to fetch pending entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try Again/i }));
    expect(await screen.findByText('No entries awaiting review')).toBeTruthy();
    expect(await screen.findByText('No withdrawals need attention')).toBeTruthy();
  });

  it('sends a moderator (no contests.manage_any) and a plain user back to the dashboard, calling nothing', async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'moderator', profileCompletion: 100 })));
    const first = renderAt('/dashboard/contest-management');
    await waitFor(() => expect(first.location()).toBe('/dashboard'));
    cleanup();
    server.serve('GET /auth/me', ok(meDto({ role: 'user', profileCompletion: 100 })));
    const second = renderAt('/dashboard/contest-management');
    await waitFor(() => expect(second.location()).toBe('/dashboard'));
    expect(server.calls.some((c) => c.path.startsWith('/admin-tools/'))).toBe(false);
  });
});
