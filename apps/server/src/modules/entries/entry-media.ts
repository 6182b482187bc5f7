/**
 * Entry files: size limits by tier, content recognition (never the file name or the client's
 * content type), image re-encoding and storage.
 *
 * Files arrive spooled to a private temp file (entry-intake.ts), so nothing unchecked ever reaches
 * the public media store and a large video is never held in memory:
 * - images (at most 20 MB) are decoded by sharp straight from the temp file, EXIF orientation
 *   applied, re-encoded to WebP (display ≤ 1600 px and a 400 px thumbnail), all metadata dropped;
 * - video, audio and documents are streamed from the temp file to storage with their exact length
 *   (the S3 driver then streams them as an unsigned payload instead of buffering).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { UPLOAD_LIMITS_BYTES, type EntryType } from '@contesthub/shared';
import type { EntryMedia } from './entries.repository.js';
import { AppError } from '../../lib/errors.js';
import { narrowerWidths, renderWidths, storeWidths, type RenderedWebp, variantKeys } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';

export type UploadTier = 'free' | 'premium';

const MB = 1024 * 1024;

/**
 * Per-file limits. Photo and video are the spec's (000 §1, §9). Audio and article are ours:
 * audio 20 MB free / 50 MB premium (about 20 and 50 minutes of 128 kbit/s MP3, more than a song
 * or a spoken piece needs); article 10 MB / 20 MB (a long illustrated PDF or DOCX).
 */
export const ENTRY_UPLOAD_LIMITS: Record<UploadTier, Record<EntryType, number>> = {
  free: { photo: UPLOAD_LIMITS_BYTES.free.photo, video: UPLOAD_LIMITS_BYTES.free.video, audio: 20 * MB, article: 10 * MB },
  premium: { photo: UPLOAD_LIMITS_BYTES.premium.photo, video: UPLOAD_LIMITS_BYTES.premium.video, audio: 50 * MB, article: 20 * MB },
};

/** The largest single file a tier may send at all (the multipart limit before the contest is known). */
export const maxUploadBytes = (tier: UploadTier) => Math.max(...Object.values(ENTRY_UPLOAD_LIMITS[tier]));

export const MAX_FILES_PER_ENTRY = 5;

const mbText = (bytes: number) => `${Math.round(bytes / MB)}MB`;

export function fileTooLarge(entryType: EntryType, tier: UploadTier): AppError {
  const limit = ENTRY_UPLOAD_LIMITS[tier][entryType];
  const premium = ENTRY_UPLOAD_LIMITS.premium[entryType];
  const message =
    tier === 'free'
      ? `File too large: ${entryType} files can be at most ${mbText(limit)} on the free plan (${mbText(premium)} with Premium)`
      : `File too large: ${entryType} files can be at most ${mbText(limit)}`;
  return new AppError(413, message, 'FILE_TOO_LARGE', { maxBytes: limit });
}

/** Before the contest (and so the entry type) is known, only the tier's overall maximum applies. */
export function fileTooLargeForTier(tier: UploadTier): AppError {
  const limit = maxUploadBytes(tier);
  return new AppError(413, `File too large: files can be at most ${mbText(limit)} on your plan`, 'FILE_TOO_LARGE', { maxBytes: limit });
}

const ACCEPTED_TEXT: Record<EntryType, string> = {
  photo: 'JPG, PNG, GIF or WEBP images',
  video: 'MP4, AVI, MOV or WEBM videos',
  audio: 'MP3, WAV, OGG, M4A, AAC or WEBM audio',
  article: 'PDF, DOC, DOCX or TXT documents',
};

export function wrongFileType(entryType: EntryType, filename: string): AppError {
  const name = filename ? `"${filename.slice(0, 100)}" ` : 'This file ';
  return new AppError(400, `${name}is not an accepted ${entryType} file. Please upload ${ACCEPTED_TEXT[entryType]}.`, 'INVALID_FILE_TYPE', {
    accepted: ACCEPTED_TEXT[entryType],
  });
}

