/** Every statement on the event tables (db/schema/events.ts). */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { domainEvents, eventCursors, eventParked } from '../../db/schema/index.js';

export interface StoredEvent {
  id: number;
  txid: string;
  name: string;
  aggregate: string;
  payload: Record<string, unknown>;
  actorId: string | null;
  createdAt: Date;
}

export interface Cursor {
  txid: string;
  eventId: number;
}

export const START: Cursor = { txid: '0', eventId: 0 };

/** Namespace of the per-subscriber advisory locks. */
const LOCK_NAMESPACE = 727_301;

/** One dispatcher per subscriber at a time, across instances; released when the transaction ends. */
export async function tryLockSubscriber(tx: Tx, subscriber: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${subscriber})) as ok`,
  );
  return row?.ok === true;
}

export async function insertEvent(
  tx: DbOrTx,
  e: { name: string; aggregate: string; payload: Record<string, unknown>; actorId?: string | null },
): Promise<number> {
  const [row] = await tx
    .insert(domainEvents)
    .values({ name: e.name, aggregate: e.aggregate, payload: e.payload, actorId: e.actorId ?? null })
    .returning({ id: domainEvents.id });
  return row!.id;
}

type Row = {
  id: string | number;
  txid: string;
  name: string;
  aggregate: string;
  payload: Record<string, unknown>;
  actor_id: string | null;
  created_at: string | Date;
};
const toEvent = (r: Row): StoredEvent => ({
  id: Number(r.id),
  txid: String(r.txid),
  name: r.name,
  aggregate: r.aggregate,
  payload: r.payload,
  actorId: r.actor_id,
  createdAt: new Date(r.created_at),
});

/**
 * The next events after `after` that are settled: recorded by transactions older than every
 * transaction still running in this database, so no event can still appear before them
 * (domain_events_horizon(), migration 0017: transactions of other databases on the same server
 * do not hold subscribers back).
 */
export async function settledEventsAfter(tx: DbOrTx, after: Cursor, limit: number): Promise<StoredEvent[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select id, txid::text as txid, name, aggregate, payload, actor_id, created_at from ${domainEvents}
        where (txid, id) > (${after.txid}::xid8, ${after.eventId}::bigint)
          and txid < domain_events_horizon()
        -- the column, not the text alias above: ordered as text, '1002' came before '999' and an
        -- event was read again after the cursor had moved past it in text order
        order by ${domainEvents.txid}, ${domainEvents.id}
        limit ${limit}`,
  );
  return rows.map(toEvent);
}

