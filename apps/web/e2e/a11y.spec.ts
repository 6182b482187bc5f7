/**
 * axe-core on every route for every role (issue 13, "Accessible"): the public routes logged out,
 * the dashboard as a participant and as an organizer (Entry Review included), the admin pages as an
 * admin, at both widths (the desktop and mobile projects). Each test visits a batch of routes and
 * fails listing every violation it found on any of them.
 */
import type { Page } from '@playwright/test';
import { axeViolations, expectNone, settled } from './axe';
import { expect, loginAs, test } from './fixtures';
import { ADMIN_ROUTES, DASHBOARD_ROUTES, PUBLIC_ROUTES, publicPath, reviewPath } from './routes-list';

/** Visits each path in turn, waits for its content and runs axe; fails listing every violation found. */
async function expectNoViolations(page: Page, paths: string[], role: string): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // A guard that sent the visitor elsewhere would have axe judge the wrong page.
    await expect(page, `${path} as ${role} stays put`).toHaveURL(new RegExp(`${path}$`));
    await settled(page);
    found.push(...(await axeViolations(page, `${path} (${role})`)));
  }
  expectNone(found);
}

/** `items` in groups of `size`: each group is one test, so two workers share the routes. */
function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function resolved(page: Page, paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) out.push(p.includes(':reviewContest') ? await reviewPath(page) : await publicPath(page, p));
  return out;
}

const SIZE = 7;
const publicPaths = PUBLIC_ROUTES.map(([path]) => path);
const memberRoutes = DASHBOARD_ROUTES.filter((r) => !r.includes(':reviewContest'));

test.describe('axe finds no WCAG 2.2 A/AA violation', () => {
  batches(publicPaths, SIZE).forEach((group, i) => {
    test(`public routes, logged out (${i + 1})`, async ({ page }) => {
      await expectNoViolations(page, await resolved(page, group), 'logged out');
    });
  });

  // The header, the contest page's actions and the pricing buttons change once signed in.
  test('public pages signed in as a participant', async ({ page }) => {
    await loginAs(page, 'participant');
    await expectNoViolations(page, await resolved(page, ['/', '/contest/:contestId', '/pricing']), 'participant');
  });

  batches(memberRoutes, SIZE).forEach((group, i) => {
    test(`dashboard routes as a participant (${i + 1})`, async ({ page }) => {
      await loginAs(page, 'participant');
      await expectNoViolations(page, group, 'participant');
    });
  });

  batches(DASHBOARD_ROUTES, SIZE).forEach((group, i) => {
    test(`dashboard routes as an organizer (${i + 1})`, async ({ page }) => {
      await loginAs(page, 'organizer');
      await expectNoViolations(page, await resolved(page, group), 'organizer');
    });
  });

  test('admin routes as an admin', async ({ page }) => {
    await loginAs(page, 'admin');
    await expectNoViolations(page, ['/dashboard', ...ADMIN_ROUTES], 'admin');
  });

  // The staff pages hide most of themselves behind tabs: each tab is judged as its role sees it.
  for (const role of ['admin', 'moderator'] as const) {
    test(`every tab of the staff pages as ${role === 'admin' ? 'an admin' : 'a moderator'}`, async ({ page }) => {
      test.setTimeout(120_000);
      await loginAs(page, role);
      const found: string[] = [];
      for (const path of ADMIN_ROUTES) {
        await page.goto(path);
        if (!new URL(page.url()).pathname.endsWith(path)) continue; // not this role's page
        await settled(page);
        const tabs = page.getByRole('tab');
        for (let i = 0; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          await settled(page);
          found.push(...(await axeViolations(page, `${path} tab "${await tabs.nth(i).innerText()}" (${role})`)));
        }
      }
      expectNone(found);
    });
  }
});
