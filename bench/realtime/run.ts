/**
 * npm run bench:realtime
 *
 * The real-time stream under load (issue 14 item 8), against a real PostgreSQL 15 started for the
 * run and two instances of the production bundle on it (A and B):
 *
 *   1. 1,000 people open GET /api/notifications/stream on instance A (one stream each, read by
 *      this process as real streaming HTTP clients) and 10 more on instance B;
 *   2. for BENCH_SECONDS (60) real actions go to instance A through the HTTP API, open loop:
 *      - votes (BENCH_VOTE_RATE, 20/s): each on the entry of one of the 1,000 people, by a voter of
 *        its own; the vote_received notification (grouped per entry and hour) reaches the owner's
 *        stream as `event: notification` whose count covers the vote;
 *      - direct messages (BENCH_MESSAGE_RATE, 10/s): each to one of the 1,000, arriving as
 *        `event: message` with the message's id;
 *      - a message every 3 s to one of the 10 people on instance B (produced on A, delivered by B
 *        after a PostgreSQL NOTIFY wake-up);
 *   3. a settle of up to 15 s, then the books: every message id arrived at its recipient, every
 *      entry's notification reached the count of votes it got, each stream's ids increased.
 *
 * Latency is from the action's answer (its transaction committed before the answer was sent) to
 * the frame's arrival here, and also from the request being sent (an upper bound). Server memory
 * per connection is instance A's resident set (ps) with the 1,000 streams open minus before, over
 * 1,000.
 *
 * Options (env): BENCH_CLIENTS (1000), BENCH_SECONDS (60), BENCH_VOTE_RATE (20), BENCH_MESSAGE_RATE (10).
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { openDatabase, type Db } from '../../apps/server/src/db/client.js';
import { contests, entries, sessions, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { signAccessToken } from '../../apps/server/src/lib/tokens.js';
import { latencySummary } from '../lib/load.js';
import { databaseUrl, machine, startServer, type RunningServer } from '../lib/server-process.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const VOTE_RATE = Number(process.env.BENCH_VOTE_RATE ?? 20);
const MESSAGE_RATE = Number(process.env.BENCH_MESSAGE_RATE ?? 10);
const REMOTE_CLIENTS = 10;
const REMOTE_EVERY_MS = 3_000;
const SETTLE_MS = 15_000;
const JWT_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
/** Each sender starts at most this many conversations (the daily limit is 20) and sends under 10 per 30 s. */
const MESSAGES_PER_SENDER = 10;

interface Person {
  id: string;
  sessionId: string;
  email: string;
  token: string;
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrl(name);
}

async function seedPeople(db: Db, label: string, count: number, passwordHash: string): Promise<Person[]> {
  const at = Date.now();
  const out: Person[] = [];
  for (let start = 0; start < count; start += 500) {
    const n = Math.min(500, count - start);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, k) => {
          const i = start + k;
          return {
            fullName: `Bench ${label} ${i}`,
            username: `rt_${label}_${i}`,
            email: `rt.${label}.${i}@example.test`,
            passwordHash,
            isVerified: true,
            emailVerifiedAt: new Date(at),
            // Past the 7-day message-request rule.
            createdAt: new Date(at - 30 * 86_400_000),
            referralCode: `R${label[0]!.toUpperCase()}${i.toString(36).toUpperCase().padStart(6, '0')}`,
          };
        }),
      )
      .returning({ id: users.id, email: users.email });
    const sessionRows = await db
      .insert(sessions)
      .values(rows.map((r) => ({ userId: r.id, expiresAt: new Date(at + 86_400_000), userAgent: 'bench' })))
      .returning({ id: sessions.id, userId: sessions.userId });
    const emailOf = new Map(rows.map((r) => [r.id, r.email]));
    for (const s of sessionRows) {
      out.push({
        id: s.userId,
        sessionId: s.id,
        email: emailOf.get(s.userId)!,
        token: await signAccessToken(JWT_SECRET, { sub: s.userId, sid: s.id, role: 'user' }, new Date()),
      });
    }
  }
  return out;
}

