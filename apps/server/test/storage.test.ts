import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaStaticOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { removeCover, storeCover } from '../src/modules/contests/contests.upload.js';
import { createLocalStorage, createS3Storage, createStorage, S3Error, type Storage } from '../src/lib/storage.js';

describe('local storage', () => {
  let root: string;
  let storage: Storage;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
    storage = createLocalStorage({ root: path.join(root, 'media'), urlPrefix: '/media' });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('puts a buffer and a stream under the root, hands out /media urls, and deletes', async () => {
    const a = await storage.put('avatars/u1/a.webp', Buffer.from('hello'), { contentType: 'image/webp' });
    expect(a).toEqual({ key: 'avatars/u1/a.webp', url: '/media/avatars/u1/a.webp' });
    expect(readFileSync(path.join(root, 'media/avatars/u1/a.webp'), 'utf8')).toBe('hello');

    const b = await storage.put('avatars/u1/b.bin', Readable.from([Buffer.from('str'), Buffer.from('eam')]), {
      contentType: 'application/octet-stream',
      contentLength: 6,
    });
    expect(b.url).toBe('/media/avatars/u1/b.bin');
    expect(readFileSync(path.join(root, 'media/avatars/u1/b.bin'), 'utf8')).toBe('stream');
    // No temp file is left next to the stored ones.
    expect(readdirSync(path.join(root, 'media/avatars/u1')).sort()).toEqual(['a.webp', 'b.bin']);

    expect(storage.url('avatars/u1/a.webp')).toBe('/media/avatars/u1/a.webp');
    expect(storage.keyOf('/media/avatars/u1/a.webp')).toBe('avatars/u1/a.webp');
    expect(storage.keyOf('https://elsewhere.example/avatars/u1/a.webp')).toBeUndefined();
    expect(storage.keyOf('/media/../jwt-secret')).toBeUndefined();

    await storage.delete('avatars/u1/a.webp');
    expect(existsSync(path.join(root, 'media/avatars/u1/a.webp'))).toBe(false);
    await expect(storage.delete('avatars/u1/a.webp')).resolves.toBeUndefined(); // already gone: fine
  });

  it('overwrites atomically and leaves nothing behind when a stream is shorter than announced', async () => {
    await storage.put('x/file.txt', Buffer.from('first'), { contentType: 'text/plain' });
    await expect(
      storage.put('x/file.txt', Readable.from([Buffer.from('sec')]), { contentType: 'text/plain', contentLength: 6 }),
    ).rejects.toThrow(/expected 6 bytes/);
    expect(readFileSync(path.join(root, 'media/x/file.txt'), 'utf8')).toBe('first');
    expect(readdirSync(path.join(root, 'media/x'))).toEqual(['file.txt']);
  });

  it('refuses keys that could leave the media root', async () => {
    for (const key of ['../escape.txt', 'a/../../b', 'a/..', '/abs/path', 'a//b', 'a\\b', '', 'a/./b', '.hidden', 'a/b/']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      expect(() => storage.url(key), key).toThrow(/invalid storage key/);
    }
    expect(readdirSync(root)).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
// The same cases against both drivers. Objects are read back the way a browser reads them: a GET
// (with or without Range) on the url the storage handed out. Local files are served by
// @fastify/static with the options app.ts uses; S3 objects by s3rver, an S3-compatible server.

interface Harness {
  storage: Storage;
  /** The absolute address behind a url the storage handed out. */
  absolute(url: string): string;
  /** s3rver reads `bytes=-N` as `bytes=0-N` (it has no suffix ranges); S3, MinIO and R2 do. */
  suffixRanges: boolean;
  /**
   * An aborted PUT leaves the previous object in place (S3 only stores a complete body; the local
   * driver renames a finished temp file). s3rver writes in place and keeps what arrived.
   */
  atomicPuts: boolean;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'storage-local-'));
  const mediaDir = path.join(root, 'media');
  const storage = createLocalStorage({ root: mediaDir, urlPrefix: '/media' });
  const app: FastifyInstance = Fastify();
  await app.register(fastifyStatic, mediaStaticOptions(mediaDir));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    storage,
    absolute: (url) => `${origin}${url}`,
    suffixRanges: true,
    atomicPuts: true,
    async close() {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

const S3_BUCKET = 'media-bucket';
// s3rver's built-in credentials.
const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function startS3rver(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storage-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness> {
  const s3rver = await startS3rver();
  const storage = createS3Storage({ endpoint: s3rver.endpoint, region: 'us-east-1', bucket: S3_BUCKET, ...S3_KEY, forcePathStyle: true });
  return { storage, absolute: (url) => url, suffixRanges: false, atomicPuts: false, close: () => s3rver.stop() };
}

interface Fetched {
  status: number;
  headers: { get(name: string): string | undefined };
  body: Buffer;
  text(): Promise<string>;
  arrayBuffer(): Promise<Buffer>;
}

/** A GET on a fresh connection each time (no pooled socket the server may have closed meanwhile). */
function httpGet(url: string, range?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: range ? { range } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: { get: (name) => [res.headers[name.toLowerCase()]].flat()[0] },
          body,
          text: () => Promise.resolve(body.toString('utf8')),
          arrayBuffer: () => Promise.resolve(body),
        });
      });
    });
    req.on('error', reject);
  });
}

