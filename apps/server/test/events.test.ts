/**
 * Domain events through the outbox (issue 11 item 4): what a rolled-back transaction records, what a
 * committed one delivers, how a failing subscriber is retried without holding up the others, in
 * order per aggregate, and how a subscriber is replayed.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.js';
import { queryRows } from '../src/db/client.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { createDispatcher, type Dispatcher } from '../src/lib/events/dispatcher.js';
import { parkedCount } from '../src/lib/events/events.repository.js';
import { defineEvent, recordEvent, type StoredEvent, type Subscriber } from '../src/lib/events/index.js';
import { createTestApp, type TestApp } from './helpers.js';

const pinged = defineEvent('test.pinged', z.object({ thing: z.string(), n: z.number().int() }), (p) => `thing:${p.thing}`);
const other = defineEvent('test.other', z.object({ thing: z.string() }), (p) => `thing:${p.thing}`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.execute(
    sql`create table test_event_log (seq serial, subscriber text not null, event_id bigint not null, n int, primary key (subscriber, event_id))`,
  );
});
afterEach(() => setClock(null));
afterAll(() => t?.close());

/** A subscriber that writes what it handled into test_event_log (a repeat would break the primary key). */
function logger(name: string, opts: { startFrom?: 'beginning' | 'now'; failOn?: (e: StoredEvent) => boolean } = {}): Subscriber {
  return {
    name,
    events: [pinged.name],
    startFrom: opts.startFrom ?? 'beginning',
    async handle(tx: Tx, e: StoredEvent) {
      if (opts.failOn?.(e)) throw new Error(`refusing ${e.id}`);
      await tx.execute(sql`insert into test_event_log (subscriber, event_id, n) values (${name}, ${e.id}, ${Number(e.payload.n)})`);
    },
  };
}

const handled = async (subscriber: string) =>
  (await queryRows<{ n: number }>(t.ctx.db, sql`select n from test_event_log where subscriber = ${subscriber} order by seq`)).map(
    (r) => r.n,
  );

const ping = (thing: string, n: number) => t.ctx.db.transaction((tx) => recordEvent(tx, pinged, { thing, n }));

/**
 * On PostgreSQL an event settles only once every transaction of this database older than it has
 * ended (the app's own background work may still be running one): wait for those, as the job would.
 */