interface Arrival {
  at: number;
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** One stream client: parses frames as they arrive and calls `onFrame`. */
class Listener {
  arrivals: Arrival[] = [];
  opened = false;
  ended = false;
  private abort = new AbortController();
  constructor(
    readonly person: Person,
    private readonly onFrame: (l: Listener, a: Arrival) => void,
  ) {}

  async open(origin: string): Promise<void> {
    const res = await fetch(`${origin}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${this.person.token}` },
      signal: this.abort.signal,
    });
    if (res.status !== 200) throw new Error(`stream refused: ${res.status} ${await res.text()}`);
    this.opened = true;
    void this.read(res.body!);
  }

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
          let id = -1;
          let event = '';
          let data: Record<string, unknown> | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = Number(line.slice(4));
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = JSON.parse(line.slice(6)) as Record<string, unknown>;
          }
          if (!event || !data) continue;
          const arrival = { at: performance.now(), id, event, data };
          this.arrivals.push(arrival);
          this.onFrame(this, arrival);
        }
      }
    } catch {
      // closed by the bench
    }
    this.ended = true;
  }

  close() {
    this.abort.abort();
  }
}

function rssKiB(pid: number): number {
  return Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  );
}

async function openAll(listeners: Listener[], origin: string, concurrency = 50): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < listeners.length) {
        const l = listeners[next++]!;
        await l.open(origin);
      }
    }),
  );
}

interface Answer {
  status: number;
  json: { data?: { message?: { _id: string } } };
}

async function post(origin: string, path: string, token: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer['json'] };
}

