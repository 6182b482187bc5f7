/**
 * One real-time stream per browser (issue 14 item 3). One tab leads: it holds the EventSource on
 * GET /api/notifications/stream and passes every event to the other tabs over a BroadcastChannel;
 * they listen locally and open no connection of their own (HTTP/1.1 allows six per host across all
 * tabs). The leader is chosen with the Web Locks API where the browser has it (the lock passes to a
 * waiting tab the moment the leader closes), otherwise by heartbeats on the BroadcastChannel; with
 * neither, every tab keeps its own stream.
 *
 * Each (re)connect asks for a fresh single-use ticket (an EventSource cannot send a bearer header)
 * and resumes after the last event id seen (`?lastEventId=`, since a new EventSource cannot set the
 * Last-Event-ID header), with exponential back-off between attempts. Only while the stream is down
 * does the leader fall back to the spec's 30-second unread-count polling, and it shares the counts
 * with the other tabs, so the whole browser polls once.
 */
import type { TMessage, TNotification } from '@contesthub/shared';

export interface UnreadCounts {
  notifications: number;
  messages: number;
  /** Message requests waiting for me: known only from a poll (the stream's unread event does not carry it). */
  requests?: number;
}

/** What the stream delivers (the server's `event:` names) with the `id:` it carried, if any. */
export type StreamEvent =
  | { kind: 'notification'; id?: string; data: TNotification }
  | { kind: 'message'; id?: string; data: { conversationId: string; message: TMessage } }
  | { kind: 'unread'; id?: string; data: UnreadCounts };

const KINDS = ['notification', 'message', 'unread'] as const;

/** `connecting` until the first answer; `up` while the stream is open; `down` while it is not (polling). */
export type StreamStatus = 'connecting' | 'up' | 'down';
export type StreamRole = 'leader' | 'follower' | 'solo';

type EventSourceLike = Pick<EventSource, 'close' | 'addEventListener'> & {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};
type ChannelLike = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((this: BroadcastChannel, ev: MessageEvent) => unknown) | null;
};
type LocksLike = {
  request: (name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) => Promise<unknown>;
};

export interface StreamOptions {
  /** POST /api/notifications/stream-ticket: a single-use ticket for the next connection. */
  getTicket: () => Promise<string>;
  /** The two unread counts, read while the stream is down. */
  poll: () => Promise<UnreadCounts>;
  /** Every event, in this tab, whichever tab received it. */
  onEvent: (event: StreamEvent) => void;
  onStatus?: (status: StreamStatus) => void;
  /** The stream is one per signed-in person: tabs of another login never share it. */
  scope: string;
  url?: string;
  pollMs?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** Heartbeat election (no Web Locks): a leader beats this often; a follower claims after `timeoutMs` of silence. */
  election?: { heartbeatMs: number; timeoutMs: number };
  EventSource?: new (url: string) => EventSourceLike;
  BroadcastChannel?: (new (name: string) => ChannelLike) | null;
  locks?: LocksLike | null;
  /** Fires `online` when the network returns (reconnect at once). */
  onlineTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  random?: () => number;
}

type Wire =
  | { t: 'event'; event: StreamEvent }
  | { t: 'status'; status: StreamStatus }
  | { t: 'hello' }
  | { t: 'beat'; id: string }
  | { t: 'resign'; id: string };

export const STREAM_DEFAULTS = {
  url: '/api/notifications/stream',
  pollMs: 30_000,
  backoff: { baseMs: 1000, maxMs: 30_000 },
  election: { heartbeatMs: 1000, timeoutMs: 3500 },
} as const;

export class StreamClient {
  private readonly o: Required<Pick<StreamOptions, 'url' | 'pollMs' | 'backoff' | 'election' | 'random'>> & StreamOptions;
  private readonly id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  private role: StreamRole | 'electing' = 'electing';
  private status: StreamStatus = 'connecting';
  private stopped = false;
  private source: EventSourceLike | null = null;
  private channel: ChannelLike | null = null;
  private lastEventId: string | null = null;
  private lastUnread: UnreadCounts | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private beatTimer: ReturnType<typeof setInterval> | null = null;
  private lastBeat = 0;
  private releaseLock: (() => void) | null = null;
  private lockAbort: AbortController | null = null;
  /** Bumped on each connect and on stop: a ticket that arrives for an older attempt is dropped. */
  private generation = 0;

