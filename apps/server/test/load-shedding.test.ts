import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contesthub/shared';
import { registerErrorHandler } from '../src/plugins/errors.js';
import { registerLoadShedding } from '../src/plugins/load-shedding.js';
import '../src/context.js';

const app = Fastify({ forceCloseConnections: true });
let release: () => void = () => {};
let origin = '';

beforeAll(async () => {
  registerErrorHandler(app);
  registerLoadShedding(app);
  app.post('/busy', { config: { maxInFlight: 2 } }, async () => {
    await new Promise<void>((resolve) => {
      const previous = release;
      release = () => {
        previous();
        resolve();
      };
    });
    return { done: true };
  });
  app.post('/free', async () => ({ done: true }));
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

const call = (path: string) => fetch(`${origin}${path}`, { method: 'POST' });

describe('load shedding (config.maxInFlight)', () => {
  it('refuses the overflow with 429 and Retry-After, serves again once a slot frees', async () => {
    const first = call('/busy');
    const second = call('/busy');
    await new Promise((r) => setTimeout(r, 100));

    const third = await call('/busy');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(await third.json()).toMatchObject({ success: false, message: MESSAGES.server.rateLimited, errorType: 'RATE_LIMITED' });
    // Routes without a limit are not affected.
    expect((await call('/free')).status).toBe(200);

    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);

    const fourth = call('/busy');
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect((await fourth).status).toBe(200);
  });

  it('frees the slot when a client goes away before the answer', async () => {
    const controllers = [new AbortController(), new AbortController()];
    const aborted = controllers.map((c) => fetch(`${origin}/busy`, { method: 'POST', signal: c.signal }).catch(() => 'aborted'));
    await new Promise((r) => setTimeout(r, 100));
    expect((await call('/busy')).status).toBe(429);
    for (const c of controllers) c.abort();
    await Promise.all(aborted);
    release();
    await new Promise((r) => setTimeout(r, 100));
    const next = call('/busy');
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect((await next).status).toBe(200);
  });
});
