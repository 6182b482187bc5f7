/**
 * The in-process hub: this instance's open streams, by person. A signal (ids only: "person P has
 * items up to n", "P's counts changed", "close session S", "close P's streams") marks the streams it
 * concerns; one flush at a time then reads, for every marked stream, the items after its cursor from
 * the database (one query for all of them), renders them (the renderer given by the composition
 * root), and writes the frames. Live delivery and a replay after `Last-Event-ID` are the same read,
 * so a stream can neither skip an item nor get one twice.
 */
import type { DbOrTx } from '../../db/client.js';
import { headsOf, itemsAfter, type StreamItemKind, type StreamItemRow } from './stream.repository.js';

/** The counts an `unread` frame carries. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

/** Turns rows into what the frames carry (registered by the composition root: it knows the modules). */
export interface StreamRenderer {
  /** The data of each item still there (key: `itemKey`); an item whose row is gone is left out. */
  items(db: DbOrTx, items: StreamItemRow[]): Promise<Map<string, unknown>>;
  counts(db: DbOrTx, userIds: string[]): Promise<Map<string, UnreadCounts>>;
}

/**
 * Which of these sessions are still live (not revoked or expired, the person neither banned nor
 * deactivated). The hub asks at each heartbeat and closes the streams of the others: the safety net
 * behind the close signals (a session that simply expired, or a signal lost while an instance's
 * LISTEN connection was down).
 */
export type SessionCheck = (sessionIds: string[]) => Promise<Set<string>>;

export const itemKey = (i: Pick<StreamItemRow, 'userId' | 'kind' | 'refId'>) => `${i.userId}:${i.kind}:${i.refId}`;

/** Where frames go: the HTTP response, seen through what the hub needs of it. */
export interface StreamSink {
  /** Writes a chunk; false when the client is too far behind (the stream is then dropped). */
  write(chunk: string): boolean;
  /** Ends the response (the client reconnects with Last-Event-ID). */
  end(): void;
}

