import { z } from 'zod';

/**
 * Query fields of the paged lists (votes, comments): `page` from 1, `limit` 1–100, 20 by default.
 * Spread into a route's querystring object beside its own filters.
 */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1, 'Page must be a positive integer').default(1),
  limit: z.coerce.number().int().min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100').default(20),
};
