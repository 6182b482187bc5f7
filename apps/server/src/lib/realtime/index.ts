/**
 * The real-time stream's infrastructure (GET /api/notifications/stream; docs/decisions ADR
 * "realtime stream"). A writer appends stream items in its own transaction (`appendToStream`: the
 * per-person number is taken under that person's head-row lock) and, after the commit, tells the
 * hub (`ctx.realtime.published`). The hub of each instance holds its open streams; the signal goes
 * to this instance's hub at once and, on PostgreSQL, to the other instances by NOTIFY (ids only).
 * On the embedded PGlite (one process) the same hub runs without the bus.
 *
 * Knows no module: what a frame carries is rendered by the renderer the composition root gives.
 */
import type { DbOrTx } from '../../db/client.js';
import { now } from '../clock.js';
import { createPgBus, type Bus, type StreamSignal } from './bus.js';
import { createHub, type Hub, type HubOptions, type SessionCheck, type StreamRenderer } from './hub.js';
import { appendItems, deleteExpiredTickets, deleteItemsBefore, type StreamItemRow } from './stream.repository.js';

export type { StreamRenderer, StreamSink, UnreadCounts, HubOptions, SessionCheck } from './hub.js';
export { itemKey } from './hub.js';
export type { StreamItemRow, StreamItemKind } from './stream.repository.js';

/** What a writer hands to the hub after its commit: person `userId` has items up to `seq`. */
export interface StreamWakeup {
  userId: string;
  seq: number;
}

/**
 * Appends the items in the writer's transaction (call it last in the transaction: it takes the
 * people's head-row locks, in user-id order) and answers the wake-ups to publish after the commit.
 */
export async function appendToStream(
  tx: DbOrTx,
  items: Array<{ userId: string; kind: StreamItemRow['kind']; refId: string }>,
): Promise<StreamWakeup[]> {
  const rows = await appendItems(tx, items);
  const last = new Map<string, number>();
  for (const r of rows) last.set(r.userId, Math.max(last.get(r.userId) ?? 0, r.seq));
  return [...last].map(([userId, seq]) => ({ userId, seq }));
}

/** What the modules see of the stream (ctx.realtime). Every method is a hint sent after a commit. */
export interface Realtime {
  /** Items were appended and committed (the answer of appendToStream). */
  published(wakeups: StreamWakeup[]): void;
  /** A person's unread counts changed without a new item (read, read all, delete). */
  countsChanged(userId: string): void;
  /** The session ended (logout, revocation): its streams close on every instance. */
  closeSession(sessionId: string): void;
  /** Every stream of the person closes on every instance (all sessions revoked, a ban), but one session's. */
  closeUser(userId: string, exceptSessionId?: string): void;
  /** The hub of this instance (the stream route opens streams on it). */
  readonly hub: Hub;
  /** Resolves once this instance receives the other instances' signals (at once on PGlite). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createRealtime(input: {
  db: DbOrTx;
  /** PostgreSQL: the connection string for the LISTEN connection; absent on the embedded PGlite. */
  listenUrl?: string | undefined;
  renderer: StreamRenderer;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  hub?: Partial<HubOptions>;
  /** Which sessions are still live (the auth module's, given by the composition root). */
  sessionCheck?: SessionCheck;
}): Realtime {
  const hub = createHub(input.db, input.renderer, input.log, input.hub, input.sessionCheck);
  const apply = (s: StreamSignal) => {
    if (s.t === 'items') hub.items(s.userId, s.seq);
    else if (s.t === 'counts') hub.countsChanged(s.userId);
    else if (s.t === 'session') hub.closeSession(s.sessionId);
    else hub.closeUser(s.userId, s.exceptSessionId);
  };
  const bus: Bus | undefined = input.listenUrl
    ? createPgBus(input.listenUrl, input.db, { signal: apply, reconnected: () => hub.wakeAll() }, input.log)
    : undefined;
  const signal = (signals: StreamSignal[]) => {
    for (const s of signals) apply(s);
    bus?.send(signals);
  };
  return {
    hub,
    published: (wakeups) => signal(wakeups.map((w) => ({ t: 'items', userId: w.userId, seq: w.seq }))),
    countsChanged: (userId) => signal([{ t: 'counts', userId }]),
    closeSession: (sessionId) => signal([{ t: 'session', sessionId }]),
    closeUser: (userId, exceptSessionId) => signal([{ t: 'user', userId, exceptSessionId }]),
    ready: () => bus?.ready() ?? Promise.resolve(),
    async close() {
      hub.close();
      await bus?.close();
    },
  };
}

/**
 * How far back Last-Event-ID can replay: older items are deleted by the stream sweep. A client away
 * longer gets what is left and reloads its lists (as it does on a first visit).
 */
export const STREAM_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes stream items past STREAM_RETENTION_MS and expired tickets (the stream-sweep job). */
export async function sweepStream(db: DbOrTx): Promise<void> {
  const at = now();
  await deleteItemsBefore(db, new Date(at.getTime() - STREAM_RETENTION_MS));
  await deleteExpiredTickets(db, at);
}
