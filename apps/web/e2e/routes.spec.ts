import type { Page } from '@playwright/test';
import { backgroundRgb, expect, hasHorizontalOverflow, loginAs, snap, test } from './fixtures';
import { ADMIN_ROUTES, DASHBOARD_ROUTES, PUBLIC_ROUTES, publicPath, reviewPath } from './routes-list';

async function expectRendered(page: Page, heading: RegExp) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  const [r, g, b] = await backgroundRgb(page);
  expect(r + g + b, 'dark theme background').toBeLessThan(90);
  expect(await hasHorizontalOverflow(page), 'no horizontal scrolling').toBe(false);
}

test.describe('public routes', () => {
  for (const [path, heading] of PUBLIC_ROUTES) {
    test(`renders ${path}`, async ({ page, consoleErrors }, info) => {
      const res = await page.goto(await publicPath(page, path));
      expect(res?.status()).toBe(200);
      await expectRendered(page, heading);
      await page.waitForLoadState('networkidle');
      await snap(page, info, `public${path === '/' ? '-home' : path}`);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('an unknown contest shows Contest Not Found with a link to the contests', async ({ page }, info) => {
  await page.goto('/contest/3f0c8c1e-0000-4000-8000-000000000000');
  await expect(page.getByText('Contest Not Found')).toBeVisible();
  await expect(page.getByRole('link', { name: /contests/i }).first()).toBeVisible();
  await snap(page, info, 'public-contest-not-found');
});

test('an unknown profile shows Profile not found with a way home', async ({ page }, info) => {
  await page.goto('/profile/3f0c8c1e-0000-4000-8000-000000000000');
  await expect(page.getByText('Profile not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await snap(page, info, 'public-profile-not-found');
});

test.describe('dashboard routes', () => {
  test('logged out, the dashboard sends you to login and back after logging in', async ({ page, consoleErrors }, info) => {
    await page.goto('/dashboard/wallet');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill('participant@contesthub.local');
    await page.getByLabel('Password').fill('Participant123!');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wallet$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await snap(page, info, 'dashboard-after-login');
    expect(consoleErrors).toEqual([]);
  });

  test('/create sends a logged-out visitor to login', async ({ page }) => {
    await page.goto('/create');
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const route of DASHBOARD_ROUTES) {
    test(`renders ${route} for a signed-in user`, async ({ page, consoleErrors }, info) => {
      await loginAs(page, 'organizer');
      const path = route.includes(':reviewContest') ? await reviewPath(page) : route;
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectRendered(page, /.+/);
      await page.waitForLoadState('networkidle');
      await snap(page, info, route);
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const path of ADMIN_ROUTES) {
    test(`${path} is for admins only`, async ({ page, consoleErrors }, info) => {
      await loginAs(page, 'participant');
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.context().clearCookies();
      const adminPage = await page.context().newPage();
      await loginAs(adminPage, 'admin');
      await adminPage.goto(path);
      await expect(adminPage).toHaveURL(new RegExp(`${path}$`));
      await expectRendered(adminPage, /.+/);
      await snap(adminPage, info, path);
      expect(consoleErrors).toEqual([]);
    });
  }
});
