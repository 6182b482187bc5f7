import type { ReactNode } from 'react';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_THRESHOLDS, type TFinancialReport, type TSystemHealth } from '@contesthub/shared';
import { ToastProvider } from '../../../components/ui/toast';
import { tokenStore } from '../../../lib/storage';
import { fail, fakeServer, ok } from '../../../test/harness';
import { FinancialReportsTab } from './FinancialReportsTab';
import { SystemMonitoringTab } from './SystemMonitoringTab';

configure({ asyncUtilTimeout: 5000 });

const window5 = {
  minutes: 5,
  requests: 420,
  errors: 21,
  requestsPerMinute: 84,
  errorRatePercent: 5,
  p50Ms: 12.5,
  p95Ms: 640,
  latencyStatus: 'warning' as const,
  errorStatus: 'warning' as const,
};

const health = (over: Partial<TSystemHealth> = {}): TSystemHealth => ({
  scope: 'instance',
  instance: 'web-1:4242',
  checkedAt: '2026-11-26T01:00:00Z',
  status: 'critical',
  server: { uptimeSeconds: 3 * 3600 + 12 * 60, startedAt: '2026-11-25T21:48:00Z', nodeVersion: 'v20.20.2', status: 'healthy' },
  traffic: {
    last5Minutes: window5,
    last60Minutes: {
      ...window5,
      minutes: 60,
      requests: 3000,
      errors: 30,
      requestsPerMinute: 50,
      errorRatePercent: 1,
      p95Ms: 210,
      latencyStatus: 'healthy',
      errorStatus: 'healthy',
    },
  },
  eventLoop: { p50Ms: 10.2, p99Ms: 620, maxMs: 900, status: 'critical' },
  memory: {
    rssBytes: 200 * 1024 * 1024,
    heapUsedBytes: 90 * 1024 * 1024,
    heapTotalBytes: 120 * 1024 * 1024,
    limitBytes: 1024 * 1024 * 1024,
    percent: 19.5,
    status: 'healthy',
  },
  cpu: { percent: 37.5, cores: 2, loadAverage: [1.2, 0.9, 0.7], status: 'healthy' },
  database: { driver: 'postgres', latencyMs: 3.4, sizeBytes: 48 * 1024 * 1024, status: 'healthy' },
  jobs: { source: 'queue', depth: 2, lagSeconds: 4, failing: 0, list: [], status: 'healthy' },
  events: { pending: 7, oldestPendingSeconds: 2, parked: 0, status: 'healthy' },
  recentErrors: [
    {
      at: '2026-11-26T00:58:00Z',
      method: 'POST',
      route: '/api/votes',
      status: 500,
      message: 'Database: deadlock detected',
      requestId: 'req-1234abcd',
    },
  ],
  thresholds: HEALTH_THRESHOLDS,
  ...over,
});

