import { pageQuery } from '@contesthub/shared';

/**
 * Query fields of the paged lists of votes and comments: `page` from 1, `limit` 1–100, 20 by default.
 * Spread into a route's querystring object beside its own filters. (The one builder is the shared
 * `pageQuery`; this is its preset for these lists.)
 */
export const pageQueryFields = pageQuery({ defaultLimit: 20 });
