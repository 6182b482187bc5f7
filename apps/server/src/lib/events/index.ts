/**
 * Domain events through an outbox (docs/architecture.md "Events").
 *
 * A module declares its events with `defineEvent` (a name, a zod payload, the aggregate it is
 * about) in `<module>.events.ts`, and records one with `recordEvent(tx, event, payload)` inside the
 * transaction of the state change: a rolled-back change leaves no event. The composition root
 * registers subscribers; the dispatcher (dispatcher.ts) hands each event to each subscriber that
 * listens to it, in (transaction, id) order, inside a transaction of its own that also moves that
 * subscriber's cursor — so a subscriber's database effects happen exactly once per event, across
 * crashes, and a subscriber with effects outside the database writes them to an outbox of its own
 * (mail_outbox) in that transaction.
 *
 * A module never calls another module to tell it something happened: it records an event.
 */
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { insertEvent, type StoredEvent } from './events.repository.js';

export type { StoredEvent } from './events.repository.js';

export interface EventDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly schema: S;
  /** The aggregate an event is about ('contest:<id>'): one aggregate's events reach a subscriber in order. */
  aggregate(payload: z.infer<S>): string;
}

export function defineEvent<N extends string, S extends z.ZodType>(
  name: N,
  schema: S,
  aggregate: (payload: z.infer<S>) => string,
): EventDefinition<N, S> {
  return { name, schema, aggregate };
}

export type PayloadOf<E extends EventDefinition> = z.infer<E['schema']>;

/** Called after a transaction that recorded events committed: wakes the dispatcher (set by the composition root). */
let onRecorded: (() => void) | undefined;
export function setEventWakeUp(fn: (() => void) | undefined): void {
  onRecorded = fn;
}

/**
 * Records `event` in the caller's transaction. The payload is checked against the event's schema,
 * so a subscriber can trust what it reads.
 */
export async function recordEvent<E extends EventDefinition>(
  tx: Tx | DbOrTx,
  event: E,
  payload: PayloadOf<E>,
  meta: { actorId?: string | null } = {},
): Promise<number> {
  const parsed = event.schema.parse(payload) as Record<string, unknown>;
  const id = await insertEvent(tx, {
    name: event.name,
    aggregate: event.aggregate(payload),
    payload: parsed,
    actorId: meta.actorId ?? null,
  });
  // A hint only (the dispatcher also polls): the event is not visible before the commit anyway.
  onRecorded?.();
  return id;
}

/** An event checked against its schema, not yet written (the vote's `cast_vote` call writes it). */
export interface PendingEvent {
  name: string;
  aggregate: string;
  payload: Record<string, unknown>;
  actorId: string | null;
}

/**
 * The row `recordEvent` would insert, checked against the schema, for a caller that writes it inside
 * a database call of its own (the vote hot path passes it to the `cast_vote` function, migration 0013).
 */
export function eventRow<E extends EventDefinition>(event: E, payload: PayloadOf<E>, meta: { actorId?: string | null } = {}): PendingEvent {
  const parsed = event.schema.parse(payload) as Record<string, unknown>;
  onRecorded?.();
  return { name: event.name, aggregate: event.aggregate(payload), payload: parsed, actorId: meta.actorId ?? null };
}

/** A typed view of a stored event, for a subscriber that listens to `event`. */
export function payloadOf<E extends EventDefinition>(event: E, stored: StoredEvent): PayloadOf<E> | undefined {
  return stored.name === event.name ? (stored.payload as PayloadOf<E>) : undefined;
}

/**
 * Registers work to run once the dispatcher's transaction committed (a wake-up hint for something
 * outside the database, such as the real-time stream): never before the effects are visible. Work
 * registered in a savepoint that was rolled back still runs, so it must be a hint that is safe when
 * nothing changed.
 */
export type AfterCommit = (fn: () => void) => void;

/** Something that reacts to events (notifications, mails, analytics roll-ups, activity, points). */
export interface Subscriber {
  /** Unique and stable: the cursor is kept under this name. */
  readonly name: string;
  /** The event names it listens to; others pass by. */
  readonly events: readonly string[];
  /**
   * Where a new subscriber starts: 'beginning' replays every event kept (roll-ups), 'now' only
   * what happens from its first run on (notifications, mails).
   */
  readonly startFrom: 'beginning' | 'now';
  /** Runs inside the dispatcher's transaction for this event; throwing parks the event for a retry. */
  handle(tx: Tx, event: StoredEvent, afterCommit: AfterCommit): Promise<void>;
  /**
   * Optional: the same for several events at once (in order), for a subscriber that can do a batch
   * in a few statements (a read model under a vote rush). If it throws, the dispatcher falls back
   * to `handle` one event at a time, so one bad event is parked alone.
   */
  handleBatch?(tx: Tx, events: StoredEvent[], afterCommit: AfterCommit): Promise<void>;
}

/** The dispatcher's backlog for system monitoring (events.repository.ts `backlog`). */
export { backlog as eventBacklog } from './events.repository.js';
