/**
 * Pagination every list answer carries (`pagination`), and the page query of the simple lists.
 * Answers with more page fields (the entry review screen's current/pages) extend ZPagination.
 */
import { z } from 'zod';

export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TPagination = z.infer<typeof ZPagination>;

export const ZPageQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a positive integer' })
    .int('Page must be a positive integer')
    .min(1, 'Page must be a positive integer')
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be between 1 and 100' })
    .int()
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(10),
});
