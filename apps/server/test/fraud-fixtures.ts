/**
 * Fixtures of the fraud suites: accounts written straight to the database (with their age, one
 * password hash for all, a session each), requests from a chosen address, device and user agent with
 * an access token minted at the test clock's now, and credit purchases through the real sandbox
 * checkout with a chosen test card (so account_fingerprints and payments carry the card's signature).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sessions, users } from '../src/db/schema/index.js';
import { now } from '../src/lib/clock.js';
import { hashPassword } from '../src/lib/passwords.js';
import { signAccessToken } from '../src/lib/tokens.js';
import type { AppContext } from '../src/context.js';
import { TEST_JWT_SECRET, sandboxCheckout } from './helpers.js';

export interface SimAccount {
  id: string;
  sessionId: string;
  email: string;
}

let hash: string | undefined;
let n = 0;

/** `count` verified accounts created `ageMs(i)` before now, each with a live session. */
export async function insertAccounts(ctx: AppContext, count: number, ageMs: (i: number) => number, label = 'sim'): Promise<SimAccount[]> {
  hash ??= await hashPassword('Simulated1234!');
  const at = now().getTime();
  const rows = await ctx.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => {
        n += 1;
        const created = new Date(at - ageMs(i));
        const tag = randomBytes(3).toString('hex');
        return {
          fullName: `${label} voter ${n}`,
          username: `${label}_${n}_${tag}`,
          referralCode: `SIM${n}${tag}`.toUpperCase(),
          email: `${label}.${n}.${tag}@example.test`,
          passwordHash: hash!,
          isVerified: true,
          emailVerifiedAt: created,
          createdAt: created,
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const sess = await ctx.db
    .insert(sessions)
    .values(rows.map((r) => ({ userId: r.id, expiresAt: new Date(at + 30 * 86_400_000), userAgent: 'sim' })))
    .returning({ id: sessions.id, userId: sessions.userId });
  const sid = new Map(sess.map((s) => [s.userId, s.id]));
  return rows.map((r) => ({ id: r.id, email: r.email, sessionId: sid.get(r.id)! }));
}

export interface From {
  ip: string;
  deviceId?: string | null;
  userAgent?: string;
}

/** One API call as `who` from `from`, with a token minted now (the clock may have moved hours). */
export async function callAs<T = unknown>(
  app: FastifyInstance,
  who: SimAccount,
  from: From,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: { data: T; message?: string } }> {
  const token = await signAccessToken(TEST_JWT_SECRET, { sub: who.id, sid: who.sessionId, role: 'user' }, now());
  const res = await app.inject({
    method,
    url,
    remoteAddress: from.ip,
    headers: {
      authorization: `Bearer ${token}`,
      'user-agent': from.userAgent ?? 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile',
      ...(from.deviceId ? { 'x-device-id': from.deviceId } : {}),
    },
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Buys the 'small' credit package (50 credits) with a test card through the sandbox checkout. */
export async function buyCreditsWithCard(app: FastifyInstance, who: SimAccount, from: From, card: string): Promise<void> {
  const started = await callAs<{ reference: string }>(app, who, from, 'POST', '/api/vote-credits/purchase', { package: 'small' });
  if (started.status !== 200) throw new Error(`purchase failed: ${JSON.stringify(started.body)}`);
  const approved = await sandboxCheckout(app, 'approve', started.body.data.reference, card);
  if (approved.statusCode !== 302) throw new Error(`checkout failed: ${approved.body}`);
  const verified = await callAs(app, who, from, 'POST', '/api/vote-credits/verify', { reference: started.body.data.reference });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
}

/** A deterministic PRNG (mulberry32): the simulation is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A well-formed X-Device-Id (what the web keeps in localStorage). */
export const deviceId = (rand: () => number) =>
  Array.from({ length: 24 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(rand() * 36)]).join('');

/** A 16-digit test card number from a seed number. */
export const testCard = (k: number) => `5078${String(k).padStart(12, '0')}`;
