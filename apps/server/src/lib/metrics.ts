/**
 * This instance's own figures for system monitoring (GET /api/admin-tools/system-health): requests,
 * 5xx errors and latency per minute for the last hour, the event loop's delay, memory, CPU and the
 * last unhandled failures. Everything is in memory and per process: each instance behind a load
 * balancer reports its own traffic.
 *
 * Latency is a fixed-bucket histogram per minute (bounds LATENCY_BUCKETS_MS, roughly 25 % apart from
 * 1 ms to 60 s). A fixed histogram merges by adding counts, so the p95 of any window (5 or 60
 * minutes) is exact to within one bucket, whatever the traffic, in O(buckets) memory per minute; a
 * per-minute reservoir would keep more memory and its samples cannot be merged into an honest p95
 * across minutes of different traffic. HDR histograms (hdr-histogram-js) give finer precision, but
 * 25 % buckets are more than the thresholds (500 ms, 2 s) need, without a dependency.
 *
 * The event loop's delay comes from perf_hooks.monitorEventLoopDelay (sampled every 20 ms, reset
 * each minute: the figures are of the last full minute); CPU is process.cpuUsage() over the time
 * since the previous minute's mark, as a share of the cores this process may use.
 */
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { JobRunStats } from './jobs.js';

const MINUTE_MS = 60_000;
/** How many minutes are kept (the longest window asked for). */
export const METRICS_WINDOW_MINUTES = 60;
/** How many unhandled failures are kept, newest first. */
export const RECENT_FAILURES_KEPT = 20;

/** Upper bounds (ms) of the latency buckets; a last, open bucket holds anything slower. */
export const LATENCY_BUCKETS_MS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let b = 1; b < 60_000; b = Math.max(b + 1, Math.round(b * 1.25))) bounds.push(b);
  bounds.push(60_000);
  return bounds;
})();

/** The bucket of a duration (ms): the first whose upper bound holds it; the open bucket past the last. */
export function latencyBucket(ms: number): number {
  let lo = 0;
  let hi = LATENCY_BUCKETS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms <= LATENCY_BUCKETS_MS[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The q-quantile (0–1) of a bucket histogram, interpolated linearly inside its bucket; null when
 * the histogram is empty. The open bucket reports the last bound (a floor: "at least 60 s").
 */
export function quantileOf(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    const c = counts[i]!;
    if (c > 0 && seen + c >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1]!;
      const upper = LATENCY_BUCKETS_MS[i] ?? LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
      const within = Math.min(1, Math.max(0, (rank - seen) / c));
      return Math.round((lower + (upper - lower) * within) * 10) / 10;
    }
    seen += c;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}

interface MinuteBucket {
  /** Start of the minute, ms since the epoch, a multiple of 60 000. */
  minute: number;
  requests: number;
  errors: number;
  latency: number[];
}

/** One unhandled failure as staff see it: never a stack, never a query's parameters. */
export interface RecordedFailure {
  at: string;
  method: string;
  /** The route's pattern ('/api/contests/:id'), or the path without its query when no route matched. */
  route: string;
  status: number;
  message: string;
  requestId: string;
}

export interface TrafficWindow {
  minutes: number;
  requests: number;
  errors: number;
  /** Requests per minute over the window. */
  requestsPerMinute: number;
  /** Share of 5xx answers, percent (0 when nothing was asked). */
  errorRatePercent: number;
  /** p95 of the answers' latency, ms; null without requests. */
  p95Ms: number | null;
  p50Ms: number | null;
}

export interface ProcessFigures {
  uptimeSeconds: number;
  startedAt: string;
  eventLoop: { p50Ms: number | null; p99Ms: number | null; maxMs: number | null };
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number; limitBytes: number; percent: number };
  cpu: { percent: number; cores: number; loadAverage: [number, number, number] };
}

export interface MetricsCollector {
  /** One answered request (the onResponse hook): its status and how long it took. */
  recordResponse(status: number, durationMs: number, at?: number): void;
  /** One unhandled failure (the error handler's 500 path). */
  recordFailure(failure: Omit<RecordedFailure, 'at'> & { at?: Date }): void;
  /** Totals over the last `minutes` minutes (the current, partial minute included). */
  traffic(minutes: number, at?: number): TrafficWindow;
  process(at?: number): ProcessFigures;
  /** The last failures, newest first. */
  recentFailures(): RecordedFailure[];
  /** Where this process's job runs are read from (the scheduler, once started; app.ts). */
  watchJobs(source: (() => JobRunStats[]) | undefined): void;
  /** This process's job runs; null when no scheduler runs here (tests, a web-only instance). */
  jobs(): JobRunStats[] | null;
  /** Stops the event-loop monitor (the app's onClose). */
  close(): void;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const nsToMs = (ns: number) => (Number.isFinite(ns) && ns > 0 ? round1(ns / 1e6) : null);

/** The memory this process may use: its cgroup limit when it has one, else the machine's memory. */
function memoryLimit(): number {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  return constrained && constrained > 0 && constrained < Number.MAX_SAFE_INTEGER ? constrained : os.totalmem();
}

const cores = () => (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length) || 1;

export function createMetrics(opts: { startedAt?: number } = {}): MetricsCollector {
  const startedAt = opts.startedAt ?? Date.now() - Math.round(process.uptime() * 1000);
  const minutes: MinuteBucket[] = [];
  const failures: RecordedFailure[] = [];
  let jobSource: (() => JobRunStats[]) | undefined;

  let eventLoop: IntervalHistogram | undefined;
  try {
    eventLoop = monitorEventLoopDelay({ resolution: 20 });
    eventLoop.enable();
  } catch {
    eventLoop = undefined;
  }
  let loopMinute = Math.floor(Date.now() / MINUTE_MS);
  let lastLoop: ProcessFigures['eventLoop'] = { p50Ms: null, p99Ms: null, maxMs: null };
  let cpuMark = { at: Date.now(), usage: process.cpuUsage() };
  let cpuPercent = 0;

  const bucketFor = (at: number): MinuteBucket => {
    const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    const last = minutes[minutes.length - 1];
    if (last && last.minute === minute) return last;
    // An answer that finished a moment before the newest minute began (clocks are per request).
    if (last && last.minute > minute) return minutes.find((m) => m.minute === minute) ?? last;
    const fresh: MinuteBucket = { minute, requests: 0, errors: 0, latency: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0) };
    minutes.push(fresh);
    const oldest = minute - (METRICS_WINDOW_MINUTES - 1) * MINUTE_MS;
    while (minutes.length > 0 && minutes[0]!.minute < oldest) minutes.shift();
    return fresh;
  };

