/**
 * Paging, in one place: the query of every paged list (`pageQuery`), and the `pagination` every
 * list answer carries (ZPagination, built by `pageOf`). Answers with more page fields (the entry
 * review screen's current/pages) extend ZPagination.
 *
 * An empty list has one (empty) page: `totalPages` is at least 1, so `page <= totalPages` holds for
 * the first page of anything.
 */
import { z } from 'zod';

export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TPagination = z.infer<typeof ZPagination>;

export interface PageRequest {
  page: number;
  limit: number;
}

/** The `pagination` of an answer: the page asked for, its size, the total, and ≥ 1 pages. */
export function pageOf(q: PageRequest, total: number): TPagination {
  return { page: q.page, limit: q.limit, total, totalPages: Math.max(1, Math.ceil(total / q.limit)) };
}

/** The rows to skip for a page. */
export const pageOffset = (q: PageRequest): number => (q.page - 1) * q.limit;

export const PAGE_MESSAGE = 'Page must be a positive integer';
export const limitMessage = (max: number) => `Limit must be between 1 and ${max}`;

/**
 * `page` (from 1) and `limit` (1 to `maxLimit`, `defaultLimit` when absent) of a paged list's query
 * string, to spread into its querystring object beside its own filters. Every refusal reads the same.
 */
export function pageQuery({ defaultLimit, maxLimit = 100 }: { defaultLimit: number; maxLimit?: number }) {
  const limitText = limitMessage(maxLimit);
  return {
    page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).default(1),
    limit: z.coerce.number({ error: limitText }).int(limitText).min(1, limitText).max(maxLimit, limitText).default(defaultLimit),
  };
}

/** The plain paged list: page and limit (10 by default, at most 100). */
export const ZPageQuery = z.object(pageQuery({ defaultLimit: 10 }));
