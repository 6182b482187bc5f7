import type { Locator, Page } from '@playwright/test';
import type { TContest, TContestList } from '@contesthub/shared';
import { expect, snap, test } from './fixtures';

/**
 * The contests /contests?sortBy=votes lists first, with their covers' stored widths: the demo
 * contests (1200 × 630 covers), which have votes, ahead of any contest another test has just made.
 */
const LIST = '/contests?sortBy=votes';
async function listedContests(page: Page): Promise<TContest[]> {
  const res = await page.request.get('/api/contests?limit=4&sortBy=votes');
  return ((await res.json()) as { data: TContestList }).data.contests;
}

interface ImgFacts {
  src: string;
  currentSrc: string;
  /** Width and height attributes, or a CSS aspect-ratio: the box is reserved before the bytes arrive. */
  reserved: boolean;
  loading: string | null;
  decoding: string | null;
  fetchPriority: string | null;
}

function imgFacts(images: Locator): Promise<ImgFacts[]> {
  return images.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src') ?? '',
      currentSrc: img.currentSrc,
      reserved: (img.hasAttribute('width') && img.hasAttribute('height')) || getComputedStyle(img).aspectRatio !== 'auto',
      loading: img.getAttribute('loading'),
      decoding: img.getAttribute('decoding'),
      fetchPriority: img.getAttribute('fetchpriority'),
    })),
  );
}

test('/contests loads a card-sized copy of each cover, the first one first and the first row at once', async ({
  page,
  consoleErrors,
}, info) => {
  const phone = info.project.name === 'mobile'; // Pixel 7 at 390 px, 2.625 device pixels per px; else 1280 px at 1x
  const contests = await listedContests(page);
  const first = contests[0]!;
  const set = first.coverImageSet!;
  expect(set.variants.map((v) => v.width)).toEqual([400, 800, 1200]);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));

  await page.goto(LIST);
  const cover = page.getByRole('article', { name: first.title }).locator('img').first();
  await expect(cover).toHaveJSProperty('complete', true);
  const [facts] = await imgFacts(cover);
  const chosen = set.variants.find((v) => new URL(facts!.currentSrc).pathname === v.url);
  expect(chosen, `currentSrc ${facts!.currentSrc} is one of the stored widths`).toBeDefined();
  expect(chosen!.width).toBe(phone ? 800 : 400);
  // The full-size copy was never asked for.
  expect(requested).not.toContain(set.src);
  expect(facts).toMatchObject({ reserved: true, loading: 'eager', fetchPriority: 'high' });

  // The rest of the first row (4 columns at 1280 px, the one card on a phone) at once; below it lazy,
  // decoded off the main thread, never ahead of the first.
  const covers = await imgFacts(page.locator('main article img:not([class*="rounded-full"])'));
  const firstRow = phone ? 1 : 4;
  expect(covers.length).toBeGreaterThan(firstRow);
  expect(covers.slice(1).every((f) => f.fetchPriority === null)).toBe(true);
  expect(covers.slice(0, firstRow).every((f) => f.loading === 'eager')).toBe(true);
  expect(covers.slice(firstRow).every((f) => f.loading === 'lazy' && f.decoding === 'async')).toBe(true);
  await snap(page, info, 'images-contests');
  expect(consoleErrors).toEqual([]);
});

test('the contest page shows its cover whole, at its own aspect ratio, fetched first and without a jump', async ({
  page,
  consoleErrors,
}, info) => {
  const [contest] = await listedContests(page);
  const set = contest!.coverImageSet!;
  // Hold the cover back a moment, to measure its box before and after the bytes arrive.
  await page.route('**/media/covers/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });

  await page.goto(`/contest/${contest!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: contest!.title })).toBeVisible();
  const cover = page.getByTestId('contest-cover');
  const before = await cover.boundingBox();
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await cover.boundingBox()).toEqual(before);

  // Its own ratio (1200 × 630 for the demo covers), not a 4.4:1 strip; never taller than 28rem.
  const box = before!;
  const expectedHeight = Math.min(box.width * (set.height / set.width), 448, (info.project.use.viewport?.height ?? 800) * 0.65);
  expect(Math.abs(box.height - expectedHeight)).toBeLessThan(2);
  const [facts] = await imgFacts(cover);
  expect(facts).toMatchObject({ reserved: true, loading: 'eager', fetchPriority: 'high' });
  // A 1120 px banner on a 1280 px screen takes the full copy; a phone a narrower one.
  const chosen = set.variants.find((v) => new URL(facts!.currentSrc).pathname === v.url);
  expect(chosen?.width).toBe(info.project.name === 'mobile' ? 800 : 1200);
  await snap(page, info, 'images-contest-page');
  expect(consoleErrors).toEqual([]);
});

test('every image on /, /contests and a contest page reserves its box', async ({ page, consoleErrors }) => {
  const [contest] = await listedContests(page);
  for (const path of ['/', '/contests', `/contest/${contest!._id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const images = await imgFacts(page.locator('img'));
    expect(images.length, `${path} shows pictures`).toBeGreaterThan(0);
    expect(
      images.filter((i) => !i.reserved).map((i) => i.src),
      `${path}: images without width/height or aspect-ratio`,
    ).toEqual([]);
    // At most the page's first picture is fetched ahead of everything else (its backdrop shares the url).
    expect(new Set(images.filter((i) => i.fetchPriority === 'high').map((i) => i.src)).size, path).toBeLessThanOrEqual(1);
  }
  expect(consoleErrors).toEqual([]);
});
