/**
 * Hands recorded events to the subscribers (see index.ts for the guarantees).
 *
 * `dispatch(subscriber)` runs one batch for one subscriber in ONE transaction:
 *   1. a transaction-scoped advisory lock per subscriber, taken without waiting (another instance
 *      or job run busy with it? then this call does nothing: never two readers of one cursor);
 *   2. parked events whose retry is due, each in a savepoint: done → unparked, the next of its
 *      aggregate released; failed again → attempts + 1, back-off doubled (1 s … 1 h);
 *   3. the next settled events after the cursor (at most `batchSize`): an event of an aggregate that
 *      has parked events queues behind them; otherwise the subscriber handles it in a savepoint and
 *      a failure parks it (its later events queue behind it, other aggregates carry on);
 *   4. the cursor moves past the batch, in the same transaction as the subscriber's effects.
 * A crash anywhere rolls the whole batch back: nothing handled twice, nothing lost.
 */
import type { Db, Tx } from '../../db/client.js';
import { now } from '../clock.js';
import * as repo from './events.repository.js';
import type { AfterCommit, Subscriber, StoredEvent } from './index.js';

export interface DispatchResult {
  handled: number;
  parked: number;
  retried: number;
  /** Another dispatcher holds this subscriber right now; nothing was done. */
  busy: boolean;
  /** More settled events wait after this batch. */
  more: boolean;
}

export interface DispatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 3_600_000;

export const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

const messageOf = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 1000);

export interface Dispatcher {
  readonly subscribers: readonly Subscriber[];
  dispatch(subscriber: Subscriber, opts?: { batchSize?: number }): Promise<DispatchResult>;
  /**
   * Every subscriber until none has settled events left (the job, tests). With `settleMs`, it also
   * waits (up to that long) for events held back by transactions still running anywhere on the
   * PostgreSQL server (the oldest running transaction bounds what is settled), so a test sees
   * everything that committed before it asked.
   */
  drain(opts?: { batchSize?: number; maxRounds?: number; settleMs?: number }): Promise<number>;
  /** Sets a subscriber back to the first event kept: it will handle every event again (roll-ups). */
  replay(subscriberName: string): Promise<void>;
  /**
   * Gives every new subscriber its cursor now (at start): a 'now' subscriber then handles every
   * event recorded from this moment, even those recorded before its first dispatch.
   */
  init(): Promise<void>;
}

