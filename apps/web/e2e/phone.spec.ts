import type { Locator, Page } from '@playwright/test';
import { expect, hasHorizontalOverflow, loginAs, newPerson, signInAs, snap, test } from './fixtures';

/**
 * Phone layout (issue 13 item 5): at 390 px the contests show in the first screen with the filters
 * in a sheet, tab rows scroll instead of wrapping, the wizard's step labels and the header title are
 * never cut, and the profile banner can be put away for the session. Desktop keeps its layout.
 */

const isPhone = (name: string) => name === 'mobile';

/** Where each element of a locator sits and whether its text overflows its box. */
const boxes = (items: Locator) =>
  items.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: el.textContent?.trim() ?? '',
        top: r.top,
        left: r.left,
        right: r.right,
        height: r.height,
        cut: el.scrollWidth > el.clientWidth,
      };
    }),
  );

/** The contest cards of the browse list. */
const contestCards = (page: Page) => page.getByRole('region', { name: 'Contests' }).getByRole('article');

test.describe('/contests filters', () => {
  test('at 390 px the first contest shows in the first screen and the filters sit behind a Filters button', async ({
    page,
    consoleErrors,
  }, info) => {
    test.skip(!isPhone(info.project.name), 'the filter sheet is the phone layout');
    await page.goto('/contests');
    await expect(contestCards(page).first()).toBeVisible();
    // Without scrolling: the whole first card's heading and action are inside the 844 px screen.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(contestCards(page).first().getByRole('heading')).toBeInViewport({ ratio: 1 });
    // The search stays on the page; the other filters are not shown until asked for.
    await expect(page.getByRole('searchbox', { name: 'Search contests' })).toBeVisible();
    await expect(page.getByLabel('Category')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await snap(page, info, 'phone-contests-first-screen', { fullPage: false });
    await snap(page, info, 'phone-contests');
    expect(consoleErrors).toEqual([]);
  });

  test('the filter sheet opens from the keyboard, applies, counts, clears and gives focus back', async ({ page, consoleErrors }, info) => {
    test.skip(!isPhone(info.project.name), 'the filter sheet is the phone layout');
    await page.goto('/contests');
    await expect(contestCards(page).first()).toBeVisible();
    const filtersButton = page.getByRole('button', { name: /^Filters/ });

    // Keyboard: focus the button, Enter opens the sheet with the same controls; Escape closes it
    // without applying anything and focus is back on the button.
    await filtersButton.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    for (const label of ['Category', 'Prize type', 'Entry type', 'Status', 'Sort by']) {
      await expect(sheet.getByLabel(label)).toBeVisible();
    }
    await sheet.getByLabel('Status').selectOption('voting');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(filtersButton).toBeFocused();
    await expect(page).toHaveURL(/\/contests$/);

    // Choose and apply: the sheet sits on the bottom edge, Apply Filters closes it and the list follows.
    await filtersButton.click();
    await expect(sheet.getByLabel('Status')).toHaveValue('');
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.width)).toBe(390);
    await sheet.getByLabel('Status').selectOption('voting');
    await sheet.getByLabel('Sort by').selectOption('votes');
    await snap(page, info, 'phone-contests-filter-sheet', { fullPage: false });
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/contests\?status=voting&sortBy=votes$/);
    await expect(filtersButton).toBeFocused();
    await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
    await expect(contestCards(page).first()).toBeVisible();
    for (const action of await contestCards(page)
      .getByRole('link', { name: /Enter Contest|Vote Now|View Results|View Contest/ })
      .allTextContents()) {
      expect(action).toBe('Vote Now');
    }

    // Clear All resets the sheet's choices; Apply Filters shows every contest again.
    await filtersButton.click();
    await expect(sheet.getByLabel('Status')).toHaveValue('voting');
    await sheet.getByRole('button', { name: 'Clear All' }).click();
    await expect(sheet.getByLabel('Status')).toHaveValue('');
    await expect(sheet.getByLabel('Sort by')).toHaveValue('newest');
    await expect(sheet.getByRole('button', { name: 'Clear All' })).toBeDisabled();
    await expect(sheet.getByRole('button', { name: 'Apply Filters' })).toBeFocused();
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/contests$/);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('on a desktop the filters stay in view and apply at once', async ({ page }, info) => {
    test.skip(isPhone(info.project.name), 'desktop layout');
    await page.goto('/contests');
    await expect(contestCards(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
    await page.getByLabel('Status').selectOption('voting');
    await expect(page).toHaveURL(/\/contests\?status=voting$/);
    await expect(page.getByRole('button', { name: 'Clear All' })).toBeEnabled();
  });
});

test('tab rows stay on one row and scroll sideways to the selected tab', async ({ page, consoleErrors }, info) => {
  await loginAs(page, 'participant');
  // Opened on the last tab: the strip shows it without the page scrolling sideways.
  await page.goto('/dashboard/wallet?tab=transactions');
  const strip = page.getByRole('tablist', { name: 'Wallet sections' });
  await expect(strip.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
  const tabs = strip.getByRole('tab');
  await expect(tabs).toHaveCount(4);

  const row = await boxes(tabs);
  // One row: every tab has the same top and the same height (no label on two lines), none is cut.
  expect(new Set(row.map((t) => Math.round(t.top))).size).toBe(1);
  expect(new Set(row.map((t) => Math.round(t.height))).size).toBe(1);
  expect(row.filter((t) => t.cut)).toEqual([]);

  const stripBox = (await strip.boundingBox())!;
  const selected = (await strip.getByRole('tab', { name: 'Transactions' }).boundingBox())!;
  expect(selected.x).toBeGreaterThanOrEqual(stripBox.x);
  expect(selected.x + selected.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
  expect(await hasHorizontalOverflow(page)).toBe(false);

  if (isPhone(info.project.name)) {
    // Too wide for 390 px: the strip scrolls (it is scrolled to the end now) instead of wrapping.
    const scroll = await strip.evaluate((el) => ({ width: el.scrollWidth, client: el.clientWidth, left: el.scrollLeft }));
    expect(scroll.width).toBeGreaterThan(scroll.client);
    expect(scroll.left).toBeGreaterThan(0);
    // Home moves to the first tab, and the strip scrolls back to show it.
    await strip.getByRole('tab', { name: 'Transactions' }).focus();
    await page.keyboard.press('Home');
    await expect(strip.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBe(0);
    await expect(strip.getByRole('tab', { name: 'Overview' })).toBeInViewport({ ratio: 1 });
  }
  await snap(page, info, 'phone-wallet');

  // Another tab set: the contest page's, on a contest in voting (entries to show).
  await page.goto('/contests?status=voting');
  await contestCards(page).first().getByRole('link', { name: 'Vote Now' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  const contestTabs = page.getByRole('tablist', { name: 'Contest sections' }).getByRole('tab');
  await expect(contestTabs).toHaveCount(3);
  const contestRow = await boxes(contestTabs);
  expect(new Set(contestRow.map((t) => Math.round(t.top))).size).toBe(1);
  expect(contestRow.filter((t) => t.cut)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await snap(page, info, 'phone-contest');
  expect(consoleErrors).toEqual([]);
});

test('the profile banner, once dismissed, stays away while navigating in the same tab', async ({ page, context, request }, info) => {
  const person = await newPerson(request, 'Banner Dismisser');
  await signInAs(page, person);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Profile completion' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Complete your profile' })).toBeVisible();
  // The overview has loaded (its own heading shows), not only the shell.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await snap(page, info, 'phone-dashboard');
  await banner.getByRole('button', { name: 'Dismiss profile completion reminder' }).click();
  await expect(banner).toBeHidden();

  // Through the dashboard menu (the drawer on a phone, the sidebar on a desktop) to the wallet.
  if (isPhone(info.project.name)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(banner).toBeHidden();
  // A reload is the same tab session.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(banner).toBeHidden();

  // A new tab is a new session: the reminder is back.
  const other = await context.newPage();
  await signInAs(other, person);
  await other.goto('/dashboard');
  await expect(other.getByRole('region', { name: 'Profile completion' })).toBeVisible();
  await other.close();
});

test('the wizard step labels and the header title are never cut', async ({ page }, info) => {
  await loginAs(page, 'participant');
  await page.goto('/dashboard/create');
  const steps = page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button');
  await expect(steps).toHaveCount(6);
  const names = ['Basic Info', 'Prize', 'Entry', 'Timeline', 'Voting', 'Restrictions'];
  for (const [i, name] of names.entries()) await expect(steps.nth(i)).toHaveAccessibleName(`Step ${i + 1}: ${name}`);
  // Every label shows its whole text (spec 001 §5), inside its button.
  const labels = await boxes(steps.locator('span:last-child'));
  expect(labels.map((l) => l.text)).toEqual(names);
  expect(labels.filter((l) => l.cut)).toEqual([]);
  const buttons = await boxes(steps);
  for (const [i, l] of labels.entries()) expect(l.right).toBeLessThanOrEqual(buttons[i]!.right);
  const title = page.getByRole('banner').getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Create Contest');
  expect((await boxes(title))[0]!.cut).toBe(false);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await snap(page, info, 'phone-create-contest');

  // The longest header title there is, on an admin page: it wraps instead of being cut.
  await loginAs(page, 'admin');
  await page.goto('/dashboard/security');
  const long = page.getByRole('banner').getByRole('heading', { level: 1 });
  await expect(long).toHaveText('Security & Fraud Prevention');
  const [box] = await boxes(long);
  expect(box!.cut).toBe(false);
  expect(box!.right).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeInViewport({ ratio: 1 });
});
