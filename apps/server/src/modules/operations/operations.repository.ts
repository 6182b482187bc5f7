/**
 * The database figures of system monitoring: a round trip, the database's size and the PostgreSQL
 * job queue's backlog (pg-boss's own table, read only). No rules here.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** The cheapest round trip there is (the caller times it). */
export async function selectOne(db: DbOrTx): Promise<void> {
  await queryRows(db, sql`select 1 as one`);
}

/** The current database's size on disk, bytes (PostgreSQL and PGlite alike). */
export async function databaseSize(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ bytes: string }>(db, sql`select pg_database_size(current_database())::text as bytes`);
  return Number(row?.bytes ?? 0);
}

/**
 * Jobs of the pg-boss queue (schema pgboss) that are due and not started — created or waiting for a
 * retry, their start time passed — and how late the oldest of them is, seconds. Nothing when the
 * queue's table does not exist (the embedded database, or before the first start on PostgreSQL).
 */
export async function jobQueueBacklog(db: DbOrTx): Promise<{ depth: number; lagSeconds: number } | null> {
  const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as found`);
  if (!exists?.found) return null;
  const [row] = await queryRows<{ depth: string; lag: string | null }>(
    db,
    sql`select count(*)::text as depth, extract(epoch from (now() - min(start_after)))::text as lag
        from pgboss.job where state in ('created', 'retry') and start_after <= now()`,
  );
  return { depth: Number(row?.depth ?? 0), lagSeconds: Math.max(0, Math.round(Number(row?.lag ?? 0))) };
}