const report = (over: Partial<TFinancialReport> = {}): TFinancialReport => ({
  period: { days: 30, from: '2026-10-27T01:00:00Z', to: '2026-11-26T01:00:00Z' },
  revenue: {
    totalKobo: 1_250_000,
    totalCredits: 40,
    allTimeKobo: 9_990_000,
    bySource: [
      { source: 'credit_purchases', label: 'Vote credit purchases', kobo: 1_000_000, credits: 0, transactions: 4 },
      { source: 'paid_votes', label: 'Paid votes', kobo: 0, credits: 40, transactions: 4 },
      { source: 'withdrawal_fees', label: 'Withdrawal fees', kobo: 250_000, credits: 0, transactions: 25 },
    ],
  },
  held: { walletsKobo: 5_000_000, escrowKobo: 2_000_000, escrowCredits: 0, userCredits: 310 },
  payouts: { prizesKobo: 1_900_000, prizes: 1, withdrawalsKobo: 300_000, withdrawals: 3 },
  transactions: {
    items: [
      {
        id: 't1',
        reference: 'vote:1',
        kind: 'vote_spend',
        type: 'vote_credit',
        label: 'Vote',
        description: 'Paid vote for "Sunset"',
        kobo: 0,
        credits: 10,
        createdAt: '2026-11-25T20:00:00Z',
      },
      {
        id: 't2',
        reference: 'contest:escrow:1',
        kind: 'contest_escrow',
        type: 'contest_fee',
        label: 'Contest escrow',
        description: 'Prize for "Lagos Nights" held in escrow',
        kobo: 2_000_000,
        credits: 0,
        createdAt: '2026-11-24T20:00:00Z',
      },
    ],
    pagination: { page: 1, limit: 10, total: 12, totalPages: 2 },
  },
  ...over,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  tokenStore.set('tok', 'ref');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ToastProvider>{ui}</ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('System Monitoring', () => {
  it('shows each figure with its badge, the 5- and 60-minute performance and the recent errors', async () => {
    server.serve('GET /admin-tools/system-health', ok(health()));
    show(<SystemMonitoringTab />);
    expect((await screen.findByTestId('health-uptime')).textContent).toBe('3h 12m');
    const overall = screen.getByRole('heading', { name: /Server health/ });
    expect(overall.textContent).toBe('Server health Overall: critical');
    expect(screen.getByTestId('health-cpu').textContent).toBe('37.5%');
    expect(screen.getByTestId('health-memory').textContent).toBe('19.5%');
    expect(screen.getByTestId('health-event-loop').textContent).toBe('620 ms');
    expect(screen.getByTestId('health-database').textContent).toBe('3.4 ms');
    expect(screen.getByText(/PostgreSQL · 48 MB/)).toBeTruthy();
    expect(screen.getByTestId('health-jobs').textContent).toBe('2 waiting');
    expect(screen.getByTestId('health-events').textContent).toBe('7 pending');
    expect(screen.getByText(/instance that answered \(web-1:4242\)/)).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Performance over the last 5 and 60 minutes' });
    const p95 = within(table).getByRole('row', { name: /p95 response time/ });
    const [last5, last60] = within(p95).getAllByRole('cell');
    expect(last5!.textContent).toBe('640 ms p95 over 5 minutes: warning');
    expect(last60!.textContent).toBe('210 ms p95 over 60 minutes: healthy');
    const rate = within(table).getByRole('row', { name: /Error rate/ });
    expect(within(rate).getAllByRole('cell')[0]!.textContent).toContain('5%');

    expect(screen.queryByRole('table', { name: /Background jobs/ })).toBeNull();

    const errors = screen.getByRole('region', { name: 'Recent errors' });
    expect(within(errors).getByText('POST /api/votes')).toBeTruthy();
    expect(within(errors).getByText('Database: deadlock detected')).toBeTruthy();
    expect(within(errors).getByText(/request req-1234abcd/)).toBeTruthy();
  });

  it("lists this instance's background jobs when it runs them", async () => {
    server.serve(
      'GET /admin-tools/system-health',
      ok(
        health({
          jobs: {
            source: 'process',
            depth: 1,
            lagSeconds: 660,
            failing: 1,
            status: 'critical',
            list: [
              {
                name: 'contest-lifecycle',
                running: false,
                lastStartedAt: '2026-11-26T00:49:00Z',
                lastFinishedAt: '2026-11-26T00:49:01Z',
                lastFailedAt: null,
                lateSeconds: 660,
              },
              {
                name: 'mail-delivery',
                running: false,
                lastStartedAt: '2026-11-26T00:59:55Z',
                lastFinishedAt: '2026-11-26T00:59:56Z',
                lastFailedAt: '2026-11-26T00:59:56Z',
                lateSeconds: 0,
              },
            ],
          },
        }),
      ),
    );
    show(<SystemMonitoringTab />);
    const table = await screen.findByRole('table', { name: 'Background jobs: state, last run and lateness' });
    expect(within(within(table).getByRole('row', { name: /contest-lifecycle/ })).getByText('11 min')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /mail-delivery/ })).getByText('Last run failed')).toBeTruthy();
    expect(screen.getByText(/Lag 11 min · 1 failing/)).toBeTruthy();
  });

  it('refreshes every 30 seconds while shown, and not while its tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.serve('GET /admin-tools/system-health', ok(health()), ok(health({ status: 'healthy' })));
    const calls = () => server.calls.filter((c) => c.path === '/admin-tools/system-health').length;
    const { rerender } = renderWithRerender(<SystemMonitoringTab />);
    await screen.findByTestId('health-uptime');
    expect(calls()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await waitFor(() => expect(calls()).toBe(2));
    rerender(<SystemMonitoringTab active={false} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90_000);
    });
    expect(calls()).toBe(2);
  });

  it("toasts 'Failed to fetch system health' and offers Try Again", async () => {
    server.serve('GET /admin-tools/system-health', fail(500, 'INTERNAL_ERROR', 'boom'), ok(health({ recentErrors: [] })));
    show(<SystemMonitoringTab />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch system health')).toBeTruthy();
    expect((await screen.findAllByText('Failed to fetch system health')).length).toBe(2);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No unhandled errors')).toBeTruthy();
  });
});

