/**
 * The app's routes as the browser tests visit them: the route tests (routes.spec.ts) check each one
 * renders, the accessibility test (a11y.spec.ts) runs axe on each. Placeholders (`:contestId`,
 * `:organizerId`, `:reviewContest`) are resolved against the demo data at run time.
 */
import type { Page } from '@playwright/test';
import type { TAuthResult, TContestList, TMyContests } from '@contesthub/shared';
import { DEMO, expect } from './fixtures';

/** Every public route of spec 000 §2 with the heading it must show (aliases included). */
export const PUBLIC_ROUTES: Array<[path: string, heading: RegExp]> = [
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

export const DASHBOARD_ROUTES = [
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

export const ADMIN_ROUTES = ['/dashboard/admin', '/dashboard/admin-analytics', '/dashboard/contest-management', '/dashboard/security'];

/** The demo organizer's id, for a public profile that exists. */
async function organizerId(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: DEMO.organizer });
  return ((await res.json()) as { data: TAuthResult }).data.user._id;
}

/** A contest from the demo data, for a contest page that exists. */
async function seededContestId(page: Page): Promise<string> {
  const res = await page.request.get('/api/contests?limit=1');
  return ((await res.json()) as { data: TContestList }).data.contests[0]!._id;
}

/** Entry Review of a demo contest the organizer runs with entry review on. */
export async function reviewPath(page: Page): Promise<string> {
  await page.goto('/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/contests/my-contests?limit=50', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const { data } = (await res.json()) as { data: TMyContests };
  const contest = data.contests.find((c) => c.entryReview === 'review');
  expect(contest, 'the demo organizer runs a contest with entry review').toBeTruthy();
  return `/dashboard/contests/${contest!._id}/review`;
}

/** `path` with its `:organizerId` or `:contestId` placeholder replaced by a demo record's id. */
export async function publicPath(page: Page, path: string): Promise<string> {
  if (path.includes(':organizerId')) return path.replace(':organizerId', await organizerId(page));
  if (path.includes(':contestId')) return path.replace(':contestId', await seededContestId(page));
  return path;
}
