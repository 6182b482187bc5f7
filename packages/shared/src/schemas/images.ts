/**
 * Responsive images: the copies of one picture stored at upload (WebP, never enlarged), so a page
 * can offer `srcset` and reserve the picture's box before it loads (width and height are the
 * intrinsic size of the largest copy, `src`).
 */
import { z } from 'zod';

/** One stored copy: its address and its width in pixels. */
export const ZImageVariant = z.object({ url: z.string(), width: z.number().int() });
export type TImageVariant = z.infer<typeof ZImageVariant>;

/** A picture with its stored widths, narrowest first; the last one is `src` itself. */
export const ZImageSet = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(ZImageVariant),
});
export type TImageSet = z.infer<typeof ZImageSet>;
