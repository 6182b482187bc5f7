/**
 * The 7-day Basic Premium trial (spec 000 §1, the pricing FAQ): /pricing says what Start Free Trial leads
 * to, and a person who registers and verifies their email finds the trial on the subscription page with
 * its end date, no card asked for and nothing to extend or cancel.
 */
import { formatDate, TRIAL_DAYS, type TCurrentSubscription } from '@contesthub/shared';
import { expect, newPerson, signInAs, snap, test } from './fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

test('pricing offers the trial; a new person has it on the subscription page until its end date', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  await page.goto('/pricing');
  const basic = page.getByRole('region', { name: 'Basic Premium' });
  await expect(basic.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
  await expect(basic.getByTestId('trial-terms')).toHaveText('7 days free when you verify your email. No card needed.');
  await expect(page.getByRole('region', { name: 'Professional' }).getByTestId('trial-terms')).toHaveText(
    'Starts with 7 days of Basic Premium free when you verify your email. No card needed.',
  );
  await snap(page, info, 'trial-pricing');

  // Registered and verified with the code the server mailed (the fixture waits for the trial).
  const before = Date.now();
  const person = await newPerson(request, 'Ngozi Trial');
  const after = Date.now();
  const res = await request.get('/api/subscriptions/current', { headers: { authorization: `Bearer ${person.token}` } });
  const { subscription } = ((await res.json()) as { data: TCurrentSubscription }).data;
  const endDate = subscription!.endDate!;
  expect(Date.parse(endDate)).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS - 1_000);
  expect(Date.parse(endDate)).toBeLessThanOrEqual(after + TRIAL_DAYS * DAY_MS);

  await signInAs(page, person);
  await page.goto('/dashboard/subscription');
  const current = page.getByRole('region', { name: 'Current subscription' });
  await expect(current.getByRole('heading', { name: 'Basic Premium' })).toBeVisible();
  await expect(current.getByTestId('subscription-status')).toHaveText('Trial');
  await expect(current.getByText('Trial ends')).toBeVisible();
  await expect(current.getByText(formatDate(endDate), { exact: true })).toBeVisible();
  await expect(current.getByTestId('trial-note')).toContainText(
    `New users get a 7-day free trial of Basic Premium. Yours ends on ${formatDate(endDate)}; no card is needed and nothing is charged.`,
  );
  await expect(current.getByTestId('days-remaining')).toHaveText(String(TRIAL_DAYS));
  await expect(current.getByText('No payment')).toBeVisible();
  await expect(current.getByRole('button', { name: 'Extend Subscription' })).toHaveCount(0);
  await expect(current.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Choose a plan' })).toBeVisible();
  await expect(page.getByTestId('subscription-row').first()).toContainText('Basic Premium · Free trial');
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, info, 'trial-subscription-page');
  expect(consoleErrors).toEqual([]);
});