  /** At each new minute: the event loop's figures of the minute that ended, and the CPU over it. */
  const roll = (at: number) => {
    const minute = Math.floor(at / MINUTE_MS);
    if (minute === loopMinute) return;
    loopMinute = minute;
    if (eventLoop && eventLoop.count > 0) {
      lastLoop = { p50Ms: nsToMs(eventLoop.percentile(50)), p99Ms: nsToMs(eventLoop.percentile(99)), maxMs: nsToMs(eventLoop.max) };
      eventLoop.reset();
    }
    cpuPercent = cpuSince(cpuMark, at);
    cpuMark = { at, usage: process.cpuUsage() };
  };

  const cpuSince = (mark: { at: number; usage: NodeJS.CpuUsage }, at: number) => {
    const elapsedUs = Math.max(1, (at - mark.at) * 1000);
    const used = process.cpuUsage(mark.usage);
    return round1(Math.min(100, ((used.user + used.system) / elapsedUs / cores()) * 100));
  };

  return {
    recordResponse(status, durationMs, at = Date.now()) {
      roll(at);
      const b = bucketFor(at);
      b.requests += 1;
      if (status >= 500) b.errors += 1;
      const ms = Number.isFinite(durationMs) && durationMs > 0 ? durationMs : 0;
      b.latency[latencyBucket(ms)]! += 1;
    },

    recordFailure(f) {
      failures.unshift({
        at: (f.at ?? new Date()).toISOString(),
        method: f.method,
        route: f.route.split('?')[0]!.slice(0, 200),
        status: f.status,
        message: f.message.slice(0, 300),
        requestId: f.requestId,
      });
      failures.length = Math.min(failures.length, RECENT_FAILURES_KEPT);
    },

    traffic(windowMinutes, at = Date.now()) {
      const from = (Math.floor(at / MINUTE_MS) - (windowMinutes - 1)) * MINUTE_MS;
      const latency = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
      let requests = 0;
      let errors = 0;
      for (const m of minutes) {
        if (m.minute < from || m.minute > at) continue;
        requests += m.requests;
        errors += m.errors;
        for (let i = 0; i < latency.length; i += 1) latency[i]! += m.latency[i]!;
      }
      // A fresh process has not been up for the whole window: rates are over the time it ran.
      const coveredMinutes = Math.max(1 / 60, Math.min(windowMinutes, (at - Math.max(from, startedAt)) / MINUTE_MS));
      return {
        minutes: windowMinutes,
        requests,
        errors,
        requestsPerMinute: round1(requests / coveredMinutes),
        errorRatePercent: requests === 0 ? 0 : Math.round((errors / requests) * 10_000) / 100,
        p95Ms: quantileOf(latency, 0.95),
        p50Ms: quantileOf(latency, 0.5),
      };
    },

    process(at = Date.now()) {
      roll(at);
      const mem = process.memoryUsage();
      const limit = memoryLimit();
      // Within the first minute there is no finished minute yet: the figures so far.
      const loop =
        lastLoop.p99Ms === null && eventLoop && eventLoop.count > 0
          ? { p50Ms: nsToMs(eventLoop.percentile(50)), p99Ms: nsToMs(eventLoop.percentile(99)), maxMs: nsToMs(eventLoop.max) }
          : lastLoop;
      const cpu = at - cpuMark.at >= 1_000 && cpuPercent === 0 ? cpuSince(cpuMark, at) : cpuPercent;
      const load = os.loadavg();
      return {
        uptimeSeconds: Math.round(process.uptime()),
        startedAt: new Date(startedAt).toISOString(),
        eventLoop: loop,
        memory: {
          rssBytes: mem.rss,
          heapUsedBytes: mem.heapUsed,
          heapTotalBytes: mem.heapTotal,
          limitBytes: limit,
          percent: round1((mem.rss / limit) * 100),
        },
        cpu: { percent: cpu, cores: cores(), loadAverage: [round1(load[0] ?? 0), round1(load[1] ?? 0), round1(load[2] ?? 0)] },
      };
    },

    recentFailures: () => failures.map((f) => ({ ...f })),

    watchJobs(source) {
      jobSource = source;
    },
    jobs: () => (jobSource ? jobSource() : null),

    close() {
      eventLoop?.disable();
    },
  };
}
