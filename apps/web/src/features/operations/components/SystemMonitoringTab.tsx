import type { ReactNode } from 'react';
import { Activity, Clock, Cpu, Database, Gauge, HardDrive, ListChecks, RefreshCw, ServerCrash, Workflow } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatDateTime, formatNumber, type HealthStatus, type TSystemHealth, type TTrafficWindow } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { HealthBadge } from '../../../components/ui/health-badge';
import { EmptyNote, LoadError, useOncePerError } from '../../../components/ui/list-states';
import { useToast } from '../../../components/ui/toast';
import { useSystemHealth } from '../api/get-system-health';
import { formatBytes, formatMs, formatSeconds, formatUptime } from './format';

/** Spec 002 §8. */
export const SYSTEM_HEALTH_FAILED = 'Failed to fetch system health';

function Figure({
  icon: Icon,
  label,
  value,
  status,
  note,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  status: HealthStatus;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <Icon className="h-6 w-6 text-emerald-300" aria-hidden />
        <HealthBadge status={status} label={label} />
      </div>
      <p className="mt-3 text-sm text-slate-400">{label}</p>
      <p className="break-words text-xl font-bold sm:text-2xl" data-testid={testId}>
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-slate-400">{note}</p>}
    </Card>
  );
}

function TrafficRows({ windows }: { windows: [TTrafficWindow, TTrafficWindow] }) {
  const rows: Array<{ label: string; cell: (w: TTrafficWindow) => ReactNode }> = [
    { label: 'Requests', cell: (w) => formatNumber(w.requests) },
    { label: 'Requests per minute', cell: (w) => formatNumber(w.requestsPerMinute) },
    { label: 'Median response time', cell: (w) => formatMs(w.p50Ms) },
    {
      label: 'p95 response time',
      cell: (w) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {formatMs(w.p95Ms)} <HealthBadge status={w.latencyStatus} label={`p95 over ${w.minutes} minutes`} />
        </span>
      ),
    },
    { label: 'Errors (5xx)', cell: (w) => formatNumber(w.errors) },
    {
      label: 'Error rate',
      cell: (w) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {`${formatNumber(w.errorRatePercent)}%`} <HealthBadge status={w.errorStatus} label={`Error rate over ${w.minutes} minutes`} />
        </span>
      ),
    },
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Performance over the last 5 and 60 minutes</caption>
      <thead className="text-xs uppercase text-slate-400">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Figure
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Last 5 min
          </th>
          <th scope="col" className="py-2 pl-3 font-medium">
            Last 60 min
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-800">
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row" className="py-2 pr-3 font-normal text-slate-300">
              {r.label}
            </th>
            <td className="px-3 py-2 font-semibold">{r.cell(windows[0])}</td>
            <td className="py-2 pl-3 font-semibold">{r.cell(windows[1])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Loaded({ h, refreshing, onRefresh }: { h: TSystemHealth; refreshing: boolean; onRefresh: () => void }) {
  const t = h.thresholds;
  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center gap-4 p-4 sm:p-5">
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            Server health <HealthBadge status={h.status} label="Overall" />
          </h3>
          <p className="mt-1 break-words text-xs text-slate-400">
            Figures of the instance that answered ({h.instance}); database, job queue and events are shared. Checked{' '}
            {formatDateTime(h.checkedAt)}, refreshed every 30 seconds.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onRefresh} loading={refreshing}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      </Card>

      <section aria-labelledby="server-health-figures" className="space-y-3">
        <h3 id="server-health-figures" className="sr-only">
          Server figures
        </h3>
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
          <Figure
            icon={Clock}
            label="Uptime"
            value={formatUptime(h.server.uptimeSeconds)}
            status={h.server.status}
            note={`Since ${formatDateTime(h.server.startedAt)} · Node ${h.server.nodeVersion}`}
            testId="health-uptime"
          />
          <Figure
            icon={Cpu}
            label="CPU"
            value={`${formatNumber(h.cpu.percent)}%`}
            status={h.cpu.status}
            note={`${h.cpu.cores} cores · load ${h.cpu.loadAverage.map((n) => formatNumber(n)).join(' / ')}`}
            testId="health-cpu"
          />
          <Figure
            icon={HardDrive}
            label="Memory"
            value={`${formatNumber(h.memory.percent)}%`}
            status={h.memory.status}
            note={`${formatBytes(h.memory.rssBytes)} of ${formatBytes(h.memory.limitBytes)} · heap ${formatBytes(h.memory.heapUsedBytes)}`}
            testId="health-memory"
          />
          <Figure
            icon={Gauge}
            label="Event loop delay (p99)"
            value={formatMs(h.eventLoop.p99Ms)}
            status={h.eventLoop.status}
            note={`p50 ${formatMs(h.eventLoop.p50Ms)} · warning above ${t.eventLoopP99Ms?.warning ?? '—'} ms`}
            testId="health-event-loop"
          />
          <Figure
            icon={Database}
            label="Database"
            value={h.database.latencyMs === null ? 'No answer' : formatMs(h.database.latencyMs)}
            status={h.database.status}
            note={`${h.database.driver === 'postgres' ? 'PostgreSQL' : 'Embedded PGlite'} · ${h.database.sizeBytes === null ? 'size unknown' : formatBytes(h.database.sizeBytes)}`}
            testId="health-database"
          />
          <Figure
            icon={ListChecks}
            label="Job queue"
            value={`${formatNumber(h.jobs.depth)} waiting`}
            status={h.jobs.status}
            note={
              h.jobs.source === 'none'
                ? 'No jobs run on this instance'
                : `Lag ${formatSeconds(h.jobs.lagSeconds)}${h.jobs.failing > 0 ? ` · ${h.jobs.failing} failing` : ''}`
            }
            testId="health-jobs"
          />
          <Figure
            icon={Workflow}
            label="Event backlog"
            value={`${formatNumber(h.events.pending)} pending`}
            status={h.events.status}
            note={`Oldest ${formatSeconds(h.events.oldestPendingSeconds)} · ${formatNumber(h.events.parked)} parked`}
            testId="health-events"
          />
          <Figure
            icon={Activity}
            label="Requests per minute (5 min)"
            value={formatNumber(h.traffic.last5Minutes.requestsPerMinute)}
            status={
              h.traffic.last5Minutes.latencyStatus === 'healthy' ? h.traffic.last5Minutes.errorStatus : h.traffic.last5Minutes.latencyStatus
            }
            note={`p95 ${formatMs(h.traffic.last5Minutes.p95Ms)} · errors ${formatNumber(h.traffic.last5Minutes.errorRatePercent)}%`}
            testId="health-traffic"
          />
        </div>
      </section>

      <section aria-labelledby="performance-metrics">
        <Card className="p-4 sm:p-6">
          <h3 id="performance-metrics" className="font-semibold">
            Performance metrics
          </h3>
          <p className="mt-1 text-xs text-slate-400">
            Warning above p95 {t.p95LatencyMs?.warning ?? '—'} ms or {t.errorRatePercent?.warning ?? '—'}% errors; critical above{' '}
            {t.p95LatencyMs?.critical ?? '—'} ms or {t.errorRatePercent?.critical ?? '—'}%.
          </p>
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Performance metrics table">
            <TrafficRows windows={[h.traffic.last5Minutes, h.traffic.last60Minutes]} />
          </div>
        </Card>
      </section>

      {h.jobs.list.length > 0 && (
        <section aria-labelledby="background-jobs">
          <Card className="p-0">
            <h3 id="background-jobs" className="border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
              Background jobs on this instance
            </h3>
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Background jobs table">
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="sr-only">Background jobs: state, last run and lateness</caption>
                <thead className="text-xs uppercase text-slate-400">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium sm:px-6">
                      Job
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      State
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Last started
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium sm:px-6">
                      Late by
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-800">
                  {h.jobs.list.map((j) => (
                    <tr key={j.name}>
                      <th scope="row" className="px-4 py-2 font-mono font-normal sm:px-6">
                        {j.name}
                      </th>
                      <td className="px-3 py-2">{j.running ? 'Running' : j.lastFailedAt ? 'Last run failed' : 'Idle'}</td>
                      <td className="px-3 py-2 text-slate-300">{j.lastStartedAt ? formatDateTime(j.lastStartedAt) : 'Not yet'}</td>
                      <td className="px-4 py-2 sm:px-6">{j.lateSeconds > 0 ? formatSeconds(j.lateSeconds) : 'On time'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </section>
      )}

      <section aria-labelledby="recent-errors">
        <Card className="p-0">
          <h3 id="recent-errors" className="border-b border-slate-800 px-4 py-3 font-semibold sm:px-6">
            Recent errors
          </h3>
          {h.recentErrors.length === 0 ? (
            <EmptyNote icon={ServerCrash} title="No unhandled errors" hint="The last 20 failures of this instance show here." />
          ) : (
            <ul className="divide-y divide-slate-800">
              {h.recentErrors.map((e) => (
                <li key={`${e.requestId}-${e.at}`} className="space-y-1 px-4 py-3 text-sm sm:px-6">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold text-red-300">{e.status}</span>
                    <span className="break-all font-mono">
                      {e.method} {e.route}
                    </span>
                  </p>
                  <p className="break-words text-slate-300">{e.message}</p>
                  <p className="break-all text-xs text-slate-400">
                    {formatDateTime(e.at)} · request {e.requestId}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </section>
    </div>
  );
}

/**
 * System Monitoring (spec 002 §2.1, real figures): server health, performance over 5 and 60
 * minutes and the recent errors, each figure with its healthy / warning / critical badge; refreshed
 * every 30 s while `active` (the tab is shown). For holders of system.monitor (admins).
 */
export function SystemMonitoringTab({ active = true }: { active?: boolean }) {
  const toast = useToast();
  const health = useSystemHealth(active);
  useOncePerError(health.error, () => toast.error(SYSTEM_HEALTH_FAILED));

  if (health.isPending) {
    return (
      <div role="status" aria-label="Loading system health" className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Card key={i} className="p-4 sm:p-5">
            <Skeleton className="h-6 w-6" />
            <Skeleton className="mt-3 h-4 w-24" />
            <Skeleton className="mt-2 h-7 w-20" />
          </Card>
        ))}
      </div>
    );
  }
  if (health.isError && !health.data) {
    return <LoadError message={SYSTEM_HEALTH_FAILED} onRetry={() => void health.refetch()} retrying={health.isFetching} />;
  }
  return <Loaded h={health.data!} refreshing={health.isFetching} onRefresh={() => void health.refetch()} />;
}
