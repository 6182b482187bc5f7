/**
 * The one way the app shows an uploaded picture: `srcset` and `sizes` from the widths stored at
 * upload (so a phone's card never downloads the 1600 px copy), the intrinsic width and height as
 * attributes (the browser reserves the box before the bytes arrive: no layout shift), and the
 * loading that fits where it sits on the page.
 */
import type { ImgHTMLAttributes } from 'react';
import type { TImageSet, TImageVariant } from '@contesthub/shared';

/**
 * How soon an image loads: 'priority' for the page's largest picture above the fold (fetched
 * first, never lazy), 'eager' for other pictures above the fold, 'lazy' (the default) below it.
 */
export type ImageLoading = 'priority' | 'eager' | 'lazy';

/** Columns of the card grids (grid-cols: one on a phone, sm 2, lg 3, xl 4) at the current width. */
function gridColumns(): number {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 4;
  const wider = (px: number) => window.matchMedia(`(min-width: ${px}px)`).matches;
  return wider(1280) ? 4 : wider(1024) ? 3 : wider(640) ? 2 : 1;
}

/**
 * Loading for the card at `index` of a grid at the top of its page (/contests): the first one
 * `priority`, the rest of the first row `eager` (on a phone the first row is that one card), every
 * card after it `lazy`.
 */
export function cardLoading(index: number, columns = gridColumns()): ImageLoading {
  if (index === 0) return 'priority';
  return index < columns ? 'eager' : 'lazy';
}

/**
 * A `sizes` value from its slots (media condition, displayed width as a calc expression), that
 * asks for at most about two device pixels per CSS pixel: on a denser screen (most phones are
 * 2.6–3x) each width is given as two thirds of itself, so a 358 px card on a 2.6x phone takes the
 * 800 px copy instead of the 1200 px one. On a phone the difference cannot be seen; the bytes
 * saved on slow mobile data can.
 */
export function densityCappedSizes(slots: ReadonlyArray<readonly [media: string | null, width: string]>): string {
  const dense = '(min-resolution: 2.1dppx)';
  return slots
    .flatMap(([media, width]) => [
      `${media ? `(${media}) and ` : ''}${dense} calc((${width}) * 2 / 3)`,
      `${media ? `(${media}) ` : ''}calc(${width})`,
    ])
    .join(', ');
}

/**
 * A card's displayed width: full width less the page padding on a phone, half the screen in two
 * columns, at most about 400 px from three columns on (the card grids).
 */
export const CARD_SIZES = densityCappedSizes([
  ['min-width: 1024px', '400px'],
  ['min-width: 640px', '50vw'],
  [null, '100vw - 2rem'],
]);

/** A picture across a max-w-2xl dialog (672 px less its 20 px padding each side). */
export const DIALOG_SIZES = densityCappedSizes([
  ['min-width: 704px', '632px'],
  [null, '100vw - 2.5rem'],
]);

type ImgProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'decoding' | 'fetchPriority' | 'alt'
>;

export interface ResponsiveImageProps extends ImgProps {
  src: string;
  /** The stored widths, narrowest first (absent or one entry: src alone). */
  variants?: readonly TImageVariant[] | null | undefined;
  /** The intrinsic size, when known (older uploads: the caller's box gives the shape). */
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** How wide the image is shown, for the browser's choice among the variants. */
  sizes: string;
  alt: string;
  loading?: ImageLoading;
}

/** The picture props of a stored image: its url, with its widths and size when they were recorded. */
export function imageSetProps(
  src: string,
  set: TImageSet | null | undefined,
): Pick<ResponsiveImageProps, 'src' | 'variants' | 'width' | 'height'> {
  return { src, variants: set?.variants, width: set?.width, height: set?.height };
}

export function ResponsiveImage({ src, variants, width, height, sizes, alt, loading = 'lazy', ...rest }: ResponsiveImageProps) {
  const srcSet = variants && variants.length > 1 ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;
  // loading, srcSet and sizes come before src: the browser picks its candidate when src is set.
  return (
    <img
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      decoding={loading === 'priority' ? 'auto' : 'async'}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width ?? undefined}
      height={height ?? undefined}
      alt={alt}
      src={src}
      {...rest}
    />
  );
}
