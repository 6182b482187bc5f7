/**
 * The API reads a public page starts with, asked for by the page itself before the app's code has
 * arrived. The server writes them into the page it sends for the route (with a small fixed script
 * that fetches them, signed in or not, as the app would); the web app's API client takes those
 * answers instead of asking again. On a slow network this saves the time the app's code takes to
 * download and run before its first request (issue 13: "the route's first API data requested at
 * first paint").
 *
 * The paths must be exactly what the page's queries ask for: a web test renders each page and
 * checks its first requests against this table, so the two cannot drift apart.
 */
import { PAGE_SIZES } from './constants.js';
import { paths } from './paths.js';

/** The id of the JSON list of API paths in the page, and where the script leaves their answers. */
export const FIRST_DATA = { elementId: 'first-data', global: '__firstData' } as const;

/** The browser-storage key of the access token (spec 000 §9), read by the page script and the app. */
export const TOKEN_STORAGE_KEY = 'token';

/** Route pattern → the API paths its page reads first (`:id` filled in from the route). */
const FIRST_READS: ReadonlyArray<readonly [pattern: string, reads: readonly string[]]> = [
  [paths.home.pattern, ['/api/analytics/public-stats', `/api/contests/featured?limit=${PAGE_SIZES.homeFeatured}`]],
  [paths.contests.pattern, [`/api/contests?sortBy=newest&limit=${PAGE_SIZES.browse}&page=1`]],
  [paths.contest.pattern, ['/api/contests/:id', '/api/entries/contest/:id?page=1&limit=24&sortBy=newest']],
];

/** Sorted query parameters, so '?b=1&a=2' and '?a=2&b=1' name the same read. */
export function canonicalApiPath(pathAndQuery: string): string {
  const [path = '', query = ''] = pathAndQuery.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

const compiled = FIRST_READS.map(([pattern, reads]) => {
  const names: string[] = [];
  const source = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { match: new RegExp(`^${source}/?$`), names, reads };
});

/**
 * The API paths the page at `pathname` reads first, canonical; none for a page not in the table or
 * one opened with a query (its filters decide what it asks for).
 */
export function firstDataFor(pathname: string, search = ''): string[] {
  if (search && search !== '?') return [];
  for (const { match, names, reads } of compiled) {
    const m = match.exec(pathname);
    if (!m) continue;
    const values = Object.fromEntries(names.map((n, i) => [n, m[i + 1]!]));
    // A route value is used as it came in the path (already encoded); anything odd is skipped.
    if (Object.values(values).some((v) => !/^[A-Za-z0-9_-]{1,64}$/.test(v))) return [];
    return reads.map((r) => canonicalApiPath(r.replace(/:([A-Za-z]+)/g, (_m, n: string) => values[n]!)));
  }
  return [];
}
