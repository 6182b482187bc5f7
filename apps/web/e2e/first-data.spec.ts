/**
 * The route's first API data at first paint (issue 13 item 1): the page the server sends lists the
 * reads the page starts with and fetches them before the app's code has arrived; the app then uses
 * those answers instead of asking again — with the visitor's login when there is one.
 */
import type { Page } from '@playwright/test';
import type { TContestList } from '@contesthub/shared';
import { expect, loginAs, test } from './fixtures';

async function votingContestId(page: Page): Promise<string> {
  const res = await page.request.get('/api/contests?status=voting&limit=1');
  return ((await res.json()) as { data: TContestList }).data.contests[0]!._id;
}

/** Opens `path`, and answers the first reads the page listed and every API read it made (path → how often, signed or not). */
async function openAndCount(page: Page, path: string) {
  const reads = new Map<string, { count: number; signed: boolean }>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/') || req.method() !== 'GET') return;
    const params = new URLSearchParams(url.search);
    params.sort();
    const key = `${url.pathname}${params.size ? `?${params}` : ''}`;
    const seen = reads.get(key) ?? { count: 0, signed: false };
    reads.set(key, { count: seen.count + 1, signed: Boolean(req.headers().authorization) });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const listed = JSON.parse((await page.locator('#first-data').textContent()) ?? '[]') as string[];
  return { listed, reads };
}

for (const signedIn of [false, true]) {
  test.describe(signedIn ? 'signed in' : 'logged out', () => {
    for (const page of ['/', '/contests', 'a contest page']) {
      test(`${page} asks for its first data once, from the page itself, and shows it`, async ({ page: tab, consoleErrors }) => {
        if (signedIn) await loginAs(tab, 'participant');
        const path = page === 'a contest page' ? `/contest/${await votingContestId(tab)}` : page;
        const { listed, reads } = await openAndCount(tab, path);
        expect(listed.length).toBeGreaterThan(0);
        for (const read of listed) {
          expect(reads.get(read), `${read} was read`).toBeDefined();
          expect(reads.get(read)!.count, `${read} was read once`).toBe(1);
          expect(reads.get(read)!.signed, `${read} carried the login`).toBe(signedIn);
        }
        if (page === '/contests') await expect(tab.getByRole('article').first()).toBeVisible();
        if (page === 'a contest page') await expect(tab.getByRole('heading', { level: 1 })).not.toHaveText('');
        if (page === '/') await expect(tab.getByRole('heading', { name: 'Featured Contests' })).toBeVisible();
        expect(consoleErrors).toEqual([]);
      });
    }
  });
}

test('a filtered list asks for its own data (the page lists none)', async ({ page }) => {
  await page.goto('/contests?status=voting');
  await expect(page.locator('#first-data')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Browse Contests' })).toBeVisible();
});
