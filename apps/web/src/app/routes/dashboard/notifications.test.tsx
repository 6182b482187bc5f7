/**
 * The notification bell and /dashboard/notifications as a user sees them, against a fake server:
 * the 99+ cap, the dropdown's Mark all read, delete, click-through (read, then the action URL) and
 * View all; the page's loading, error with Try Again, empty, filters, Clear Filters, five page
 * numbers, and per-item read, archive and delete.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZNotification, ZNotificationList, type TNotification } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

const notification = (over: Partial<TNotification> = {}): TNotification =>
  ZNotification.parse({
    _id: '00000000-0000-4000-8000-000000000001',
    type: 'entry_submitted',
    title: 'New entry to review',
    message: 'Pat submitted "Sunset" to "Lagos Lights". It is waiting for your review.',
    priority: 'medium',
    state: 'unseen',
    isRead: false,
    readAt: null,
    isArchived: false,
    actionUrl: '/dashboard/contests/c1/review',
    actionText: 'Review entries',
    metadata: { Contest: 'Lagos Lights', Entry: 'Sunset' },
    count: 1,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...over,
  });

const list = (items: TNotification[], page = 1, pages = 1) =>
  ZNotificationList.parse({
    notifications: items,
    pagination: { page, limit: 20, total: items.length, totalPages: pages, current: page, pages },
  });

const second = notification({
  _id: '00000000-0000-4000-8000-000000000002',
  type: 'payment_failed',
  title: 'Payment failed',
  message: 'Your card payment of ₦5,000 failed.',
  priority: 'high',
  state: 'read',
  isRead: true,
  readAt: new Date().toISOString(),
  actionUrl: null,
  actionText: null,
  metadata: { Reference: 'ref_1' },
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /messages/unread-count', ok({ unreadCount: 0, requestCount: 0 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const queries = (path: string) => server.calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => c.query);

describe('the notification bell', { timeout: 20_000 }, () => {
  it('caps the count at 99+, and the dropdown marks all read, deletes, opens an item and links to all', async () => {
    server.serve('GET /notifications/unread-count', ok({ unreadCount: 120 }));
    server.serve('GET /notifications', ok(list([notification(), second])));
    server.serve('PUT /notifications/mark-all-read', ok({ markedCount: 1 }));
    server.serve('PUT /notifications/mark-all-seen', ok({ markedCount: 1 }));
    server.serve('DELETE /notifications/00000000-0000-4000-8000-000000000002', ok({ _id: second._id }));
    server.serve('PUT /notifications/00000000-0000-4000-8000-000000000001/read', ok({ ...notification(), isRead: true, state: 'read' }));
    const { location } = renderAt('/dashboard/wallet');

    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(screen.getByTestId('bell-count').textContent).toBe('99+');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Payment failed')).toBeTruthy();
    expect(within(panel).getByText('You have 120 unread notifications')).toBeTruthy();
    // Opening the bell sees the unseen ones.
    await waitFor(() => expect(server.last('PUT', '/notifications/mark-all-seen')).toBeTruthy());

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(server.last('PUT', '/notifications/mark-all-read')).toBeTruthy());

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete: Payment failed' }));
    await waitFor(() => expect(server.last('DELETE', `/notifications/${second._id}`)).toBeTruthy());

    // Refresh reloads the list.
    const before = queries('/notifications').length;
    fireEvent.click(within(panel).getByRole('button', { name: 'Refresh notifications' }));
    await waitFor(() => expect(queries('/notifications').length).toBeGreaterThan(before));

    // Escape closes and returns focus to the bell.
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);

    // Click-through: marked read, then the action URL.
    fireEvent.click(bell);
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(again).findByRole('link', { name: 'New entry to review' }));
    await waitFor(() => expect(location()).toBe('/dashboard/contests/c1/review'));
    expect(server.last('PUT', `/notifications/${notification()._id}/read`)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 99+ unread' }));
    fireEvent.click(await screen.findByRole('link', { name: 'View all notifications' }));
    await waitFor(() => expect(location()).toBe('/dashboard/notifications'));
  });

  it('shows no count at zero and the empty text in the dropdown', async () => {
    server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
    server.serve('GET /notifications', ok(list([])));
    renderAt('/dashboard/wallet');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('bell-count')).toBeNull();
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications found')).toBeTruthy();
    expect(within(panel).getByText('All caught up!')).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/dashboard/notifications', { timeout: 20_000 }, () => {
  it('loads, then lists with chips and priority, and acts on each item', async () => {
    server.serve('GET /notifications/unread-count', ok({ unreadCount: 1 }));
    server.serve('GET /notifications', ok(list([notification(), second])));
    server.serve('PUT /notifications/00000000-0000-4000-8000-000000000001/read', ok({ ...notification(), isRead: true }));
    server.serve('PUT /notifications/00000000-0000-4000-8000-000000000001/archive', ok({ ...notification(), isArchived: true }));
    server.serve('DELETE /notifications/00000000-0000-4000-8000-000000000002', ok({ _id: second._id }));
    server.serve('PUT /notifications/mark-all-read', ok({ markedCount: 1 }));
    const { location } = renderAt('/dashboard/notifications');

    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeTruthy();
    const items = await screen.findByRole('list', { name: 'Notifications' });
    expect(await screen.findByText('You have 1 unread notification')).toBeTruthy();
    const first = within(items).getByRole('article', { name: 'Unread: New entry to review' });
    expect(within(first).getByText('Lagos Lights')).toBeTruthy();
    expect(within(first).getByText('Contest:')).toBeTruthy();
    const failed = within(items).getByRole('article', { name: 'Payment failed' });
    expect(within(failed).getByText('High priority')).toBeTruthy();
    // A read notification offers no Mark as Read.
    expect(within(failed).queryByRole('button', { name: /Mark as Read/ })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Mark as Read: New entry to review' }));
    await waitFor(() => expect(server.last('PUT', `/notifications/${notification()._id}/read`)).toBeTruthy());
    fireEvent.click(within(first).getByRole('button', { name: 'Archive: New entry to review' }));
    await waitFor(() => expect(server.last('PUT', `/notifications/${notification()._id}/archive`)).toBeTruthy());
    fireEvent.click(within(failed).getByRole('button', { name: 'Delete: Payment failed' }));
    await waitFor(() => expect(server.last('DELETE', `/notifications/${second._id}`)).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => expect(server.last('PUT', '/notifications/mark-all-read')).toBeTruthy());

    fireEvent.click(within(first).getByRole('link', { name: 'Review entries' }));
    await waitFor(() => expect(location()).toBe('/dashboard/contests/c1/review'));
  });

  it('sends the filters, clears them, and pages with at most five page numbers', async () => {
    server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
    server.serve('GET /notifications', ok(list([notification()], 1, 9)));
    const { location } = renderAt('/dashboard/notifications');
    expect(await screen.findByText('All caught up!')).toBeTruthy();
    const pager = await screen.findByRole('navigation', { name: 'Notification pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(queries('/notifications').at(-1)).toContain('page=3'));

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'payment_failed' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'unread' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'high' } });
    await waitFor(() => {
      const q = new URLSearchParams(queries('/notifications').at(-1));
      expect(Object.fromEntries(q)).toEqual({ page: '1', limit: '20', type: 'payment_failed', isRead: 'false', priority: 'high' });
    });
    expect(location()).toBe('/dashboard/notifications?type=payment_failed&status=unread&priority=high');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'archived' } });
    await waitFor(() => expect(new URLSearchParams(queries('/notifications').at(-1)).get('isArchived')).toBe('true'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/dashboard/notifications'));
    expect(Object.fromEntries(new URLSearchParams(queries('/notifications').at(-1)))).toEqual({ page: '1', limit: '20' });
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the load failure with Try Again, then the empty state', async () => {
    server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
    server.serve('GET /notifications', fail(500, 'INTERNAL', 'Something went wrong. Please try again later'), ok(list([])));
    renderAt('/dashboard/notifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load notifications');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No notifications found')).toBeTruthy();
  });
});
