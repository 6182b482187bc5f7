/**
 * /dashboard/admin as staff see it, against a fake server: the top cards (revenue for admins only),
 * the User Management tab's filters and search, the Ban dialog (reason required, submit disabled
 * until one exists, the e-mail note), Unban and Verify, the role selector for admins only, the
 * spec's pagination texts, the phone card list, the load-failure toasts, and the Appeals panel.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZAdminUser, type TAdminUser, type TAdminUsersPage, type TStaffAppeal } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

const ME = '00000000-0000-4000-8000-0000000000aa';
const adminUser = (over: Partial<TAdminUser> = {}): TAdminUser =>
  ZAdminUser.parse({
    id: '00000000-0000-4000-8000-000000000001',
    fullName: 'Chidi Okafor',
    username: 'chidi',
    email: 'chidi@example.test',
    role: 'user',
    status: 'active',
    isVerified: false,
    banReason: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    lastLogin: null,
    contestsCreated: 3,
    entriesSubmitted: 7,
    violations: 1,
    ...over,
  });

const page = (users: TAdminUser[], total = users.length, p = 1): TAdminUsersPage => ({
  users,
  pagination: { page: p, limit: 10, total, totalPages: Math.max(1, Math.ceil(total / 10)) },
});

const stats = (monthlyRevenue: number | null) => ({
  users: { active: 1200, recentlyActive: 340, banned: 12 },
  financial: { monthlyRevenue },
});

let server: ReturnType<typeof fakeServer>;
function serveAs(role: 'admin' | 'moderator') {
  server.serve('GET /auth/me', ok(meDto({ _id: ME, role, fullName: 'Staff Person', profileCompletion: 100 })));
  server.serve('GET /admin-tools/dashboard-stats', ok(stats(role === 'admin' ? 150_000_00 : null)));
}
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /messages/unread-count', ok({ unreadCount: 0, requestCount: 0 }));
  server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
  server.serve('GET /admin-tools/appeals', ok({ appeals: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 1 } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Admin Tools', () => {
  it('shows the four cards to an admin, with this month’s revenue in naira, and the User Management tab', async () => {
    serveAs('admin');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    renderAt('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Tools' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-active').textContent).toBe('1,200'));
    expect(screen.getByTestId('stat-recent').textContent).toBe('340');
    expect(screen.getByTestId('stat-banned').textContent).toBe('12');
    expect(screen.getByTestId('stat-revenue').textContent).toBe('₦150,000');
    expect(screen.getByText('Recently Active (30 days)')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'User Management' }).getAttribute('aria-selected')).toBe('true');
    const row = (await screen.findByText('Chidi Okafor')).closest('tr')!;
    expect(within(row).getByText('chidi@example.test')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByRole('combobox', { name: 'Role of Chidi Okafor' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Verify Chidi Okafor' })).toBeTruthy();
  });

  it('shows a moderator no revenue card and no role selector, and no actions on a moderator', async () => {
    serveAs('moderator');
    server.serve(
      'GET /admin-tools/users',
      ok(
        page([
          adminUser(),
          adminUser({ id: '00000000-0000-4000-8000-000000000002', fullName: 'Peer Moderator', role: 'moderator', isVerified: true }),
        ]),
      ),
    );
    renderAt('/dashboard/admin');
    await waitFor(() => expect(screen.getByTestId('stat-banned').textContent).toBe('12'));
    expect(screen.queryByTestId('stat-revenue')).toBeNull();
    expect(screen.queryByText('Monthly Revenue')).toBeNull();
    await screen.findByText('Chidi Okafor');
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ban Chidi Okafor' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ban Peer Moderator' })).toBeNull();
  });

  it('filters by status and role and searches, asking the server each time from page 1', async () => {
    serveAs('admin');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    renderAt('/dashboard/admin');
    await screen.findByText('Chidi Okafor');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'banned' } });
    await waitFor(() => expect(server.last('GET', '/admin-tools/users')?.query).toContain('status=banned'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'moderator' } });
    await waitFor(() => expect(server.last('GET', '/admin-tools/users')?.query).toContain('role=moderator'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'chi' } });
    await waitFor(() => expect(server.last('GET', '/admin-tools/users')?.query).toContain('search=chi'));
    const query = new URLSearchParams(server.last('GET', '/admin-tools/users')!.query);
    expect(Object.fromEntries(query)).toMatchObject({ page: '1', limit: '10', status: 'banned', role: 'moderator', search: 'chi' });
  });

  it('bans through the dialog: reason required, the e-mail note, the spec’s success toast', async () => {
    serveAs('admin');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    server.serve(
      'PUT /admin-tools/users/00000000-0000-4000-8000-000000000001/status',
      ok(adminUser({ status: 'banned', banReason: 'Spam' })),
    );
    renderAt('/dashboard/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Ban Chidi Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User' });
    expect(within(dialog).getByText('Chidi Okafor')).toBeTruthy();
    expect(dialog.textContent).toContain('notified by e-mail');
    expect(dialog.textContent).toContain('reason below is included');
    const submit = within(dialog).getByRole('button', { name: 'Ban User' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const reason = within(dialog).getByRole('textbox', { name: /Reason for ban/ });
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'Spam links' } });
    expect(submit.disabled).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(submit);
    await waitFor(() =>
      expect(server.last('PUT', '/admin-tools/users/00000000-0000-4000-8000-000000000001/status')?.body).toEqual({
        status: 'banned',
        reason: 'Spam links',
      }),
    );
    expect(await screen.findByText('User banned successfully')).toBeTruthy();
  });

  it('unbans and verifies, preferring the server’s message on failure', async () => {
    serveAs('admin');
    const banned = adminUser({ status: 'banned', banReason: 'Spam' });
    server.serve('GET /admin-tools/users', ok(page([banned])));
    server.serve('PUT /admin-tools/users/00000000-0000-4000-8000-000000000001/status', ok(adminUser()));
    server.serve(
      'PUT /admin-tools/users/00000000-0000-4000-8000-000000000001/verify',
      fail(409, 'CONFLICT', 'This user is already verified'),
    );
    renderAt('/dashboard/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Unban Chidi Okafor' }));
    expect(await screen.findByText('User unbanned successfully')).toBeTruthy();
    expect(server.last('PUT', '/admin-tools/users/00000000-0000-4000-8000-000000000001/status')?.body).toEqual({ status: 'active' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Chidi Okafor' }));
    expect(await screen.findByText('This user is already verified')).toBeTruthy();
  });

  it('changes a role from the selector', async () => {
    serveAs('admin');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    server.serve('PUT /admin-tools/users/00000000-0000-4000-8000-000000000001/role', ok(adminUser({ role: 'moderator' })));
    renderAt('/dashboard/admin');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Role of Chidi Okafor' }), { target: { value: 'moderator' } });
    expect(await screen.findByText('User role updated successfully')).toBeTruthy();
    expect(server.last('PUT', '/admin-tools/users/00000000-0000-4000-8000-000000000001/role')?.body).toEqual({ role: 'moderator' });
  });

  it('shows the spec’s pagination texts only when there is more than one page', async () => {
    serveAs('admin');
    const ten = Array.from({ length: 10 }, (_, i) =>
      adminUser({ id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, fullName: `Person ${i}` }),
    );
    server.serve('GET /admin-tools/users', ok(page(ten, 25)), ok(page(ten, 25, 2)));
    renderAt('/dashboard/admin');
    expect(await screen.findByText('Showing 1 to 10 of 25 users')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3', { selector: 'p' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 11 to 20 of 25 users')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3', { selector: 'p' })).toBeTruthy();
    expect(server.last('GET', '/admin-tools/users')?.query).toContain('page=2');
  });

  it('hides the pagination texts on a single page', async () => {
    serveAs('admin');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    renderAt('/dashboard/admin');
    await screen.findByText('Chidi Okafor');
    expect(screen.queryByText(/Showing \d+ to/)).toBeNull();
    expect(screen.queryByText(/Page \d+ of/)).toBeNull();
  });

  it('toasts the spec’s load failures', async () => {
    server.serve('GET /auth/me', ok(meDto({ _id: ME, role: 'admin', profileCompletion: 100 })));
    server.serve('GET /admin-tools/dashboard-stats', fail(500, 'INTERNAL_ERROR', 'Something went wrong'));
    server.serve('GET /admin-tools/users', fail(500, 'INTERNAL_ERROR', 'Something went wrong'));
    renderAt('/dashboard/admin');
    expect(await screen.findByText('Failed to fetch dashboard statistics')).toBeTruthy();
    expect((await screen.findAllByText('Failed to fetch users')).length).toBeGreaterThanOrEqual(1);
  });

  it('lists users as cards on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} })),
    );
    serveAs('moderator');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    renderAt('/dashboard/admin');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('Chidi Okafor')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets appeals.manage holders decide an appeal with a note', async () => {
    serveAs('moderator');
    server.serve('GET /admin-tools/users', ok(page([adminUser()])));
    const appeal: TStaffAppeal = {
      id: '00000000-0000-4000-8000-0000000000ee',
      strikeId: '00000000-0000-4000-8000-0000000000ef',
      status: 'pending',
      text: 'I did not post that link.',
      decisionNote: null,
      createdAt: '2026-02-01T10:00:00.000Z',
      decidedAt: null,
      user: { id: '00000000-0000-4000-8000-000000000001', fullName: 'Chidi Okafor', email: 'chidi@example.test' },
      strike: { kind: 'ban', reason: 'Spam links', createdAt: '2026-01-30T10:00:00.000Z', issuedBy: 'Another Moderator' },
      decidedBy: null,
    };
    server.serve('GET /admin-tools/appeals', ok({ appeals: [appeal], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } }));
    server.serve('PUT /admin-tools/appeals/00000000-0000-4000-8000-0000000000ee', ok({ ...appeal, status: 'approved' }));
    renderAt('/dashboard/admin');
    expect(await screen.findByText('I did not post that link.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve appeal of Chidi Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Appeal' });
    expect(dialog.textContent).toContain('lifts the ban');
    const submit = within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note to the user/ }), { target: { value: 'Checked the logs.' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Appeal approved')).toBeTruthy();
    expect(server.last('PUT', '/admin-tools/appeals/00000000-0000-4000-8000-0000000000ee')?.body).toEqual({
      decision: 'approved',
      note: 'Checked the logs.',
    });
  });

  it('refuses a plain user the page', async () => {
    server.serve('GET /auth/me', ok(meDto({ _id: ME, role: 'user', profileCompletion: 100 })));
    renderAt('/dashboard/admin');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Admin Tools' })).toBeNull());
    expect(server.calls.some((c) => c.path.startsWith('/admin-tools'))).toBe(false);
  });

  it('opens an account with View: its standing, strikes with their appeal, and the staff actions on it', async () => {
    serveAs('admin');
    const banned = adminUser({ status: 'banned', banReason: 'Vote selling' });
    server.serve('GET /admin-tools/users', ok(page([banned])));
    server.serve(
      `GET /admin-tools/users/${banned.id}`,
      ok({
        user: banned,
        strikes: [
          {
            id: 's1',
            kind: 'ban',
            reason: 'Vote selling',
            createdAt: '2026-11-20T10:00:00.000Z',
            relatedType: null,
            relatedId: null,
            appeal: {
              id: 'a1',
              strikeId: 's1',
              status: 'pending',
              text: 'It was not me',
              decisionNote: null,
              createdAt: '2026-11-21T10:00:00.000Z',
              decidedAt: null,
            },
            appealDeadline: '2026-12-10T10:00:00.000Z',
          },
        ],
        appeals: [],
        openSessions: 0,
        auditTrail: [
          { id: '9', createdAt: '2026-11-20T10:00:00.000Z', action: 'user.ban', actorName: 'Amaka Admin', reason: 'Vote selling' },
        ],
      }),
    );
    renderAt('/dashboard/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'View Chidi Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chidi Okafor' });
    expect(await within(dialog).findByText('Banned: Vote selling')).toBeTruthy();
    expect(within(dialog).getByText('Strikes (1)')).toBeTruthy();
    expect(within(dialog).getByText('Appeal: pending')).toBeTruthy();
    expect(within(dialog).getByText('user ban')).toBeTruthy();
    expect(within(dialog).getByText(/by Amaka Admin/)).toBeTruthy();
  });
});