async function main() {
  console.log(`bench:realtime on ${machine()}`);
  const url = await createDatabase('bench_realtime');
  const database = openDatabase({ kind: 'postgres', url, poolSize: 5 });
  await database.migrate();
  const db = database.db;

  console.log(`Seeding ${CLIENTS} listeners with an entry each, voters and senders…`);
  const passwordHash = await hashPassword('Bench1234!');
  const voteCount = Math.ceil(VOTE_RATE * SECONDS);
  const messageCount = Math.ceil(MESSAGE_RATE * SECONDS);
  const remoteCount = Math.floor((SECONDS * 1000) / REMOTE_EVERY_MS);
  const listeners = await seedPeople(db, 'listener', CLIENTS, passwordHash);
  const remotes = await seedPeople(db, 'remote', REMOTE_CLIENTS, passwordHash);
  const voters = await seedPeople(db, 'voter', voteCount, passwordHash);
  const senders = await seedPeople(db, 'sender', Math.ceil((messageCount + remoteCount) / MESSAGES_PER_SENDER) + 1, passwordHash);
  const at = Date.now();
  const [contest] = await db
    .insert(contests)
    .values({
      organizerId: senders[0]!.id,
      title: 'Realtime rush',
      description: 'Everyone has an entry; votes pour in',
      category: 'photography',
      status: 'voting',
      prizeType: 'badge',
      badgeTitle: 'Rush winner',
      entryType: 'photo',
      entryReview: 'open',
      entryStartDate: new Date(at - 5 * 86_400_000),
      entryEndDate: new Date(at - 86_400_000),
      votingStartDate: new Date(at - 86_400_000),
      votingEndDate: new Date(at + 3 * 3_600_000),
      votingType: 'free',
      freeVotesPerUser: 1,
      maxVotesPerUser: 1,
    })
    .returning({ id: contests.id });
  const entryRows = await db
    .insert(entries)
    .values(
      listeners.map((p, i) => ({
        contestId: contest!.id,
        participantId: p.id,
        title: `Entry ${i + 1}`,
        description: 'A photo',
        entryType: 'photo' as const,
        status: 'approved' as const,
      })),
    )
    .returning({ id: entries.id, participantId: entries.participantId });
  await database.close();
  const entryOf = new Map(entryRows.map((e) => [e.participantId, e.id]));

  const env = { DATABASE_URL: url, JWT_SECRET, LOG_LEVEL: 'warn' };
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  const streams: Listener[] = [];
  try {
    a = await startServer(env);
    b = await startServer(env);
    await new Promise((r) => setTimeout(r, 2_000)); // both LISTEN connections up
    const rssBefore = rssKiB(a.pid);

    // Expectations, filled as actions are answered; arrivals matched against them.
    const messageSent = new Map<string, { sentAt: number; answeredAt: number; remote: boolean }>();
    const messageArrived = new Map<string, number>();
    const votesPerEntry = new Map<string, Array<{ sentAt: number; answeredAt: number }>>();
    /** Per entry: when each count was first seen on the owner's stream. */
    const countSeen = new Map<string, Map<number, number>>();
    const idsOrdered = { ok: true };
    const lastId = new Map<Listener, number>();

    const onFrame = (l: Listener, f: Arrival) => {
      if (f.event !== 'unread') {
        if (f.id <= (lastId.get(l) ?? 0)) idsOrdered.ok = false;
        lastId.set(l, f.id);
      }
      if (f.event === 'message') {
        const id = (f.data.message as { _id: string })._id;
        if (!messageArrived.has(id)) messageArrived.set(id, f.at);
      } else if (f.event === 'notification' && f.data.type === 'vote_received') {
        const entryId = entryOf.get(l.person.id)!;
        const seen = countSeen.get(entryId) ?? new Map<number, number>();
        countSeen.set(entryId, seen);
        const count = f.data.count as number;
        for (let c = 1; c <= count; c++) if (!seen.has(c)) seen.set(c, f.at);
      }
    };

    console.log(`Opening ${CLIENTS} streams on A and ${REMOTE_CLIENTS} on B…`);
    const local = listeners.map((p) => new Listener(p, onFrame));
    const remote = remotes.map((p) => new Listener(p, onFrame));
    streams.push(...local, ...remote);
    const openStarted = performance.now();
    await openAll(local, a.origin);
    await openAll(remote, b.origin);
    console.log(`  opened in ${Math.round(performance.now() - openStarted)} ms`);
    await new Promise((r) => setTimeout(r, 3_000));
    const rssOpen = rssKiB(a.pid);

    console.log(
      `Acting for ${SECONDS} s: ${VOTE_RATE} votes/s, ${MESSAGE_RATE} messages/s, one message to B every ${REMOTE_EVERY_MS / 1000} s…`,
    );
    const pending: Array<Promise<unknown>> = [];
    const refused: Record<string, number> = {};
    const note = (what: string, status: number) => {
      if (status !== 201) refused[`${what} ${status}`] = (refused[`${what} ${status}`] ?? 0) + 1;
    };
    let senderCursor = 0;
    let senderUsed = 0;
    const nextSender = () => {
      if (senderUsed >= MESSAGES_PER_SENDER) {
        senderCursor += 1;
        senderUsed = 0;
      }
      senderUsed += 1;
      return senders[senderCursor]!;
    };
    const sendMessage = (to: Person, remoteTarget: boolean, i: number) => {
      const from = nextSender();
      const sentAt = performance.now();
      pending.push(
        post(a!.origin, '/api/messages/send', from.token, { recipientUsername: to.email, content: `Bench message ${i}` }).then(
          ({ status, json }) => {
            note('message', status);
            if (status === 201) messageSent.set(json.data!.message!._id, { sentAt, answeredAt: performance.now(), remote: remoteTarget });
          },
        ),
      );
    };
    const vote = (i: number) => {
      const owner = listeners[i % listeners.length]!;
      const entryId = entryOf.get(owner.id)!;
      const voter = voters[i]!;
      const sentAt = performance.now();
      pending.push(
        post(a!.origin, '/api/votes', voter.token, { contestId: contest!.id, entryId, voteType: 'free' }).then(({ status }) => {
          note('vote', status);
          if (status === 201)
            votesPerEntry.set(entryId, [...(votesPerEntry.get(entryId) ?? []), { sentAt, answeredAt: performance.now() }]);
        }),
      );
    };

    const started = performance.now();
    let votes = 0;
    let messages = 0;
    let remoteSent = 0;
    while (performance.now() - started < SECONDS * 1000) {
      const elapsed = performance.now() - started;
      while (votes < voteCount && votes < (elapsed / 1000) * VOTE_RATE) vote(votes++);
      while (messages < messageCount && messages < (elapsed / 1000) * MESSAGE_RATE) {
        sendMessage(listeners[(messages * 7) % listeners.length]!, false, messages);
        messages += 1;
      }
      while (remoteSent < remoteCount && remoteSent < elapsed / REMOTE_EVERY_MS) {
        sendMessage(remotes[remoteSent % remotes.length]!, true, 100_000 + remoteSent);
        remoteSent += 1;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(pending);
    const rssLoaded = rssKiB(a.pid);

    // Settle: wait until everything arrived or SETTLE_MS passed.
    const expectedCounts = () => [...votesPerEntry].every(([entryId, list]) => (countSeen.get(entryId)?.size ?? 0) >= list.length);
    const settleStart = performance.now();
    while (performance.now() - settleStart < SETTLE_MS) {
      if ([...messageSent.keys()].every((id) => messageArrived.has(id)) && expectedCounts()) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // The books.
    const messageLat = { commit: [] as number[], request: [] as number[] };
    const remoteLat = { commit: [] as number[], request: [] as number[] };
    let messagesLost = 0;
    for (const [id, m] of messageSent) {
      const arrived = messageArrived.get(id);
      if (arrived === undefined) {
        messagesLost += 1;
        continue;
      }
      const into = m.remote ? remoteLat : messageLat;
      into.commit.push(Math.max(0, arrived - m.answeredAt));
      into.request.push(arrived - m.sentAt);
    }
    const voteLat = { commit: [] as number[], request: [] as number[] };
    let votesLost = 0;
    for (const [entryId, list] of votesPerEntry) {
      const sorted = [...list].sort((x, y) => x.answeredAt - y.answeredAt);
      const seen = countSeen.get(entryId);
      sorted.forEach((v, k) => {
        const arrived = seen?.get(k + 1);
        if (arrived === undefined) {
          votesLost += 1;
          return;
        }
        voteLat.commit.push(Math.max(0, arrived - v.answeredAt));
        voteLat.request.push(arrived - v.sentAt);
      });
    }
    const all = [...voteLat.commit, ...messageLat.commit];
    const rows = {
      'votes → notification (from commit)': latencySummary(voteLat.commit),
      'votes → notification (from request)': latencySummary(voteLat.request),
      'messages → message (from commit)': latencySummary(messageLat.commit),
      'messages → message (from request)': latencySummary(messageLat.request),
      'all on A (from commit)': latencySummary(all),
      'A → B messages (from commit)': latencySummary(remoteLat.commit),
    };
    console.table(rows);
    const perConnection = ((rssOpen - rssBefore) * 1024) / CLIENTS;
    console.log(
      JSON.stringify(
        {
          clients: { onA: CLIENTS, onB: REMOTE_CLIENTS, stillOpen: streams.filter((s) => s.opened && !s.ended).length },
          actions: { votes: voteLat.commit.length + votesLost, messages: messageSent.size, refused },
          lost: { votes: votesLost, messages: messagesLost },
          idsIncreasing: idsOrdered.ok,
          memory: {
            rssBeforeMiB: Math.round(rssBefore / 1024),
            rssOpenMiB: Math.round(rssOpen / 1024),
            rssUnderLoadMiB: Math.round(rssLoaded / 1024),
            perConnectionKiB: Math.round(perConnection / 102.4) / 10,
          },
        },
        null,
        2,
      ),
    );
    const p95 = latencySummary(all).p95;
    const pass = votesLost === 0 && messagesLost === 0 && idsOrdered.ok && p95 <= 1000 && remoteLat.commit.length > 0;
    console.log(
      pass ? `PASS: p95 ${p95} ms ≤ 1000 ms, nothing lost` : `FAIL: p95 ${p95} ms, lost ${votesLost} votes / ${messagesLost} messages`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const s of streams) s.close();
    await a?.stop();
    await b?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
