/**
 * Several instances, one truth (issue 12 item 3; ADR 014): two app processes started as
 * `npm start` starts one (src/server.ts, real HTTP servers) on ONE PostgreSQL database, with the
 * test as the load balancer in front of both (TRUST_PROXY=loopback, the client's address in
 * X-Forwarded-For). PostgreSQL only (npm run test:pg).
 *
 * a. Login: the per-address limit (100 a minute) and the per-address-and-account limit (10 a
 *    minute) trip at their totals across both instances, not at twice that; five wrong passwords
 *    in all lock the account on both.
 * b. A per-interval job (mail-delivery, every 2 s) runs on one instance at a time.
 * c. A vote burst split across both, each Idempotency-Key sent to both at once: one vote per
 *    accepted key, counters equal to the votes table, credits charged once per paid vote, and the
 *    per-voter caps exact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, creditsToUnits } from '@contesthub/shared';
import { contests, entries, ledgerTransactions, rateLimitCounters, votes } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { accounts, balanceOf } from '../src/modules/ledger/ledger.js';
import { fundCredits, insertContest, insertEntry } from './engagement-fixtures.js';
import { TEST_JWT_SECRET, createTestApp, createTestDatabase, createTestUser, type TestApp, type TestDatabase } from './helpers.js';
import { linesOf } from './process-lines.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RATE_LIMITED = { success: false, message: MESSAGES.server.rateLimited, errorType: 'RATE_LIMITED' };

interface Instance {
  name: string;
  origin: string;
  child: ChildProcess;
  /** Every log line it printed (pino JSON). */
  lines: string[];
  exited: Promise<unknown>;
}

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { success: boolean; message?: string; errorType?: string; data?: unknown };
  headers: Headers;
}

