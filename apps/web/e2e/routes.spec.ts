import type { Page } from '@playwright/test';
import type { TAuthResult, TContestList, TMyContests } from '@contesthub/shared';
import { backgroundRgb, expect, hasHorizontalOverflow, loginAs, snap, test } from './fixtures';

/** Every public route of spec 000 §2 with the heading it must show (aliases included). */
const PUBLIC_ROUTES: Array<[path: string, heading: RegExp]> = [
  ['/', /Show your talent/],
  ['/contests', /Browse Contests/],
  ['/entries', /All Entries/],
  ['/how-it-works', /.+/],
  ['/contact', /Contact Support/],
  ['/contest/:contestId', /.+/],
  ['/profile/:organizerId', /Public Profile/],
  ['/pricing', /Choose Your Plan/],
  ['/privacy', /Privacy Policy/],
  ['/terms', /Terms of Service/],
  ['/login', /Welcome back/],
  ['/register', /Create your account/],
  ['/verify-email', /Verify your email/],
  ['/forgot-password', /Forgot password/],
  ['/reset-password', /Reset password/],
  ['/toaster-demo', /.+/],
  ['/help', /Contact Support/],
  ['/categories', /Browse Contests/],
  ['/leaderboard', /Browse Contests/],
  ['/contests/cash-prize', /Browse Contests/],
  ['/contests/items-prize', /Browse Contests/],
  ['/contests/hybrid-prize', /Browse Contests/],
  ['/contests/open-contest', /Browse Contests/],
  ['/browse-contests', /Browse Contests/],
  ['/community-guidelines', /Terms of Service/],
  ['/this/path/does-not-exist', /Show your talent/],
];

const DASHBOARD_ROUTES = [
  '/dashboard',
  '/dashboard/contests',
  // The organizer's own contest with entry review (resolved at run time, see reviewPath).
  '/dashboard/contests/:reviewContest/review',
  '/dashboard/entries',
  '/dashboard/create',
  '/dashboard/analytics',
  '/dashboard/wallet',
  '/dashboard/vote-credits',
  '/dashboard/payment-verification',
  '/dashboard/community',
  '/dashboard/leaderboard',
  '/dashboard/rewards',
  '/dashboard/help',
  '/dashboard/profile',
  '/dashboard/settings',
  '/dashboard/notifications',
  '/dashboard/referrals',
  '/dashboard/messages',
  '/dashboard/vote-credit-transfer',
  '/dashboard/subscription',
  '/dashboard/subscription-verification',
];

const ADMIN_ROUTES = ['/dashboard/admin', '/dashboard/admin-analytics', '/dashboard/contest-management', '/dashboard/security'];

/** The demo organizer's id, for a public profile that exists. */
async function organizerId(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { email: 'organizer@contesthub.local', password: 'Organizer123!' } });
  return ((await res.json()) as { data: TAuthResult }).data.user._id;
}

/** A contest from the demo data, for a contest page that exists. */
async function seededContestId(page: Page): Promise<string> {
  const res = await page.request.get('/api/contests?limit=1');
  return ((await res.json()) as { data: TContestList }).data.contests[0]!._id;
}

async function expectRendered(page: Page, heading: RegExp) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  const [r, g, b] = await backgroundRgb(page);
  expect(r + g + b, 'dark theme background').toBeLessThan(90);
  expect(await hasHorizontalOverflow(page), 'no horizontal scrolling').toBe(false);
}

test.describe('public routes', () => {
  for (const [path, heading] of PUBLIC_ROUTES) {
    test(`renders ${path}`, async ({ page, consoleErrors }, info) => {
      const target = path.includes(':organizerId')
        ? path.replace(':organizerId', await organizerId(page))
        : path.includes(':contestId')
          ? path.replace(':contestId', await seededContestId(page))
          : path;
      const res = await page.goto(target);
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

/** Entry Review of a demo contest the organizer runs with entry review on. */
async function reviewPath(page: Page): Promise<string> {
  await page.goto('/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/contests/my-contests?limit=50', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const { data } = (await res.json()) as { data: TMyContests };
  const contest = data.contests.find((c) => c.entryReview === 'review');
  expect(contest, 'the demo organizer runs a contest with entry review').toBeTruthy();
  return `/dashboard/contests/${contest!._id}/review`;
}

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