export function createDispatcher(db: Db, subscribers: readonly Subscriber[], log: DispatcherLog): Dispatcher {
  const names = new Set<string>();
  for (const s of subscribers) {
    if (names.has(s.name)) throw new Error(`two event subscribers are named ${s.name}`);
    names.add(s.name);
  }

  /** Where a subscriber without a cursor begins: the first event, or after what is settled now. */
  const startOf = (tx: Tx, s: Subscriber) => (s.startFrom === 'now' ? repo.settledHead(tx) : Promise.resolve(repo.START));

  async function handleOne(tx: Tx, s: Subscriber, event: StoredEvent, after: AfterCommit): Promise<unknown> {
    try {
      await tx.transaction(async (sp) => s.handle(sp, event, after));
      return undefined;
    } catch (err) {
      return err ?? new Error('subscriber failed');
    }
  }

  async function dispatch(s: Subscriber, opts: { batchSize?: number } = {}): Promise<DispatchResult> {
    const hooks: Array<() => void> = [];
    const after: AfterCommit = (fn) => hooks.push(fn);
    const result = await inTransaction(s, opts, after);
    // Committed: the subscribers' hints go out now (a rolled-back dispatch threw above and sends none).
    for (const hook of hooks) {
      try {
        hook();
      } catch (err) {
        log.error({ subscriber: s.name, err }, 'an after-commit hook failed');
      }
    }
    return result;
  }

  async function inTransaction(s: Subscriber, opts: { batchSize?: number }, after: AfterCommit): Promise<DispatchResult> {
    const batchSize = opts.batchSize ?? 100;
    return db.transaction(async (tx) => {
      const result: DispatchResult = { handled: 0, parked: 0, retried: 0, busy: false, more: false };
      if (!(await repo.tryLockSubscriber(tx, s.name))) return { ...result, busy: true };
      const at = now();

      // 2. retries that are due, oldest of each aggregate first; a success lets the next one of
      //    its aggregate go at once
      for (const due of await repo.dueParked(tx, s.name, at, batchSize)) {
        let head: { eventId: number; attempts: number } | undefined = due;
        while (head) {
          const [event] = await repo.eventsByIds(tx, [head.eventId]);
          const failure = event && s.events.includes(event.name) ? await handleOne(tx, s, event, after) : undefined;
          result.retried += 1;
          if (failure !== undefined) {
            const attempts = head.attempts + 1;
            await repo.park(tx, {
              subscriber: s.name,
              eventId: head.eventId,
              aggregate: due.aggregate,
              attempts,
              nextAttemptAt: new Date(at.getTime() + backoffMs(attempts)),
              lastError: messageOf(failure),
            });
            log.warn({ subscriber: s.name, eventId: head.eventId, attempts, err: failure }, 'event subscriber failed again');
            break;
          }
          await repo.unpark(tx, s.name, head.eventId);
          head = await repo.nextParked(tx, s.name, due.aggregate);
        }
      }

      // 3. new events
      const cursor = await repo.lockCursor(tx, s.name, () => startOf(tx, s));
      const batch = await repo.settledEventsAfter(tx, cursor, batchSize);
      const mine = batch.filter((e) => s.events.includes(e.name));
      const blocked = await repo.parkedAggregates(tx, s.name, [...new Set(mine.map((e) => e.aggregate))]);
      // A subscriber that can take the whole batch at once does (one savepoint); on failure, one by one.
      const free = mine.filter((e) => !blocked.has(e.aggregate));
      let batched = false;
      if (s.handleBatch && free.length > 1) {
        try {
          await tx.transaction(async (sp) => s.handleBatch!(sp, free, after));
          batched = true;
        } catch {
          batched = false;
        }
      }
      for (const event of mine) {
        if (batched && !blocked.has(event.aggregate)) {
          result.handled += 1;
          continue;
        }
        if (blocked.has(event.aggregate)) {
          // Behind an earlier event of the same aggregate that failed: in order, after it.
          await repo.park(tx, {
            subscriber: s.name,
            eventId: event.id,
            aggregate: event.aggregate,
            attempts: 0,
            nextAttemptAt: new Date(at.getTime() + BACKOFF_MAX_MS),
            lastError: null,
          });
          result.parked += 1;
          continue;
        }
        const failure = await handleOne(tx, s, event, after);
        if (failure === undefined) {
          result.handled += 1;
          continue;
        }
        await repo.park(tx, {
          subscriber: s.name,
          eventId: event.id,
          aggregate: event.aggregate,
          attempts: 1,
          nextAttemptAt: new Date(at.getTime() + backoffMs(1)),
          lastError: messageOf(failure),
        });
        blocked.add(event.aggregate);
        result.parked += 1;
        log.warn({ subscriber: s.name, eventId: event.id, err: failure }, 'event subscriber failed; retrying later');
      }

      // 4. the cursor moves past everything read, with the effects
      const last = batch.at(-1);
      if (last) await repo.saveCursor(tx, s.name, { txid: last.txid, eventId: last.id });
      result.more = batch.length === batchSize;
      return result;
    });
  }

  /** Whether some subscriber has events after its cursor that are not settled yet. */
  async function unsettledLeft(): Promise<boolean> {
    for (const s of subscribers) {
      const cursor = await db.transaction((tx) => repo.lockCursor(tx, s.name, () => startOf(tx, s)));
      if (await repo.anyEventAfter(db, cursor)) return true;
    }
    return false;
  }

  return {
    subscribers,
    dispatch,
    async init() {
      for (const s of subscribers) {
        await db.transaction(async (tx) => {
          await repo.lockCursor(tx, s.name, () => startOf(tx, s));
        });
      }
    },
    async drain(opts = {}) {
      let total = 0;
      const deadline = Date.now() + (opts.settleMs ?? 0);
      for (let round = 0; round < (opts.maxRounds ?? 1000); round++) {
        let more = false;
        for (const s of subscribers) {
          const r = await dispatch(s, opts);
          total += r.handled + r.retried;
          more ||= r.more;
        }
        if (more) continue;
        if (Date.now() >= deadline || !(await unsettledLeft())) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return total;
    },
    async replay(subscriberName) {
      if (!names.has(subscriberName)) throw new Error(`no event subscriber named ${subscriberName}`);
      await repo.resetCursor(db, subscriberName, repo.START);
    },
  };
}