export interface HubOptions {
  /** Streams one person may hold on this instance; a newer one closes the oldest. */
  maxPerUser: number;
  /** Items read per stream per round (a long replay takes several rounds). */
  pageSize: number;
  /** A comment line at least this often, so proxies keep the connection (and the client sees it alive). */
  heartbeatMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = { maxPerUser: 5, pageSize: 200, heartbeatMs: 20_000 };

interface Stream {
  id: number;
  userId: string;
  sessionId: string;
  sink: StreamSink;
  /** The number of the last item this stream is past (sent or skipped); null until it starts. */
  cursor: number | null;
  /** Asked at open: replay after this number (Last-Event-ID). */
  replayAfter: number | null;
  needItems: boolean;
  needCounts: boolean;
  closed: boolean;
}

export interface Hub {
  /**
   * Opens a stream for a signed-in session: it starts at `lastEventId` (a replay) or at the
   * person's newest item, and its first frame is `unread`. Answers a handle to close it.
   */
  open(input: { userId: string; sessionId: string; lastEventId: number | null; sink: StreamSink }): { close(): void };
  /** Person `userId` has items up to `seq`. */
  items(userId: string, seq: number): void;
  countsChanged(userId: string): void;
  closeSession(sessionId: string): void;
  closeUser(userId: string, exceptSessionId?: string): void;
  /** Marks every stream (after the cross-instance wake-ups were lost for a while). */
  wakeAll(): void;
  /**
   * Writes the heartbeat comment to every stream now (the timer calls it every heartbeatMs), then
   * closes the streams whose session is no longer live (the session check, when given).
   */
  beat(): void;
  /** The session check alone (awaitable: tests). */
  checkSessions(): Promise<void>;
  /** Resolves once nothing is marked and no flush runs (tests, shutdown). */
  idle(): Promise<void>;
  size(): number;
  close(): void;
}

interface HubLog {
  error(obj: object, msg: string): void;
}

export function frame(event: string, id: number, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createHub(
  db: DbOrTx,
  renderer: StreamRenderer,
  log: HubLog,
  options: Partial<HubOptions> = {},
  sessionCheck?: SessionCheck,
): Hub {
  const opts = { ...DEFAULT_HUB_OPTIONS, ...options };
  const byUser = new Map<string, Set<Stream>>();
  const marked = new Set<Stream>();
  let nextId = 1;
  let flushing: Promise<void> | undefined;
  let again = false;
  let closedHub = false;
  let idleWaiters: Array<() => void> = [];

  const heartbeat = setInterval(() => beat(), opts.heartbeatMs);
  heartbeat.unref();

  function drop(s: Stream) {
    if (s.closed) return;
    s.closed = true;
    marked.delete(s);
    const set = byUser.get(s.userId);
    set?.delete(s);
    if (set && set.size === 0) byUser.delete(s.userId);
    try {
      s.sink.end();
    } catch {
      // already gone
    }
  }

  function send(s: Stream, chunk: string) {
    if (s.closed) return;
    if (!s.sink.write(chunk)) drop(s);
  }

  function mark(s: Stream, what: { items?: boolean; counts?: boolean }) {
    if (s.closed) return;
    if (what.items) s.needItems = true;
    if (what.counts) s.needCounts = true;
    marked.add(s);
    schedule();
  }

  function schedule() {
    if (flushing) {
      again = true;
      return;
    }
    flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(flushLoop)
      .catch((err: unknown) => log.error({ err }, 'stream flush failed'))
      .finally(() => {
        flushing = undefined;
        if (marked.size > 0 && !closedHub) schedule();
        else {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const w of waiters) w();
        }
      });
  }

  async function flushLoop() {
    do {
      again = false;
      const batch = [...marked].filter((s) => !s.closed);
      marked.clear();
      if (batch.length === 0) continue;
      try {
        await flush(batch);
      } catch (err) {
        // Nothing half-sent is kept: these clients reconnect with Last-Event-ID and replay from the database.
        log.error({ err, streams: batch.length }, 'stream flush failed; the streams are closed');
        for (const s of batch) drop(s);
      }
    } while ((again || marked.size > 0) && !closedHub);
  }

  async function flush(batch: Stream[]) {
    // Streams that start now: their cursor is Last-Event-ID (never beyond the person's newest item) or the newest item.
    const starting = batch.filter((s) => s.cursor === null);
    if (starting.length > 0) {
      const heads = await headsOf(db, [...new Set(starting.map((s) => s.userId))]);
      for (const s of starting) {
        const head = heads.get(s.userId) ?? 0;
        s.cursor = s.replayAfter === null ? head : Math.min(Math.max(0, s.replayAfter), head);
        s.needItems = true;
        s.needCounts = true;
      }
    }
    const wantItems = batch.filter((s) => s.needItems);
    const lowest = new Map<string, number>();
    for (const s of wantItems) lowest.set(s.userId, Math.min(lowest.get(s.userId) ?? Infinity, s.cursor!));
    const rows = await itemsAfter(
      db,
      [...lowest].map(([userId, after]) => ({ userId, after })),
      opts.pageSize,
    );
    const rowsOf = new Map<string, StreamItemRow[]>();
    for (const r of rows) rowsOf.set(r.userId, [...(rowsOf.get(r.userId) ?? []), r]);
    const rendered = rows.length > 0 ? await renderer.items(db, rows) : new Map<string, unknown>();
    const full = new Set([...rowsOf].filter(([, list]) => list.length >= opts.pageSize).map(([u]) => u));

    const sent = new Map<Stream, number>();
    for (const s of wantItems) {
      s.needItems = false;
      // A full page: more may follow (for this stream too, even if the page held nothing past its cursor).
      if (full.has(s.userId)) mark(s, { items: true });
      const mine = (rowsOf.get(s.userId) ?? []).filter((r) => r.seq > s.cursor!);
      if (mine.length === 0) continue;
      // The same row changed twice (a vote group's count grew): sent once, as it is now, under the later number.
      const lastOf = new Map<string, number>();
      for (const r of mine) lastOf.set(itemKey(r), r.seq);
      let frames = 0;
      for (const r of mine) {
        if (lastOf.get(itemKey(r)) !== r.seq) continue;
        const data = rendered.get(itemKey(r));
        if (data === undefined) continue;
        send(s, frame(eventName(r.kind), r.seq, data));
        frames += 1;
      }
      s.cursor = mine.at(-1)!.seq;
      sent.set(s, frames);
    }

    const wantCounts = batch.filter((s) => !s.closed && (s.needCounts || (sent.get(s) ?? 0) > 0));
    if (wantCounts.length === 0) return;
    const counts = await renderer.counts(db, [...new Set(wantCounts.map((s) => s.userId))]);
    for (const s of wantCounts) {
      s.needCounts = false;
      const c = counts.get(s.userId);
      if (c) send(s, frame('unread', s.cursor!, c));
    }
  }

  let checking = false;
  async function checkSessions() {
    if (!sessionCheck || checking) return;
    const open = [...byUser.values()].flatMap((set) => [...set]);
    if (open.length === 0) return;
    checking = true;
    try {
      const live = await sessionCheck([...new Set(open.map((s) => s.sessionId))]);
      for (const s of open) if (!live.has(s.sessionId)) drop(s);
    } catch (err) {
      log.error({ err }, 'stream session check failed');
    } finally {
      checking = false;
    }
  }

  function beat() {
    for (const set of byUser.values()) for (const s of set) send(s, ': ping\n\n');
    void checkSessions();
  }

  return {
    open({ userId, sessionId, lastEventId, sink }) {
      const s: Stream = {
        id: nextId++,
        userId,
        sessionId,
        sink,
        cursor: null,
        replayAfter: lastEventId,
        needItems: true,
        needCounts: true,
        closed: false,
      };
      const set = byUser.get(userId) ?? new Set<Stream>();
      byUser.set(userId, set);
      set.add(s);
      // The cap: the oldest of this person's streams here gives way (a tab that reloads comes back at once).
      while (set.size > opts.maxPerUser) drop([...set][0]!);
      mark(s, { items: true, counts: true });
      return { close: () => drop(s) };
    },
    items(userId, seq) {
      for (const s of byUser.get(userId) ?? []) if (s.cursor === null || seq > s.cursor) mark(s, { items: true });
    },
    countsChanged(userId) {
      for (const s of byUser.get(userId) ?? []) mark(s, { counts: true });
    },
    closeSession(sessionId) {
      for (const set of [...byUser.values()]) for (const s of [...set]) if (s.sessionId === sessionId) drop(s);
    },
    closeUser(userId, exceptSessionId) {
      for (const s of [...(byUser.get(userId) ?? [])]) if (s.sessionId !== exceptSessionId) drop(s);
    },
    wakeAll() {
      for (const set of byUser.values()) for (const s of set) mark(s, { items: true, counts: true });
    },
    beat,
    checkSessions,
    idle() {
      if (!flushing && marked.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    close() {
      closedHub = true;
      clearInterval(heartbeat);
      for (const set of [...byUser.values()]) for (const s of [...set]) drop(s);
    },
  };
}

const eventName = (kind: StreamItemKind) => kind;
