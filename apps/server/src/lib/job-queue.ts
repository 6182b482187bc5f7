/**
 * The scheduler on PostgreSQL: every job of the composition root's list runs on pg-boss 10.4.2
 * (ADR 011), so several instances share the work — a tick runs on one instance at a time, and a
 * run lost with its process (kill -9, a crashed machine) is taken up by another instance once its
 * expiry has passed.
 *
 * Each job is a `stately` queue (at most one waiting and one running job per queue, across every
 * instance):
 * - a run ends by queueing the next one `intervalMs` later (jobs of a minute or more rely on the cron);
 * - a cron tick every minute (`boss.schedule`, sent once per minute whichever instance sends it)
 *   restarts the chain if it was ever lost;
 * - a run that outlives `expireInSeconds` (its process died) is retried by the maintenance sweep.
 *
 * `wake()` runs the job in this process at once (coalesced): a latency hint after a commit, safe
 * because every job serialises its own critical work (advisory locks, claimed rows, the event
 * cursor's lock), exactly as when two instances run it.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { createScheduler, type Job, type Scheduler } from './jobs.js';

/** Tunables, seconds (ADR 011: expiry at 2–3× a run's p99, maintenance every 5 s for a fast take-over). */
export interface JobQueueOptions {
  connectionString: string;
  maintenanceIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  /** A name for this instance in logs. */
  instance?: string;
}

const SCHEMA = 'pgboss';
// One instance at a time creates queues (pg-boss 10 deadlocks when several create the same queue at once).
const QUEUE_SETUP_LOCK_KEY = 727_002;
const DEFAULT_EXPIRE_SECONDS = 60;

/** How often an instance looks for a due job of this queue: half the interval, between 0.5 and 5 s. */
const pollingSeconds = (job: Job) => Math.min(5, Math.max(0.5, job.intervalMs / 2000));

export async function createJobQueueScheduler(jobs: Job[], log: FastifyBaseLogger, opts: JobQueueOptions): Promise<Scheduler> {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: SCHEMA,
    max: 4,
    application_name: 'contesthub-jobs',
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 5,
    cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 10,
    cronWorkerIntervalSeconds: 1,
    // A sub-minute job completes tens of thousands of runs a day: keep an hour live, a day archived.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 1,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await createQueues(opts.connectionString, boss, jobs);

  // Runs in this process: the queue's handler and wake() share it, so one instance never runs a job twice at once.
  const local = createScheduler(jobs, log, { timers: false });
  let stopping = false;

  for (const job of jobs) {
    await boss.schedule(job.name, '* * * * *', {}, { tz: 'UTC' });
    // A run at start (dropped when one is already waiting), fetched by the worker's first look.
    await boss.send(job.name, {}).catch(() => null);
    await boss.work(job.name, { pollingIntervalSeconds: pollingSeconds(job), batchSize: 1 }, async () => {
      try {
        await local.run(job.name);
      } finally {
        // The next run of a sub-minute job; `stately` drops it when one is already waiting.
        if (!stopping && job.intervalMs < 60_000) {
          await boss.send(job.name, {}, { startAfter: Math.max(1, Math.round(job.intervalMs / 1000)) }).catch(() => null);
        }
      }
    });
  }
  log.info({ instance: opts.instance, jobs: jobs.map((j) => j.name) }, 'jobs run on the PostgreSQL job queue');

  return {
    wake: (name, delayMs) => local.wake(name, delayMs),
    async runNow() {
      // Queued, not run here: whichever instance fetches it first runs it.
      await Promise.all(jobs.map((j) => boss.send(j.name, {}).catch(() => null)));
    },
    run: (name) => local.run(name),
    stats: () => local.stats(),
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      await local.stop();
    },
  };
}

async function createQueues(connectionString: string, boss: PgBoss, jobs: Job[]) {
  const client = new pg.Client({ connectionString, application_name: 'contesthub-jobs-setup' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
    for (const job of jobs) {
      const options = {
        name: job.name,
        policy: 'stately' as const,
        expireInSeconds: job.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
        retryLimit: 3,
        retryDelay: 1,
        retentionMinutes: 60,
      };
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
      else await boss.createQueue(job.name, options);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
