/**
 * The stream client's leader and follower logic with a fake EventSource, BroadcastChannel and Web
 * Locks: one connection per browser, events shared with the other tabs, a new ticket and the last
 * event id on each reconnect, back-off, polling only while the stream is down, and hand-over when
 * the leading tab closes (logout).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamClient, type StreamEvent, type StreamOptions, type UnreadCounts } from './stream-client';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(ev: MessageEvent) => void>>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(kind: string, fn: (ev: MessageEvent) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  fail() {
    this.onerror?.();
  }
  emit(kind: string, data: unknown, id?: string) {
    for (const fn of this.listeners.get(kind) ?? []) fn(new MessageEvent(kind, { data: JSON.stringify(data), lastEventId: id ?? '' }));
  }
  static open() {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
}

/** BroadcastChannel as browsers do it: delivered asynchronously to every other channel of the name. */
class FakeChannel {
  static all = new Set<FakeChannel>();
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(public name: string) {
    FakeChannel.all.add(this);
  }
  postMessage(data: unknown) {
    const copy = structuredClone(data);
    for (const other of FakeChannel.all) {
      if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data: copy })));
    }
  }
  close() {
    FakeChannel.all.delete(this);
  }
}

/** Web Locks: one holder per name, the others wait in line; an aborted request leaves the line. */
function fakeLocks() {
  const held = new Map<string, boolean>();
  const waiting = new Map<string, Array<() => void>>();
  const grant = (name: string, cb: () => Promise<void>, done: (v: unknown) => void) => {
    held.set(name, true);
    void cb().then((v) => {
      held.set(name, false);
      done(v);
      waiting.get(name)?.shift()?.();
    });
  };
  return {
    request(name: string, opts: { signal?: AbortSignal }, cb: () => Promise<void>) {
      return new Promise((resolve, reject) => {
        if (!held.get(name)) return grant(name, cb, resolve);
        const go = () => grant(name, cb, resolve);
        waiting.set(name, [...(waiting.get(name) ?? []), go]);
        opts.signal?.addEventListener('abort', () => {
          waiting.set(
            name,
            (waiting.get(name) ?? []).filter((f) => f !== go),
          );
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

let tickets = 0;
function tab(extra: Partial<StreamOptions> = {}) {
  const events: StreamEvent[] = [];
  const statuses: string[] = [];
  const poll = vi.fn(async (): Promise<UnreadCounts> => ({ notifications: 4, messages: 2 }));
  const getTicket = vi.fn(async () => `t${++tickets}`);
  const client = new StreamClient({
    scope: 'u1',
    getTicket,
    poll,
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    EventSource: FakeEventSource as never,
    BroadcastChannel: FakeChannel as never,
    onlineTarget: null,
    random: () => 1,
    ...extra,
  });
  client.start();
  return { client, events, statuses, poll, getTicket };
}

const notification = (id: string) => ({ _id: id, title: `Notice ${id}` });

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  FakeChannel.all.clear();
  tickets = 0;
});
afterEach(() => vi.useRealTimers());

describe('with Web Locks: one tab leads, the others listen', () => {
  it('opens one stream for two tabs, with a ticket, and shares its events with the follower', async () => {
    const locks = fakeLocks();
    const a = tab({ locks });
    const b = tab({ locks });
    await flush();
    expect(a.client.currentRole).toBe('leader');
    expect(b.client.currentRole).toBe('follower');
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/notifications/stream?ticket=t1']);
    expect(b.getTicket).not.toHaveBeenCalled();

    const [source] = FakeEventSource.all;
    source!.open();
    source!.emit('unread', { notifications: 1, messages: 0 }, '7');
    source!.emit('notification', notification('n1'), '8');
    await flush();
    const seen = (t: ReturnType<typeof tab>) => t.events.map((e) => `${e.kind}#${e.id}`);
    expect(seen(a)).toEqual(['unread#7', 'notification#8']);
    expect(seen(b)).toEqual(['unread#7', 'notification#8']);
    expect(b.events[1]!.data).toEqual(notification('n1'));
    expect(a.statuses).toEqual(['up']);
    expect(b.statuses).toEqual(['up']);
  });

  it('reconnects with a new ticket after the last event id, backing off 1 s, 2 s, 4 s, and polls only while down', async () => {
    const a = tab({ locks: fakeLocks() });
    await flush();
    const first = FakeEventSource.all[0]!;
    first.open();
    first.emit('notification', notification('n1'), '41');
    expect(a.poll).not.toHaveBeenCalled();

    first.fail();
    expect(first.closed).toBe(true);
    expect(a.statuses).toEqual(['up', 'down']);
    await flush();
    // Down: the unread counts are polled at once and delivered as an unread event.
    expect(a.poll).toHaveBeenCalledTimes(1);
    expect(a.events.at(-1)).toEqual({ kind: 'unread', data: { notifications: 4, messages: 2 } });

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all[1]!.url).toBe('/api/notifications/stream?ticket=t2&lastEventId=41');

    FakeEventSource.all[1]!.fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.all[2]!.fail();
    await vi.advanceTimersByTimeAsync(3999);
    expect(FakeEventSource.all).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all[3]!.url).toBe('/api/notifications/stream?ticket=t4&lastEventId=41');

    // Still down after 30 s: polled again; once up, never again.
    await vi.advanceTimersByTimeAsync(30_000 - 7000);
    expect(a.poll).toHaveBeenCalledTimes(2);
    FakeEventSource.all.at(-1)!.open();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(a.poll).toHaveBeenCalledTimes(2);
    expect(a.client.currentStatus).toBe('up');
  });

  it('retries after a refused ticket, and the back-off starts again after a successful open', async () => {
    let refuse = true;
    const a = tab({
      locks: fakeLocks(),
      getTicket: vi.fn(async () => {
        if (refuse) throw new Error('network');
        return 'ok';
      }),
    });
    await flush();
    expect(FakeEventSource.all).toHaveLength(0);
    expect(a.client.currentStatus).toBe('down');
    refuse = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.all).toHaveLength(1);
    FakeEventSource.all[0]!.open();
    FakeEventSource.all[0]!.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('hands the stream to the waiting tab when the leader stops (logout), resuming after the last id it saw', async () => {
    const locks = fakeLocks();
    const a = tab({ locks });
    const b = tab({ locks });
    await flush();
    FakeEventSource.all[0]!.open();
    FakeEventSource.all[0]!.emit('message', { conversationId: 'c', message: { _id: 'm1' } }, '12');
    await flush();

    a.client.stop();
    await flush();
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    expect(b.client.currentRole).toBe('leader');
    expect(FakeEventSource.open().map((s) => s.url)).toEqual(['/api/notifications/stream?ticket=t2&lastEventId=12']);

    // The stopped tab hears nothing more.
    FakeEventSource.all[1]!.open();
    FakeEventSource.all[1]!.emit('notification', notification('n2'), '13');
    await flush();
    expect(a.events.map((e) => e.id)).toEqual(['12']);
    expect(b.events.map((e) => e.id)).toEqual(['12', '13']);
  });

  it('a follower does not poll; it hears the counts the leader polled', async () => {
    const locks = fakeLocks();
    const a = tab({ locks });
    const b = tab({ locks });
    await flush();
    FakeEventSource.all[0]!.fail();
    await flush();
    expect(a.poll).toHaveBeenCalledTimes(1);
    expect(b.poll).not.toHaveBeenCalled();
    expect(b.events).toEqual([{ kind: 'unread', data: { notifications: 4, messages: 2 } }]);
    expect(b.client.currentStatus).toBe('down');
  });

  it('keeps tabs of different logins apart', async () => {
    const locks = fakeLocks();
    tab({ locks, scope: 'u1' });
    tab({ locks, scope: 'u2' });
    await flush();
    expect(FakeEventSource.all).toHaveLength(2);
  });
});

describe('without Web Locks: a heartbeat election on the BroadcastChannel', () => {
  it('elects one leader among three tabs and elects another when it resigns', async () => {
    const tabs = [tab({ locks: null }), tab({ locks: null }), tab({ locks: null })];
    await vi.advanceTimersByTimeAsync(5000);
    const leaders = () => tabs.filter((t) => t.client.currentRole === 'leader');
    expect(leaders()).toHaveLength(1);
    expect(FakeEventSource.open()).toHaveLength(1);

    FakeEventSource.open()[0]!.open();
    FakeEventSource.open()[0]!.emit('unread', { notifications: 3, messages: 1 }, '5');
    await flush();
    for (const t of tabs) expect(t.events).toEqual([{ kind: 'unread', id: '5', data: { notifications: 3, messages: 1 } }]);

    const first = leaders()[0]!;
    first.client.stop();
    await vi.advanceTimersByTimeAsync(5000);
    const rest = tabs.filter((t) => t !== first);
    expect(rest.filter((t) => t.client.currentRole === 'leader')).toHaveLength(1);
    expect(FakeEventSource.open().map((s) => s.url)).toEqual([expect.stringContaining('lastEventId=5')]);
  });
});

describe('with neither', () => {
  it('each tab keeps its own stream, and stop closes it and its timers', async () => {
    const a = tab({ BroadcastChannel: null, locks: null });
    await flush();
    expect(a.client.currentRole).toBe('solo');
    FakeEventSource.all[0]!.fail();
    await flush();
    a.client.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(a.poll).toHaveBeenCalledTimes(1);
  });
});
