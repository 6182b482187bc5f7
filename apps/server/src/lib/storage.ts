import { DeleteObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, unlink } from 'node:fs/promises';
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
      forcePathStyle: s3.forcePathStyle,
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
// S3-compatible object storage through the AWS SDK (@aws-sdk/client-s3)

export interface S3Options {
  /** Default `https://s3.<region>.amazonaws.com`; MinIO, R2, Spaces… give theirs. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base (CDN or bucket website) that serves `<publicUrl>/<key>`. */
  publicUrl?: string | undefined;
  /**
   * `<endpoint>/<bucket>/<key>` (default; MinIO and most self-hosted servers need it) rather than
   * `<bucket>.<endpoint host>/<key>`.
   */
  forcePathStyle?: boolean | undefined;
  /** Per-request timeout in ms (default 60 s). */
  timeoutMs?: number;
  /** Attempts per request, retries included (SDK default 3). */
  maxAttempts?: number;
}

export class S3Error extends Error {
  constructor(
    message: string,
    public readonly statusCode: number,
    /** The S3 error code (`NoSuchBucket`, `SignatureDoesNotMatch`…) or the SDK's error name. */
    public readonly code: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

/** Streams of unknown length are read into memory (a single PUT needs the length); this caps that. */
const MAX_BUFFERED_STREAM_BYTES = 64 * 1024 * 1024;

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

/** Passes a stream through and fails it when it does not carry exactly `expected` bytes. */
class ExactLength extends Transform {
  private bytes = 0;
  constructor(
    private readonly expected: number,
    private readonly key: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.bytes += buf.length;
    if (this.bytes > this.expected) done(this.mismatch());
    else done(null, buf);
  }
  override _flush(done: TransformCallback) {
    done(this.bytes === this.expected ? null : this.mismatch());
  }
  private mismatch() {
    return new Error(`storage put ${this.key}: expected ${this.expected} bytes, got ${this.bytes}`);
  }
}

function toS3Error(method: string, key: string, err: unknown): unknown {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode ?? 0;
    const detail = err.message && err.message !== 'UnknownError' ? `: ${err.name}: ${err.message}` : `: ${err.name}`;
    return new S3Error(`S3 ${method} ${key} failed with HTTP ${status}${detail}`.slice(0, 400), status, err.name);
  }
  return err;
}

export function createS3Storage(opts: S3Options): Storage {
  const endpoint = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error('S3 endpoint must be http(s)');
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const forcePathStyle = opts.forcePathStyle ?? true;
  const bucketBase = forcePathStyle
    ? `${endpoint.origin}${basePath}/${opts.bucket}`
    : `${endpoint.protocol}//${opts.bucket}.${endpoint.host}${basePath}`;
  const publicBase = opts.publicUrl?.replace(/\/+$/, '') ?? bucketBase;
  const timeoutMs = opts.timeoutMs ?? 60_000;

  const client = new S3Client({
    region: opts.region,
    endpoint: `${endpoint.origin}${basePath}`,
    forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // SDK 3.729+ adds CRC32 checksums (aws-chunked trailers on streams) by default; several
    // S3-compatible servers reject those. S3 itself does not need them for PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: timeoutMs, connectionTimeout: Math.min(timeoutMs, 10_000) },
    ...(opts.maxAttempts !== undefined ? { maxAttempts: opts.maxAttempts } : {}),
  });

  const url = (key: string) => {
    assertValidKey(key);
    return `${publicBase}/${key}`;
  };

  return {
    async put(key, body, putOpts) {
      assertValidKey(key);
      let payload: Buffer | Readable;
      let length: number;
      // A failing source stream (or a length mismatch) aborts the request rather than leaving S3
      // waiting for bytes that never come.
      const abort = new AbortController();
      let streamError: unknown;
      if (Buffer.isBuffer(body)) {
        if (putOpts.contentLength !== undefined && body.length !== putOpts.contentLength) {
          throw new Error(`storage put ${key}: expected ${putOpts.contentLength} bytes, got ${body.length}`);
        }
        payload = body;
        length = body.length;
      } else if (putOpts.contentLength !== undefined) {
        // Known size: streamed as is (the SDK signs it as UNSIGNED-PAYLOAD over https), and failed
        // if the stream turns out shorter or longer than announced.
        const checked = new ExactLength(putOpts.contentLength, key);
        pipeline(body, checked).catch((err: unknown) => {
          streamError = err;
          abort.abort(err);
        });
        payload = checked;
        length = putOpts.contentLength;
      } else {
        payload = await readAll(body, MAX_BUFFERED_STREAM_BYTES);
        length = payload.length;
      }
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: key,
            Body: payload,
            ContentLength: length,
            ContentType: putOpts.contentType,
            // Keys are never reused, so the object may be cached for good.
            CacheControl: 'public, max-age=31536000, immutable',
          }),
          { abortSignal: abort.signal },
        );
      } catch (err) {
        if (payload instanceof Readable) payload.destroy();
        if (streamError !== undefined) throw streamError;
        throw toS3Error('PUT', key, err);
      }
      return { key, url: url(key) };
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible servers answer 404 NoSuchKey.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket') return;
        throw toS3Error('DELETE', key, err);
      }
    },

    url,

    keyOf(u) {
      if (!u.startsWith(`${publicBase}/`)) return undefined;
      const key = u.slice(publicBase.length + 1);
      return isValidKey(key) ? key : undefined;
    },
  };
}
