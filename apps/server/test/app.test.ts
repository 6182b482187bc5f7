import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contesthub/shared';
import { createTestApp, type TestApp } from './helpers.js';

const SECRET_DETAIL = 'connection string postgres://admin:hunter2@db.internal/prod';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // buildApp hands the instance back before ready(), so a test route can still be added.
  t.app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
    throw new Error(SECRET_DETAIL);
  });
});

afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers 200 with status and database ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', db: 'ok' } });
  });

  it('answers 503 with a failure envelope when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.ready();
      await broken.ctx.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.server.dbUnavailable, errorType: 'SERVICE_UNAVAILABLE' });
    } finally {
      await broken.close();
    }
  });
});

describe('envelopes and headers', () => {
  it('answers an unknown API route with a JSON 404 envelope', async () => {
    for (const url of ['/api/does-not-exist', '/api/auth/nope?x=1', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.server.notFound, errorType: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false, errorType: 'NOT_FOUND' });
  });

  it('does not answer a page path with the API 404 when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/contests' });
    expect(res.headers['content-type']).not.toMatch(/json/);
    expect(res.body).not.toContain('"success"');
  });

  it('sends a request id and a content security policy on every answer', async () => {
    for (const url of ['/api/health', '/api/nope', '/contests']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-request-id'], url).toMatch(/^[\w-]{8,64}$/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'client-trace-12345' } });
    expect(given.headers['x-request-id']).toBe('client-trace-12345');
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(bad.headers['x-request-id']).not.toBe('bad id <script>');
    expect(bad.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('answers a crash with a generic 500 that leaks neither the message nor the stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.server.internal, errorType: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('test-boom');
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR' });
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document listing the public endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toHaveProperty('get');
    expect(doc.paths['/api/support/tickets']).toHaveProperty('post');
    expect(doc.paths['/api/analytics/public-stats']).toHaveProperty('get');
    expect(doc.paths['/api/auth/login']).toHaveProperty('post');
  });
});

describe('single-page app hosting', () => {
  const INDEX_HTML = '<!doctype html><html><head><title>ContestHub test shell</title></head><body><div id="root"></div></body></html>';
  let webDir: string;
  let spa: TestApp;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'contesthub-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n');
    spa = await createTestApp({ webDistDir: webDir });
  });

  afterAll(async () => {
    await spa?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('answers any page path with the app shell (history fallback)', async () => {
    for (const url of ['/', '/contests', '/contests/123?tab=entries', '/dashboard/wallet']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('serves built files as they are', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('User-agent: *\n');
  });

  it('still answers unknown API and media paths with the JSON 404', async () => {
    for (const url of ['/api/unknown', '/media/missing.jpg']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.server.notFound, errorType: 'NOT_FOUND' });
    }
  });

  it('does not answer a non-GET page request with the shell', async () => {
    const res = await spa.app.inject({ method: 'POST', url: '/contests' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe(INDEX_HTML);
  });
});
