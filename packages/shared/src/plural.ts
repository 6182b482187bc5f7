/**
 * Counts with their nouns: the one way a page or message writes "1 contest", "2 contests",
 * "1 entry", "3 entries", "1,250 votes".
 */
import { formatNumber } from './money.js';

/** The plural of an English noun (or of a phrase's last word): entry → entries, day → days, vote → votes. */
export function pluralWord(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The noun for `n` of it, without the number: 1 → 'vote', anything else → 'votes'. */
export function nounFor(n: number, word: string, plural: string = pluralWord(word)): string {
  return n === 1 ? word : plural;
}

/** `n` (with thousands separators) and its noun: '1 contest', '0 contests', '1,250 entries'. */
export function countOf(n: number, word: string, plural?: string): string {
  return `${formatNumber(n)} ${nounFor(n, word, plural)}`;
}
