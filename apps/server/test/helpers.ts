/**
 * Test harness: every test file builds its own app on its own fresh database.
 *
 * - Default: an in-memory PGlite per database (migrated by buildApp).
 * - TEST_DATABASE_URL set (npm run test:pg): a brand new database per call on that PostgreSQL
 *   server (CREATE DATABASE t_<random>), dropped again on close.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { isAppError } from '../src/lib/errors.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createUser, type NewUser, type UserRow } from '../src/modules/users/users.service.js';

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
export const DEFAULT_PASSWORD = 'Passw0rd!23';

export interface TestDatabase {
  database: Database;
  /** Where the database lives, for messages ("pglite" or the database name). */
  name: string;
  close(): Promise<void>;
}

function randomName(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

/** A fresh, empty (not yet migrated) database; buildApp migrates it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = openDatabase({ kind: 'pglite' });
    return { database, name: 'pglite', close: once(() => database.close()) };
  }

  const name = randomName('t_');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    database,
    name,
    close: once(async () => {
      await database.close().catch(() => {});
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    }),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** The database under the app; pass it as `options.database` to build another app on the same data. */
  database: TestDatabase;
  /** Closes the app, then the database it created (not one passed in), then removes the temp dir. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Build on this database instead of a fresh one (e.g. a second app on the same data); the caller closes it. */
  database?: TestDatabase;
  /** Extra environment variables for loadConfig. */
  env?: Record<string, string>;
  /** Run the scheduled jobs (off in tests unless asked). */
  jobs?: boolean;
}

/**
 * buildApp with a test config: silent (but the cause of every 500 is printed to stderr), no demo seed, a throwaway DATA_DIR, a fixed JWT secret
 * (so nothing is written for it) and no built SPA unless `webDistDir` is overridden. The app is
 * returned before ready(), so a test may still add routes.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contesthub-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...options.env },
    // An empty dir stands for "the web app is not built", whatever apps/web/dist holds right now.
    { jwtSecret: TEST_JWT_SECRET, webDistDir: path.join(dataDir, 'no-web-build'), ...overrides },
  );
  const owned = options.database ? undefined : await createTestDatabase();
  const db = options.database ?? owned!;
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: db.database, logger: false, jobs: options.jobs ?? false });
    // A 500 answers only "Something went wrong": print its cause, so a failure in CI can be read.
    app.addHook('onError', async (req, _reply, err) => {
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      if (!isAppError(err) && status >= 500)
        process.stderr.write(`[test app] ${req.method} ${req.url} failed: ${err.stack ?? String(err)}\n`);
    });
  } catch (err) {
    await owned?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    ctx: app.ctx,
    config,
    database: db,
    close: once(async () => {
      await app.close();
      await owned?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }),
  };
}

let userCounter = 0;

/** A unique email for this test run. */
export function uniqueEmail(label = 'user'): string {
  userCounter += 1;
  return `${label}.${userCounter}.${randomBytes(3).toString('hex')}@example.test`;
}

export interface TestUser {
  user: UserRow;
  email: string;
  password: string;
}

/** A user straight in the database: verified unless told otherwise. */
export async function createTestUser(ctx: AppContext, input: Partial<NewUser> = {}): Promise<TestUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? DEFAULT_PASSWORD;
  const user = await createUser(ctx.db, {
    fullName: 'Test User',
    isVerified: true,
    ...input,
    email,
    password,
  });
  return { user, email: user.email, password };
}

/** A TCP port nothing listens on right now, on 127.0.0.1 (for a server that cannot listen on port 0 and say which). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let ipCounter = 0;

/**
 * A distinct client address per call, so per-IP rate limits of one test do not leak into the
 * next. Tests about rate limits pass their own fixed address.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface LoginResult {
  token: string;
  refreshToken: string;
  userId: string;
}

/** POST /api/auth/login; throws with the response body when the login is refused. */
export async function login(app: FastifyInstance, email: string, password: string, remoteAddress = nextIp()): Promise<LoginResult> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login failed (${res.statusCode}): ${res.body}`);
  const body = res.json() as { data: { token: string; refreshToken: string; user: { _id: string } } };
  return { token: body.data.token, refreshToken: body.data.refreshToken, userId: body.data.user._id };
}

/** A verified user, signed in through the API. */
export async function createSignedInUser(app: FastifyInstance, input: Partial<NewUser> = {}): Promise<TestUser & LoginResult> {
  const created = await createTestUser(app.ctx, input);
  return { ...created, ...(await login(app, created.email, created.password)) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API's JSON envelope, with `data` typed by the caller. */
export type ApiBody<T> = {
  success: boolean;
  message?: string;
  errorType?: string;
  errors?: Record<string, string>;
  data: T;
} & Record<string, unknown>;

export interface ApiResult<T> {
  status: number;
  body: ApiBody<T>;
  headers: LightMyRequestResponse['headers'];
}

/**
 * One JSON API call from its own client address (nextIp), so the per-IP rate limits of one call
 * never touch the next; signed in with `token` when given, and with `payload` as the body.
 */
export async function apiCall<T = unknown>(
  app: FastifyInstance,
  method: ApiMethod,
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** apiCall's arguments after the app, for a file's one-line alias bound to its own app. */
export type ApiArgs = Parameters<typeof apiCall> extends [FastifyInstance, ...infer Rest] ? Rest : never;

/** The newest mail sent to an address (from the outbox every mail is recorded in). */
export async function lastMailTo(ctx: AppContext, to: string): Promise<{ subject: string; text: string } | undefined> {
  const { mailOutbox } = await import('../src/db/schema/index.js');
  const { desc, eq } = await import('drizzle-orm');
  const [row] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row ? { subject: row.subject, text: row.text } : undefined;
}

/** The 6-digit code in the newest mail to an address. */
export async function codeMailedTo(ctx: AppContext, to: string): Promise<string> {
  const mail = await lastMailTo(ctx, to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/**
 * A click on Approve or Decline on the sandbox checkout page: a plain form post, as a browser without
 * JavaScript sends it. Answers 302 to the payment's callback URL.
 */
export function sandboxCheckout(app: FastifyInstance, decision: 'approve' | 'decline', reference: string, card?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/checkout/${decision}`,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ reference, ...(card ? { card } : {}) }).toString(),
  });
}

/**
 * Hands every recorded domain event to the subscribers (the mail subscribers queue their mails in
 * mail_outbox), then delivers the queued mails, as the event-dispatch and mail-delivery jobs would.
 */
export async function settleEventMails(ctx: AppContext): Promise<void> {
  await ctx.events.drain({ settleMs: 10_000 });
  await ctx.mailer.deliverPending();
}

/** The payloads of the domain events named `name` that `match` (all of them without), oldest first. */
export async function eventsNamed(
  ctx: AppContext,
  name: string,
  match: (payload: Record<string, unknown>) => boolean = () => true,
): Promise<Array<Record<string, unknown>>> {
  const { domainEvents } = await import('../src/db/schema/index.js');
  const { asc, eq } = await import('drizzle-orm');
  const rows = await ctx.db.select().from(domainEvents).where(eq(domainEvents.name, name)).orderBy(asc(domainEvents.id));
  return rows.map((r) => r.payload).filter(match);
}