/** 100 bytes: "00010203…99" would be 200; this is 0..99 as bytes, so any slice is easy to check. */
const HUNDRED = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

describe.each([
  { driver: 'local', start: localHarness },
  { driver: 's3 (s3rver)', start: s3Harness },
])('$driver storage', ({ start }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => {
    await h.close();
  });

  const get = (key: string, range?: string) => httpGet(h.absolute(h.storage.url(key)), range);

  it('stores a buffer, a stream of known length and one of unknown length, and reads them back', async () => {
    const a = await h.storage.put('avatars/u1/a.webp', Buffer.from('webp bytes'), { contentType: 'image/webp' });
    expect(a.key).toBe('avatars/u1/a.webp');
    expect(a.url).toBe(h.storage.url('avatars/u1/a.webp'));
    expect(h.storage.keyOf(a.url)).toBe('avatars/u1/a.webp');
    expect(h.storage.keyOf('https://elsewhere.example/avatars/u1/a.webp')).toBeUndefined();

    let res = await get('avatars/u1/a.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('webp bytes');

    await h.storage.put('clips/b.bin', Readable.from([Buffer.from('str'), Buffer.from('eam')]), {
      contentType: 'application/octet-stream',
      contentLength: 6,
    });
    res = await get('clips/b.bin');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(await res.text()).toBe('stream');

    await h.storage.put('clips/c.bin', Readable.from([Buffer.from('ghi'), Buffer.from('jkl')]), {
      contentType: 'application/octet-stream',
    });
    expect(await (await get('clips/c.bin')).text()).toBe('ghijkl');
  });

  it('streams a large file (5 MB) byte for byte', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
    const chunks = Array.from({ length: 80 }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536));
    await h.storage.put('entries/c1/e1/big.bin', Readable.from(chunks), {
      contentType: 'application/octet-stream',
      contentLength: big.length,
    });
    const res = await get('entries/c1/e1/big.bin');
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it('answers range reads: first bytes, the middle, past the end, and out of range', async () => {
    await h.storage.put('entries/c1/e1/clip.bin', HUNDRED, { contentType: 'application/octet-stream', contentLength: 100 });

    const expectRange = async (range: string, from: number, to: number) => {
      const res = await get('entries/c1/e1/clip.bin', range);
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${from}-${to}/100`);
      expect(Buffer.from(await res.arrayBuffer()).equals(HUNDRED.subarray(from, to + 1)), range).toBe(true);
    };
    await expectRange('bytes=0-9', 0, 9);
    await expectRange('bytes=40-59', 40, 59);
    await expectRange('bytes=90-', 90, 99);
    await expectRange('bytes=95-1000', 95, 99); // past the end: cut at the last byte
    if (h.suffixRanges) await expectRange('bytes=-10', 90, 99);

    const res = await get('entries/c1/e1/clip.bin', 'bytes=100-200');
    expect(res.status).toBe(416);
    await res.arrayBuffer();

    const whole = await get('entries/c1/e1/clip.bin');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(HUNDRED)).toBe(true);
  });

  it('stores a contest cover at each width and removes every width with it', async () => {
    const ctx = { storage: h.storage, log: Fastify().log };
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#226644' } })
      .png()
      .toBuffer();
    const stored = (await storeCover(ctx, 'c-1', png))!;
    expect(stored.set).toMatchObject({ width: 1000, height: 500 });
    expect(stored.set.variants.map((v) => v.width)).toEqual([400, 800, 1000]);
    expect(stored.keys).toHaveLength(3);
    for (const v of stored.set.variants) {
      const res = await httpGet(h.absolute(v.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(res.body).metadata()).toMatchObject({ format: 'webp', width: v.width, height: v.width / 2 });
    }

    await removeCover(ctx, 'c-1', { coverImage: stored.url, coverImageSet: stored.set });
    for (const v of stored.set.variants) {
      const res = await httpGet(h.absolute(v.url));
      expect(res.status).toBe(404);
    }
  });

  it('answers 404 for a missing object, and deleting one twice is fine', async () => {
    const missing = await get('nothing/here.webp');
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();

    await h.storage.put('avatars/u2/d.webp', Buffer.from('d'), { contentType: 'image/webp' });
    await h.storage.delete('avatars/u2/d.webp');
    const gone = await get('avatars/u2/d.webp');
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    await expect(h.storage.delete('avatars/u2/d.webp')).resolves.toBeUndefined();
    await expect(h.storage.delete('never/stored.webp')).resolves.toBeUndefined();
  });

  it('fails a stream shorter or longer than announced and keeps the object it would have replaced', async () => {
    await h.storage.put('x/file.txt', Buffer.from('first'), { contentType: 'text/plain' });
    await expect(
      h.storage.put('x/file.txt', Readable.from([Buffer.from('sec')]), { contentType: 'text/plain', contentLength: 6 }),
    ).rejects.toThrow(/expected 6 bytes, got 3/);
    await expect(
      h.storage.put('x/file.txt', Readable.from([Buffer.from('second!')]), { contentType: 'text/plain', contentLength: 6 }),
    ).rejects.toThrow(/expected 6 bytes/);
    if (h.atomicPuts) expect(await (await get('x/file.txt')).text()).toBe('first');
  });

  it('refuses keys that could leave the media root, without calling out', async () => {
    for (const key of ['../escape.txt', 'a/../../b', 'a/..', '/abs/path', 'a//b', 'a\\b', '', 'a/./b', '.hidden', 'a/b/', 'a%2F..']) {
      await expect(h.storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/invalid storage key/);
      await expect(h.storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      expect(() => h.storage.url(key), key).toThrow(/invalid storage key/);
    }
  });
});

// ------------------------------------------------------------------------------------------------
// What only the S3 driver does.

describe('S3 storage', () => {
  let s3rver: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3rver = await startS3rver();
  });
  afterAll(async () => {
    await s3rver.stop();
  });

  const s3 = (over: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
    createS3Storage({ endpoint: s3rver.endpoint, region: 'us-east-1', bucket: S3_BUCKET, ...S3_KEY, ...over });

  it('stores objects path-style by default, immutable for caches, and hands out S3_PUBLIC_URL urls when set', async () => {
    const storage = s3({ publicUrl: 'https://cdn.example.com/media/' });
    const put = await storage.put('avatars/u1/p.webp', Buffer.from('p'), { contentType: 'image/webp' });
    expect(put.url).toBe('https://cdn.example.com/media/avatars/u1/p.webp');
    expect(storage.keyOf('https://cdn.example.com/media/avatars/u1/p.webp')).toBe('avatars/u1/p.webp');
    expect(storage.keyOf('/media/avatars/u1/p.webp')).toBeUndefined();

    const res = await httpGet(`${s3rver.endpoint}/${S3_BUCKET}/avatars/u1/p.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/webp');

    expect(s3().url('a/b.webp')).toBe(`${s3rver.endpoint}/${S3_BUCKET}/a/b.webp`);
    expect(createS3Storage({ region: 'eu-west-1', bucket: 'b1', ...S3_KEY, forcePathStyle: false }).url('a/b.webp')).toBe(
      'https://b1.s3.eu-west-1.amazonaws.com/a/b.webp',
    );
  });

  it('throws an S3Error with the status and the S3 error code', async () => {
    // s3rver checks the access key but not SigV4 signatures themselves (signing is the SDK's job).
    const wrongKey = s3({ accessKeyId: 'NOT-A-KEY' });
    const err = await wrongKey.put('avatars/u1/x.webp', Buffer.from('x'), { contentType: 'image/webp' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect(err).toMatchObject({ statusCode: 403, code: 'InvalidAccessKeyId' });
    expect((err as Error).message).toMatch(/^S3 PUT avatars\/u1\/x\.webp failed with HTTP 403: InvalidAccessKeyId/);
    await expect(wrongKey.delete('avatars/u1/x.webp')).rejects.toMatchObject({ statusCode: 403 });

    const noBucket = s3({ bucket: 'no-such-bucket' });
    await expect(noBucket.put('a/b.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'NoSuchBucket',
    });
    // A missing object is not an error; a missing bucket is (a configuration mistake).
    await expect(noBucket.delete('a/b.txt')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });

  it('throws on other non-2xx answers too (after the SDK retries)', async () => {
    let calls = 0;
    const server = http.createServer((req, res) => {
      calls++;
      req.resume();
      req.on('end', () =>
        res
          .writeHead(500, { 'content-type': 'application/xml' })
          .end('<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const storage = createS3Storage({ endpoint, region: 'us-east-1', bucket: S3_BUCKET, ...S3_KEY, maxAttempts: 2 });
      await expect(storage.put('a/b.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /^S3 PUT a\/b\.txt failed with HTTP 500: InternalError: We encountered an internal error\./,
      );
      expect(calls).toBe(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is what createStorage builds from STORAGE_DRIVER=s3, with the AWS endpoint by default', () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: os.tmpdir(),
      JWT_SECRET: 'x'.repeat(40),
      STORAGE_DRIVER: 's3',
      S3_REGION: 'af-south-1',
      S3_BUCKET: 'contesthub',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    };
    expect(createStorage(loadConfig(env)).url('avatars/u/a.webp')).toBe('https://s3.af-south-1.amazonaws.com/contesthub/avatars/u/a.webp');
    expect(createStorage(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' })).url('a/b.webp')).toBe(
      'https://contesthub.s3.af-south-1.amazonaws.com/a/b.webp',
    );
    expect(createStorage(loadConfig({ ...env, S3_PUBLIC_URL: 'https://media.example.com' })).url('a/b.webp')).toBe(
      'https://media.example.com/a/b.webp',
    );
    expect(createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) })).url('a/b.webp')).toBe(
      '/media/a/b.webp',
    );
  });
});

// ------------------------------------------------------------------------------------------------
// s3rver does not check SigV4 signatures. This small server does, from the AWS spec (not from the
// SDK), so the SDK's requests as we configure them are checked end to end.

const SECRETS: Record<string, string> = { AKTESTKEY: 'test-secret/with+chars' };
const REGION = 'eu-west-1';

function verifySignature(req: http.IncomingMessage, body: Buffer): string | undefined {
  const header = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!m) return 'malformed Authorization header';
  const [, accessKey, day, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  const secret = SECRETS[accessKey];
  if (!secret) return 'unknown access key';
  if (region !== REGION) return 'wrong region';
  const date = req.headers['x-amz-date'];
  if (typeof date !== 'string' || !/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== day) return 'bad x-amz-date';
  const at = Date.UTC(
    +date.slice(0, 4),
    +date.slice(4, 6) - 1,
    +date.slice(6, 8),
    +date.slice(9, 11),
    +date.slice(11, 13),
    +date.slice(13, 15),
  );
  if (Math.abs(Date.now() - at) > 15 * 60_000) return 'request time too skewed';
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(required)) return `${required} not signed`;
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string') return 'missing x-amz-content-sha256';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) return 'payload hash mismatch';
  const [rawPath, rawQuery = ''] = req.url!.split('?') as [string, string?];
  const enc = (x: string) => encodeURIComponent(x).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonicalQuery = [...new URLSearchParams(rawQuery)]
    .map(([k, val]) => `${enc(k)}=${enc(val)}`)
    .sort()
    .join('&');
  const canonical = [
    req.method,
    rawPath,
    canonicalQuery,
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const toSign = `AWS4-HMAC-SHA256\n${date}\n${day}/${region}/s3/aws4_request\n${createHash('sha256').update(canonical).digest('hex')}`;
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day).digest();
  for (const part of [region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? undefined : 'SignatureDoesNotMatch';
}

describe('S3 requests are signed as AWS checks them', () => {
  it('signs buffer and stream PUTs and DELETEs; a wrong secret is refused', async () => {
    const seen: { method: string; url: string; problem: string | undefined; body: string; sha: string | undefined }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const problem = verifySignature(req, body);
        seen.push({
          method: req.method!,
          url: req.url!,
          problem,
          body: body.toString(),
          sha: req.headers['x-amz-content-sha256'] as string,
        });
        if (problem) {
          res
            .writeHead(403, { 'content-type': 'application/xml' })
            .end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        } else res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const opts = { endpoint, region: REGION, bucket: 'media-bucket', accessKeyId: 'AKTESTKEY', secretAccessKey: SECRETS.AKTESTKEY! };
      const storage = createS3Storage(opts);
      await storage.put('avatars/u1/abc.webp', Buffer.from('webp bytes'), { contentType: 'image/webp' });
      await storage.put('clips/a.bin', Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
        contentType: 'application/octet-stream',
        contentLength: 6,
      });
      await storage.delete('avatars/u1/abc.webp');
      expect(seen.map((s) => [s.method, s.url.split('?')[0], s.problem, s.body])).toEqual([
        ['PUT', '/media-bucket/avatars/u1/abc.webp', undefined, 'webp bytes'],
        ['PUT', '/media-bucket/clips/a.bin', undefined, 'abcdef'],
        ['DELETE', '/media-bucket/avatars/u1/abc.webp', undefined, ''],
      ]);
      // A buffer's payload is signed by its hash; a stream is sent as UNSIGNED-PAYLOAD (no buffering).
      expect(seen.map((s) => s.sha)).toEqual([
        createHash('sha256').update('webp bytes').digest('hex'),
        'UNSIGNED-PAYLOAD',
        createHash('sha256').update('').digest('hex'),
      ]);

      const wrong = createS3Storage({ ...opts, secretAccessKey: 'not-the-secret', maxAttempts: 1 });
      await expect(wrong.put('a/b.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
        statusCode: 403,
        code: 'SignatureDoesNotMatch',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
