/**
 * A small in-process scheduler: each job runs every `intervalMs` on an unref'd timer (it never
 * keeps the process alive), a run never overlaps the previous one of the same job, and a failure
 * is logged and retried on the next tick. Jobs that must run on one instance only take a
 * PostgreSQL advisory lock themselves (see runContestLifecycle).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { runContestLifecycle } from '../modules/contests/contests.lifecycle.js';
import { runPaymentSweep } from '../modules/payments/purposes.js';
import { runSubscriptionExpiry } from '../modules/subscriptions/subscriptions.service.js';
import { runWithdrawalFollowUp } from '../modules/wallet/withdrawals.service.js';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Runs every job once now (outside its timer); a job already running is awaited instead of started again. */
  runNow(): Promise<void>;
  /** Clears the timers and waits for runs in progress, so the database can close after it. */
  stop(): Promise<void>;
}

export function createScheduler(jobs: Job[], log: FastifyBaseLogger): Scheduler {
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const tick = (job: Job): Promise<void> => {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    const started = Date.now();
    const run = job
      .run()
      .then(() => {
        const ms = Date.now() - started;
        if (ms > job.intervalMs) log.warn({ job: job.name, ms }, 'job took longer than its interval');
      })
      .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (!stopped && !running.has(job.name)) void tick(job);
    }, job.intervalMs);
    timer.unref();
    return timer;
  });

  return {
    async runNow() {
      await Promise.all(jobs.map(async (job) => tick(job)));
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}

/** How often the contest lifecycle (phase moves, payouts) runs. */
export const CONTEST_LIFECYCLE_INTERVAL_MS = 15_000;
/** Card payments nobody came back to verify (payments 5 minutes to a day old). */
export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;
/** Withdrawals whose transfer is not confirmed yet (pending for a minute or more). */
export const WITHDRAWAL_FOLLOW_UP_INTERVAL_MS = 60_000;
/** Subscriptions past their end date. */
export const SUBSCRIPTION_EXPIRY_INTERVAL_MS = 60_000;

/** The application's jobs, started by app.ts when the app is ready (not in tests). */
export function startJobs(ctx: AppContext): Scheduler {
  return createScheduler(
    [
      {
        name: 'contest-lifecycle',
        intervalMs: CONTEST_LIFECYCLE_INTERVAL_MS,
        run: async () => {
          const result = await runContestLifecycle(ctx);
          if (result.movedToVoting > 0 || result.finalized.length > 0) {
            ctx.log.info(
              { movedToVoting: result.movedToVoting, finalized: result.finalized.map((f) => f.contestId) },
              'contest lifecycle moved contests along',
            );
          }
        },
      },
      {
        name: 'payment-sweep',
        intervalMs: PAYMENT_SWEEP_INTERVAL_MS,
        run: async () => {
          const { examined, credited } = await runPaymentSweep(ctx);
          if (credited > 0) ctx.log.info({ examined, credited }, 'payment sweep credited payments nobody verified');
        },
      },
      {
        name: 'withdrawal-follow-up',
        intervalMs: WITHDRAWAL_FOLLOW_UP_INTERVAL_MS,
        run: async () => {
          const { settled } = await runWithdrawalFollowUp(ctx);
          if (settled > 0) ctx.log.info({ settled }, 'withdrawal follow-up settled pending payouts');
        },
      },
      {
        name: 'subscription-expiry',
        intervalMs: SUBSCRIPTION_EXPIRY_INTERVAL_MS,
        run: async () => {
          const { expired } = await runSubscriptionExpiry(ctx);
          if (expired > 0) ctx.log.info({ expired }, 'subscriptions expired');
        },
      },
    ],
    ctx.log,
  );
}
