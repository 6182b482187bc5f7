import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on PostgreSQL (lib/rate-limit-store.ts, ADR 014):
 * rate-limiter-flexible's RateLimiterPostgres reads and writes this table with its own queries
 * (an upsert per limited request), naming these three columns in this order. It never creates the
 * table (`tableCreated: true`); the migration does, under the migration lock, so two instances
 * starting at once cannot race. UNLOGGED: a counter is worth a minute, not a WAL write; after a
 * crash or on a promoted standby the table is empty and every window starts afresh.
 *
 * `key` is "<namespace>:<client key>" (namespace: the route, e.g. "POST /api/auth/login"); text,
 * because a client key may hold an address and a 254-character email. `expire` is epoch
 * milliseconds; rows an hour past it are deleted by the store's sweep (index below).
 */
export const rateLimitCounters = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