export async function eventsByIds(tx: DbOrTx, ids: number[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Row>(
    tx,
    sql`select id, txid::text as txid, name, aggregate, payload, actor_id, created_at from ${domainEvents}
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) order by id`,
  );
  return rows.map(toEvent);
}

/** True when events exist after `after`, settled or not (a transaction still running elsewhere holds some back). */
export async function anyEventAfter(tx: DbOrTx, after: Cursor): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from ${domainEvents} where (txid, id) > (${after.txid}::xid8, ${after.eventId}::bigint)) as found`,
  );
  return row?.found === true;
}

/** The latest settled position (where a subscriber that starts "from now" begins). */
export async function settledHead(tx: DbOrTx): Promise<Cursor> {
  const [row] = await queryRows<{ txid: string; id: string | number }>(
    tx,
    sql`select txid::text as txid, id from ${domainEvents}
        where txid < domain_events_horizon() order by ${domainEvents.txid} desc, ${domainEvents.id} desc limit 1`,
  );
  return row ? { txid: String(row.txid), eventId: Number(row.id) } : START;
}

/** The subscriber's cursor, locked for this transaction; created at `initial` when missing. */
export async function lockCursor(tx: Tx, subscriber: string, initial: () => Promise<Cursor>): Promise<Cursor> {
  const read = async () =>
    (
      await queryRows<{ txid: string; event_id: string | number }>(
        tx,
        sql`select txid::text as txid, event_id from ${eventCursors} where subscriber = ${subscriber} for update`,
      )
    )[0];
  let row = await read();
  if (!row) {
    const start = await initial();
    await tx.insert(eventCursors).values({ subscriber, txid: start.txid, eventId: start.eventId }).onConflictDoNothing();
    row = await read();
  }
  return { txid: String(row!.txid), eventId: Number(row!.event_id) };
}

export async function saveCursor(tx: DbOrTx, subscriber: string, at: Cursor): Promise<void> {
  await tx
    .update(eventCursors)
    .set({ txid: at.txid, eventId: at.eventId, updatedAt: sql`now()` })
    .where(eq(eventCursors.subscriber, subscriber));
}

export async function resetCursor(tx: DbOrTx, subscriber: string, to: Cursor): Promise<void> {
  await tx
    .insert(eventCursors)
    .values({ subscriber, txid: to.txid, eventId: to.eventId })
    .onConflictDoUpdate({ target: eventCursors.subscriber, set: { txid: to.txid, eventId: to.eventId, updatedAt: sql`now()` } });
}

// ---------- parked events ----------

export async function parkedAggregates(tx: DbOrTx, subscriber: string, aggregates: string[]): Promise<Set<string>> {
  if (aggregates.length === 0) return new Set();
  const rows = await queryRows<{ aggregate: string }>(
    tx,
    sql`select distinct aggregate from ${eventParked} where subscriber = ${subscriber} and aggregate in (${sql.join(
      aggregates.map((a) => sql`${a}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.aggregate));
}

export async function park(
  tx: DbOrTx,
  p: { subscriber: string; eventId: number; aggregate: string; attempts: number; nextAttemptAt: Date; lastError: string | null },
): Promise<void> {
  await tx
    .insert(eventParked)
    .values(p)
    .onConflictDoUpdate({
      target: [eventParked.subscriber, eventParked.eventId],
      set: { attempts: p.attempts, nextAttemptAt: p.nextAttemptAt, lastError: p.lastError },
    });
}

/** The oldest parked event of each aggregate whose retry is due (the head of each aggregate's queue). */
export async function dueParked(tx: DbOrTx, subscriber: string, at: Date, limit: number) {
  const rows = await queryRows<{ event_id: string | number; aggregate: string; attempts: number }>(
    tx,
    sql`select event_id, aggregate, attempts from (
          select distinct on (aggregate) event_id, aggregate, attempts, next_attempt_at from ${eventParked}
          where subscriber = ${subscriber}
          order by aggregate, event_id
        ) heads
        where next_attempt_at <= ${at.toISOString()}::timestamptz
        order by next_attempt_at, event_id
        limit ${limit}`,
  );
  return rows.map((r) => ({ eventId: Number(r.event_id), aggregate: r.aggregate, attempts: r.attempts }));
}

export async function unpark(tx: DbOrTx, subscriber: string, eventId: number): Promise<void> {
  await tx.delete(eventParked).where(and(eq(eventParked.subscriber, subscriber), eq(eventParked.eventId, eventId)));
}

/** The oldest parked event of an aggregate (the next in its queue). */
export async function nextParked(tx: DbOrTx, subscriber: string, aggregate: string) {
  const [row] = await tx
    .select({ eventId: eventParked.eventId, attempts: eventParked.attempts })
    .from(eventParked)
    .where(and(eq(eventParked.subscriber, subscriber), eq(eventParked.aggregate, aggregate)))
    .orderBy(eventParked.eventId)
    .limit(1);
  return row;
}

export async function parkedCount(db: DbOrTx, subscriber?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(eventParked)
    .where(subscriber ? eq(eventParked.subscriber, subscriber) : undefined);
  return row?.n ?? 0;
}

/**
 * The dispatcher's backlog (system monitoring): events after each subscriber's cursor, whether or
 * not they are settled yet, summed over subscribers, with the age of the oldest; and the parked
 * events (a subscriber failed on them) with the oldest's age. Ages in seconds, from the database clock.
 */
export async function backlog(
  db: DbOrTx,
  subscribers: readonly string[],
): Promise<{ pending: number; oldestPendingSeconds: number; parked: number }> {
  if (subscribers.length === 0) return { pending: 0, oldestPendingSeconds: 0, parked: 0 };
  const names = sql.join(
    subscribers.map((n) => sql`${n}`),
    sql`, `,
  );
  const [pending] = await queryRows<{ pending: string; oldest: string | null }>(
    db,
    sql`select coalesce(sum(b.n), 0)::text as pending, extract(epoch from (now() - min(b.oldest)))::text as oldest
        from ${eventCursors} c
        cross join lateral (
          select count(*) as n, min(e.created_at) as oldest from ${domainEvents} e
          where (e.txid, e.id) > (c.txid, c.event_id)
        ) b
        where c.subscriber in (${names})`,
  );
  const [parkedRow] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ${eventParked} where subscriber in (${names})`,
  );
  const parked = Number(parkedRow?.n ?? 0);
  return {
    pending: Number(pending?.pending ?? 0),
    oldestPendingSeconds: Math.max(0, Math.round(Number(pending?.oldest ?? 0))),
    parked,
  };
}
