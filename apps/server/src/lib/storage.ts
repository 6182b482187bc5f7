import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, unlink } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';

/**
 * Where uploaded media lives. Keys are relative paths such as `avatars/<userId>/<random>.webp`;
 * a stored object is immutable (a new upload gets a new random key), so it may be cached forever.
 */
export interface Storage {
  put(
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    opts: { contentType: string; contentLength?: number },
  ): Promise<{ key: string; url: string }>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The address a browser loads the object from. */
  url(key: string): string;
  /** The key behind a url this storage handed out, or undefined for any other url (external, another store). */
  keyOf(url: string): string | undefined;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * A key is "segment/segment/…" of URL-safe characters: no leading or trailing slash, no empty,
 * "." or ".." segment, no backslash or percent sign. So a key can neither escape the media root
 * nor need escaping in a url.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && !segment.includes('..'));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}

export function createStorage(config: Config): Storage {
  if (config.storage.driver === 's3') {
    const s3 = config.storage;
    return createS3Storage({
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: s3.publicUrl,
    });
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'media'), urlPrefix: '/media' });
}

// ---------------------------------------------------------------------------------------------
// Local disk

/** Files under `root/<key>`, served by app.ts at `/media/<key>`. */
export function createLocalStorage(opts: { root: string; urlPrefix: string }): Storage {
  const root = path.resolve(opts.root);
  const prefix = opts.urlPrefix.replace(/\/+$/, '');

  function fileFor(key: string): string {
    assertValidKey(key);
    const file = path.resolve(root, key);
    // Belt and braces over assertValidKey: never touch anything outside the root.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  const url = (key: string) => {
    assertValidKey(key);
    return `${prefix}/${key}`;
  };

  return {
    async put(key, body, putOpts) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a random dot-name in the same directory (same filesystem, so the rename is
      // atomic), then renamed: the final path never holds a half-written file.
      const tmp = path.join(path.dirname(file), `.upload-${randomBytes(16).toString('hex')}.tmp`);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : (body as NodeJS.ReadableStream);
        const counter = new ByteCounter();
        await pipeline(source, counter, createWriteStream(tmp, { flags: 'wx' }));
        if (putOpts.contentLength !== undefined && counter.bytes !== putOpts.contentLength) {
          throw new Error(`storage put ${key}: expected ${putOpts.contentLength} bytes, got ${counter.bytes}`);
        }
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
      return { key, url: url(key) };
    },

    async delete(key) {
      try {
        await unlink(fileFor(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },

    url,

    keyOf(u) {
      if (!u.startsWith(`${prefix}/`)) return undefined;
      const key = u.slice(prefix.length + 1);
      return isValidKey(key) ? key : undefined;
    },
  };
}

class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

// ---------------------------------------------------------------------------------------------
// S3-compatible object storage, signed with AWS Signature Version 4 (no SDK)

export interface S3Options {
  /** Default `https://s3.<region>.amazonaws.com`; MinIO, R2, Spaces… give theirs. Path-style addressing. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base (CDN or bucket website) that serves `<publicUrl>/<key>`. */
  publicUrl?: string | undefined;
  /** Signing time; only tests pass this. */
  now?: () => Date;
  /** Per-request timeout in ms (default 60 s). */
  timeoutMs?: number;
}

export class S3Error extends Error {
  constructor(
    message: string,
    public readonly statusCode: number,
    public readonly body: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** Streams of unknown length are read into memory to hash them; this caps that. */
const MAX_BUFFERED_STREAM_BYTES = 64 * 1024 * 1024;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20240102T030405Z */
export function amzDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface SignInput {
  method: string;
  /** Already-encoded path as it goes on the wire (S3 does not re-encode it for the canonical URI). */
  path: string;
  /** Lower-case header names; `host`, `x-amz-date` and `x-amz-content-sha256` must be present. */
  headers: Record<string, string>;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The Authorization header for a request without a query string. */
export function signV4(input: SignInput): string {
  const date = input.headers['x-amz-date'];
  const payloadHash = input.headers['x-amz-content-sha256'];
  if (!date || !payloadHash || !input.headers.host) throw new Error('signV4 needs host, x-amz-date and x-amz-content-sha256');
  const names = Object.keys(input.headers)
    .map((n) => n.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${input.headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method, input.path, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day);
  const kRegion = hmac(kDate, input.region);
  const kService = hmac(kRegion, input.service);
  const kSigning = hmac(kService, 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > limit) throw new Error(`stream larger than ${limit} bytes; pass contentLength to stream it unbuffered`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export function createS3Storage(opts: S3Options): Storage {
  const endpoint = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error('S3 endpoint must be http(s)');
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const endpointBase = `${endpoint.origin}${basePath}`;
  const publicBase = opts.publicUrl?.replace(/\/+$/, '');
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const transport = endpoint.protocol === 'https:' ? https : http;

  const objectPath = (key: string) => `${basePath}/${uriEncode(opts.bucket)}/${key.split('/').map(uriEncode).join('/')}`;

  const url = (key: string) => {
    assertValidKey(key);
    return publicBase ? `${publicBase}/${key}` : `${endpointBase}/${opts.bucket}/${key}`;
  };

  async function send(
    method: 'PUT' | 'DELETE',
    key: string,
    extraHeaders: Record<string, string>,
    payloadHash: string,
    body?: Buffer | NodeJS.ReadableStream,
  ): Promise<{ status: number; body: string }> {
    assertValidKey(key);
    const reqPath = objectPath(key);
    const headers: Record<string, string> = {
      ...extraHeaders,
      host: endpoint.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
    };
    const authorization = signV4({
      method,
      path: reqPath,
      headers,
      region: opts.region,
      service: 's3',
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
    });
    return new Promise((resolve, reject) => {
      const req = transport.request(
        {
          protocol: endpoint.protocol,
          hostname: endpoint.hostname,
          port: endpoint.port || undefined,
          method,
          path: reqPath,
          headers: { ...headers, authorization },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            // Only a snippet is ever reported; keep at most 4 KB of an error body.
            if (size < 4096) chunks.push(c);
            size += c.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} ${key} timed out after ${timeoutMs} ms`)));
      req.on('error', reject);
      if (body === undefined) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else pipeline(body, req).catch((err: unknown) => req.destroy(err as Error));
    });
  }

  function check(method: string, key: string, res: { status: number; body: string }): void {
    if (res.status >= 200 && res.status < 300) return;
    const snippet = res.body.replace(/\s+/g, ' ').trim().slice(0, 300);
    throw new S3Error(`S3 ${method} ${key} failed with HTTP ${res.status}${snippet ? `: ${snippet}` : ''}`, res.status, snippet);
  }

  return {
    async put(key, body, putOpts) {
      assertValidKey(key);
      let payload: Buffer | NodeJS.ReadableStream;
      let payloadHash: string;
      let length: number;
      if (Buffer.isBuffer(body)) {
        payload = body;
        payloadHash = sha256Hex(body);
        length = body.length;
      } else if (putOpts.contentLength !== undefined) {
        // Known size: stream it as is; the body is covered by TLS rather than the signature.
        payload = body;
        payloadHash = UNSIGNED_PAYLOAD;
        length = putOpts.contentLength;
      } else {
        payload = await readAll(body, MAX_BUFFERED_STREAM_BYTES);
        payloadHash = sha256Hex(payload);
        length = payload.length;
      }
      const res = await send(
        'PUT',
        key,
        {
          'content-type': putOpts.contentType,
          'content-length': String(length),
          // Keys are never reused, so the object may be cached for good.
          'cache-control': 'public, max-age=31536000, immutable',
        },
        payloadHash,
        payload,
      );
      check('PUT', key, res);
      return { key, url: url(key) };
    },

    async delete(key) {
      const res = await send('DELETE', key, {}, sha256Hex(''));
      if (res.status === 404) return;
      check('DELETE', key, res);
    },

    url,

    keyOf(u) {
      const base = publicBase ?? `${endpointBase}/${opts.bucket}`;
      if (!u.startsWith(`${base}/`)) return undefined;
      const key = u.slice(base.length + 1);
      return isValidKey(key) ? key : undefined;
    },
  };
}
