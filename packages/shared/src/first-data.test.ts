import { describe, expect, it } from 'vitest';
import { canonicalApiPath, firstDataFor } from './first-data.js';
import { paths } from './paths.js';

describe('first data', () => {
  it('names a read the same whatever the order of its query', () => {
    expect(canonicalApiPath('/api/contests?sortBy=newest&limit=12&page=1')).toBe('/api/contests?limit=12&page=1&sortBy=newest');
    expect(canonicalApiPath('/api/contests?page=1&limit=12&sortBy=newest')).toBe('/api/contests?limit=12&page=1&sortBy=newest');
    expect(canonicalApiPath('/api/analytics/public-stats')).toBe('/api/analytics/public-stats');
  });

  it("fills the contest's id into its page's reads", () => {
    const id = '0b6f3f2e-8a55-4c1a-9d55-2f1f0e7c9a10';
    expect(firstDataFor(paths.contest(id))).toEqual([`/api/contests/${id}`, `/api/entries/contest/${id}?limit=24&page=1&sortBy=newest`]);
    expect(firstDataFor(`${paths.contest(id)}/`)).toHaveLength(2);
  });

  it('has none for a page opened with a query, a page not in the table, or an id that is not one', () => {
    expect(firstDataFor(paths.contests(), '?status=voting')).toEqual([]);
    expect(firstDataFor(paths.contests(), '?')).toHaveLength(1);
    expect(firstDataFor(paths.pricing())).toEqual([]);
    expect(firstDataFor(paths.dashboard.wallet())).toEqual([]);
    expect(firstDataFor('/contest/%3Cscript%3E')).toEqual([]);
    expect(firstDataFor('/contest/a/b')).toEqual([]);
  });
});
