import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createLocalStorage, createS3Storage, createStorage, signV4, type Storage } from '../src/lib/storage.js';

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

describe('signV4', () => {
  // The worked examples in AWS's "Signature Calculations for the Authorization Header" (S3 docs).
  const creds = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
  };

  it('matches the AWS GET Object example', () => {
    const auth = signV4({
      ...creds,
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('matches the AWS PUT Object example', () => {
    const auth = signV4({
      ...creds,
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': createHash('sha256').update('Welcome to Amazon S3.').digest('hex'),
      },
    });
    expect(auth).toMatch(/Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/);
  });
});

// ------------------------------------------------------------------------------------------------
// A tiny S3 look-alike that checks every signature itself (written from the AWS spec, not from
// the driver), stores PUT bodies and answers DELETE with 204.

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

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
  const canonical = [
    req.method,
    req.url!.split('?')[0],
    '',
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

describe('S3 storage against a fake S3 server', () => {
  const objects = new Map<string, StoredObject>();
  const seen: SeenRequest[] = [];
  let server: http.Server;
  let endpoint: string;
  let failNext: { status: number; body: string } | undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: req.method!, url: req.url!, headers: req.headers });
        if (failNext) {
          const f = failNext;
          failNext = undefined;
          res.writeHead(f.status, { 'content-type': 'application/xml' }).end(f.body);
          return;
        }
        const problem = verifySignature(req, body);
        if (problem) {
          res
            .writeHead(403, { 'content-type': 'application/xml' })
            .end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
          return;
        }
        const objectPath = decodeURIComponent(req.url!.split('?')[0]!);
        if (req.method === 'PUT') {
          if (req.headers['content-length'] !== String(body.length)) {
            res.writeHead(400).end('<Error><Code>IncompleteBody</Code></Error>');
            return;
          }
          objects.set(objectPath, { body, contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'] });
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        } else if (req.method === 'DELETE') {
          objects.delete(objectPath);
          res.writeHead(204).end();
        } else {
          res.writeHead(405).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    objects.clear();
    seen.length = 0;
  });

  const s3 = (over: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
    createS3Storage({
      endpoint,
      region: REGION,
      bucket: 'media-bucket',
      accessKeyId: 'AKTESTKEY',
      secretAccessKey: SECRETS.AKTESTKEY!,
      publicUrl: undefined,
      ...over,
    });

  it('PUTs a buffer with a signed payload hash, path-style, and DELETEs it', async () => {
    const storage = s3();
    const body = Buffer.from('webp bytes here');
    const put = await storage.put('avatars/u1/abc.webp', body, { contentType: 'image/webp' });
    expect(put).toEqual({ key: 'avatars/u1/abc.webp', url: `${endpoint}/media-bucket/avatars/u1/abc.webp` });
    const stored = objects.get('/media-bucket/avatars/u1/abc.webp');
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.cacheControl).toMatch(/immutable/);

    const req = seen[0]!;
    expect(req.method).toBe('PUT');
    expect(req.headers.host).toBe(new URL(endpoint).host); // with the port, as signed
    expect(req.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(req.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(req.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKTESTKEY\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    const signed = /SignedHeaders=([^,]+)/.exec(req.headers.authorization!)![1]!.split(';');
    expect(signed).toEqual([...signed].sort());
    expect(signed).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-content-sha256', 'content-type']));

    await storage.delete('avatars/u1/abc.webp');
    expect(seen[1]!.method).toBe('DELETE');
    expect(seen[1]!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update('').digest('hex'));
    expect(objects.has('/media-bucket/avatars/u1/abc.webp')).toBe(false);
  });

  it('streams a body of known length unsigned, and buffers one of unknown length to hash it', async () => {
    const storage = s3();
    await storage.put('clips/a.bin', Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      contentType: 'application/octet-stream',
      contentLength: 6,
    });
    expect(seen[0]!.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(objects.get('/media-bucket/clips/a.bin')?.body.toString()).toBe('abcdef');

    await storage.put('clips/b.bin', Readable.from([Buffer.from('ghi'), Buffer.from('jkl')]), { contentType: 'application/octet-stream' });
    expect(seen[1]!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update('ghijkl').digest('hex'));
    expect(objects.get('/media-bucket/clips/b.bin')?.body.toString()).toBe('ghijkl');
  });

  it('throws with the status and a body snippet when the signature is wrong', async () => {
    const storage = s3({ secretAccessKey: 'not-the-secret' });
    await expect(storage.put('avatars/u1/x.webp', Buffer.from('x'), { contentType: 'image/webp' })).rejects.toThrow(
      /403.*SignatureDoesNotMatch/,
    );
    await expect(storage.delete('avatars/u1/x.webp')).rejects.toThrow(/403/);
    expect(objects.size).toBe(0);
  });

  it('refuses a request signed with a clock far off', async () => {
    const skewed = s3({ now: () => new Date(Date.now() - 3600_000) });
    await expect(skewed.put('a/b.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/403/);
    expect(objects.size).toBe(0);
  });

  it('throws on other non-2xx answers too', async () => {
    failNext = { status: 500, body: '<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>' };
    await expect(s3().put('a/b.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
      /S3 PUT a\/b\.txt failed with HTTP 500: <Error><Code>InternalError/,
    );
  });

  it('uses S3_PUBLIC_URL for urls when set, and refuses unsafe keys without calling out', async () => {
    const storage = s3({ publicUrl: 'https://cdn.example.com/media/' });
    const put = await storage.put('avatars/u1/p.webp', Buffer.from('p'), { contentType: 'image/webp' });
    expect(put.url).toBe('https://cdn.example.com/media/avatars/u1/p.webp');
    expect(storage.keyOf('https://cdn.example.com/media/avatars/u1/p.webp')).toBe('avatars/u1/p.webp');
    expect(storage.keyOf('/media/avatars/u1/p.webp')).toBeUndefined();
    await expect(storage.put('../x', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete('/x')).rejects.toThrow(/invalid storage key/);
    expect(seen).toHaveLength(1);
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
    expect(createStorage(loadConfig({ ...env, S3_PUBLIC_URL: 'https://media.example.com' })).url('a/b.webp')).toBe(
      'https://media.example.com/a/b.webp',
    );
    expect(createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) })).url('a/b.webp')).toBe(
      '/media/a/b.webp',
    );
  });
});