function renderWithRerender(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ToastProvider>{node}</ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { rerender: (node: ReactNode) => result.rerender(wrap(node)) };
}

describe('Financial Reports', () => {
  it('shows revenue by source in naira, money held, payouts and the transactions of the spec types; 30 days by default', async () => {
    server.serve('GET /admin-tools/financial-reports', ok(report()));
    show(<FinancialReportsTab />);
    expect((await screen.findByTestId('fin-revenue')).textContent).toBe('₦12,500');
    expect(server.last('GET', '/admin-tools/financial-reports')?.query).toBe('period=30&page=1');
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('30');
    expect(screen.getByTestId('fin-credit-revenue').textContent).toBe('40 credits');
    expect(screen.getByTestId('fin-revenue-all-time').textContent).toBe('₦99,900');
    expect(screen.getByTestId('fin-wallets').textContent).toBe('₦50,000');
    expect(screen.getByTestId('fin-escrow').textContent).toBe('₦20,000');
    expect(screen.getByTestId('fin-user-credits').textContent).toBe('310 credits');
    expect(screen.getByTestId('fin-payouts').textContent).toBe('₦22,000');
    expect(within(screen.getByTestId('revenue-credit_purchases')).getByText('₦10,000')).toBeTruthy();
    expect(within(screen.getByTestId('revenue-withdrawal_fees')).getByText('₦2,500')).toBeTruthy();
    expect(screen.getByTestId('revenue-total').textContent).toBe('₦12,500');

    const table = screen.getByRole('table', { name: 'Recent transactions, newest first' });
    expect(within(table).getByText('vote_credit')).toBeTruthy();
    expect(within(table).getByText('contest_fee')).toBeTruthy();
    expect(within(table).getByText('10 credits')).toBeTruthy();
    expect(within(table).getByText('₦20,000')).toBeTruthy();
  });

  it('asks again for the period chosen, from its first page, and pages through transactions', async () => {
    server.serve('GET /admin-tools/financial-reports', ok(report()));
    show(<FinancialReportsTab />);
    await screen.findByTestId('fin-revenue');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(server.last('GET', '/admin-tools/financial-reports')?.query).toBe('period=30&page=2'));
    const select = screen.getByLabelText('Period');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['7', '30', '90', '365']);
    fireEvent.change(select, { target: { value: '90' } });
    await waitFor(() => expect(server.last('GET', '/admin-tools/financial-reports')?.query).toBe('period=90&page=1'));
  });

  it("toasts 'Failed to fetch financial reports'", async () => {
    server.serve('GET /admin-tools/financial-reports', fail(500, 'INTERNAL_ERROR', 'boom'));
    show(<FinancialReportsTab />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch financial reports')).toBeTruthy();
    expect((await screen.findAllByText('Failed to fetch financial reports')).length).toBe(2);
  });

  it('says so when the period has no transactions', async () => {
    server.serve(
      'GET /admin-tools/financial-reports',
      ok(report({ transactions: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 1 } } })),
    );
    show(<FinancialReportsTab />);
    expect(await screen.findByText('No transactions in this period')).toBeTruthy();
  });
});

describe('accessibility', () => {
  it('has no axe violations with both tabs loaded (contrast is checked in the browser journeys)', async () => {
    server.serve('GET /admin-tools/system-health', ok(health()));
    server.serve('GET /admin-tools/financial-reports', ok(report()));
    show(
      <main>
        <h2>Admin Tools</h2>
        <SystemMonitoringTab />
        <FinancialReportsTab />
      </main>,
    );
    await screen.findByTestId('health-uptime');
    await screen.findByTestId('fin-revenue');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