export interface Recognised {
  /** The MIME type stored and served. */
  mime: string;
  /** The stored file's extension (the static server derives Content-Type from it). */
  ext: string;
  kind: EntryMedia['kind'];
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What file-type reports → what we store, per entry type. Anything else is refused. */
const ACCEPTED: Record<EntryType, Record<string, { mime: string; ext: string }>> = {
  photo: {
    'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
    'image/png': { mime: 'image/png', ext: 'png' },
    'image/gif': { mime: 'image/gif', ext: 'gif' },
    'image/webp': { mime: 'image/webp', ext: 'webp' },
  },
  video: {
    'video/mp4': { mime: 'video/mp4', ext: 'mp4' },
    'video/x-m4v': { mime: 'video/mp4', ext: 'mp4' },
    'video/vnd.avi': { mime: 'video/x-msvideo', ext: 'avi' },
    'video/x-msvideo': { mime: 'video/x-msvideo', ext: 'avi' },
    'video/quicktime': { mime: 'video/quicktime', ext: 'mov' },
    'video/webm': { mime: 'video/webm', ext: 'webm' },
  },
  audio: {
    'audio/mpeg': { mime: 'audio/mpeg', ext: 'mp3' },
    'audio/wav': { mime: 'audio/wav', ext: 'wav' },
    'audio/ogg': { mime: 'audio/ogg', ext: 'ogg' },
    'audio/ogg; codecs=opus': { mime: 'audio/ogg', ext: 'ogg' },
    'audio/x-m4a': { mime: 'audio/mp4', ext: 'm4a' },
    'audio/mp4': { mime: 'audio/mp4', ext: 'm4a' },
    'audio/aac': { mime: 'audio/aac', ext: 'aac' },
    // WebM is one container for both: accepted as audio only when it has no video track (below).
    'video/webm': { mime: 'audio/webm', ext: 'webm' },
  },
  article: {
    'application/pdf': { mime: 'application/pdf', ext: 'pdf' },
    // Word 97–2003 is a Compound File; accepted only when it holds a WordDocument stream (below).
    'application/x-cfb': { mime: 'application/msword', ext: 'doc' },
    [DOCX]: { mime: DOCX, ext: 'docx' },
  },
};

const KIND: Record<EntryType, EntryMedia['kind']> = { photo: 'image', video: 'video', audio: 'audio', article: 'document' };

/** Reads up to `length` bytes from the start of a file. */
async function head(path: string, length: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Whether the whole file is UTF-8 text (valid encoding, no NUL byte), read as a stream. */
async function isUtf8Text(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Whether a byte pattern occurs anywhere in the file (streamed, with overlap across chunks). */
async function fileContains(path: string, pattern: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(pattern)) return true;
    tail = window.subarray(Math.max(0, window.length - pattern.length + 1));
  }
  return false;
}

/** A Compound File is a Word document when its directory names a "WordDocument" stream (UTF-16LE). */
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');

// ---- WebM: which kinds of track the file declares (EBML: Segment → Tracks → TrackEntry → TrackType)

const EBML_SEGMENT = 0x18538067;
const EBML_TRACKS = 0x1654ae6b;
const EBML_TRACK_ENTRY = 0xae;
const EBML_TRACK_TYPE = 0x83;
const EBML_CLUSTER = 0x1f43b675;
const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;

function readVint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | undefined {
  const first = buf[pos];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  let mask = 0x80;
  while (!(first & mask)) {
    mask >>= 1;
    length++;
  }
  if (pos + length > buf.length) return undefined;
  let value = keepMarker ? first : first & (mask - 1);
  let unknown = !keepMarker && (first & (mask - 1)) === mask - 1;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) unknown = false;
  }
  return { value, length, unknown };
}

