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
import { MESSAGES, UPLOAD_LIMITS_BYTES } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { narrowerWidths, renderWidths, storeWidths, variantKeys, type RenderedWebp, type StoredImageSet } from '../../lib/images.js';

export const COVER_FIELD = 'coverImage';
const MAX_COVER_BYTES = UPLOAD_LIMITS_BYTES.coverImage;
/** Room for the form fields (description, rules, tags as JSON) and the multipart framing. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
/** Covers are shown as banners: at most this wide, never enlarged. */
export const COVER_MAX_WIDTH = 1600;
/**
 * Narrower copies for srcset: a contest card is about 356 CSS px wide (400 at 1x, 800 up to 2x),
 * the contest page's banner up to about 1200 (the full copy).
 */
export const COVER_WIDTHS = [400, 800] as const;
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
 * at most 1600 px wide, re-encoded as WebP, plus narrower copies for srcset (COVER_WIDTHS below the
 * cover's own width; never enlarged). sharp writes no metadata unless asked, so EXIF (GPS position
 * included) is dropped.
 */
export async function renderCover(input: Buffer): Promise<{ full: RenderedWebp; narrower: RenderedWebp[] }> {
  const type = input.length > 0 ? await fileTypeFromBuffer(input) : undefined;
  if (!type || !ACCEPTED_MIME.has(type.mime)) throw coverRequired();
  const options = { quality: COVER_QUALITY, limitInputPixels: MAX_INPUT_PIXELS };
  try {
    const [full] = await renderWidths(input, [COVER_MAX_WIDTH], options);
    const narrower = await renderWidths(input, narrowerWidths(COVER_WIDTHS, full!.width), options);
    return { full: full!, narrower };
  } catch {
    throw coverRequired();
  }
}

/** A stored cover: the address of its widest copy, its widths and size, and every key written. */
export interface StoredCover {
  url: string;
  set: StoredImageSet;
  keys: string[];
}

/** What the cover operations use of the context: the media store and the log. */
type MediaContext = Pick<AppContext, 'storage' | 'log'>;

const coverBase = (contestId: string) => `covers/${contestId}/${randomBytes(16).toString('hex')}`;

/**
 * Renders and stores an uploaded cover (`<base>.webp` and `<base>-<width>.webp`) before the
 * transaction that points the contest at it. A failure half way removes what was written.
 */
export async function storeCover(ctx: MediaContext, contestId: string, cover: Buffer | undefined): Promise<StoredCover | undefined> {
  if (!cover) return undefined;
  const { full, narrower } = await renderCover(cover);
  const base = coverBase(contestId);
  const keys: string[] = [];
  try {
    const main = await ctx.storage.put(`${base}.webp`, full.data, { contentType: 'image/webp', contentLength: full.data.length });
    keys.push(main.key);
    const variants = await storeWidths(ctx.storage, base, narrower, (key) => keys.push(key));
    return {
      url: main.url,
      set: { width: full.width, height: full.height, variants: [...variants, { url: main.url, width: full.width }] },
      keys,
    };
  } catch (err) {
    await discardCover(ctx, { keys });
    throw err;
  }
}

/** Removes a cover stored for a transaction that then failed (nothing points at it). */
export async function discardCover(ctx: MediaContext, stored: { keys: string[] } | undefined): Promise<void> {
  if (!stored) return;
  await Promise.all(
    stored.keys.map((key) => ctx.storage.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove unused cover'))),
  );
}

/**
 * Removes a cover this contest uploaded, every width of it (never a url set by seed data or
 * pointing elsewhere).
 */
export async function removeCover(
  ctx: MediaContext,
  contestId: string,
  cover: { coverImage: string | null; coverImageSet: StoredImageSet | null },
): Promise<void> {
  const main = cover.coverImage ? ctx.storage.keyOf(cover.coverImage) : undefined;
  const keys = new Set([...(main ? [main] : []), ...variantKeys(ctx.storage, cover.coverImageSet?.variants)]);
  await Promise.all(
    [...keys]
      .filter((key) => key.startsWith(`covers/${contestId}/`))
      .map((key) => ctx.storage.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove a contest cover'))),
  );
}