const SETTLE = { settleMs: 10_000 };
const drain = (d: Dispatcher) => d.drain(SETTLE);
async function settled(id = Number.MAX_SAFE_INTEGER): Promise<void> {
  const deadline = Date.now() + SETTLE.settleMs;
  for (;;) {
    const [row] = await queryRows<{ ok: boolean }>(
      t.ctx.db,
      sql`select not exists (select 1 from domain_events where id <= ${id} and txid >= domain_events_horizon()) as ok`,
    );
    if (row?.ok || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('recording', () => {
  it('records nothing when the transaction rolls back, and refuses a payload that breaks its schema', async () => {
    const before = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from domain_events`);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await recordEvent(tx, pinged, { thing: 'rolled-back', n: 1 });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await expect(t.ctx.db.transaction((tx) => recordEvent(tx, pinged, { thing: 'x', n: 1.5 }))).rejects.toThrow();
    const after = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from domain_events`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('keeps events as history: they cannot be changed or removed', async () => {
    const id = await ping('kept', 1);
    await expect(t.ctx.db.execute(sql`update domain_events set name = 'x' where id = ${id}`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from domain_events where id = ${id}`)).rejects.toThrow();
  });
});

describe('dispatching', () => {
  it('hands a committed event to every subscriber that listens to it, once, however often it runs', async () => {
    const a = logger('once-a');
    const b = logger('once-b');
    const deaf: Subscriber = { name: 'once-deaf', events: [other.name], startFrom: 'beginning', handle: async () => {} };
    const d = createDispatcher(t.ctx.db, [a, b, deaf], console);
    const base = (await handled('once-a')).length;
    await ping('p1', 101);
    await ping('p2', 102);
    await drain(d);
    await drain(d);
    for (const s of ['once-a', 'once-b']) expect((await handled(s)).slice(base).filter((n) => n > 100)).toEqual([101, 102]);
  });

  it('retries a failing subscriber with back-off without holding up other subscribers or other aggregates, in order per aggregate', async () => {
    let failing = true;
    await settled();
    const flaky = logger('flaky', { startFrom: 'now', failOn: (e) => failing && e.payload.thing === 'bad' });
    const steady = logger('steady', { startFrom: 'now' });
    const d: Dispatcher = createDispatcher(t.ctx.db, [flaky, steady], { warn: () => {}, error: () => {} });
    await drain(d); // both start from here

    await ping('bad', 1); // fails for `flaky`
    await ping('good', 2);
    await ping('bad', 3); // same aggregate as 1: must wait behind it
    await drain(d);
    expect(await handled('steady')).toEqual([1, 2, 3]);
    expect(await handled('flaky')).toEqual([2]);
    expect(await parkedCount(t.ctx.db, 'flaky')).toBe(2);

    // Not yet due: nothing happens.
    await drain(d);
    expect(await handled('flaky')).toEqual([2]);

    // Still failing after the first back-off (1 s): the next wait doubles.
    advanceClock(1_100);
    await drain(d);
    expect(await handled('flaky')).toEqual([2]);
    const [row] = await queryRows<{ attempts: number; wait_ms: number }>(
      t.ctx.db,
      sql`select attempts, extract(epoch from (next_attempt_at - now())) * 1000 as wait_ms from event_parked where subscriber = 'flaky' order by event_id limit 1`,
    );
    expect(row!.attempts).toBe(2);

    failing = false;
    advanceClock(2_100);
    await drain(d);
    // 1 first, then 3, which waited behind it.
    expect(await handled('flaky')).toEqual([2, 1, 3]);
    expect(await parkedCount(t.ctx.db, 'flaky')).toBe(0);
  });

  it('starts a "now" subscriber after what is already there, and replays a subscriber from the first event', async () => {
    await settled(await ping('before', 7));
    const late = logger('late', { startFrom: 'now' });
    const d = createDispatcher(t.ctx.db, [late], console);
    await drain(d);
    expect(await handled('late')).toEqual([]);
    await ping('after', 8);
    await drain(d);
    expect(await handled('late')).toEqual([8]);

    await t.ctx.db.execute(sql`delete from test_event_log where subscriber = 'late'`);
    await d.replay('late');
    await drain(d);
    const all = await handled('late');
    expect(all).toContain(7);
    expect(all).toContain(8);
    expect(all.length).toBeGreaterThan(2);
  });

  it('reads in transaction-id order as numbers, not as text: 9 before 10, each once', async () => {
    const ordered = defineEvent('test.ordered', z.object({ n: z.number().int() }), () => 'ordered');
    // Two events as transactions 9 and 10 recorded them (long settled): as text, '10' sorts before '9'.
    await t.ctx.db.execute(
      sql`insert into domain_events (txid, name, aggregate, payload) values
            ('10'::xid8, ${ordered.name}, 'ordered', '{"n": 2}'::jsonb),
            ('9'::xid8, ${ordered.name}, 'ordered', '{"n": 1}'::jsonb)`,
    );
    const seen: number[] = [];
    const d = createDispatcher(
      t.ctx.db,
      [
        {
          name: 'ordered-reader',
          events: [ordered.name],
          startFrom: 'beginning',
          handle: async (_tx, e) => void seen.push(Number(e.payload.n)),
        },
      ],
      { warn() {}, error() {} },
    );
    for (let i = 0; i < 5; i++) await d.dispatch(d.subscribers[0]!, { batchSize: 2 });
    expect(seen).toEqual([1, 2]);
  });

  it('does not hand an event to two dispatchers at once', async () => {
    await settled();
    const s = logger('contended', { startFrom: 'now' });
    const d1 = createDispatcher(t.ctx.db, [s], console);
    const d2 = createDispatcher(t.ctx.db, [s], console);
    await drain(d1);
    for (let i = 0; i < 20; i++) await ping('c', 200 + i);
    await Promise.all([drain(d1), drain(d2), drain(d1)]);
    expect(await handled('contended')).toEqual(Array.from({ length: 20 }, (_, i) => 200 + i));
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('on PostgreSQL, with transactions in flight', () => {
  it('never skips an event committed after a later one was already handled', async () => {
    await settled();
    const s = logger('in-flight', { startFrom: 'now' });
    const d = createDispatcher(t.ctx.db, [s], console);
    await drain(d);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // A: records first, commits last.
    const slow = t.ctx.db.transaction(async (tx) => {
      await recordEvent(tx, pinged, { thing: 'slow', n: 301 });
      await gate;
    });
    try {
      await new Promise((r) => setTimeout(r, 50));
      await ping('fast', 302); // B: records later, commits first
      await d.drain(); // no waiting: A is still open
      // B is held back while A is in flight (it could otherwise be handled before A's event appears).
      expect(await handled('in-flight')).toEqual([]);
    } finally {
      // Never leave A open: it would hold this database's subscribers back for good.
      release();
      await slow;
    }
    await drain(d);
    expect(await handled('in-flight')).toEqual([301, 302]);
  });

  it('is not held back by a transaction still running in another database of the same server', async () => {
    await settled();
    const s = logger('neighbour', { startFrom: 'now' });
    const d = createDispatcher(t.ctx.db, [s], console);
    await drain(d);
    // Another database on this server (the one the test run connects to) with a write transaction
    // open from before the event is recorded: it cannot record events here, so it must not count.
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
      await ping('neighbour', 401);
      await d.drain(); // no waiting
      expect(await handled('neighbour')).toEqual([401]);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });
});
