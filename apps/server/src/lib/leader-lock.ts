/**
 * One leader per scheduled job when several instances share one PostgreSQL: a PostgreSQL advisory
 * lock, tried without waiting. The instance that gets it does the run; the others skip it.
 * Keys are arbitrary constants, one per job (the migration lock 727_001 is in db/client.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db, type Tx } from '../db/client.js';

/**
 * Tries the transaction-scoped advisory lock `key` without waiting: true when this transaction now
 * holds it (until it commits or rolls back), false when another session does.
 */
export async function tryLeaderLock(tx: Tx, key: number): Promise<boolean> {
  const [lock] = await queryRows<{ leader: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}::bigint) as leader`);
  return lock?.leader === true;
}

export type LeaderRun<T> = { leader: true; result: T } | { leader: false };

/**
 * Runs `fn` only while this instance holds the advisory lock `key`, for jobs whose work cannot sit
 * inside one transaction (gateway calls; `fn` uses ctx.db and its own transactions). On PostgreSQL
 * a transaction on its own pooled connection takes the lock, stays open for the whole run and
 * releases it when it ends (or when its connection drops). PGlite is an in-process database no
 * other instance can open, so the caller is the leader; an open transaction there would also hold
 * back fn's own queries (PGlite runs one transaction at a time).
 */
export async function runAsLeader<T>(
  ctx: { db: Db; database: Pick<Database, 'kind'> },
  key: number,
  fn: () => Promise<T>,
): Promise<LeaderRun<T>> {
  if (ctx.database.kind === 'pglite') return { leader: true, result: await fn() };
  return ctx.db.transaction(async (tx): Promise<LeaderRun<T>> => {
    if (!(await tryLeaderLock(tx, key))) return { leader: false };
    return { leader: true, result: await fn() };
  });
}