  constructor(options: StreamOptions) {
    this.o = {
      url: STREAM_DEFAULTS.url,
      pollMs: STREAM_DEFAULTS.pollMs,
      backoff: STREAM_DEFAULTS.backoff,
      election: STREAM_DEFAULTS.election,
      random: Math.random,
      ...options,
    };
  }

  get currentRole(): StreamRole | 'electing' {
    return this.role;
  }

  get currentStatus(): StreamStatus {
    return this.status;
  }

  start(): void {
    const Channel = this.o.BroadcastChannel === undefined ? globalThis.BroadcastChannel : this.o.BroadcastChannel;
    const locks = this.o.locks === undefined ? (globalThis.navigator as Navigator | undefined)?.locks : this.o.locks;
    const online = this.o.onlineTarget === undefined ? (typeof window === 'undefined' ? null : window) : this.o.onlineTarget;
    online?.addEventListener('online', this.onOnline);
    if (!Channel) {
      this.lead('solo');
      return;
    }
    this.channel = new Channel(`contesthub-stream:${this.o.scope}`);
    this.channel.onmessage = (ev: MessageEvent) => this.onWire(ev.data as Wire);
    if (locks) {
      // Wait in line for the lock: granted now to the first tab, later to the next when a leader closes.
      this.role = 'follower';
      this.post({ t: 'hello' });
      this.lockAbort = typeof AbortController === 'undefined' ? null : new AbortController();
      locks
        .request(`contesthub-stream:${this.o.scope}`, { signal: this.lockAbort?.signal }, () => {
          if (this.stopped) return Promise.resolve();
          this.lead('leader');
          return new Promise<void>((resolve) => (this.releaseLock = resolve));
        })
        .catch(() => undefined);
    } else {
      // Heartbeat election: claim leadership if no leader is heard within the timeout.
      this.role = 'follower';
      this.lastBeat = Date.now();
      this.post({ t: 'hello' });
      this.beatTimer = setInterval(() => this.electionTick(), this.o.election.heartbeatMs);
    }
  }

