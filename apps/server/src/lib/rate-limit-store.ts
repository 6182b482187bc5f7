/**
 * Rate limits shared by every instance (ADR 014). @fastify/rate-limit 11.2.0 still decides which
 * routes are limited and refuses with 429 (the errors plugin's envelope and Retry-After); this
 * store only counts, on rate-limiter-flexible 11.4.0:
 *
 * - PostgreSQL (the app's database): RateLimiterPostgres on the `rate_limits` table, through a small
 *   pool of its own. Migration 0014 creates the table (the library never does: `tableCreated`);
 *   the `rate-limit-sweep` job deletes dead rows (rate-limits.repository.ts).
 * - Valkey or Redis when REDIS_URL is set: RateLimiterRedis on ioredis 5.11.1.
 * - On the embedded PGlite (one process) app.ts keeps @fastify/rate-limit's in-memory store.
 *
 * The store contract (node_modules/@fastify/rate-limit/index.js): the plugin builds the store with
 * `new Store(globalParams)`, calls `child(routeParams)` once per limited route and per
 * `createRateLimit`, and per request `incr(key, cb, timeWindow, max)`, which answers
 * `cb(null, { current, ttl })` (ttl in ms; `current > max` refuses); `read` (same arguments) is the
 * non-mutating peek behind `{ increment: false }`.
 *
 * Keys: each child counts under its own namespace, the route's "METHOD /url", so a client's counts
 * on two routes never mix (the in-memory store keeps one map per route for the same reason). A
 * limiter made with `app.createRateLimit` has no route: it counts under "app", so its
 * keyGenerator must say what it counts.
 *
 * A store failure never fails a request: every limiter has an in-memory insurance limiter with the
 * same points and window, which counts in this process while the store does not answer (a query
 * over a second, a refused connection, Redis not ready). Limits then hold per instance; a warning
 * is logged at most once a minute. A key over its limit is also remembered in this process until
 * its window ends (`inMemoryBlockOnConsumed`), so a client hammering a refused route costs no
 * store round trip.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db/client.js';
import { deleteExpiredCounters } from './rate-limits.repository.js';

/** Where the counters live. */
export type SharedLimitsTarget = { kind: 'postgres'; url: string } | { kind: 'redis'; url: string };

export interface SharedLimits {
  kind: SharedLimitsTarget['kind'];
  /** The `store` option of @fastify/rate-limit. */
  store: FastifyRateLimitStoreCtor;
  /** Resolves once the store answers, or after a few seconds (requests until then are counted in process). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The table migration 0014 creates (db/schema/rate-limits.ts). */
const TABLE = 'rate_limits';
/** A store that has not answered by then is treated as down: the request is counted in process. */
const STORE_TIMEOUT_MS = 1_000;
const WARN_EVERY_MS = 60_000;
/** How long start-up waits for the store before going on without it. */
const READY_WAIT_MS = 3_000;

interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  inMemoryBlockOnConsumed: number;
  insuranceLimiter: RateLimiterMemory;
}

