import type { TPublicStats } from '@contesthub/shared';
import { expect, loginAs, newPerson, snap, test } from './fixtures';

test('home search goes to the contest list with the term', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search contests' }).fill('afrobeats');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/contests\?search=afrobeats$/);
});

test('home statistics come from the server', async ({ page, request }) => {
  const stats = (await (await request.get('/api/analytics/public-stats')).json()) as { data: TPublicStats };
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Platform statistics' });
  await expect(strip.getByText('Active Contests')).toBeVisible();
  await expect(strip.getByText(`${stats.data.successRate}%`)).toBeVisible();
});

test('contact form validates, then stores a ticket and shows its CH- number', async ({ page, request }, info) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Please select a category')).toBeVisible();

  await page.getByLabel('Full name').fill('Ngozi Okafor');
  await page.getByLabel('Email address').fill('ngozi@example.com');
  await page.getByLabel('Category').selectOption('Payment Problems');
  await page.getByLabel('Priority').selectOption('high');
  await page.getByLabel('Subject').fill('Deposit not showing');
  await page.getByLabel('Message').fill('I paid 5,000 naira by card an hour ago and my wallet still shows zero.');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();

  await expect(page.getByRole('heading', { name: 'Support Ticket Created!' })).toBeVisible();
  const number = (await page.getByTestId('ticket-number').textContent())!.trim();
  expect(number).toMatch(/^CH-[A-Z0-9]{8}$/);
  await expect(page.getByRole('link', { name: 'Contact via WhatsApp' })).toHaveAttribute(
    'href',
    /wa\.me\/.*Ngozi%20Okafor.*ngozi%40example\.com/,
  );
  await snap(page, info, 'contact-ticket-created');

  await page.getByRole('button', { name: 'Submit Another Ticket' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  expect(request).toBeTruthy();
});

test('navbar shows Login and Sign Up logged out, the avatar menu logged in, and logout returns home', async ({ page }, info) => {
  await page.goto('/pricing');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const isMobile = info.project.name === 'mobile';
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const scope = isMobile ? page.locator('#mobile-menu') : nav;
  await expect(scope.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(scope.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();

  await loginAs(page, 'organizer', { fresh: true });
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Current Plan' })).toBeVisible();
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu').getByText('Basic Premium')).toBeVisible();
  } else {
    await nav.getByRole('button', { name: /Tunde Organizer/ }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Dashboard', 'My Contests', 'My Entries', 'Profile', 'Settings', 'Subscription', 'Logout']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await expect(menu.getByText('Basic Premium')).toBeVisible();
  }
  await snap(page, info, 'navbar-logged-in');
  const logout = isMobile
    ? page.locator('#mobile-menu').getByRole('button', { name: 'Logout' })
    : page.getByRole('menuitem', { name: 'Logout' });
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong password shows the catalogue message', async ({ page, request }) => {
  // A person of its own: failed logins count against the account, so no shared one takes them.
  const person = await newPerson(request, 'Wrong Password');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Password').fill('NotThePassword1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The password you entered is incorrect. Please try again.' }).first(),
  ).toBeVisible();
});

test('toaster demo shows each toast type and holds at most 20', async ({ page }, info) => {
  await page.goto('/toaster-demo');
  for (const type of ['Success', 'Error', 'Warning', 'Info']) {
    await page.getByRole('button', { name: type, exact: true }).click();
  }
  await expect(page.locator('[data-toast-type]')).toHaveCount(4);
  await snap(page, info, 'toaster-demo-toasts');
  await page.getByRole('button', { name: /Burst/ }).click();
  await expect(page.locator('[data-toast-type]')).toHaveCount(20);
});

test('going offline and online shows the connectivity toasts', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline. Some features may not be available.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are back online!')).toBeVisible();
});

test('the web app manifest and service worker are served', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBeTruthy();
  expect((await manifest.json()) as { name: string }).toMatchObject({ name: 'ContestHub', display: 'standalone' });
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBeTruthy();
  expect(await sw.text()).toContain('caches');
  expect((await request.get('/icons/icon-192.png')).headers()['content-type']).toBe('image/png');
});
