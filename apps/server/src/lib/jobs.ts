/**
 * The job interface, and the in-process scheduler that runs it on the embedded database: each job
 * runs every `intervalMs` on an unref'd timer (it never keeps the process alive), a run never
 * overlaps the previous one of the same job, and a failure is logged and retried on the next tick.
 * On PostgreSQL the same jobs run on the job queue (job-queue.ts). Jobs that must run on one
 * instance only take a PostgreSQL advisory lock themselves (see runContestLifecycle). The jobs are
 * each module's; the composition root (composition.ts) lists them. This file knows none of them.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  intervalMs: number;
  /** On the job queue: how long a run may take before another instance takes it over (default 60 s). */
  expireInSeconds?: number;
  run(): Promise<unknown>;
}

/** How one job has been running in this process (system monitoring's queue lag on the embedded database). */
export interface JobRunStats {
  name: string;
  intervalMs: number;
  running: boolean;
  /** When the run in progress (or the last one) started, ms since the epoch; null before the first. */
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastFailedAt: number | null;
}

export interface Scheduler {
  /** Runs every job once now (outside its timer); a job already running is awaited instead of started again. */
  runNow(): Promise<void>;
  /** Runs one job soon (coalescing calls within `delayMs`), outside its timer: a wake-up hint. */
  wake(name: string, delayMs?: number): void;
  /** Runs one job now in this process (a run already in progress is awaited instead). */
  run(name: string): Promise<void>;
  /** Clears the timers and waits for runs in progress, so the database can close after it. */
  stop(): Promise<void>;
  /** Each job's runs in this process. */
  stats(): JobRunStats[];
}

export function createScheduler(jobs: Job[], log: FastifyBaseLogger, opts: { timers?: boolean } = {}): Scheduler {
  const running = new Map<string, Promise<void>>();
  const runs = new Map<string, { started: number | null; finished: number | null; failed: number | null }>(
    jobs.map((j) => [j.name, { started: null, finished: null, failed: null }]),
  );
  let stopped = false;

  const tick = (job: Job): Promise<void> => {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    const started = Date.now();
    const mark = runs.get(job.name);
    if (mark) mark.started = started;
    const run = job
      .run()
      .then(() => {
        const ms = Date.now() - started;
        if (ms > job.intervalMs) log.warn({ job: job.name, ms }, 'job took longer than its interval');
      })
      .catch((err: unknown) => {
        if (mark) mark.failed = Date.now();
        log.error({ err, job: job.name }, 'job failed');
      })
      .finally(() => {
        if (mark) mark.finished = Date.now();
        running.delete(job.name);
      });
    running.set(job.name, run);
    return run;
  };

  const timers = (opts.timers === false ? [] : jobs).map((job) => {
    const timer = setInterval(() => {
      if (!stopped && !running.has(job.name)) void tick(job);
    }, job.intervalMs);
    timer.unref();
    return timer;
  });

  const wakeTimers = new Map<string, NodeJS.Timeout>();
  return {
    wake(name, delayMs = 50) {
      const job = jobs.find((j) => j.name === name);
      if (!job || stopped || wakeTimers.has(name)) return;
      const timer = setTimeout(() => {
        wakeTimers.delete(name);
        if (!stopped) void tick(job);
      }, delayMs);
      timer.unref();
      wakeTimers.set(name, timer);
    },
    async run(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      await tick(job);
    },
    async runNow() {
      await Promise.all(jobs.map(async (job) => tick(job)));
    },
    stats() {
      return jobs.map((job) => {
        const mark = runs.get(job.name)!;
        return {
          name: job.name,
          intervalMs: job.intervalMs,
          running: running.has(job.name),
          lastStartedAt: mark.started,
          lastFinishedAt: mark.finished,
          lastFailedAt: mark.failed,
        };
      });
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      for (const t of wakeTimers.values()) clearTimeout(t);
      await Promise.all(running.values());
    },
  };
}
