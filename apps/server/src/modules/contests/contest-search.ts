/**
 * Contest search: full-text on the contest's weighted search vector (title A; category and tags B;
 * description C; 'simple' configuration, so Nigerian names and Pidgin stay unstemmed), made
 * typo-tolerant by expanding each query word the contests never use to the known words that
 * resemble it ('photgraphy' → 'photography').
 *
 * The vocabulary is the `search_words` table (migration 0006), filled by a trigger from every
 * contest's search vector and indexed with pg_trgm, so a misspelling costs one small index look-up
 * instead of a similarity test against every title. The last word also matches as a prefix, for
 * search-as-you-type ('photo' finds 'photography'). The queries are in contest-browse.repository.ts.
 */
import type { DbOrTx } from '../../db/client.js';
import { similarSearchWords } from './contest-browse.repository.js';

const MAX_WORDS = 8;
const ALTERNATIVES_PER_WORD = 3;
/** Shorter words have too few trigrams for similarity to mean anything. */
const MIN_FUZZY_LENGTH = 3;
/** Letters and digits only: such a word needs no quoting inside a tsquery. */
const LEXEME = /^[\p{L}\p{N}]+$/u;

/** The words of a search box query, lower-cased, without punctuation, at most eight. */
export function queryWords(query: string): string[] {
  const words = query
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * The tsquery text for a search: every word (or one of its look-alikes) must match, the last word
 * also as a prefix. Null when the query has no word at all (e.g. only punctuation).
 */
export async function searchTsQuery(db: DbOrTx, query: string): Promise<string | null> {
  const words = queryWords(query);
  if (words.length === 0) return null;
  const fuzzy = words.filter((w) => w.length >= MIN_FUZZY_LENGTH);
  const similar = await similarSearchWords(db, fuzzy, ALTERNATIVES_PER_WORD);
  return words
    .map((word, i) => {
      const exact = i === words.length - 1 ? `${word}:*` : word;
      const lookAlikes = similar.filter((r) => r.term === word && LEXEME.test(r.word)).map((r) => r.word);
      return `(${[exact, ...lookAlikes].join(' | ')})`;
    })
    .join(' & ');
}
