/**
 * Dialogs, tab sets and menus by keyboard alone (issue 13, "Accessible"): only Tab, Enter, Space,
 * the arrows, Home/End and Escape; no clicks. Each test checks where focus is after every step and
 * what the user gets in the end.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TContest, TContestList } from '@contesthub/shared';
import { axeViolations, expectNone, settled } from './axe';
import { expect, loginAs, newPerson, signInAs, test, uniqueWord } from './fixtures';

/** Presses Tab (Shift+Tab when `back`) until `target` has focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

/** Whether the focused element is inside `container`. */
const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Presses Tab `times` times, checking after each press that focus stayed inside the modal `dialog`. */
async function expectFocusTrapped(page: Page, dialog: Locator, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(dialog), `focus inside the dialog after ${i + 1} presses`).toBe(true);
  }
}

/**
 * Tabs to `opener` and presses Enter: the dialog named `name` opens with focus inside it (on
 * `firstFocus` when given) and axe finds nothing wrong in it; Escape closes it and focus is back on
 * the opener. Returns the dialog, closed.
 */
async function openThenEscape(page: Page, opener: Locator, name: string, firstFocus?: (dialog: Locator) => Locator): Promise<Locator> {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  if (firstFocus) await expect(firstFocus(dialog)).toBeFocused();
  expect(await focusInside(dialog), `focus moves into ${name}`).toBe(true);
  expectNone(await axeViolations(page, name, 'dialog[open]'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `focus returns to what opened ${name}`).toBeFocused();
  return dialog;
}

const successToast = (page: Page, title: string) => page.locator('[data-toast-type="success"]').filter({ hasText: title });

test('the vote dialog works by keyboard alone: open, trapped focus, Escape, arrow keys between vote types, vote', async ({
  page,
  request,
}) => {
  const voter = await newPerson(request, `Keyboard ${uniqueWord()}`);
  // A demo contest in voting that takes free and paid votes.
  const res = await request.get('/api/contests?status=voting&votingType=both&limit=1');
  const contest = ((await res.json()) as { data: TContestList }).data.contests[0];
  expect(contest, 'the demo data has a contest in voting with free and paid votes').toBeTruthy();
  await signInAs(page, voter);
  await page.goto(`/contest/${contest!._id}`);
  await settled(page);

  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Vote' }) })
    .first();
  const votes = Number((await card.getByTestId('entry-votes').innerText()).replace(/\D/g, ''));
  const voteButton = card.getByRole('button', { name: 'Vote' });
  const dialog = await openThenEscape(page, voteButton, 'Cast Your Vote');

  // Space opens it again; Tab and Shift+Tab never leave it.
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog, 12);

  // The vote types are one radio group: the arrows move between them.
  const free = dialog.getByRole('radio', { name: 'Free Vote' });
  const paid = dialog.getByRole('radio', { name: 'Paid Vote' });
  await tabTo(page, free);
  await expect(free).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(paid).toBeChecked();
  await expect(paid).toBeFocused();
  await expect(dialog.getByLabel('Number of votes')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(free).toBeChecked();
  await expect(dialog.getByLabel('Number of votes')).toBeHidden();

  // Tab to Cast Vote and press Enter: the vote counts, the dialog closes, focus is back on the card.
  await tabTo(page, dialog.getByRole('button', { name: 'Cast Vote' }));
  await page.keyboard.press('Enter');
  await expect(successToast(page, 'Vote Cast!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('entry-votes')).toHaveText(new RegExp(`^${votes + 1} votes?$`));
  expect(await focusInside(card), 'focus returns to the entry card').toBe(true);
});

/** The demo contests in `status` (one page of up to 50). */
async function contests(request: APIRequestContext, status: 'active' | 'voting'): Promise<TContest[]> {
  const res = await request.get(`/api/contests?status=${status}&limit=50`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: TContestList }).data.contests;
}

test('the comment and submit entry dialogs work by keyboard alone', async ({ page, request }) => {
  const person = await newPerson(request, `Keyboard ${uniqueWord()}`, { profile: true });
  const commentable = (await contests(request, 'voting')).find((c) => c.isVotingActive && c.settings.allowComments);
  const open = (await contests(request, 'active')).find(
    (c) =>
      c.isAcceptingEntries && !c.restrictions.ageRestriction && !c.restrictions.locationRestriction && !c.restrictions.genderRestriction,
  );
  expect(commentable && open, 'the demo data has a contest taking comments and one taking entries').toBeTruthy();
  await signInAs(page, person);

  // Add Comment: focus starts in the comment box; Escape returns to the button; Enter on Post Comment posts it.
  await page.goto(`/contest/${commentable!._id}`);
  await settled(page);
  const add = page.getByRole('button', { name: 'Add Comment' });
  const box = (dialog: Locator) => dialog.getByLabel(/^Comment/);
  const commentDialog = await openThenEscape(page, add, 'Add Comment', box);
  await page.keyboard.press('Enter');
  await expect(box(commentDialog)).toBeFocused();
  const text = `Typed without a mouse, ${uniqueWord()}`;
  await page.keyboard.type(text);
  await tabTo(page, commentDialog.getByRole('button', { name: 'Post Comment' }));
  await page.keyboard.press('Enter');
  await expect(successToast(page, 'Comment Posted!')).toBeVisible();
  await expect(commentDialog).toBeHidden();
  await expect(add).toBeFocused();

  // Submit Entry: focus inside, kept inside by Tab, Escape closes it back onto the button.
  await page.goto(`/contest/${open!._id}`);
  await settled(page);
  const submit = page.getByRole('button', { name: 'Submit Entry' });
  const entryDialog = await openThenEscape(page, submit, 'Submit Entry');
  await page.keyboard.press('Space');
  await expect(entryDialog).toBeVisible();
  await expectFocusTrapped(page, entryDialog, 10);
  await page.keyboard.press('Escape');
  await expect(entryDialog).toBeHidden();
  await expect(submit).toBeFocused();
});

test('the deposit dialog works by keyboard alone: autofocus, Escape, a refused amount, then checkout', async ({ page, request }) => {
  const payer = await newPerson(request, `Keyboard ${uniqueWord()}`);
  await signInAs(page, payer);
  await page.goto('/dashboard/wallet?tab=naira');
  await settled(page);

  const deposit = page.getByRole('button', { name: 'Deposit', exact: true });
  const amountIn = (dialog: Locator) => dialog.getByLabel(/^Amount/);
  const dialog = await openThenEscape(page, deposit, 'Deposit Money', amountIn);
  const amount = amountIn(dialog);

  // Reopened, Enter with no amount is refused and focus stays in the dialog.
  await page.keyboard.press('Enter');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('');
  await page.keyboard.press('Enter');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(await focusInside(dialog)).toBe(true);
  await expectFocusTrapped(page, dialog, 6);

  // An amount and Enter on Continue to Payment go to the checkout for that amount.
  await tabTo(page, amount);
  await page.keyboard.type('2500');
  await expect(amount).toHaveValue('2,500');
  await tabTo(page, dialog.getByRole('button', { name: 'Continue to Payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?reference=dep-/);
  await expect(page.getByText('₦2,500', { exact: false }).first()).toBeVisible();
});

test('a tab set works by keyboard alone: arrows, Home and End select and focus tabs, Tab enters the panel', async ({ page }) => {
  await loginAs(page, 'participant');
  await page.goto('/dashboard/wallet');
  await settled(page);

  const tablist = page.getByRole('tablist', { name: 'Wallet sections' });
  const tabs = tablist.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(2);
  const first = tabs.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  // Only the selected tab is in the Tab order.
  await tabTo(page, first);

  await page.keyboard.press('ArrowRight');
  const second = tabs.nth(1);
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel', { name: (await second.innerText()).trim() })).toBeVisible();

  await page.keyboard.press('End');
  await expect(tabs.last()).toBeFocused();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(first, 'the arrows wrap around').toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-selected', 'true');

  // Tab leaves the strip for the selected tab's panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: (await first.innerText()).trim() })).toBeFocused();
});

test('the billing period on /pricing is a radio group: one Tab stop, the arrows switch the prices', async ({ page }) => {
  await page.goto('/pricing');
  await settled(page);
  const group = page.getByRole('radiogroup', { name: 'Billing period' });
  const monthly = group.getByRole('radio', { name: 'monthly' });
  const yearly = group.getByRole('radio', { name: 'yearly' });
  await expect(yearly).toHaveAttribute('tabindex', '-1');
  await tabTo(page, monthly);
  await expect(monthly).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(yearly).toBeFocused();
  await expect(yearly).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/^Save ₦[\d,]+ \(\d+%\) vs 12 months$/).first()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(monthly, 'the arrows wrap around').toBeFocused();
  await expect(monthly).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/vs 12 months$/)).toHaveCount(0);
  // Tab leaves the group instead of stopping at the other option.
  await page.keyboard.press('Tab');
  await expect(yearly).not.toBeFocused();
  expect(await focusInside(group)).toBe(false);
});

test('the contest creation wizard works by keyboard alone: every step from the step list, focus on its heading, no axe violation', async ({
  page,
}) => {
  await loginAs(page, 'organizer');
  await page.goto('/dashboard/create');
  await settled(page);
  const steps = page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('button');
  await expect(steps).toHaveCount(6);
  const found: string[] = [];
  for (let i = 0; i < 6; i++) {
    const button = steps.nth(i);
    // After a step change focus is on the step's heading, below the step list: Shift+Tab goes back up.
    await tabTo(page, button, { back: i > 0 });
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-current', 'step');
    const heading = page.getByRole('heading', { level: 3, name: new RegExp(`^Step ${i + 1}:`) });
    if (i > 0) await expect(heading, 'a new step puts focus on its heading').toBeFocused();
    await expect(page.locator('.animate-pulse')).toHaveCount(0);
    found.push(...(await axeViolations(page, `wizard step ${i + 1}`)));
  }
  expectNone(found);

  // Back on step 1, Tab reaches the title field and it takes typing.
  await tabTo(page, steps.first(), { back: true });
  await page.keyboard.press('Enter');
  const title = page.getByLabel(/^Contest title/);
  await tabTo(page, title);
  await page.keyboard.type('Keyboard Contest');
  await expect(title).toHaveValue('Keyboard Contest');
});

test('the dashboard menu drawer on a phone works by keyboard alone', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'wide screens show the dashboard menu as a sidebar');
  await loginAs(page, 'participant');
  await page.goto('/dashboard');
  await settled(page);
  const opener = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  // Shift+Tab from the first link (the logo) wraps to the last one, and Tab onwards stays inside.
  await tabTo(page, drawer.getByRole('link').first(), { back: true });
  await page.keyboard.press('Shift+Tab');
  await expect(drawer.getByRole('link').last()).toBeFocused();
  await expectFocusTrapped(page, drawer, 6);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await tabTo(page, drawer.getByRole('link', { name: 'Wallet' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  await expect(drawer).toBeHidden();
});

/** Drives an account menu by keyboard: opens, moves, wraps, closes with Escape, then follows its second item. */
async function driveAccountMenu(page: Page, scope: Locator, second: { name: string; url: RegExp }): Promise<void> {
  const button = scope.getByRole('button', { name: /^Account menu for/ });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Account' });
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  expectNone(await axeViolations(page, 'account menu', '[role="menu"]'));
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last(), 'ArrowUp wraps to Logout').toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // ArrowDown opens it too; Enter follows the focused item.
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toHaveText(second.name);
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(second.url);
}

test('the dashboard account menu works by keyboard alone: arrows move, Escape closes and returns focus', async ({ page }) => {
  await loginAs(page, 'participant');
  await page.goto('/dashboard');
  await settled(page);
  await driveAccountMenu(page, page.locator('header'), { name: 'Wallet', url: /\/dashboard\/wallet$/ });
});

test('the site header account menu works by keyboard alone', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'phones get the header menu sheet instead of the account menu');
  await loginAs(page, 'participant');
  await page.goto('/pricing');
  await settled(page);
  await driveAccountMenu(page, page.getByRole('navigation', { name: 'Main' }), { name: 'My Contests', url: /\/dashboard\/contests$/ });
});
