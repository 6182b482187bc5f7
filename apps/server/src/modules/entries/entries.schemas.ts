/**
 * The entries API's wire shapes are the shared contract (packages/shared/src/schemas/entries.ts and
 * contest-dto.ts); the routes import them from there. The types the entries services name are
 * re-exported here under the names they use.
 */
export type { TEntry, TMyEntriesList, TUpdateEntry, TEntryBrowseQuery as TEntryListQuery } from '@contesthub/shared';
