/**
 * Bytes on the wire (issue 13 item 1): text answers over 1 KB compressed with Brotli or gzip as the
 * browser asks, with `Vary: Accept-Encoding`; built assets sent precompressed as they are on disk;
 * robots.txt as text and a sitemap of the public contests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DATA, paths } from '@contesthub/shared';
import { insertContest } from './engagement-fixtures.js';
import { createTestApp, createTestUser, type TestApp } from './helpers.js';

const PUBLIC_URL = 'https://contests.example.ng';
let t: TestApp;
let dist: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const html = `<!doctype html><html><head><meta charset="UTF-8" /><title>ContestHub</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  // A built web app of two files, each with its .br and .gz beside it (as vite.config.ts makes them).
  dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of [
    ['index.html', html],
    ['assets/app-1a2b3c.js', script],
  ] as const) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  // What the web build says each page module needs beyond the main bundle (vite.config.ts).
  writeFileSync(
    path.join(dist, 'route-chunks.json'),
    JSON.stringify({ contest: ['/assets/contest-1.js', '/assets/vote-2.js'], home: ['/assets/home-3.js'] }),
  );
  t = await createTestApp({ webDistDir: dist, publicUrl: PUBLIC_URL });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compression', () => {
  it('sends API JSON over 1 KB as Brotli or gzip, whichever the browser prefers, and plain to a client that asks for neither', async () => {
    const organizer = await createTestUser(t.ctx);
    for (let i = 0; i < 6; i++) await insertContest(t.ctx, organizer.user.id, { title: `A contest with a long enough title ${i}` });

    const br = await get('/api/contests?limit=12', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const fromBr = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(fromBr.success).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(fromBr).length);

    const gz = await get('/api/contests?limit=12', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(fromBr);

    const plain = await get('/api/contests?limit=12');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(fromBr);
  });

  it('leaves an answer under 1 KB alone (the CPU would cost more than the bytes save)', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('never inflates a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.test', password: 'Secret123!' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('sends a built asset precompressed from disk, byte for byte, and the original to a client without compression', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("compresses the app's page for any client-side route", async () => {
    const res = await get(paths.contests(), 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(withoutFirstData(brotliDecompressSync(res.rawPayload).toString('utf8'))).toBe(html);
  });
});

describe("the route's code at first paint", () => {
  const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${file}">`;

  it("sends each page with modulepreload links for its route's chunks, and only those", async () => {
    const contest = await get(paths.contest('0b6f3f2e-8a55-4c1a-9d55-2f1f0e7c9a10'));
    expect(withoutFirstData(contest.body)).toBe(
      html.replace('</head>', `${preload('/assets/contest-1.js')}${preload('/assets/vote-2.js')}</head>`),
    );

    const home = await get(paths.home(), 'br');
    const homeHtml = brotliDecompressSync(home.rawPayload).toString('utf8');
    expect(homeHtml).toContain(preload('/assets/home-3.js'));
    expect(homeHtml).not.toContain('/assets/contest-1.js');

    // A page without a list of its own (or one the table does not name) gets the plain page.
    expect((await get(paths.dashboard.wallet())).body).toBe(html);
    expect(withoutFirstData((await get(paths.contests())).body)).toBe(html);
  });
});

/** The page's list of first reads, if it has one. */
const firstReads = (page: string): string[] | undefined => {
  const m = new RegExp(`<script type="application/json" id="${FIRST_DATA.elementId}">(.*?)</script>`).exec(page);
  return m ? (JSON.parse(m[1]!) as string[]) : undefined;
};
const firstDataScript = (page: string) => /<script>(\(function\(\)\{.*?)<\/script>/.exec(page)?.[1];
function withoutFirstData(page: string): string {
  return page.replace(/<script type="application\/json" id="first-data">.*?<\/script><script>.*?<\/script>/, '');
}

describe("the route's first API data at first paint", () => {
  const id = '0b6f3f2e-8a55-4c1a-9d55-2f1f0e7c9a10';

  it('lists the reads each public page starts with, right after the charset, before any stylesheet', async () => {
    const contest = (await get(paths.contest(id))).body;
    expect(firstReads(contest)).toEqual([`/api/contests/${id}`, `/api/entries/contest/${id}?limit=24&page=1&sortBy=newest`]);
    expect(contest).toContain(`<meta charset="UTF-8" /><script type="application/json" id="${FIRST_DATA.elementId}">`);
    expect(firstReads((await get(paths.contests())).body)).toEqual(['/api/contests?limit=12&page=1&sortBy=newest']);
    expect(firstReads((await get(paths.home())).body)).toEqual(['/api/analytics/public-stats', '/api/contests/featured?limit=8']);
    // Compressed like any page.
    const br = await get(paths.contest(id), 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(contest);
  });

  it('leaves them out where the page decides for itself: a query (filters), another page, an odd id', async () => {
    expect(firstReads((await get(`${paths.contests()}?category=photography`)).body)).toBeUndefined();
    expect(firstReads((await get(paths.dashboard.wallet())).body)).toBeUndefined();
    expect(firstReads((await get(paths.pricing())).body)).toBeUndefined();
    expect(firstReads((await get('/contest/%3Cscript%3E')).body)).toBeUndefined();
  });

  it('runs the script that fetches them under the content security policy, by its hash', async () => {
    const res = await get(paths.contests());
    const script = firstDataScript(res.body);
    expect(script).toBeDefined();
    const hash = createHash('sha256').update(script!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src'));
    // That script and the app's own files, nothing else inline.
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('robots.txt and the sitemap', () => {
  it('serves robots.txt as text, pointing at the sitemap on the public address', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).not.toContain('<html');
  });

  it('lists the public pages and every public contest, never a draft or a cancelled one', async () => {
    const organizer = await createTestUser(t.ctx);
    const open = await insertContest(t.ctx, organizer.user.id, { status: 'voting' });
    const ended = await insertContest(t.ctx, organizer.user.id, { status: 'ended' });
    const draft = await insertContest(t.ctx, organizer.user.id, { status: 'draft' });
    const cancelled = await insertContest(t.ctx, organizer.user.id, { status: 'cancelled' });

    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(
      res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    expect(res.body).toContain(`<url><loc>${PUBLIC_URL}/</loc></url>`);
    expect(res.body).toContain(`<url><loc>${PUBLIC_URL}/contests</loc></url>`);
    expect(res.body).toMatch(
      new RegExp(`<url><loc>${PUBLIC_URL}/contest/${open.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`),
    );
    expect(res.body).toContain(`/contest/${ended.id}<`);
    expect(res.body).not.toContain(draft.id);
    expect(res.body).not.toContain(cancelled.id);
    expect(res.body).not.toContain('/dashboard');
  });
});
