/**
 * Responsive images: an uploaded picture stored at a few widths so a page can offer `srcset` (a
 * 356 px card need not download a 1600 px cover), and its size kept so the page reserves its box
 * before it loads. Every copy is WebP rendered from the original (never from another copy), with
 * the EXIF orientation applied and no metadata written; a picture is never enlarged.
 */
import sharp from 'sharp';
import type { TImageSet } from '@contesthub/shared';
import type { ImageVariant, StoredImageSet } from '../db/schema/index.js';
import type { Storage } from './storage.js';

export type { ImageVariant, StoredImageSet };

export interface WebpOptions {
  quality: number;
  /** Caps what sharp decodes (decompression bombs). */
  limitInputPixels: number;
  /** Keep every frame of an animated GIF or WebP. */
  animated?: boolean;
}

export interface RenderedWebp {
  data: Buffer;
  width: number;
  height: number;
}

/** The widths worth a smaller copy of an image `fullWidth` px wide: those below it, narrowest first. */
export function narrowerWidths(widths: readonly number[], fullWidth: number): number[] {
  return [...new Set(widths)].filter((w) => w > 0 && w < fullWidth).sort((a, b) => a - b);
}

/**
 * WebP copies of `input` (a buffer or a file path) at each width, height in proportion. Throws
 * what sharp throws for an undecodable input; callers answer with their own error.
 */
export async function renderWidths(input: Buffer | string, widths: readonly number[], o: WebpOptions): Promise<RenderedWebp[]> {
  return Promise.all(
    widths.map(async (width) => {
      const { data, info } = await sharp(input, { limitInputPixels: o.limitInputPixels, failOn: 'error', animated: o.animated ?? false })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: o.quality })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.pageHeight ?? info.height };
    }),
  );
}

/**
 * Stores rendered copies as `<base>-<width>.webp`, reporting each key to `onStored` as soon as it
 * exists (so a failure half way still lets the caller remove what was written).
 */
export async function storeWidths(
  storage: Storage,
  base: string,
  copies: readonly RenderedWebp[],
  onStored: (key: string) => void,
): Promise<ImageVariant[]> {
  const variants: ImageVariant[] = [];
  for (const copy of copies) {
    const stored = await storage.put(`${base}-${copy.width}.webp`, copy.data, {
      contentType: 'image/webp',
      contentLength: copy.data.length,
    });
    onStored(stored.key);
    variants.push({ url: stored.url, width: copy.width });
  }
  return variants;
}

/** The storage keys behind stored copies (urls of other stores or sites are skipped). */
export function variantKeys(storage: Storage, variants: readonly ImageVariant[] | undefined): string[] {
  return (variants ?? []).flatMap((v) => storage.keyOf(v.url) ?? []);
}

/** The wire shape of a stored image: null without a picture or without recorded widths (older rows: src only). */
export function toImageSet(src: string | null, set: StoredImageSet | null | undefined): TImageSet | null {
  if (!src || !set || set.variants.length === 0) return null;
  return { src, width: set.width, height: set.height, variants: set.variants.map((v) => ({ url: v.url, width: v.width })) };
}
