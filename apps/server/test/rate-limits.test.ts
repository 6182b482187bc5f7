/**
 * The shared rate-limit store (lib/rate-limit-store.ts, ADR 014) when its store fails, its sweep,
 * and limits shared through Valkey/Redis. The same limits shared through PostgreSQL by two app
 * processes are in instances.test.ts.
 *
 * - A store that does not answer never fails a request: the limits hold in each process (a
 *   PostgreSQL that refuses connections, a REDIS_URL with nothing behind it). Runs everywhere.
 * - The sweep job deletes counters whose window ended, and nothing else. Runs everywhere.
 * - With a redis-server (or valkey-server) binary on the PATH: two apps share their limits through
 *   it; when it dies, each counts in its own process again. Skipped otherwise (CI has none).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contesthub/shared';
import { rateLimitCounters } from '../src/db/schema/index.js';
import { openSharedLimits, sweepRateLimits } from '../src/lib/rate-limit-store.js';
import { registerErrorHandler } from '../src/plugins/errors.js';
import { createTestApp, freePort, type TestApp } from './helpers.js';

const RATE_LIMITED = { success: false, message: MESSAGES.server.rateLimited, errorType: 'RATE_LIMITED' };

/** A logger that keeps its warnings. */
function recordingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_obj: unknown, message: string) => warnings.push(message),
    info() {},
    error() {},
    debug() {},
    trace() {},
    fatal() {},
    level: 'warn',
    child: () => log,
  };
  return { log: log as never, warnings };
}

/** POST /api/auth/forgot-password from one address: 10 per 10 minutes per address (MAIL_LIMIT). */
const forgot = (app: FastifyInstance, address: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: address, payload: { email: 'nobody@example.test' } });

describe('a rate-limit store that does not answer', () => {
  it('PostgreSQL refusing connections: the limit holds in this process, with the same 429', async () => {
    const { log, warnings } = recordingLog();
    // Port 1: nothing listens, the connection is refused at once.
    const shared = openSharedLimits({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, log);
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(rateLimit, { global: false, skipOnError: true, store: shared.store });
    app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({ success: true }));
    try {
      await shared.ready();
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await app.inject({ method: 'GET', url: '/limited', remoteAddress: '203.0.113.5' }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[3]!.json()).toEqual(RATE_LIMITED);
      const retryAfter = Number(answers[3]!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(55);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another address has its own count.
      expect((await app.inject({ method: 'GET', url: '/limited', remoteAddress: '203.0.113.6' })).statusCode).toBe(200);
      // Said once (a minute apart at most), not once per request.
      expect(warnings.filter((w) => w.startsWith('rate-limit store not answering'))).toHaveLength(1);
    } finally {
      await app.close();
      await shared.close();
    }
  });

  it('REDIS_URL with nothing behind it: the app starts, answers, and its limits hold in process', async () => {
    const t = await createTestApp({}, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await forgot(t.app, '203.0.113.9')).statusCode);
      expect(codes).toEqual([...Array(10).fill(200), 429, 429]);
      const refused = await forgot(t.app, '203.0.113.9');
      expect(refused.json()).toEqual(RATE_LIMITED);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('the rate-limit sweep', () => {
  it('deletes the counters whose window ended over a minute ago, and no other', async () => {
    const t = await createTestApp();
    try {
      const at = Date.now();
      await t.ctx.db.insert(rateLimitCounters).values([
        { key: 'GET /a:old', points: 7, expire: at - 5 * 60_000 },
        { key: 'GET /a:just-ended', points: 2, expire: at - 10_000 },
        { key: 'GET /a:live', points: 1, expire: at + 60_000 },
      ]);
      await sweepRateLimits(t.ctx.db);
      const left = await t.ctx.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
      expect(left.map((r) => r.key).sort()).toEqual(['GET /a:just-ended', 'GET /a:live']);
    } finally {
      await t.close();
    }
  });
});

const redisBinary = ['redis-server', 'valkey-server']
  .flatMap((name) => (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)))
  .find((file) => existsSync(file));

describe.runIf(!!redisBinary)('limits shared through Valkey/Redis (REDIS_URL)', () => {
  let server: ChildProcess | undefined;
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    if (server?.exitCode === null) server.kill('SIGKILL');
  });

  it('two apps share one count; when the server dies each counts in its own process', async () => {
    const port = await freePort();
    server = spawn(redisBinary!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    // Queued until the server accepts connections (it retries every 50 ms).
    const probe = new Redis(port, '127.0.0.1', { retryStrategy: () => 50, maxRetriesPerRequest: null });
    probe.on('error', () => {});
    expect(await probe.ping()).toBe('PONG');

    // Two instances: each its own embedded database, the counters in one Redis.
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    apps.push(...(await Promise.all([createTestApp({}, { env }), createTestApp({}, { env })])));
    const [a, b] = apps as [TestApp, TestApp];
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await forgot(i % 2 ? b.app : a.app, '198.51.100.1')).statusCode);
    // 10 in all, not 10 on each.
    expect(codes).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await probe.get('rl:POST /api/auth/forgot-password:198.51.100.1')).toBe('12');
    await probe.quit();

    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    // Nothing answers now: every request is still answered, and each app holds the limit itself.
    const after = { a: [] as number[], b: [] as number[] };
    for (let i = 0; i < 24; i++) after[i % 2 ? 'b' : 'a'].push((await forgot(i % 2 ? b.app : a.app, '198.51.100.2')).statusCode);
    expect(after.a).toEqual([...Array(10).fill(200), 429, 429]);
    expect(after.b).toEqual([...Array(10).fill(200), 429, 429]);
  }, 60_000);
});