/** Track types (1 video, 2 audio…) declared before the first Cluster of a WebM file's head. */
export function webmTrackTypes(buf: Buffer): Set<number> {
  const types = new Set<number>();
  let stop = false;
  const walk = (start: number, end: number): void => {
    let pos = start;
    while (pos < end && !stop) {
      const id = readVint(buf, pos, true);
      if (!id) return;
      pos += id.length;
      const size = readVint(buf, pos, false);
      if (!size) return;
      pos += size.length;
      const dataEnd = size.unknown ? end : Math.min(end, pos + size.value);
      if (id.value === EBML_CLUSTER) {
        stop = true;
        return;
      }
      if (id.value === EBML_SEGMENT || id.value === EBML_TRACKS || id.value === EBML_TRACK_ENTRY) walk(pos, dataEnd);
      else if (id.value === EBML_TRACK_TYPE && !size.unknown && size.value >= 1 && size.value <= 8) {
        types.add(buf.readUIntBE(pos, Math.min(size.value, 6)));
      }
      // An element of unknown size runs to the end of its parent: nothing follows it at this level.
      if (size.unknown) return;
      pos = dataEnd;
    }
  };
  walk(0, buf.length);
  return types;
}

/** How much of a WebM file's head is read for its track list (it precedes the first cluster). */
const WEBM_HEAD_BYTES = 1024 * 1024;

/**
 * What the file is, judged by its bytes, if it is acceptable for the entry type; otherwise throws
 * INVALID_FILE_TYPE. Plain text has no signature: a .txt file is accepted for articles when its
 * declared name ends with .txt and the whole file is UTF-8 text.
 */
export async function recognise(path: string, size: number, filename: string, entryType: EntryType): Promise<Recognised> {
  if (size === 0) throw new AppError(400, `"${filename.slice(0, 100)}" is empty`, 'INVALID_FILE_TYPE');
  const detected = await fileTypeFromFile(path);
  const kind = KIND[entryType];
  if (!detected) {
    if (entryType === 'article' && /\.txt$/i.test(filename) && (await isUtf8Text(path))) return { mime: 'text/plain', ext: 'txt', kind };
    throw wrongFileType(entryType, filename);
  }
  const accepted = ACCEPTED[entryType][detected.mime];
  if (!accepted) throw wrongFileType(entryType, filename);
  if (entryType === 'audio' && detected.mime === 'video/webm') {
    const tracks = webmTrackTypes(await head(path, Math.min(size, WEBM_HEAD_BYTES)));
    if (!tracks.has(TRACK_TYPE_AUDIO) || tracks.has(TRACK_TYPE_VIDEO)) throw wrongFileType(entryType, filename);
  }
  if (detected.mime === 'application/x-cfb' && !(await fileContains(path, WORD_DOCUMENT_STREAM))) throw wrongFileType(entryType, filename);
  return { ...accepted, kind };
}

// ---- images

export const DISPLAY_MAX_PX = 1600;
export const THUMBNAIL_MAX_PX = 400;
/**
 * The middle width for srcset: an entry card is about 356 CSS px wide, so a 2x phone wants about
 * 712 px, which the 400 px thumbnail is too small for and the 1600 px display far too big.
 */
export const MIDDLE_WIDTHS = [800] as const;
/** A 20 MB file may still claim a huge canvas (a decompression bomb); 100 megapixels covers any camera. */
const MAX_INPUT_PIXELS = 100_000_000;

interface RenderedImage {
  display: Buffer;
  thumbnail: RenderedWebp;
  middle: RenderedWebp[];
  width: number;
  height: number;
}

/**
 * Display WebP (longest side ≤ 1600 px, animation kept for GIF/WebP), a 400 px WebP thumbnail
 * (first frame) and, when the display is wider, an 800 px wide copy (animation kept). `.rotate()`
 * applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF (GPS position,
 * camera serial), XMP and ICC profiles are all dropped.
 */
