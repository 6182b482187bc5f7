/**
 * Admin Tools → Content Moderation as a moderator sees it, against a fake server: stat cards (and
 * zero counts with the spec's toast when they fail), filters, the card list and the table with
 * Resolve/Dismiss only on pending reports and 'Unknown' for a missing reporter, the Resolve dialog
 * (both texts required, the item's actions, Cancel sends nothing), Dismiss, and View Details.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZModerationReport, ZModerationReportDetail, type TModerationReport } from '@contesthub/shared';
import { ToastProvider } from '../../../components/ui/toast';
import { tokenStore } from '../../../lib/storage';
import { fail, fakeServer, ok } from '../../../test/harness';
import { ContentModerationTab } from './ContentModerationTab';

const report = (over: Partial<TModerationReport> = {}): TModerationReport =>
  ZModerationReport.parse({
    id: '00000000-0000-4000-8000-000000000001',
    reportedItem: { type: 'comment', id: '00000000-0000-4000-8000-0000000000c1', title: 'Buy followers cheap' },
    reason: 'spam',
    priority: 'medium',
    status: 'pending',
    description: 'Selling followers',
    reporter: { id: 'u1', fullName: 'Remi Reader' },
    createdAt: '2026-11-20T10:00:00.000Z',
    adminNotes: null,
    actionsTaken: null,
    resolvedAt: null,
    weight: 1,
    score: 3,
    reportCount: 3,
    autoHidden: true,
    assignee: null,
    ...over,
  });

const resolved = report({
  id: '00000000-0000-4000-8000-000000000002',
  reportedItem: { type: 'entry', id: '00000000-0000-4000-8000-0000000000e1', title: 'Sunset' },
  reason: 'copyright_violation',
  status: 'resolved',
  reporter: null,
  autoHidden: false,
  score: 0,
  reportCount: 1,
});

const page = (reports: TModerationReport[], totalPages = 1) => ({
  reports,
  pagination: { page: 1, limit: 10, total: reports.length, totalPages },
});

const detail = ZModerationReportDetail.parse({
  report: report(),
  item: {
    type: 'comment',
    id: '00000000-0000-4000-8000-0000000000c1',
    exists: true,
    title: 'Buy followers cheap',
    content: 'Buy followers cheap at spam.example',
    status: 'hidden',
    contestId: 'c1',
    hidden: true,
  },
  context: null,
  author: { id: 'a1', fullName: 'Amaka Author', strikes: null },
  otherReports: [report({ id: '00000000-0000-4000-8000-000000000003', reporter: { id: 'u2', fullName: 'Second Flagger' } })],
  possibleActions: ['restore_content', 'warn_author', 'ban_author'],
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  tokenStore.set('tok', 'ref');
  server.serve('GET /admin-tools/moderation-stats', ok({ total: 12, pending: 5, resolved: 6, dismissed: 1, recent: 4 }));
  server.serve('GET /admin-tools/reports', ok(page([report(), resolved], 2)));
  server.serve(`GET /admin-tools/reports/${report().id}`, ok(detail));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ContentModerationTab />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Reports' });
const cards = () => screen.getByRole('list', { name: 'Reports' });

describe('Content Moderation', { timeout: 20_000 }, () => {
  it('shows the stat cards, the card list and the table with actions only on pending reports', async () => {
    renderTab();
    expect(await screen.findByTestId('moderation-total')).toHaveProperty('textContent', '12');
    expect(screen.getByTestId('moderation-pending').textContent).toBe('5');
    expect(screen.getByTestId('moderation-resolved').textContent).toBe('6');
    expect(screen.getByTestId('moderation-recent').textContent).toBe('4');
    expect(screen.getByText('Recent (7 days)')).toBeTruthy();

    await screen.findByRole('table', { name: 'Reports' });
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Comment')).toBeTruthy();
    expect(within(rows[1]!).getByText('Spam')).toBeTruthy();
    expect(within(rows[1]!).getByText('Remi Reader')).toBeTruthy();
    expect(within(rows[1]!).getByText('Auto-hidden')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /^Resolve/ })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /^Dismiss/ })).toBeTruthy();
    expect(within(rows[2]!).getByText('Unknown')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: /^View/ })).toBeTruthy();

    const items = within(cards()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('button', { name: /^View Details/ })).toBeTruthy();
    expect(within(items[0]!).getByText('Score 3 · 3 reports')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Reports pages' })).toBeTruthy();
  });

  it('sends the status and type filters and goes back to page 1', async () => {
    renderTab();
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'comment' } });
    await waitFor(() => {
      const q = new URLSearchParams(server.last('GET', '/admin-tools/reports')!.query);
      expect([q.get('status'), q.get('type'), q.get('page'), q.get('limit')]).toEqual(['pending', 'comment', '1', '10']);
    });
  });

  it('shows zero counts and the spec toast when the stats fail', async () => {
    server.serve('GET /admin-tools/moderation-stats', fail(500, 'SERVER_ERROR', 'boom'));
    renderTab();
    expect(await screen.findByText('Failed to fetch moderation statistics')).toBeTruthy();
    expect(screen.getByTestId('moderation-total').textContent).toBe('0');
    expect(screen.getByTestId('moderation-pending').textContent).toBe('0');
  });

  it('tells when the reports fail to load', async () => {
    server.serve('GET /admin-tools/reports', fail(500, 'SERVER_ERROR', 'boom'));
    renderTab();
    expect((await screen.findAllByText('Failed to fetch reports')).length).toBeGreaterThan(0);
  });

  it('resolves with notes, actions taken and the item actions; Cancel sends nothing', async () => {
    server.serve(
      `PUT /admin-tools/reports/${report().id}/resolve`,
      ok(
        { report: report({ status: 'resolved' }), closedReports: 3, actions: ['restore_content'] },
        'Report has been resolved successfully',
      ),
    );
    renderTab();
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(within(table()).getByRole('button', { name: /^Resolve/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(table()).getByRole('button', { name: /^Resolve/ }));
    dialog = await screen.findByRole('dialog', { name: 'Resolve Report' });
    const submit = within(dialog).getByRole('button', { name: 'Resolve' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Admin notes/), { target: { value: 'Harmless joke' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Actions taken/), { target: { value: 'Comment restored' } });
    const restore = await within(dialog).findByRole('checkbox', { name: 'Restore the content' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Hide the content' })).toBeNull();
    fireEvent.click(restore);
    fireEvent.click(submit);
    expect(await screen.findByText('Report has been resolved successfully')).toBeTruthy();
    expect(server.last('PUT', `/admin-tools/reports/${report().id}/resolve`)!.body).toEqual({
      adminNotes: 'Harmless joke',
      actionsTaken: 'Comment restored',
      actions: ['restore_content'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('dismisses with notes and shows the server message on failure', async () => {
    server.serve(
      `PUT /admin-tools/reports/${report().id}/dismiss`,
      fail(409, 'CONFLICT', 'Only pending or under review reports can be resolved or dismissed'),
    );
    renderTab();
    await screen.findByRole('table', { name: 'Reports' });
    fireEvent.click(within(table()).getByRole('button', { name: /^Dismiss/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss Report' });
    fireEvent.change(within(dialog).getByLabelText(/Admin notes/), { target: { value: 'Not spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Only pending or under review reports can be resolved or dismissed')).toBeTruthy();
    expect(server.last('PUT', `/admin-tools/reports/${report().id}/dismiss`)!.body).toEqual({ adminNotes: 'Not spam' });
  });

  it('shows the details: the item, its score, the auto-hidden badge and the other reports', async () => {
    renderTab();
    await screen.findByRole('list', { name: 'Reports' });
    fireEvent.click(within(cards()).getAllByRole('button', { name: /^View Details/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report Details' });
    expect(await within(dialog).findByText('Buy followers cheap at spam.example')).toBeTruthy();
    expect(within(dialog).getByText('Auto-hidden')).toBeTruthy();
    expect(within(dialog).getByText('Amaka Author')).toBeTruthy();
    expect(within(dialog).getByText('3 from 3 reports')).toBeTruthy();
    expect(within(dialog).getByText(/Second Flagger/)).toBeTruthy();
  });
});
