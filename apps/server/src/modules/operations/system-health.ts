/**
 * GET /api/admin-tools/system-health (spec 002 §2.1 System Monitoring, real figures): this
 * instance's uptime, traffic, latency, errors, event loop, memory and CPU (lib/metrics.ts), the
 * database's latency and size, the job queue's depth and lag, the event dispatcher's backlog and
 * the last unhandled failures; each figure graded healthy / warning / critical by
 * HEALTH_THRESHOLDS (packages/shared schemas/operations.ts), the overall status the worst of them.
 */
import os from 'node:os';
import {
  HEALTH_THRESHOLDS,
  gradeFigure,
  worstStatus,
  type HealthStatus,
  type TSystemHealth,
  type TTrafficWindow,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { eventBacklog } from '../../lib/events/index.js';
import type { JobRunStats } from '../../lib/jobs.js';
import type { TrafficWindow } from '../../lib/metrics.js';
import * as repo from './operations.repository.js';

/** A job this much past its due time counts as waiting (timers are not exact). */
const JOB_GRACE_MS = 1_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function graded(w: TrafficWindow): TTrafficWindow {
  return {
    ...w,
    latencyStatus: gradeFigure('p95LatencyMs', w.p95Ms),
    errorStatus: gradeFigure('errorRatePercent', w.requests === 0 ? null : w.errorRatePercent),
  };
}

/** How late a job of this process is: past its interval since its last start, while not running. */
function lateMs(job: JobRunStats, since: number, at: number): number {
  if (job.running) return 0;
  const due = (job.lastStartedAt ?? since) + job.intervalMs;
  return Math.max(0, at - due);
}

async function timedPing(ctx: AppContext): Promise<number | null> {
  const started = performance.now();
  try {
    await repo.selectOne(ctx.db);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}

async function jobFigures(ctx: AppContext, at: number, startedAt: number): Promise<TSystemHealth['jobs']> {
  const local = ctx.metrics.jobs();
  const list = (local ?? []).map((j) => ({
    name: j.name,
    running: j.running,
    lastStartedAt: iso(j.lastStartedAt),
    lastFinishedAt: iso(j.lastFinishedAt),
    lastFailedAt: j.lastFailedAt !== null && j.lastFailedAt >= (j.lastStartedAt ?? 0) ? iso(j.lastFailedAt) : null,
    lateSeconds: Math.round(lateMs(j, startedAt, at) / 1000),
  }));
  const failing = list.filter((j) => j.lastFailedAt !== null).length;
  // On PostgreSQL the queue every instance shares says what waits; in process, the jobs past due.
  const queue = ctx.database.kind === 'postgres' ? await repo.jobQueueBacklog(ctx.db).catch(() => null) : null;
  const late = (local ?? []).filter((j) => lateMs(j, startedAt, at) > JOB_GRACE_MS);
  const depth = queue ? queue.depth : late.length;
  const lagSeconds = queue ? queue.lagSeconds : Math.round(Math.max(0, ...late.map((j) => lateMs(j, startedAt, at))) / 1000);
  const source = queue ? 'queue' : local ? 'process' : 'none';
  const status = worstStatus([gradeFigure('jobLagSeconds', lagSeconds), failing > 0 ? 'warning' : 'healthy']);
  return { source, depth, lagSeconds, failing, list, status };
}

export async function systemHealth(ctx: AppContext): Promise<TSystemHealth> {
  const at = Date.now();
  const metrics = ctx.metrics;
  const proc = metrics.process(at);
  const startedAt = Date.parse(proc.startedAt);
  const [latencyMs, sizeBytes, jobs, backlog] = await Promise.all([
    timedPing(ctx),
    repo.databaseSize(ctx.db).catch(() => null),
    jobFigures(ctx, at, startedAt),
    eventBacklog(
      ctx.db,
      ctx.events.subscribers.map((s) => s.name),
    ),
  ]);
  const last5Minutes = graded(metrics.traffic(5, at));
  const last60Minutes = graded(metrics.traffic(60, at));

  const eventLoop = { ...proc.eventLoop, status: gradeFigure('eventLoopP99Ms', proc.eventLoop.p99Ms) };
  const memory = { ...proc.memory, status: gradeFigure('memoryPercent', proc.memory.percent) };
  const cpu = { ...proc.cpu, status: gradeFigure('cpuPercent', proc.cpu.percent) };
  const database = {
    driver: ctx.database.kind,
    latencyMs,
    sizeBytes,
    // No answer at all is the worst there is.
    status: latencyMs === null ? ('critical' as const) : gradeFigure('databaseLatencyMs', latencyMs),
  };
  const events = {
    ...backlog,
    status: worstStatus([gradeFigure('eventLagSeconds', backlog.oldestPendingSeconds), gradeFigure('parkedEvents', backlog.parked)]),
  };
  const server = {
    uptimeSeconds: proc.uptimeSeconds,
    startedAt: proc.startedAt,
    nodeVersion: process.version,
    status: ctx.lifecycle.draining ? ('warning' as const) : ('healthy' as const),
  };
  const statuses: HealthStatus[] = [
    server.status,
    last5Minutes.latencyStatus,
    last5Minutes.errorStatus,
    eventLoop.status,
    memory.status,
    cpu.status,
    database.status,
    jobs.status,
    events.status,
  ];
  return {
    scope: 'instance',
    instance: `${os.hostname()}:${process.pid}`,
    checkedAt: new Date(at).toISOString(),
    status: worstStatus(statuses),
    server,
    traffic: { last5Minutes, last60Minutes },
    eventLoop,
    memory,
    cpu,
    database,
    jobs,
    events,
    recentErrors: metrics.recentFailures(),
    thresholds: HEALTH_THRESHOLDS,
  };
}
