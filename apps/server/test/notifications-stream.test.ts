/**
 * The real-time stream (issue 14 item 3): GET /api/notifications/stream over real HTTP (the app
 * listening on a port, read by fetch as a stream), and POST /api/notifications/stream-ticket.
 *
 * - refusals: no token, a bad, used or expired ticket, a ticket whose session ended; ticket rate limit;
 * - a vote produces `event: notification` exactly as the item of GET /api/notifications, a message
 *   `event: message` exactly as the item of GET /api/messages/conversation/{id} (for both people),
 *   `unread` on connect and after each change (a read too);
 * - Last-Event-ID (header or ?lastEventId=) replays what was missed, no gap and no duplicate;
 * - logout and revocation of all sessions close the stream within a second; the cap per person;
 * - the heartbeat timer and backpressure (a sink that cannot keep up is dropped) on the hub itself,
 *   with fake timers;
 * - on PostgreSQL, two app instances on one database: a client of instance B receives what a
 *   request to instance A produced, and a logout on A closes B's stream.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  STREAM_HEARTBEAT_MAX_MS,
  type TConversationPage,
  type TNotification,
  type TNotificationList,
  type TStreamTicket,
} from '@contesthub/shared';
import { users } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { createHub, DEFAULT_HUB_OPTIONS, itemKey, type StreamRenderer } from '../src/lib/realtime/hub.js';
import { appendToStream, STREAM_RETENTION_MS, sweepStream } from '../src/lib/realtime/index.js';
import { itemsAfter } from '../src/lib/realtime/stream.repository.js';
import { insertContest, insertEntry } from './engagement-fixtures.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestApp,
  type TestDatabase,
} from './helpers.js';

type Member = Awaited<ReturnType<typeof createSignedInUser>>;

interface Frame {
  id?: number;
  event?: string;
  data?: unknown;
  comment?: string;
}

/** A streaming client: reads the response body as it arrives and parses the SSE frames. */
class StreamClient {
  readonly frames: Frame[] = [];
  ended = false;
  private waiters: Array<() => void> = [];
  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly abort: AbortController,
  ) {}

  static async open(origin: string, opts: { token?: string; query?: string; lastEventId?: number } = {}) {
    const abort = new AbortController();
    const res = await fetch(`${origin}/api/notifications/stream${opts.query ?? ''}`, {
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.lastEventId !== undefined ? { 'last-event-id': String(opts.lastEventId) } : {}),
      },
      signal: abort.signal,
    });
    const client = new StreamClient(res.status, res.headers, abort);
    if (res.status !== 200) {
      client.body = (await res.json()) as Record<string, unknown>;
      client.ended = true;
      return client;
    }
    void client.read(res.body!);
    return client;
  }

  body: Record<string, unknown> | undefined;

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) frame.id = Number(line.slice(4));
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
          }
          this.frames.push(frame);
          this.notify();
        }
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.notify();
  }

  private notify() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Waits (at most `ms`: a safety net, not a timing assertion) until `check` holds. */
  async until<T>(check: () => T | undefined | false, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`stream: condition not met; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  of(event: string): Frame[] {
    return this.frames.filter((f) => f.event === event);
  }

  dataEvents(): Frame[] {
    return this.frames.filter((f) => f.event === 'notification' || f.event === 'message');
  }

  close() {
    this.abort.abort();
  }
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

let t: TestApp;
let origin: string;
const api = <T = unknown>(...args: Parameters<typeof apiCall> extends [unknown, ...infer R] ? R : never) => apiCall<T>(t.app, ...args);
const drain = () => t.ctx.events.drain({ settleMs: 10_000 });
const clients: StreamClient[] = [];
const open = async (opts: Parameters<typeof StreamClient.open>[1]) => {
  const c = await StreamClient.open(origin, opts);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  t = await createTestApp();
  origin = await listen(t);
});
afterEach(() => {
  setClock(null);
  for (const c of clients.splice(0)) c.close();
});
afterAll(() => t?.close());

/** A member whose account is 30 days old (past the message-request rule). */
async function member(name: string): Promise<Member> {
  const m = await createSignedInUser(t.app, { fullName: name });
  await t.ctx.db
    .update(users)
    .set({ createdAt: new Date(now().getTime() - 30 * 24 * 3600_000) })
    .where(eq(users.id, m.userId));
  return m;
}

/** An entry of `owner` in a contest open for votes, and a way to vote on it (a new voter each time). */
async function entryOf(owner: Member, title: string) {
  const organizer = await member('Organizer');
  const contest = await insertContest(t.ctx, organizer.userId, { title: `Contest for ${title}` });
  const entry = await insertEntry(t.ctx, contest.id, owner.userId, { title });
  return {
    entry,
    async vote() {
      const voter = await member('Voter');
      const res = await api('POST', '/api/votes', voter.token, { contestId: contest.id, entryId: entry.id, voteType: 'free' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    },
  };
}

async function notificationsOf(m: Member): Promise<TNotification[]> {
  const res = await api<TNotificationList>('GET', '/api/notifications', m.token);
  expect(res.status).toBe(200);
  return res.body.data.notifications;
}

async function ticketFor(m: Member): Promise<TStreamTicket> {
  const res = await api<TStreamTicket>('POST', '/api/notifications/stream-ticket', m.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('opening the stream', () => {
  it('refuses a caller without a token or ticket, and a ticket request without sign-in', async () => {
    const none = await open({});
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, errorType: 'UNAUTHORIZED' });
    const bad = await open({ token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect((await api('POST', '/api/notifications/stream-ticket')).status).toBe(401);
    // No HEAD (it would hold a connection open with nothing to say).
    expect((await fetch(`${origin}/api/notifications/stream`, { method: 'HEAD' })).status).toBe(404);
  });

  it('opens with the bearer header as an event stream, first telling the unread counts', async () => {
    const ada = await member('Ada Stream');
    const s = await open({ token: ada.token });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    const first = await s.until(() => s.of('unread')[0]);
    expect(first).toEqual({ id: 0, event: 'unread', data: { notifications: 0, messages: 0 } });
  });

  it('takes a ticket once, within 60 s, and only while its session lives', async () => {
    const ben = await member('Ben Ticket');
    const ticket = await ticketFor(ben);
    expect(new Date(ticket.expiresAt).getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(new Date(ticket.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const s = await open({ query: `?ticket=${ticket.ticket}` });
    expect(s.status).toBe(200);
    await s.until(() => s.of('unread')[0]);
    // Used once: the same ticket again is refused.
    const again = await open({ query: `?ticket=${ticket.ticket}` });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, message: 'This stream ticket is not valid: ask for a new one' });
    // Unknown ticket.
    expect((await open({ query: `?ticket=${'x'.repeat(43)}` })).status).toBe(401);

    // Expired: 61 s later.
    const late = await ticketFor(ben);
    setClock(new Date(Date.now()));
    advanceClock(61_000);
    expect((await open({ query: `?ticket=${late.ticket}` })).status).toBe(401);
    setClock(null);

    // Bound to its session: after logout it opens nothing.
    const orphan = await ticketFor(ben);
    expect((await api('POST', '/api/auth/logout', ben.token)).status).toBe(200);
    const refused = await open({ query: `?ticket=${orphan.ticket}` });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ message: 'Your session has ended. Please log in again.' });
  });

  it('limits ticket requests per person (429 past 30 a minute)', async () => {
    const cy = await member('Cy Limit');
    for (let i = 0; i < 30; i++) expect((await api('POST', '/api/notifications/stream-ticket', cy.token)).status).toBe(201);
    const over = await api('POST', '/api/notifications/stream-ticket', cy.token);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });
  });
});

describe('what the stream carries', () => {
  it('a vote on my entry arrives as `notification`, exactly as the list item, then `unread`; the grouped row again as it grows', async () => {
    const owner = await member('Olu Owner');
    const { vote } = await entryOf(owner, 'Golden Hour');
    const s = await open({ token: owner.token });
    await s.until(() => s.of('unread')[0]);

    await vote();
    await drain();
    const note = await s.until(() => s.of('notification')[0]);
    const [listed] = await notificationsOf(owner);
    expect(note.data).toEqual(listed);
    expect(listed).toMatchObject({ type: 'vote_received', count: 1 });
    expect(note.id).toBeGreaterThan(0);
    const counted = await s.until(() => s.of('unread').find((f) => (f.data as { notifications: number }).notifications === 1));
    expect(counted).toEqual({ id: note.id, event: 'unread', data: { notifications: 1, messages: 0 } });

    // A second vote within the hour: the same notification, now counting 2, under a higher id.
    await vote();
    await drain();
    const grown = await s.until(() => s.of('notification')[1]);
    expect(grown.id).toBeGreaterThan(note.id!);
    expect(grown.data).toMatchObject({ _id: listed!._id, count: 2, message: '2 new votes on "Golden Hour"' });
    expect(grown.data).toEqual((await notificationsOf(owner))[0]);

    // Reading it changes the count: `unread` follows, without a new item.
    expect((await api('PUT', '/api/notifications/mark-all-read', owner.token)).status).toBe(200);
    const zero = await s.until(() =>
      s.of('unread').find((f, i, all) => i === all.length - 1 && (f.data as { notifications: number }).notifications === 0),
    );
    expect(zero.id).toBe(grown.id);
  });

  it("an admin's announcement arrives on every open stream of its audience as `notification`", async () => {
    const admin = await createSignedInUser(t.app, { fullName: 'Ada Admin', role: 'admin' });
    const gus = await member('Gus Listener');
    const s = await open({ token: gus.token });
    await s.until(() => s.of('unread')[0]);
    const sent = await api('POST', '/api/admin-tools/announcements', admin.token, {
      title: 'Maintenance tonight',
      message: 'The site rests from 1am WAT.',
      audience: 'everyone',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const note = await s.until(() => s.of('notification')[0]);
    expect(note.data).toEqual((await notificationsOf(gus)).find((n) => n.type === 'system_announcement'));
    expect(note.data).toMatchObject({ title: 'Maintenance tonight', type: 'system_announcement' });
  });

  it('a direct message arrives as `message` to both people, as each sees it in the conversation', async () => {
    const ada = await member('Ada Sender');
    const ben = await member('Ben Recipient');
    const [sa, sb] = await Promise.all([open({ token: ada.token }), open({ token: ben.token })]);
    await Promise.all([sa.until(() => sa.of('unread')[0]), sb.until(() => sb.of('unread')[0])]);

    const sent = await api<{ message: { conversationId: string } }>('POST', '/api/messages/send', ada.token, {
      recipientUsername: ben.email,
      content: 'Hello Ben, good luck tonight!',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const conversationId = sent.body.data.message.conversationId;

    const got = await sb.until(() => sb.of('message')[0]);
    const benPage = await api<TConversationPage>('GET', `/api/messages/conversation/${conversationId}`, ben.token);
    expect(got.data).toEqual({ conversationId, message: benPage.body.data.messages.at(-1) });
    expect(got.data).toMatchObject({ message: { isMine: false, content: 'Hello Ben, good luck tonight!' } });
    const benUnread = await sb.until(() => sb.of('unread').find((f) => (f.data as { messages: number }).messages === 1));
    expect(benUnread.id).toBe(got.id);

    const mine = await sa.until(() => sa.of('message')[0]);
    const adaPage = await api<TConversationPage>('GET', `/api/messages/conversation/${conversationId}`, ada.token);
    expect(mine.data).toEqual({ conversationId, message: adaPage.body.data.messages.at(-1) });
    expect(mine.data).toMatchObject({ message: { isMine: true } });

    // Ben reads it: his unread messages go back to 0 on the stream.
    const messageId = (got.data as { message: { _id: string } }).message._id;
    expect((await api('PUT', `/api/messages/${messageId}/read`, ben.token)).status).toBe(200);
    await sb.until(() => {
      const last = sb.of('unread').at(-1);
      return last && (last.data as { messages: number }).messages === 0;
    });
  });

  it('replays what was missed after Last-Event-ID (header or ?lastEventId=), with no gap and no duplicate', async () => {
    const owner = await member('Rita Replay');
    const entries = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) entries.push(await entryOf(owner, title));

    const s = await open({ token: owner.token });
    await s.until(() => s.of('unread')[0]);
    await entries[0]!.vote();
    await drain();
    const seen = await s.until(() => s.of('notification')[0]);
    s.close();
    await s.until(() => s.ended);

    // Missed while away: three notifications.
    for (const e of entries.slice(1)) await e.vote();
    await drain();
    const missed = (await notificationsOf(owner)).filter((n) => n._id !== (seen.data as TNotification)._id);
    expect(missed).toHaveLength(3);

    const back = await open({ token: owner.token, lastEventId: seen.id! });
    const replayed = await back.until(() => back.of('notification').length >= 3 && back.of('notification'));
    await back.until(() => back.of('unread')[0]);
    const ids = replayed.map((f) => f.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBe(seen.id! + 1);
    expect(new Set(ids).size).toBe(3);
    expect(replayed.map((f) => (f.data as TNotification)._id).sort()).toEqual(missed.map((n) => n._id).sort());
    // Nothing replayed that had been seen, and the counts come after the replay.
    expect(back.dataEvents()).toHaveLength(3);
    expect(back.of('unread')[0]).toEqual({ id: ids.at(-1), event: 'unread', data: { notifications: 4, messages: 0 } });

    // The same with ?lastEventId= (an EventSource rebuilt by hand): from the second one on.
    const byQuery = await open({ token: owner.token, query: `?lastEventId=${ids[0]}` });
    await byQuery.until(() => byQuery.of('unread')[0]);
    expect(byQuery.dataEvents().map((f) => f.id)).toEqual(ids.slice(1));
    // Caught up: a fresh stream without Last-Event-ID starts at the newest and replays nothing.
    const fresh = await open({ token: owner.token });
    expect(await fresh.until(() => fresh.of('unread')[0])).toMatchObject({ id: ids.at(-1) });
    expect(fresh.dataEvents()).toEqual([]);
  });
});

describe('closing', () => {
  it('closes the stream within a second of logout; another session of the same person stays open', async () => {
    const ada = await member('Ada Logout');
    const other = await login(t.app, ada.email, ada.password);
    const s = await open({ token: ada.token });
    const kept = await open({ token: other.token });
    await Promise.all([s.until(() => s.of('unread')[0]), kept.until(() => kept.of('unread')[0])]);

    expect((await api('POST', '/api/auth/logout', ada.token)).status).toBe(200);
    const loggedOut = Date.now();
    await s.until(() => s.ended, 1_000);
    expect(Date.now() - loggedOut).toBeLessThan(1_000);
    expect(kept.ended).toBe(false);
    // The ended session's token opens nothing any more.
    expect((await open({ token: ada.token })).status).toBe(401);
  });

  it("closes the other sessions' streams on a password change, and every stream of a person on the close-by-user hook (a ban)", async () => {
    const ben = await member('Ben Revoked');
    const other = await login(t.app, ben.email, ben.password);
    const s = await open({ token: other.token });
    const own = await open({ token: ben.token });
    await Promise.all([s.until(() => s.of('unread')[0]), own.until(() => own.of('unread')[0])]);

    const changed = await api('PUT', '/api/auth/change-password', ben.token, {
      currentPassword: ben.password,
      newPassword: 'N3w-passw0rd!',
      confirmPassword: 'N3w-passw0rd!',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const at = Date.now();
    await s.until(() => s.ended, 1_000);
    expect(Date.now() - at).toBeLessThan(1_000);
    expect(own.ended).toBe(false);

    // What a ban calls (with revokeAllSessions): every stream of the person closes.
    t.ctx.realtime.closeUser(ben.userId);
    await own.until(() => own.ended, 1_000);
  });

  it('closes, at the heartbeat, the streams of a session that expired or a person banned without a signal', async () => {
    const eve = await member('Eve Expired');
    const fay = await member('Fay Banned');
    const [se, sf] = await Promise.all([open({ token: eve.token }), open({ token: fay.token })]);
    await Promise.all([se.until(() => se.of('unread')[0]), sf.until(() => sf.of('unread')[0])]);

    await t.ctx.realtime.hub.checkSessions();
    expect([se.ended, sf.ended]).toEqual([false, false]);

    await t.ctx.db.update(users).set({ status: 'banned' }).where(eq(users.id, fay.userId));
    await t.ctx.realtime.hub.checkSessions();
    await sf.until(() => sf.ended);
    expect(se.ended).toBe(false);

    // Two days on, the one-day session has expired.
    setClock(new Date(Date.now() + 2 * 24 * 3600_000));
    await t.ctx.realtime.hub.checkSessions();
    await se.until(() => se.ended);
  });

  it('holds at most five streams per person here: a sixth closes the oldest', async () => {
    const cy = await member('Cy Many');
    const streams: StreamClient[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await open({ token: cy.token });
      await s.until(() => s.of('unread')[0]);
      streams.push(s);
    }
    const sixth = await open({ token: cy.token });
    await sixth.until(() => sixth.of('unread')[0]);
    await streams[0]!.until(() => streams[0]!.ended);
    expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
  });

  it('lets go of a client that disconnects', async () => {
    const dee = await member('Dee Gone');
    const before = t.ctx.realtime.hub.size();
    const s = await open({ token: dee.token });
    await s.until(() => s.of('unread')[0]);
    expect(t.ctx.realtime.hub.size()).toBe(before + 1);
    s.close();
    await s.until(() => t.ctx.realtime.hub.size() === before || undefined);
  });
});

describe('the hub (fake timers and sinks)', () => {
  const renderer: StreamRenderer = {
    items: async () => new Map(),
    counts: async (_db, userIds) => new Map(userIds.map((u) => [u, { notifications: 0, messages: 0 }])),
  };
  const log = { error: () => {} };

  it('writes `: ping` on every stream at least every 25 s', async () => {
    expect(DEFAULT_HUB_OPTIONS.heartbeatMs).toBeLessThanOrEqual(STREAM_HEARTBEAT_MAX_MS);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const hub = createHub(t.ctx.db, renderer, log);
      const written: string[] = [];
      const u = await member('Hal Beat');
      hub.open({ userId: u.userId, sessionId: u.userId, lastEventId: null, sink: { write: (c) => (written.push(c), true), end() {} } });
      vi.advanceTimersByTime(STREAM_HEARTBEAT_MAX_MS);
      expect(written.filter((c) => c === ': ping\n\n').length).toBeGreaterThanOrEqual(1);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('replays in pages: every stream of a person gets all its items, whatever its cursor', async () => {
    const u = await member('Pat Pages');
    const refs = Array.from({ length: 7 }, () => randomUUID());
    for (const refId of refs) await appendToStream(t.ctx.db, [{ userId: u.userId, kind: 'notification', refId }]);
    const echo: StreamRenderer = { ...renderer, items: async (_db, items) => new Map(items.map((i) => [itemKey(i), { ref: i.refId }])) };
    const hub = createHub(t.ctx.db, echo, log, { pageSize: 2 });
    const got = (after: number) => {
      const frames: string[] = [];
      hub.open({ userId: u.userId, sessionId: u.userId, lastEventId: after, sink: { write: (c) => (frames.push(c), true), end() {} } });
      return frames;
    };
    const fromStart = got(0);
    const fromFive = got(5);
    await hub.idle();
    const refsIn = (frames: string[]) =>
      frames.filter((f) => f.includes('event: notification')).map((f) => JSON.parse(f.split('data: ')[1]!).ref);
    expect(refsIn(fromStart)).toEqual(refs);
    expect(refsIn(fromFive)).toEqual(refs.slice(5));
    hub.close();
  });

  it('drops a stream whose client cannot keep up, instead of buffering for it', async () => {
    const hub = createHub(t.ctx.db, renderer, log);
    const u = await member('Sid Slow');
    let ended = false;
    let accept = true;
    hub.open({ userId: u.userId, sessionId: u.userId, lastEventId: null, sink: { write: () => accept, end: () => (ended = true) } });
    await hub.idle();
    expect(hub.size()).toBe(1);
    accept = false; // the socket's buffer is past the limit
    hub.beat();
    expect(ended).toBe(true);
    expect(hub.size()).toBe(0);
    hub.close();
  });
});

describe('the stream sweep', () => {
  it('deletes items past the replay window and expired tickets, keeping the rest', async () => {
    const u = await member('Sam Sweep');
    const [old] = await appendToStream(t.ctx.db, [{ userId: u.userId, kind: 'notification', refId: randomUUID() }]);
    const [recent] = await appendToStream(t.ctx.db, [{ userId: u.userId, kind: 'notification', refId: randomUUID() }]);
    await t.ctx.db.execute(
      sql`update stream_items set created_at = now() - interval '8 days' where user_id = ${u.userId} and seq = ${old!.seq}`,
    );
    const ticket = await ticketFor(u);
    setClock(new Date(Date.now() + 61_000));
    await sweepStream(t.ctx.db);
    setClock(null);
    expect(STREAM_RETENTION_MS).toBe(7 * 24 * 3600_000);
    expect((await itemsAfter(t.ctx.db, [{ userId: u.userId, after: 0 }], 10)).map((i) => i.seq)).toEqual([recent!.seq]);
    expect((await open({ query: `?ticket=${ticket.ticket}` })).status).toBe(401);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  let tdb: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let originA: string;
  let originB: string;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    a = await createTestApp({}, { database: tdb });
    b = await createTestApp({}, { database: tdb });
    [originA, originB] = await Promise.all([listen(a), listen(b)]);
    await Promise.all([a.ctx.realtime.ready(), b.ctx.realtime.ready()]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await tdb?.close();
  });

  it("numbers a person's items in commit order: a second writer waits for the first one's commit", async () => {
    const { user } = await createTestUser(a.ctx);
    const item = () => [{ userId: user.id, kind: 'notification' as const, refId: randomUUID() }];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstSeq = 0;
    const first = a.ctx.db.transaction(async (tx) => {
      firstSeq = (await appendToStream(tx, item()))[0]!.seq;
      await held;
    });
    while (firstSeq === 0) await new Promise((r) => setTimeout(r, 10));
    let secondDone = false;
    const second = b.ctx.db
      .transaction((tx) => appendToStream(tx, item()))
      .then((w) => {
        secondDone = true;
        return w;
      });
    await new Promise((r) => setTimeout(r, 300));
    // The second writer waits on the head row; a reader sees neither item yet.
    expect(secondDone).toBe(false);
    expect(await itemsAfter(a.ctx.db, [{ userId: user.id, after: 0 }], 10)).toEqual([]);
    release();
    await first;
    const [w] = await second;
    expect(w!.seq).toBe(firstSeq + 1);
    expect((await itemsAfter(a.ctx.db, [{ userId: user.id, after: 0 }], 10)).map((i) => i.seq)).toEqual([firstSeq, firstSeq + 1]);
  });

  it("a client of instance B receives the notification instance A's dispatcher wrote", async () => {
    const owner = await createSignedInUser(a.app, { fullName: 'Olu Across' });
    const voter = await createSignedInUser(a.app, { fullName: 'Vic Voter' });
    const organizer = await createSignedInUser(a.app, { fullName: 'Org Across' });
    const contest = await insertContest(a.ctx, organizer.userId, { title: 'Across' });
    const entry = await insertEntry(a.ctx, contest.id, owner.userId, { title: 'Far Away' });
    const s = await StreamClient.open(originB, { token: owner.token });
    clients.push(s);
    await s.until(() => s.of('unread')[0]);
    const voted = await apiCall(a.app, 'POST', '/api/votes', voter.token, { contestId: contest.id, entryId: entry.id, voteType: 'free' });
    expect(voted.status, JSON.stringify(voted.body)).toBe(201);
    await a.ctx.events.drain({ settleMs: 10_000 });
    const note = await s.until(() => s.of('notification')[0]);
    expect(note.data).toMatchObject({ type: 'vote_received', message: '1 new vote on "Far Away"' });
  });

  it('a client of instance B receives a message sent through instance A, and a logout on A closes it', async () => {
    const ada = await createSignedInUser(a.app, { fullName: 'Ada Instance' });
    const ben = await createSignedInUser(a.app, { fullName: 'Ben Instance' });
    await a.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
      .where(eq(users.id, ada.userId));
    const s = await StreamClient.open(originB, { token: ben.token });
    clients.push(s);
    await s.until(() => s.of('unread')[0]);

    const sent = await apiCall(a.app, 'POST', '/api/messages/send', ada.token, {
      recipientUsername: ben.email,
      content: 'Across instances',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const got = await s.until(() => s.of('message')[0]);
    expect(got.data).toMatchObject({ message: { content: 'Across instances', isMine: false, sender: { _id: ada.userId } } });
    await s.until(() => s.of('unread').find((f) => (f.data as { messages: number }).messages === 1));

    // A stream on A for Ada too; a logout through B closes it within a second.
    const sa = await StreamClient.open(originA, { token: ada.token });
    clients.push(sa);
    await sa.until(() => sa.of('unread')[0]);
    expect((await apiCall(b.app, 'POST', '/api/auth/logout', ada.token)).status).toBe(200);
    const at = Date.now();
    await sa.until(() => sa.ended, 1_000);
    expect(Date.now() - at).toBeLessThan(1_000);
    expect(s.ended).toBe(false);
  });
});
