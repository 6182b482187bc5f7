/**
 * Signals between instances: PostgreSQL LISTEN/NOTIFY on one connection per instance, carrying ids
 * only ("person P has items up to n", "P's counts changed", "close session S", "close P's streams").
 * A NOTIFY is its own autocommit statement sent after the writing transaction committed, never
 * inside it (a NOTIFY in a transaction takes a lock at commit that every notifying commit shares).
 * A signal is a hint: the data is read from the database, so a lost one only delays delivery until
 * the next, and after the listening connection was lost every local stream is marked again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DbOrTx } from '../../db/client.js';
import { notifyInstances, STREAM_CHANNEL } from './stream.repository.js';

export type StreamSignal =
  | { t: 'items'; userId: string; seq: number }
  | { t: 'counts'; userId: string }
  | { t: 'session'; sessionId: string }
  | { t: 'user'; userId: string; exceptSessionId?: string | undefined };

/** NOTIFY payloads are limited to 8000 bytes; a batch is cut well below. */
const MAX_PAYLOAD = 7000;

export function encodeSignal(s: StreamSignal): string {
  switch (s.t) {
    case 'items':
      return `i:${s.userId}:${s.seq}`;
    case 'counts':
      return `c:${s.userId}`;
    case 'session':
      return `s:${s.sessionId}`;
    case 'user':
      return s.exceptSessionId ? `u:${s.userId}:${s.exceptSessionId}` : `u:${s.userId}`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeSignal(token: string): StreamSignal | undefined {
  const [t, a, b] = token.split(':');
  if (!a || !UUID.test(a)) return undefined;
  if (t === 'i' && b && /^\d{1,15}$/.test(b)) return { t: 'items', userId: a, seq: Number(b) };
  if (t === 'c' && b === undefined) return { t: 'counts', userId: a };
  if (t === 's' && b === undefined) return { t: 'session', sessionId: a };
  if (t === 'u')
    return b === undefined ? { t: 'user', userId: a } : UUID.test(b) ? { t: 'user', userId: a, exceptSessionId: b } : undefined;
  return undefined;
}

/** Payloads of at most MAX_PAYLOAD bytes: the sender's instance id, then the signals. */
export function payloadsOf(instanceId: string, signals: StreamSignal[]): string[] {
  const out: string[] = [];
  let current = instanceId;
  for (const s of signals) {
    const token = encodeSignal(s);
    if (current.length + 1 + token.length > MAX_PAYLOAD) {
      out.push(current);
      current = instanceId;
    }
    current += ` ${token}`;
  }
  if (current !== instanceId) out.push(current);
  return out;
}

export interface Bus {
  send(signals: StreamSignal[]): void;
  /** Resolves once this instance listens (the first time). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface BusLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The PostgreSQL bus: LISTEN on a dedicated connection (reconnected after an error, with a back-off
 * of 0.5 s doubling to 10 s); NOTIFY through the pool. Signals from this instance are skipped on
 * arrival (they were handled here already).
 */
export function createPgBus(url: string, db: DbOrTx, handlers: { signal(s: StreamSignal): void; reconnected(): void }, log: BusLog): Bus {
  const instanceId = randomBytes(6).toString('hex');
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  let everConnected = false;
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel !== STREAM_CHANNEL || !msg.payload) return;
      const [from, ...tokens] = msg.payload.split(' ');
      if (from === instanceId) return;
      for (const token of tokens) {
        const s = decodeSignal(token);
        if (s) handlers.signal(s);
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${STREAM_CHANNEL}`);
      retryMs = 500;
      // Signals sent while this instance did not listen are lost: every local stream reads again.
      if (everConnected) {
        log.info({}, 'stream LISTEN connection restored');
        handlers.reconnected();
      }
      everConnected = true;
      listening();
    } catch (err) {
      log.warn({ err }, 'stream LISTEN connection failed; retrying');
      lost(c);
    }
  }

  function lost(c: pg.Client) {
    if (client !== c || closed) return;
    client = undefined;
    c.removeAllListeners('notification');
    void c.end().catch(() => {});
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(10_000, retryMs * 2);
  }

  void connect();

  return {
    ready: () => ready,
    send(signals) {
      if (closed || signals.length === 0) return;
      for (const payload of payloadsOf(instanceId, signals)) {
        notifyInstances(db, payload).catch((err: unknown) => log.warn({ err }, 'stream NOTIFY failed'));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      if (c) await c.end().catch(() => {});
    },
  };
}