async function renderImage(path: string, mime: string, filename: string): Promise<RenderedImage> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const fit = (px: number) => ({ width: px, height: px, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const display = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated })
      .rotate()
      .resize(fit(DISPLAY_MAX_PX))
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(fit(THUMBNAIL_MAX_PX))
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    const middleWidths = narrowerWidths(MIDDLE_WIDTHS, display.info.width).filter((w) => w > thumbnail.info.width);
    const middle = await renderWidths(path, middleWidths, { quality: 82, limitInputPixels: MAX_INPUT_PIXELS, animated });
    return {
      display: display.data,
      thumbnail: { data: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
      middle,
      width: display.info.width,
      height: display.info.pageHeight ?? display.info.height,
    };
  } catch {
    // Right signature but undecodable (truncated, corrupt, too many pixels): not an image we take.
    throw new AppError(400, `"${filename.slice(0, 100)}" could not be read as an image`, 'INVALID_FILE_TYPE');
  }
}

export interface SpooledFile {
  /** Private temp file holding the upload. */
  path: string;
  size: number;
  /** The name the client gave (display only; never trusted for the type, except the .txt rule). */
  filename: string;
}

export interface StoreResult {
  media: EntryMedia;
  /** Every storage key written for this file (to delete on failure or with the entry). */
  keys: string[];
}

/**
 * Writes one recognised file to storage under `entries/<contestId>/<entryId>/`. Each stored key is
 * reported to `onStored` as soon as it exists, so a failure half way still lets the caller clean up.
 */
export async function storeEntryFile(
  storage: Storage,
  file: SpooledFile,
  kind: Recognised,
  prefix: string,
  onStored: (key: string) => void,
): Promise<EntryMedia> {
  const base = `${prefix}/${randomBytes(16).toString('hex')}`;
  const originalName = file.filename.slice(0, 200);
  if (kind.kind === 'image') {
    const image = await renderImage(file.path, kind.mime, file.filename);
    const display = await storage.put(`${base}.webp`, image.display, { contentType: 'image/webp', contentLength: image.display.length });
    onStored(display.key);
    const thumb = await storage.put(`${base}-thumb.webp`, image.thumbnail.data, {
      contentType: 'image/webp',
      contentLength: image.thumbnail.data.length,
    });
    onStored(thumb.key);
    const middle = await storeWidths(storage, base, image.middle, onStored);
    const variants = [
      ...(image.thumbnail.width < image.width ? [{ url: thumb.url, width: image.thumbnail.width }] : []),
      ...middle,
      { url: display.url, width: image.width },
    ];
    return {
      key: display.key,
      url: display.url,
      thumbnailUrl: thumb.url,
      kind: 'image',
      mimeType: 'image/webp',
      size: image.display.length,
      width: image.width,
      height: image.height,
      variants,
      originalName,
    };
  }
  const key = `${base}.${kind.ext}`;
  onStored(key);
  const stored = await storage.put(key, createReadStream(file.path), { contentType: kind.mime, contentLength: file.size });
  return { key: stored.key, url: stored.url, kind: kind.kind, mimeType: kind.mime, size: file.size, originalName };
}

/** Storage keys behind an entry's media (display files, thumbnails and the other widths), each once. */
export function mediaKeys(storage: Storage, media: EntryMedia[]): string[] {
  const keys = new Set<string>();
  for (const m of media) {
    keys.add(m.key);
    const thumbKey = m.thumbnailUrl ? storage.keyOf(m.thumbnailUrl) : undefined;
    if (thumbKey) keys.add(thumbKey);
    for (const key of variantKeys(storage, m.variants)) keys.add(key);
  }
  return [...keys];
}

/** Removes stored files, logging (not throwing) what could not be removed. */
export async function deleteStored(storage: Storage, keys: string[], log: { warn: (obj: object, msg: string) => void }): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove entry file'))));
}