/** Starts src/server.ts on the database; resolves once it listens (it chooses its port). */
async function startInstance(name: string, databaseUrl: string, dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_JWT_SECRET,
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const { lines, waitFor } = linesOf(child, name);
  const listening = await Promise.race([
    waitFor((l) => l.includes('Server listening at http://127.0.0.1:'), 90_000),
    exited.then(() => Promise.reject(new Error(`${name} exited before listening; printed: ${lines.join('\n')}`))),
  ]);
  const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(listening)![1]!;
  return { name, origin, child, lines, exited };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.child.exitCode !== null) return;
  instance.child.kill('SIGTERM');
  const stopped = await Promise.race([instance.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
  if (!stopped) instance.child.kill('SIGKILL');
}

/** One HTTP call to an instance, from `address` (X-Forwarded-For; the instances trust loopback proxies). */
async function call<T = Record<string, unknown>>(
  instance: Instance,
  method: 'GET' | 'POST',
  url: string,
  opts: { address: string; body?: unknown; token?: string; headers?: Record<string, string> },
): Promise<Answer<T>> {
  const res = await fetch(`${instance.origin}${url}`, {
    method,
    headers: {
      'x-forwarded-for': opts.address,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'], headers: res.headers };
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  let tdb: TestDatabase;
  /** In this process, on the same database, jobs off: seeds rows and reads the books. */
  let seed: TestApp;
  let a: Instance;
  let b: Instance;
  /** The database's clock once both instances run (pg-boss writes its own times). */
  let startedAt: Date;
  const dirs: string[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    seed = await createTestApp({}, { database: tdb });
    const url = tdb.database.url!;
    const dir = (label: string) => {
      const d = mkdtempSync(path.join(os.tmpdir(), `contesthub-instance-${label}-`));
      dirs.push(d);
      return d;
    };
    [a, b] = await Promise.all([startInstance('a', url, dir('a')), startInstance('b', url, dir('b'))]);
    startedAt = (await queryRows<{ now: Date }>(seed.ctx.db, sql`select now() as now`))[0]!.now;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await seed?.close();
    await tdb?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  const either = (i: number) => (i % 2 === 0 ? a : b);

  it('reaches the login limits and the lockout at their totals across both instances', async () => {
    // Per address and account (10 a minute), and the lockout (5 wrong passwords), counted on one user.
    const user = await createTestUser(seed.ctx);
    const address = '198.51.100.10';
    const attempt = (i: number, password: string) =>
      call<{ attemptsRemaining?: number; retryAfterSeconds?: number }>(either(i), 'POST', '/api/auth/login', {
        address,
        body: { email: user.email, password },
      });
    const wrong: Answer<{ attemptsRemaining?: number }>[] = [];
    for (let i = 0; i < 5; i++) wrong.push(await attempt(i, 'Wrong1234'));
    expect(wrong.map((r) => r.status)).toEqual([401, 401, 401, 401, 423]);
    // One count on the user row, whichever instance answered.
    expect(wrong.slice(0, 4).map((r) => r.body.attemptsRemaining)).toEqual([4, 3, 2, 1]);
    expect(wrong[4]!.body.errorType).toBe('ACCOUNT_LOCKED');
    // Locked on both, even for the right password.
    for (const i of [5, 6]) expect((await attempt(i, user.password)).status).toBe(423);
    const more: number[] = [];
    for (let i = 7; i < 12; i++) more.push((await attempt(i, 'Wrong1234')).status);
    // Attempts 8 to 10 in all are still answered (locked); the 11th and 12th are refused, on either instance.
    expect(more).toEqual([423, 423, 423, 429, 429]);
    const refused = await attempt(12, user.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject(RATE_LIMITED);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(60);

    // Per address (100 a minute): 110 attempts at once, for 110 unknown accounts, split over both.
    const crowded = '198.51.100.20';
    const answers = await Promise.all(
      Array.from({ length: 110 }, (_, i) =>
        call(either(i), 'POST', '/api/auth/login', {
          address: crowded,
          body: { email: `nobody.${i}@example.test`, password: 'Wrong1234' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.body).toEqual(RATE_LIMITED);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // (On separate in-memory counts each instance would have let all its 55 through.) The next
    // one is refused on either instance; another address is not.
    for (const instance of [a, b]) {
      const late = await call(instance, 'POST', '/api/auth/login', {
        address: crowded,
        body: { email: 'late@example.test', password: 'x' },
      });
      expect(late.status).toBe(429);
    }
    const elsewhere = await call(b, 'POST', '/api/auth/login', {
      address: '198.51.100.21',
      body: { email: 'late@example.test', password: 'x' },
    });
    expect(elsewhere.status).toBe(404);

    // The counts live in the database, one row per route and client key.
    const counters = await seed.ctx.db.select().from(rateLimitCounters);
    const perAddress = counters.find((c) => c.key === `POST /api/auth/login:${crowded}`);
    expect(perAddress?.points).toBeGreaterThan(100);
    expect(counters.find((c) => c.key === `app:${address}|${user.email}`)?.points).toBeGreaterThanOrEqual(11);
  }, 60_000);

  it('counts a vote burst split across both instances exactly once', async () => {
    const [organizer, owner1, owner2, rich, poor] = await Promise.all(
      ['Olu Organizer', 'Ada Entrant', 'Bayo Entrant', 'Rich Voter', 'Poor Voter'].map((fullName) =>
        createTestUser(seed.ctx, { fullName }),
      ),
    );
    // Three free votes each, eight votes in all, paid ones at 10 credits.
    const contest = await insertContest(seed.ctx, organizer!.user.id, { maxVotesPerUser: 8, freeVotesPerUser: 3 });
    const entryIds = [
      (await insertEntry(seed.ctx, contest.id, owner1!.user.id)).id,
      (await insertEntry(seed.ctx, contest.id, owner2!.user.id)).id,
    ];
    await fundCredits(seed.ctx, rich!.user.id, 1000);
    await fundCredits(seed.ctx, poor!.user.id, 30);

    const voters = await Promise.all(
      [rich!, poor!].map(async (v, n) => {
        const address = `198.51.100.${30 + n}`;
        const res = await call<{ data: { token: string } }>(either(n), 'POST', '/api/auth/login', {
          address,
          body: { email: v.email, password: v.password },
        });
        expect(res.status).toBe(200);
        return { id: v.user.id, token: res.body.data.token, address };
      }),
    );

    // Each voter: 12 keys (4 free, 8 paid), each key sent to both instances at once.
    type Cast = {
      key: string;
      voter: (typeof voters)[number];
      body: { contestId: string; entryId: string; voteType: 'free' | 'paid'; amount: number };
    };
    const casts: Cast[] = voters.flatMap((voter) =>
      Array.from({ length: 12 }, (_, i) => ({
        key: `burst-${randomUUID()}`,
        voter,
        body: {
          contestId: contest.id,
          entryId: entryIds[i % 2]!,
          voteType: i % 3 === 0 ? ('free' as const) : ('paid' as const),
          amount: 1,
        },
      })),
    );
    /** A client's retry after the route's admission limit (429 with Retry-After: 1); any other answer is final. */
    const cast = async (instance: Instance, c: Cast) => {
      for (let round = 0; ; round++) {
        const res = await call<{ data: { vote: { _id: string }; replayed: boolean } }>(instance, 'POST', '/api/votes', {
          address: c.voter.address,
          token: c.voter.token,
          body: c.body,
          headers: { 'idempotency-key': c.key },
        });
        if (res.status !== 429) return res;
        // The vote route's own limit (120 a minute per voter) is far off: only admission control may refuse.
        expect(res.headers.get('retry-after')).toBe('1');
        expect(round).toBeLessThan(100);
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 30));
      }
    };
    const answered = await Promise.all(casts.map(async (c) => ({ c, answers: await Promise.all([cast(a, c), cast(b, c)]) })));

    // Per key: one vote and its replay (same vote), or refused on both.
    const accepted = new Map<string, { c: Cast; voteId: string }>();
    for (const { c, answers } of answered) {
      const statuses = answers.map((r) => r.status).sort();
      if (statuses[0] === 400) {
        expect(statuses).toEqual([400, 400]);
        continue;
      }
      expect(statuses).toEqual([200, 201]);
      const [first, replay] = answers[0]!.status === 201 ? answers : [answers[1]!, answers[0]!];
      expect(replay!.body.data.replayed).toBe(true);
      expect(replay!.body.data.vote._id).toBe(first!.body.data.vote._id);
      accepted.set(c.key, { c, voteId: first!.body.data.vote._id });
    }

    const rows = await seed.ctx.db.select().from(votes).where(eq(votes.contestId, contest.id));
    // One row per accepted key, and no other.
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual([...accepted.keys()].sort());
    expect(rows.map((r) => r.id).sort()).toEqual([...accepted.values()].map((v) => v.voteId).sort());
    const of = (voterId: string) => rows.filter((r) => r.voterId === voterId && r.isActive);
    // The rich voter reaches the cap exactly; the poor one spends exactly all 30 credits (3 paid) plus 3 free votes.
    expect(of(rich!.user.id).reduce((n, r) => n + r.amount, 0)).toBe(8);
    expect(of(rich!.user.id).filter((r) => r.voteType === 'free').length).toBeLessThanOrEqual(3);
    expect(
      of(poor!.user.id)
        .map((r) => r.voteType)
        .sort(),
    ).toEqual(['free', 'free', 'free', 'paid', 'paid', 'paid']);

    // Credits charged once per counted paid vote.
    const paid = rows.filter((r) => r.voteType === 'paid');
    expect(paid.every((r) => r.creditCost === creditsToUnits(10))).toBe(true);
    const paidBy = (voterId: string) => paid.filter((r) => r.voterId === voterId).length;
    expect(await balanceOf(seed.ctx.db, accounts.userCredits(rich!.user.id))).toBe(creditsToUnits(1000 - 10 * paidBy(rich!.user.id)));
    expect(await balanceOf(seed.ctx.db, accounts.userCredits(poor!.user.id))).toBe(0);
    const charges = await seed.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'vote_spend'));
    expect(charges.map((t) => t.reference).sort()).toEqual(paid.map((r) => `vote:${r.id}`).sort());

    // Counters equal the votes table.
    for (const entryId of entryIds) {
      const [e] = await seed.ctx.db.select().from(entries).where(eq(entries.id, entryId));
      const mine = rows.filter((r) => r.entryId === entryId);
      expect({ votesCount: e!.votesCount, weightedVotes: e!.weightedVotes }).toEqual({
        votesCount: mine.reduce((n, r) => n + r.amount, 0),
        weightedVotes: mine.reduce((n, r) => n + r.weightedTotal, 0),
      });
    }
    // The contest's totals follow from the vote events, handled by whichever instance runs the dispatcher.
    const totals = async () => {
      const [c] = await seed.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
      return { totalVotes: c!.totalVotes, totalVoters: c!.totalVoters };
    };
    await expect
      .poll(totals, { timeout: 20_000, interval: 200 })
      .toEqual({ totalVotes: rows.reduce((n, r) => n + r.weightedTotal, 0), totalVoters: 2 });
  }, 60_000);

  it('runs a per-interval job on one instance at a time', async () => {
    // Both instances work the job queue.
    for (const instance of [a, b]) expect(instance.lines.some((l) => l.includes('jobs run on the PostgreSQL job queue'))).toBe(true);
    // mail-delivery runs every 2 s (composition.ts): a run queues the next one 2 s after it ends. Its
    // runs since both instances started (the tests above ran meanwhile), at least six of them:
    const runs = async () =>
      (
        await queryRows<{ started: string; completed: string }>(
          seed.ctx.db,
          sql`select (extract(epoch from started_on) * 1000)::bigint::text as started,
                     (extract(epoch from completed_on) * 1000)::bigint::text as completed
              from pgboss.job
              where name = 'mail-delivery' and state = 'completed' and started_on >= ${startedAt}
              order by started_on`,
        )
      ).map((r) => ({ started: Number(r.started), completed: Number(r.completed) }));
    const deadline = Date.now() + 30_000;
    let seen = await runs();
    while (seen.length < 6 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      seen = await runs();
    }
    expect(seen.length).toBeGreaterThanOrEqual(6);
    // Never two at once: each run starts after the one before it ended.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.started).toBeGreaterThanOrEqual(seen[i - 1]!.completed);
    // One chain, not one per instance: runs start 2 s or more apart, but where the per-minute cron
    // restarted the chain (at most once per turn of the minute). Two chains would halve most gaps.
    const short = seen.slice(1).filter((r, i) => r.started - seen[i]!.started < 1_900).length;
    const minuteTurns = Math.floor(seen.at(-1)!.started / 60_000) - Math.floor(seen[0]!.started / 60_000);
    expect(short).toBeLessThanOrEqual(minuteTurns + 1);
  }, 60_000);
});
