/**
 * Multipart contest forms (spec 001 §7: "multipart when a cover image is present, object fields as
 * JSON strings") and the cover image itself.
 *
 * A multipart body is turned into the same object a JSON body would be, in a preValidation hook,
 * so one zod schema validates both and answers with the same field errors. The cover file is kept
 * in memory (at most 5 MB) beside the request until the service takes it.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MESSAGES, UPLOAD_LIMITS_BYTES } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';

export const COVER_FIELD = 'coverImage';
const MAX_COVER_BYTES = UPLOAD_LIMITS_BYTES.coverImage;
/** Room for the form fields (description, rules, tags as JSON) and the multipart framing. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
/** Covers are shown as banners: at most this wide, never enlarged. */
export const COVER_MAX_WIDTH = 1600;
const COVER_QUALITY = 82;
/** A 5 MB file may still claim an enormous canvas (decompression bomb): cap what sharp decodes. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Fields whose value is text: kept as sent. Every other field is JSON (numbers, booleans, lists, objects). */
const TEXT_FIELDS = new Set([
  'title',
  'description',
  'category',
  'customCategory',
  'badgeTitle',
  'prizeType',
  'entryFee',
  'entryType',
  'entryReview',
  'votingType',
  'entryStartDate',
  'entryEndDate',
  'votingStartDate',
  'votingEndDate',
]);

export const coverRequired = () =>
  new AppError(400, MESSAGES.accounts.imageRequired, 'INVALID_FILE_TYPE', { errors: { coverImage: MESSAGES.accounts.imageRequired } });
export const coverTooLarge = () =>
  new AppError(413, MESSAGES.accounts.imageTooLarge, 'FILE_TOO_LARGE', { errors: { coverImage: MESSAGES.accounts.imageTooLarge } });

const covers = new WeakMap<FastifyRequest, Buffer>();

/** The cover image file sent with this request, if any. */
export const coverOf = (req: FastifyRequest): Buffer | undefined => covers.get(req);

function fieldValue(name: string, raw: string): unknown {
  if (TEXT_FIELDS.has(name)) return raw;
  if (raw.trim() === '') return undefined; // an empty input means "not given"
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw; // the schema answers with the field's own message
  }
}

async function readForm(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of req.parts()) {
      const name = part.fieldname.replace(/\[\]$/, '');
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (name === COVER_FIELD && !covers.has(req) && data.length > 0) covers.set(req, data);
        continue;
      }
      const value = fieldValue(name, String(part.value));
      if (value === undefined) continue;
      // A repeated field (tags=a&tags=b) is a list.
      if (name in body) body[name] = ([] as unknown[]).concat(body[name], value);
      else body[name] = value;
    }
  } catch (err) {
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw coverTooLarge();
    throw err;
  }
  return body;
}

/**
 * Registers multipart parsing in the contests plugin's scope (JSON stays the default elsewhere)
 * and turns a multipart body into a plain object before validation.
 */
export async function registerContestForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_COVER_BYTES, files: 3, fields: 40, fieldSize: 64 * 1024, parts: 50, headerPairs: 20 },
  });
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    // A declared size that cannot fit is refused before a byte of the body is read.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_COVER_BYTES + FORM_OVERHEAD_BYTES) throw coverTooLarge();
    req.body = await readForm(req);
  });
}

/**
 * The cover as stored: recognised by content (JPEG, PNG, GIF, WebP), EXIF orientation applied,
 * at most 1600 px wide, re-encoded as WebP. sharp writes no metadata unless asked, so EXIF (GPS
 * position included) is dropped.
 */
export async function renderCover(input: Buffer): Promise<Buffer> {
  const type = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  if (!type || !ACCEPTED_MIME.has(type.mime)) throw coverRequired();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: COVER_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: COVER_QUALITY })
      .toBuffer();
  } catch {
    throw coverRequired();
  }
}

export const coverKey = (contestId: string) => `covers/${contestId}/${randomBytes(16).toString('hex')}.webp`;

/** Renders and stores an uploaded cover before the transaction that points the contest at it. */
export async function storeCover(ctx: AppContext, contestId: string, cover: Buffer | undefined) {
  if (!cover) return undefined;
  const image = await renderCover(cover);
  return ctx.storage.put(coverKey(contestId), image, { contentType: 'image/webp', contentLength: image.length });
}

/** Removes a cover stored for a transaction that then failed (nothing points at it). */
export async function discardCover(ctx: AppContext, stored: { key: string } | undefined): Promise<void> {
  if (!stored) return;
  await ctx.storage.delete(stored.key).catch((err: unknown) => ctx.log.warn({ err, key: stored.key }, 'could not remove unused cover'));
}

/** Removes a cover file this contest uploaded (never a url set by seed data or pointing elsewhere). */
export async function removeCover(ctx: AppContext, contestId: string, url: string | null): Promise<void> {
  const key = url ? ctx.storage.keyOf(url) : undefined;
  if (!key || !key.startsWith(`covers/${contestId}/`)) return;
  await ctx.storage.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove a contest cover'));
}