  /** Logout or leaving the dashboard: closes the stream, hands leadership on, stops every timer. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.generation++;
    const wasLeader = this.role === 'leader';
    this.closeSource();
    this.clearTimers();
    if (this.beatTimer) clearInterval(this.beatTimer);
    this.beatTimer = null;
    if (wasLeader) this.post({ t: 'resign', id: this.id });
    this.releaseLock?.();
    this.releaseLock = null;
    this.lockAbort?.abort();
    this.channel?.close();
    this.channel = null;
    const online = this.o.onlineTarget === undefined ? (typeof window === 'undefined' ? null : window) : this.o.onlineTarget;
    online?.removeEventListener('online', this.onOnline);
  }

  // --- leadership ---

  private lead(role: 'leader' | 'solo'): void {
    if (this.stopped) return;
    this.role = role;
    this.attempts = 0;
    void this.connect();
  }

  private stepDown(): void {
    this.role = 'follower';
    this.closeSource();
    this.clearTimers();
    this.lastBeat = Date.now();
  }

  private electionTick(): void {
    if (this.stopped) return;
    if (this.role === 'leader') {
      this.post({ t: 'beat', id: this.id });
    } else if (Date.now() - this.lastBeat >= this.o.election.timeoutMs) {
      this.claim();
    }
  }

  private claim(): void {
    this.post({ t: 'beat', id: this.id });
    this.lead('leader');
  }

  private onWire(msg: Wire): void {
    if (this.stopped) return;
    switch (msg.t) {
      case 'event':
        if (msg.event.id) this.lastEventId = msg.event.id;
        if (msg.event.kind === 'unread') this.lastUnread = msg.event.data;
        if (this.role !== 'leader' && this.role !== 'solo') this.o.onEvent(msg.event);
        break;
      case 'status':
        if (this.role !== 'leader') this.setStatus(msg.status, false);
        break;
      case 'hello':
        // A new tab: tell it where things stand.
        if (this.role === 'leader') {
          this.post({ t: 'status', status: this.status });
          if (this.lastUnread) this.post({ t: 'event', event: { kind: 'unread', data: this.lastUnread } });
          if (this.beatTimer) this.post({ t: 'beat', id: this.id });
        }
        break;
      case 'beat':
        this.lastBeat = Date.now();
        // Two leaders after a race: the smaller id keeps the stream.
        if (this.role === 'leader' && this.beatTimer && msg.id < this.id) this.stepDown();
        break;
      case 'resign':
        if (this.role !== 'leader' && this.beatTimer) {
          // Claim after a random moment, so the remaining tabs rarely claim together.
          this.lastBeat = Date.now() - this.o.election.timeoutMs + Math.round(this.o.random() * this.o.election.heartbeatMs);
        }
        break;
    }
  }

  private post(msg: Wire): void {
    try {
      this.channel?.postMessage(msg);
    } catch {
      // a closed channel: nothing to tell
    }
  }

  // --- the connection (leader or solo) ---

  private async connect(): Promise<void> {
    if (this.stopped || (this.role !== 'leader' && this.role !== 'solo')) return;
    const Source = this.o.EventSource ?? (globalThis.EventSource as unknown as (new (url: string) => EventSourceLike) | undefined);
    if (!Source) {
      // No EventSource in this browser: the counts are polled, as the spec's client does.
      this.setStatus('down', true);
      return;
    }
    const generation = ++this.generation;
    let ticket: string;
    try {
      ticket = await this.o.getTicket();
    } catch {
      if (generation === this.generation) this.failed();
      return;
    }
    if (generation !== this.generation || this.stopped || (this.role !== 'leader' && this.role !== 'solo')) return;
    const url = new URL(this.o.url, 'http://x');
    url.searchParams.set('ticket', ticket);
    if (this.lastEventId) url.searchParams.set('lastEventId', this.lastEventId);
    const source = new Source(url.pathname + url.search);
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.attempts = 0;
      this.setStatus('up', true);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // The browser would retry the same URL, whose ticket is spent: close and retry with a new one.
      this.closeSource();
      this.failed();
    };
    for (const kind of KINDS) {
      source.addEventListener(kind, (ev) => {
        if (this.source !== source) return;
        const { data, lastEventId } = ev as MessageEvent<string>;
        let parsed: unknown;
        try {
          parsed = JSON.parse(data);
        } catch {
          return;
        }
        if (this.status !== 'up') {
          this.attempts = 0;
          this.setStatus('up', true);
        }
        this.deliver({ kind, data: parsed, ...(lastEventId ? { id: lastEventId } : {}) } as StreamEvent);
      });
    }
  }

  private deliver(event: StreamEvent): void {
    if (event.id) this.lastEventId = event.id;
    if (event.kind === 'unread') this.lastUnread = event.data;
    this.o.onEvent(event);
    this.post({ t: 'event', event });
  }

  private failed(): void {
    if (this.stopped) return;
    this.setStatus('down', true);
    const { baseMs, maxMs } = this.o.backoff;
    const delay = Math.min(maxMs, baseMs * 2 ** this.attempts) * (0.5 + this.o.random() / 2);
    this.attempts++;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
  }

  private readonly onOnline = () => {
    if (this.stopped || this.status === 'up' || (this.role !== 'leader' && this.role !== 'solo')) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.attempts = 0;
    void this.connect();
  };

  private setStatus(status: StreamStatus, leading: boolean): void {
    if (leading) {
      if (status === 'down' && this.pollTimer === null) this.startPolling();
      if (status === 'up') this.stopPolling();
      if (status !== this.status) this.post({ t: 'status', status });
    }
    if (status === this.status) return;
    this.status = status;
    this.o.onStatus?.(status);
  }

  private startPolling(): void {
    const once = () => {
      this.o
        .poll()
        .then((counts) => {
          if (!this.stopped && this.status === 'down') this.deliver({ kind: 'unread', data: counts });
        })
        .catch(() => undefined);
    };
    once();
    this.pollTimer = setInterval(once, this.o.pollMs);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private closeSource(): void {
    this.source?.close();
    this.source = null;
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPolling();
  }
}
