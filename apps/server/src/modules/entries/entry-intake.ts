/**
 * Reading a multipart entry submission: form fields in memory, every file streamed to a private
 * temp file while its size is counted. The size limit is enforced while the bytes arrive: the
 * multipart parser stops a file at the tier's overall maximum (the stream ends `truncated`), and
 * once the contest is known the entry type's own limit aborts the file as soon as it is passed.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ZCreateEntry, type TCreateEntry } from '@contesthub/shared';
import { AppError } from '../../lib/errors.js';
import { isMultipartParseError, uploadUnreadable } from '../../lib/multipart.js';
import { refuseUnstorableText } from '../../lib/text.js';
import { MAX_FILES_PER_ENTRY, type SpooledFile } from './entry-media.js';

export type FormFields = Map<string, unknown[]>;

export interface EntryForm {
  fields: FormFields;
  files: SpooledFile[];
  /** Removes the temp files (always call it, success or not). */
  cleanup(): Promise<void>;
}

export interface ReadFormOptions {
  /** Directory for the temp files (private: never served). */
  tmpDir: string;
  /** Per-file cap applied by the multipart parser (the tier's largest limit). */
  maxFileBytes: number;
  /** Error for a file beyond maxFileBytes. */
  tooLarge: () => AppError;
  /**
   * Called once, when the first file part starts, with the fields sent before it. It may refuse
   * the request before any file byte is stored (eligibility), and may return a tighter per-file
   * limit with its error (the entry type's limit).
   */
  beforeFirstFile?: (fields: FormFields) => Promise<{ maxBytes: number; tooLarge: () => AppError } | undefined>;
}

/** A reader of the request's form; the route hands one to the service. */
export type FormReader = (opts: ReadFormOptions) => Promise<EntryForm>;

class ByteLimit extends Transform {
  bytes = 0;
  exceeded = false;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      this.exceeded = true;
      done(new Error('file size limit exceeded'));
      return;
    }
    done(null, chunk);
  }
}

const MULTIPART_LIMITS = {
  files: MAX_FILES_PER_ENTRY,
  fields: 30,
  fieldSize: 16 * 1024,
  parts: 40,
  headerPairs: 20,
};

function pushField(fields: FormFields, name: string, value: unknown): void {
  refuseUnstorableText(name);
  refuseUnstorableText(value, name);
  const list = fields.get(name);
  if (list) list.push(value);
  else fields.set(name, [value]);
}

/** Multipart parser errors that are the client's doing, as the envelope's 4xx. */
function clientError(err: unknown, opts: ReadFormOptions): AppError | undefined {
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return opts.tooLarge();
    case 'FST_FILES_LIMIT':
      return AppError.badRequest(`You can upload at most ${MAX_FILES_PER_ENTRY} files per entry`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return AppError.badRequest('Too many form fields');
    default:
      return isMultipartParseError(err) ? uploadUnreadable() : undefined;
  }
}

/**
 * Reads the whole form. A request that is not multipart is read as a JSON body of fields with no
 * files (so it gets the same validation answers, ending with "Please upload at least one file").
 */
export async function readEntryForm(req: FastifyRequest, opts: ReadFormOptions): Promise<EntryForm> {
  const fields: FormFields = new Map();
  const files: SpooledFile[] = [];
  // A write stream destroyed before its file was opened still opens (creates) it, then closes it:
  // removing the file before that would leave it behind, so cleanup waits for every stream to close.
  const closed: Array<Promise<unknown>> = [];
  const cleanup = async () => {
    await Promise.all(closed);
    await Promise.all(files.map((f) => rm(f.path, { force: true }).catch(() => {})));
  };

  if (!req.isMultipart()) {
    if (req.body && typeof req.body === 'object') {
      for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
        for (const v of Array.isArray(value) && name !== 'tags' ? value : [value]) pushField(fields, name, v);
      }
    }
    return { fields, files, cleanup };
  }

  await mkdir(opts.tmpDir, { recursive: true });
  let limit = { maxBytes: opts.maxFileBytes, tooLarge: opts.tooLarge };
  let sawFile = false;
  try {
    for await (const part of req.parts({ limits: { ...MULTIPART_LIMITS, fileSize: opts.maxFileBytes } })) {
      if (part.type === 'field') {
        pushField(fields, part.fieldname, part.value);
        continue;
      }
      if (!sawFile) {
        sawFile = true;
        const tighter = await opts.beforeFirstFile?.(fields);
        if (tighter) limit = tighter;
      }
      // Every file part is an entry file (the spec's field is `files`; `file` and `files[]` work too).
      const tmp = path.join(opts.tmpDir, `.entry-${randomBytes(16).toString('hex')}.part`);
      refuseUnstorableText(part.filename ?? '', part.fieldname);
      const file: SpooledFile = { path: tmp, size: 0, filename: part.filename ?? '' };
      files.push(file);
      const counter = new ByteLimit(limit.maxBytes);
      try {
        const out = createWriteStream(tmp, { flags: 'wx' });
        closed.push(once(out, 'close').catch(() => {}));
        await pipeline(part.file, counter, out);
      } catch (err) {
        if (counter.exceeded) throw limit.tooLarge();
        throw err;
      }
      if (part.file.truncated) throw limit.tooLarge();
      file.size = counter.bytes;
    }
  } catch (err) {
    await cleanup();
    throw clientError(err, { ...opts, tooLarge: limit.tooLarge }) ?? err;
  }
  return { fields, files, cleanup };
}

// ---------- the form's fields ----------

export function lastValue(fields: FormFields, name: string): unknown {
  const values = fields.get(name);
  return values?.[values.length - 1];
}

function parseJsonField(value: unknown, field: string, message: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw AppError.badRequest(message, { errors: { [field]: message } });
  }
}

/** Tags come as a JSON array string, as repeated fields (`tags` or `tags[]`), or comma-separated. */
function tagsOf(fields: FormFields): unknown {
  const values = [...(fields.get('tags') ?? []), ...(fields.get('tags[]') ?? [])];
  if (values.length === 0) return undefined;
  if (values.length > 1) return values;
  const [only] = values;
  if (typeof only !== 'string') return only;
  const text = only.trim();
  if (text === '') return [];
  if (text.startsWith('[')) return parseJsonField(text, 'tags', 'Tags must be a JSON array of strings');
  return text.split(',').filter((t) => t.trim() !== '');
}

function settingsOf(fields: FormFields): unknown {
  const settings = lastValue(fields, 'settings');
  if (settings !== undefined) return parseJsonField(settings, 'settings', 'Settings must be a JSON object');
  const allowSharing = lastValue(fields, 'allowSharing');
  if (allowSharing === undefined) return undefined;
  return { allowSharing: allowSharing === true || allowSharing === 'true' };
}

/** The form's fields validated with the shared ZCreateEntry (same messages as the submit modal). */
export function parseEntryFields(fields: FormFields): TCreateEntry {
  const raw = {
    contestId: lastValue(fields, 'contestId'),
    title: lastValue(fields, 'title'),
    description: lastValue(fields, 'description'),
    entryType: lastValue(fields, 'entryType'),
    tags: tagsOf(fields),
    settings: settingsOf(fields),
  };
  const result = ZCreateEntry.safeParse(raw);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'request'] ??= issue.message;
  throw AppError.badRequest(Object.values(errors)[0] ?? 'Please check your input and try again', {
    errors,
    errorCount: Object.keys(errors).length,
  });
}