interface Backend {
  limiter(opts: LimiterOptions): RateLimiterStoreAbstract;
  /** Whether the store answers (false after READY_WAIT_MS). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Counted) => void;

/** Logs at most once per WARN_EVERY_MS: a store that is down would otherwise log on every request. */
function throttledWarn(log: FastifyBaseLogger) {
  let last = 0;
  return (obj: object, message: string) => {
    const at = Date.now();
    if (at - last < WARN_EVERY_MS) return;
    last = at;
    log.warn(obj, message);
  };
}

/** The in-memory insurance: counts in this process while the store fails, and says so. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    opts: { keyPrefix: string; points: number; duration: number },
    private readonly onUse: () => void,
  ) {
    super(opts);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: Record<string, unknown>): Promise<RateLimiterRes | null> {
    this.onUse();
    return super.get(key, options);
  }
}

function postgresBackend(url: string, onError: (err: unknown) => void): Backend {
  const pool = new pg.Pool({
    connectionString: url,
    // One short upsert per limited request: a few connections serve thousands a second.
    max: 4,
    connectionTimeoutMillis: STORE_TIMEOUT_MS,
    query_timeout: STORE_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: 'contesthub-rate-limits',
  });
  // An idle connection's error (a server restart) must not crash the process; the next query reconnects.
  pool.on('error', onError);
  // The library calls `query` on what it is given; this one notes why a query failed.
  const client = {
    query: (q: pg.QueryConfig) =>
      pool.query(q).catch((err: unknown) => {
        onError(err);
        throw err;
      }),
  };
  return {
    limiter: (opts) =>
      new RateLimiterPostgres({
        ...opts,
        storeClient: client,
        storeType: 'pool',
        tableName: TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
    ready: () =>
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => pool.end(),
  };
}

function redisBackend(url: string, onError: (err: unknown) => void): Backend {
  const client = new Redis(url, {
    // While disconnected a command fails at once (and is counted in process) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: STORE_TIMEOUT_MS,
    connectTimeout: 2 * STORE_TIMEOUT_MS,
  });
  // Without a listener, a connection error would be an unhandled 'error' event; ioredis reconnects by itself.
  client.on('error', onError);
  return {
    limiter: (opts) =>
      new RateLimiterRedis({ ...opts, keyPrefix: `rl:${opts.keyPrefix}`, storeClient: client, rejectIfRedisNotReady: true }),
    ready: () =>
      client.status === 'ready'
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), READY_WAIT_MS);
            client.once('ready', () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * The `rate-limit-sweep` job: deletes PostgreSQL counters whose window ended over a minute ago (an
 * expired row counts as absent anyway; the limiter starts a new window over it). Real time, as the
 * limiter writes it, not the test clock.
 */
export async function sweepRateLimits(db: Db): Promise<void> {
  await deleteExpiredCounters(db, Date.now() - 60_000);
}

/** The namespace of a child store: its route, or "app" for a limiter made with createRateLimit. */
function namespaceOf(params: unknown): string {
  const route = (params as { routeInfo?: { method?: string | string[]; url?: string } } | undefined)?.routeInfo;
  if (!route?.method || !route.url) return 'app';
  return `${[route.method].flat().join(',')} ${route.url}`;
}

/** Counters shared through PostgreSQL or Valkey/Redis, as a @fastify/rate-limit store. */
export function openSharedLimits(target: SharedLimitsTarget, log: FastifyBaseLogger): SharedLimits {
  const warnError = throttledWarn(log);
  const warnInsurance = throttledWarn(log);
  const onError = (err: unknown) => warnError({ err, store: target.kind }, 'rate-limit store error');
  const backend = target.kind === 'postgres' ? postgresBackend(target.url, onError) : redisBackend(target.url, onError);
  const onInsurance = () =>
    warnInsurance({ store: target.kind }, 'rate-limit store not answering: limits are counted in this process until it does');

  class SharedRateLimitStore implements FastifyRateLimitStore {
    /** One limiter per (window, max): the plugin passes both on every call (they may be functions of the request). */
    private readonly limiters = new Map<string, RateLimiterStoreAbstract>();

    constructor(
      _globalParams: object,
      private readonly namespace = 'global',
    ) {}

    private limiterFor(timeWindow: number, max: number): RateLimiterStoreAbstract {
      const id = `${timeWindow}/${max}`;
      let limiter = this.limiters.get(id);
      if (!limiter) {
        // Whole seconds: Redis expires keys by the second.
        const opts = { keyPrefix: this.namespace, points: max, duration: Math.max(1, Math.ceil(timeWindow / 1000)) };
        limiter = backend.limiter({ ...opts, inMemoryBlockOnConsumed: max + 1, insuranceLimiter: new InsuranceLimiter(opts, onInsurance) });
        this.limiters.set(id, limiter);
      }
      return limiter;
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.limiterFor(timeWindow, max)
        .consume(key)
        .then(
          (res) => cb(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }),
          (refused: unknown) => {
            // Over the limit: a RateLimiterRes (one remembered in process reports 0 points consumed).
            if (refused instanceof RateLimiterRes) {
              cb(null, { current: Math.max(refused.consumedPoints, max + 1), ttl: Math.max(0, refused.msBeforeNext) });
            } else {
              onError(refused);
              cb(refused instanceof Error ? refused : new Error(String(refused)));
            }
          },
        );
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.limiterFor(timeWindow, max)
        .get(key)
        .then(
          (res) => cb(null, res ? { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) } : { current: 0, ttl: 0 }),
          (err: unknown) => {
            onError(err);
            cb(err instanceof Error ? err : new Error(String(err)));
          },
        );
    }

    child(routeParams: unknown): FastifyRateLimitStore {
      return new SharedRateLimitStore({}, namespaceOf(routeParams));
    }
  }

  return {
    kind: target.kind,
    store: SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor,
    async ready() {
      if (!(await backend.ready())) onInsurance();
    },
    close: () => backend.close(),
  };
}
