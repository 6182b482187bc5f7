/**
 * Profile Settings → Preferences, notifications (issue 14 item 4) in a real browser at 1280 and
 * 390 px: axe-clean, no sideways scroll on a phone, the table worked with the keyboard alone (Tab to
 * a box, Space to tick it), saved and still there after a reload.
 */
import { axeViolations, expectNone, settled } from './axe';
import { expect, hasHorizontalOverflow, newPerson, signInAs, snap, test } from './fixtures';

test('the notification table works with the keyboard, fits a phone and keeps what was saved', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  const person = await newPerson(request, 'Nkechi Prefs');
  await signInAs(page, person);
  await page.goto('/dashboard/profile?tab=preferences');
  await settled(page);
  const table = page.getByRole('table', { name: 'Which notifications reach you by email and push' });
  await expect(table).toBeVisible();
  expectNone(await axeViolations(page, 'preferences'));
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await snap(page, info, 'profile-preferences-notifications');

  // Keyboard only: focus the box before "Votes on my entries: push" and Tab onto it, then Space.
  const votesPush = page.getByRole('checkbox', { name: 'Votes on my entries: push' });
  await expect(votesPush).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Entry approved or rejected: push' }).focus();
  await page.keyboard.press('Tab');
  await expect(votesPush).toBeFocused();
  await page.keyboard.press('Space');
  await expect(votesPush).toBeChecked();
  await page.getByRole('checkbox', { name: 'Contest won (prize or badge): email' }).focus();
  await page.keyboard.press('Space');

  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Your preferences have been saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Votes on my entries: push' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Contest won (prize or badge): email' })).not.toBeChecked();
  // Push is offered, and nothing asked the browser for permission on the way.
  await expect(page.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  expect(consoleErrors).toEqual([]);
});
