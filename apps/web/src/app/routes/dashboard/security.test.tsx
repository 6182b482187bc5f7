import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TFraudSignals,
  type THeldVote,
  type THeldVotePage,
  type TSecurityLogPage,
  type TUserVerificationPage,
} from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

let server: ReturnType<typeof fakeServer>;

const heldVote = (over: Partial<THeldVote> = {}): THeldVote => ({
  _id: 'v1',
  contest: { _id: 'c1', title: 'Lagos Lens' },
  entry: { _id: 'e1', title: 'Sunset over Lekki' },
  voter: { _id: 'u9', fullName: 'Sock Puppet', email: 'sock@x.ng', createdAt: '2026-11-20T10:00:00Z', isVerified: true },
  voteType: 'paid',
  amount: 3,
  weightedTotal: 15,
  creditsSpent: 30,
  riskScore: 65,
  riskReasons: ['CARD_SHARED', 'CARD_SHARED_WIDELY'],
  reviewState: 'held',
  signals: {
    ip: '105.112.3.4',
    ipNetwork: '105.112.3.0/24',
    deviceId: 'abcdefghijklmnop',
    userAgent: 'Chrome',
    values: { cardAccounts: 20 },
  },
  createdAt: '2026-11-20T12:00:00Z',
  ...over,
});

const signals = (over: Partial<TFraudSignals> = {}): TFraudSignals => ({
  riskDistribution: [
    { band: '0–19', votes: 300 },
    { band: '20–39', votes: 12 },
    { band: '40–59', votes: 4 },
    { band: '60–79', votes: 40 },
    { band: '80–100', votes: 3 },
  ],
  held: 43,
  voided: 2,
  findings: [
    {
      _id: 'f1',
      kind: 'lockstep',
      contest: { _id: 'c1', title: 'Lagos Lens' },
      voters: [
        { _id: 'a', fullName: 'Ring One' },
        { _id: 'b', fullName: 'Ring Two' },
      ],
      entryIds: ['e1', 'e2', 'e3'],
      voteCount: 60,
      heldCount: 35,
      evidence: { windowMinutes: 10 },
      firstSeenAt: '2026-11-20T13:00:00Z',
      lastSeenAt: '2026-11-20T13:15:00Z',
    },
  ],
  pagination: pageOf({ page: 1, limit: 10 }, 1),
  topRiskyVoters: [{ _id: 'u9', fullName: 'Sock Puppet', email: 'sock@x.ng', votes: 4, averageRisk: 62.5, maxRisk: 65, held: 4 }],
  ...over,
});

beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ role: 'moderator' })));
  server.serve('GET /admin-tools/fraud/signals', ok(signals()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Security & Fraud Prevention', () => {
  it('lists held votes with their risk and reasons, counts one and voids another with a reason', async () => {
    server.serve(
      'GET /admin-tools/votes/held',
      ok({
        votes: [heldVote(), heldVote({ _id: 'v2', voter: { ...heldVote().voter, _id: 'u8', fullName: 'Other Puppet' } })],
        pagination: pageOf({ page: 1, limit: 10 }, 2),
      } satisfies THeldVotePage),
    );
    renderAt('/dashboard/security');
    expect(await screen.findByRole('heading', { level: 2, name: 'Security & Fraud Prevention' })).toBeTruthy();
    expect(await screen.findByText('2 awaiting review')).toBeTruthy();
    expect(screen.getAllByText('Risk 65', { exact: false })).toHaveLength(2);
    expect(screen.getAllByText('Card shared with many accounts')).toHaveLength(2);
    expect(server.last('GET', '/admin-tools/votes/held')?.query).toBe('page=1&limit=10');
    // The flagged groups beside the queue.
    expect(await screen.findByText('Lockstep voting group')).toBeTruthy();
    expect(screen.getByText('35 held')).toBeTruthy();
    expect(screen.getByTestId('held-count').textContent).toBe('43');

    server.serve(
      'PUT /admin-tools/votes/v1/count',
      ok({ _id: 'v1', reviewState: 'counted', creditsRefunded: 0, entry: { _id: 'e1', votesCount: 3, weightedVotes: 15 } }, 'Vote counted'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Count vote by Sock Puppet' }));
    expect(await screen.findByText('Sock Puppet\'s vote now counts for "Sunset over Lekki".')).toBeTruthy();
    expect(server.last('PUT', '/admin-tools/votes/v1/count')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Void vote by Other Puppet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this vote' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void Vote' }));
    expect(await within(dialog).findByText('Please provide a reason for voiding this vote')).toBeTruthy();
    expect(server.last('PUT', '/admin-tools/votes/v2/void')).toBeUndefined();

    server.serve(
      'PUT /admin-tools/votes/v2/void',
      ok({ _id: 'v2', reviewState: 'voided', creditsRefunded: 30, entry: { _id: 'e1', votesCount: 3, weightedVotes: 15 } }),
    );
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Card shared across 20 accounts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void Vote' }));
    expect(await screen.findByText('30 vote credits were refunded.')).toBeTruthy();
    expect(server.last('PUT', '/admin-tools/votes/v2/void')?.body).toEqual({ reason: 'Card shared across 20 accounts' });
  });

  it('shows the empty queue, and a failed load with Try Again', async () => {
    server.serve(
      'GET /admin-tools/votes/held',
      fail(500, 'SERVER_ERROR', 'Something went wrong'),
      ok({ votes: [], pagination: pageOf({ page: 1, limit: 10 }, 0) }),
    );
    renderAt('/dashboard/security');
    expect(await screen.findByText('Failed to fetch held votes')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try Again' })[0]!);
    expect(await screen.findByText('No votes are held for review')).toBeTruthy();
  });

  it('lists users by verification state, shows the appeals under Disputes and the security log with its filter', async () => {
    server.serve('GET /admin-tools/votes/held', ok({ votes: [], pagination: pageOf({ page: 1, limit: 10 }, 0) }));
    server.serve('GET /admin-tools/appeals', ok({ appeals: [], pagination: pageOf({ page: 1, limit: 10 }, 0) }));
    server.serve(
      'GET /admin-tools/users/verification',
      ok({
        users: [
          {
            _id: 'u1',
            fullName: 'Bola Ade',
            email: 'bola@x.ng',
            role: 'user',
            status: 'active',
            emailVerified: true,
            emailVerifiedAt: '2026-01-02T00:00:00Z',
            hasPhone: false,
            twoFactorEnabled: true,
            bankAccountVerified: true,
            bankName: 'Access Bank',
            createdAt: '2026-01-01T00:00:00Z',
          },
        ],
        pagination: pageOf({ page: 1, limit: 10 }, 1),
      } satisfies TUserVerificationPage),
    );
    renderAt('/dashboard/security');
    fireEvent.click(await screen.findByRole('tab', { name: 'User Verification' }));
    expect(await screen.findByText('Bank verified (Access Bank)')).toBeTruthy();
    expect(screen.getByText('2FA on')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification'), { target: { value: 'payout_ready' } });
    await vi.waitFor(() => expect(server.last('GET', '/admin-tools/users/verification')?.query).toContain('state=payout_ready'));

    fireEvent.click(screen.getByRole('tab', { name: 'Disputes' }));
    expect(await screen.findByRole('heading', { name: 'Disputes' })).toBeTruthy();
    // A moderator decides appeals here; prize holds are for payouts.manage holders (admins) only.
    expect(await screen.findByText('No appeals here')).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/admin-tools/contests/prizes'))).toBe(false);

    server.serve(
      'GET /admin-tools/security-logs',
      ok({
        entries: [
          {
            id: 'e1',
            type: 'lockout',
            at: '2026-11-20T12:00:00Z',
            user: { _id: 'u2', fullName: 'Chi Eze', email: 'chi@x.ng' },
            summary: 'Account locked after repeated failed sign-ins',
            ip: '41.58.1.9',
          },
        ],
        pagination: pageOf({ page: 1, limit: 10 }, 1),
      } satisfies TSecurityLogPage),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Security Logs' }));
    expect(await screen.findByText('Account locked after repeated failed sign-ins')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'lockout' } });
    await vi.waitFor(() => expect(server.last('GET', '/admin-tools/security-logs')?.query).toBe('page=1&limit=10&type=lockout'));
  });

  it('is not shown to a plain user', async () => {
    server.serve('GET /auth/me', ok(meDto({ role: 'user' })));
    renderAt('/dashboard/security');
    await vi.waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Security & Fraud Prevention' })).toBeNull());
    expect(server.last('GET', '/admin-tools/votes/held')).toBeUndefined();
  });
});
