/**
 * Every statement on the stream tables (db/schema/realtime.ts): the per-person sequence, the items,
 * the tickets, and the NOTIFY that wakes the other instances. No rules here: index.ts and hub.ts decide.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { streamHeads, streamItems, streamTickets } from '../../db/schema/index.js';

export type StreamItemKind = (typeof streamItems.$inferSelect)['kind'];

export interface StreamItemRow {
  userId: string;
  seq: number;
  kind: StreamItemKind;
  refId: string;
}

/**
 * Numbers and writes the items, in the caller's transaction. Each person's head row is taken (an
 * upsert: a row lock held until the transaction ends) in user-id order, in one statement, so a
 * second writer for the same person waits for this commit and numbers after it: a person's items
 * commit in the order of their numbers. Answers the items with their numbers.
 */
export async function appendItems(tx: DbOrTx, items: Array<Omit<StreamItemRow, 'seq'>>): Promise<StreamItemRow[]> {
  if (items.length === 0) return [];
  const perUser = new Map<string, number>();
  for (const i of items) perUser.set(i.userId, (perUser.get(i.userId) ?? 0) + 1);
  const wanted = [...perUser.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const heads = await queryRows<{ user_id: string; last_seq: string | number }>(
    tx,
    sql`insert into ${streamHeads} (user_id, last_seq)
        select w.user_id, w.n from (values ${sql.join(
          wanted.map(([userId, n]) => sql`(${userId}::uuid, ${n}::bigint)`),
          sql`, `,
        )}) as w(user_id, n)
        order by w.user_id
        on conflict (user_id) do update set last_seq = ${streamHeads.lastSeq} + excluded.last_seq
        returning user_id::text as user_id, last_seq`,
  );
  const next = new Map<string, number>();
  for (const h of heads) next.set(h.user_id, Number(h.last_seq) - perUser.get(h.user_id)! + 1);
  const numbered = items.map((i) => {
    const seq = next.get(i.userId)!;
    next.set(i.userId, seq + 1);
    return { ...i, seq };
  });
  await tx.insert(streamItems).values(numbered);
  return numbered;
}

/** The number of each person's newest item (0 for a person without any). */
export async function headsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  const heads = new Map<string, number>(userIds.map((u) => [u, 0]));
  if (userIds.length === 0) return heads;
  const rows = await queryRows<{ user_id: string; last_seq: string | number }>(
    db,
    sql`select user_id::text as user_id, last_seq from ${streamHeads} where user_id in (${sql.join(
      userIds.map((u) => sql`${u}::uuid`),
      sql`, `,
    )})`,
  );
  for (const r of rows) heads.set(r.user_id, Number(r.last_seq));
  return heads;
}

/** For each (person, after): their next items after that number, at most `limit` each, in order. */
export async function itemsAfter(db: DbOrTx, cursors: Array<{ userId: string; after: number }>, limit: number): Promise<StreamItemRow[]> {
  if (cursors.length === 0) return [];
  const rows = await queryRows<{ user_id: string; seq: string | number; kind: StreamItemKind; ref_id: string }>(
    db,
    sql`select i.user_id::text as user_id, i.seq, i.kind, i.ref_id::text as ref_id
        from (values ${sql.join(
          cursors.map((c) => sql`(${c.userId}::uuid, ${c.after}::bigint)`),
          sql`, `,
        )}) as c(user_id, after)
        cross join lateral (
          select s.user_id, s.seq, s.kind, s.ref_id from ${streamItems} s
          where s.user_id = c.user_id and s.seq > c.after
          order by s.seq
          limit ${limit}
        ) i
        order by i.user_id, i.seq`,
  );
  return rows.map((r) => ({ userId: r.user_id, seq: Number(r.seq), kind: r.kind, refId: r.ref_id }));
}

/** Items older than `before` (replay reaches back this far; a client further behind reloads its lists). */
export async function deleteItemsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(streamItems).where(lt(streamItems.createdAt, before));
}

export async function insertTicket(db: DbOrTx, t: typeof streamTickets.$inferInsert): Promise<void> {
  await db.insert(streamTickets).values(t);
}

/** Takes a ticket that has not expired at `at` (deleting it: single use); undefined when there is none. */
export async function takeTicket(db: DbOrTx, tokenHash: string, at: Date): Promise<{ userId: string; sessionId: string } | undefined> {
  const [row] = await db
    .delete(streamTickets)
    .where(and(eq(streamTickets.tokenHash, tokenHash), gt(streamTickets.expiresAt, at)))
    .returning({ userId: streamTickets.userId, sessionId: streamTickets.sessionId });
  return row;
}

export async function deleteExpiredTickets(db: DbOrTx, at: Date): Promise<void> {
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, at));
}

/** The channel the instances LISTEN on; a payload carries ids only. */
export const STREAM_CHANNEL = 'contesthub_stream';

/** Wakes the other instances (an autocommit statement of its own: never inside a writing transaction). */
export async function notifyInstances(db: DbOrTx, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${STREAM_CHANNEL}, ${payload})`);
}
