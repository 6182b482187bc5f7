/**
 * No dead ends (issue #13 item 4), each as a person would meet it in the built app, with people
 * registered for the test where an account changes:
 * - 'Login Required' offers Log in, and login or registration (after email verification) returns
 *   to the contest; a brand-new account is welcomed as one;
 * - a toast about a form's error goes once the form succeeds or the page changes;
 * - the vote dialog says before submitting that free votes or credits are gone, its "Buy credits"
 *   comes back to the contest once the sandbox payment is verified, and the entry cards show the
 *   votes left and where the person voted;
 * - someone who entered a one-entry contest sees their entry, not a Submit Entry form;
 * - the wallet's "credits used" is one figure on every tab;
 * - the payment page without a reference offers Try Again and Browse Contests, and no debug reset;
 * - support's WhatsApp number is the configured one (SUPPORT_WHATSAPP in playwright.config.ts);
 *   counts are pluralised.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES, PRODUCT_NAME, type TContest, type TContestList, type TEntryList } from '@contesthub/shared';
import { expect, newPerson, signInAs, snap, test, uniqueWord, type Person } from './fixtures';
import { waitForMail } from './mail-relay';

/** Demo contests (apps/server/src/seed/plans.ts) in the phase each test needs. */
const VOTING_BOTH = 'Adire Art & Design Showcase'; // voting: free 1 per person, paid 10 credits, at most 10 votes
const ACCEPTING_ONE_ENTRY = 'Lagos Street Photography 2026'; // entries open, photo, free, one entry per person
const MAX_ONE_VOTE = 'Naija Gospel & Highlife Vocals'; // voting: one free vote per person

/** The configured support number (playwright.config.ts) as wa.me takes it. */
const WHATSAPP_DIGITS = '2348030001234';

async function demoContest(request: APIRequestContext, title: string): Promise<TContest> {
  const res = await request.get(`/api/contests?search=${encodeURIComponent(title)}&limit=50`);
  expect(res.ok(), `GET /api/contests: ${res.status()}`).toBeTruthy();
  const contest = ((await res.json()) as { data: TContestList }).data.contests.find((c) => c.title === title);
  expect(contest, `demo contest ${title}`).toBeTruthy();
  return contest!;
}

async function approvedEntries(request: APIRequestContext, contestId: string) {
  const res = await request.get(`/api/entries/contest/${contestId}?limit=50`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: TEntryList }).data.entries.filter((e) => e.status === 'approved');
}

async function post(request: APIRequestContext, person: Person, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${person.token}` } });
  expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** A real PNG to enter: the app's own 512 px icon. */
const PHOTO = readFileSync(path.resolve(import.meta.dirname, '../public/icons/icon-512.png'));

const toastOf = (page: Page, type: 'success' | 'error' | 'warning', title: string) =>
  page.locator(`[data-toast-type="${type}"]`).filter({ hasText: title });

/** Presses a button of an entry card while logged out, then Log in on the 'Login Required' toast it raises. */
async function loginRequired(page: Page, entryTitle: string, button: string, message: string) {
  await page.getByRole('article', { name: entryTitle }).getByRole('button', { name: button }).click();
  const required = toastOf(page, 'warning', 'Login Required');
  await expect(required).toContainText(message);
  await required.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('no dead ends', () => {
  test('Login Required → Create an account → verify email returns to the contest, and a newcomer is welcomed as one', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const contest = await demoContest(request, VOTING_BOTH);
    const [entry] = await approvedEntries(request, contest._id);
    await page.goto(`/contest/${contest._id}`);
    await expect(page.getByRole('heading', { level: 1, name: contest.title })).toBeVisible();
    await loginRequired(page, entry!.title, 'Vote', 'Please log in to vote for entries.');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    const first = uniqueWord();
    const email = `${first.toLowerCase()}.newcomer@example.test`;
    await page.getByLabel('Full name').fill(`${first} Newcomer`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Phone number').fill(`0805${String(Date.now()).slice(-7)}`);
    await page.getByLabel(/^Password/).fill('Journey123');
    await page.getByLabel('Confirm password').fill('Journey123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-email\?email=/);
    const code = (await waitForMail(process.env.E2E_MAIL_DIR!, email)).match(/Subject: (\d{6}) /)![1]!;
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(page.getByText('Your email address is verified. Taking you back to where you were…')).toBeVisible();
    // Back on the contest (not /dashboard), signed in: the entry can be voted for now.
    await expect(page).toHaveURL(new RegExp(`/contest/${contest._id}$`), { timeout: 15_000 });
    await page.getByRole('article', { name: entry!.title }).getByRole('button', { name: 'Vote' }).click();
    await expect(page.getByRole('dialog', { name: 'Cast Your Vote' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The dashboard greets the brand-new account as new, not 'Welcome back'.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: `Welcome to ContestHub, ${first}!` })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('Login Required → Log in returns to the contest', async ({ page, request, consoleErrors }) => {
    const person = await newPerson(request, 'Kelechi Returner');
    const contest = await demoContest(request, VOTING_BOTH);
    const [entry] = await approvedEntries(request, contest._id);
    await page.goto(`/contest/${contest._id}`);
    // Liking asks for a login too.
    await loginRequired(page, entry!.title, `Like ${entry!.title}`, 'Please log in to like entries.');
    // Leaving the contest ended its warning.
    await expect(toastOf(page, 'warning', 'Login Required')).toHaveCount(0);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(new RegExp(`/contest/${contest._id}$`));
    await expect(toastOf(page, 'success', MESSAGES.login.successTitle)).toBeVisible();
    await expect(page.getByRole('article', { name: entry!.title }).getByRole('button', { name: 'Vote' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a toast about a form error goes once the form succeeds, or when the page changes', async ({ page, request }) => {
    // The support form: sent empty, then filled in. It succeeds on the same page.
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    const invalid = toastOf(page, 'error', MESSAGES.toast.validationErrorTitle);
    await expect(invalid).toContainText(MESSAGES.toast.validationErrorMessage);
    await page.getByLabel('Full name').fill('Halima Toaster');
    await page.getByLabel('Email address').fill('halima.toaster@example.test');
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Subject').fill('Where is my badge?');
    await page.getByLabel('Message').fill('I won a badge contest last week and the badge is not on my profile yet.');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByRole('heading', { name: 'Support Ticket Created!' })).toBeVisible();
    await expect(invalid).toHaveCount(0);

    // Login: a wrong password, then the right one (its success toast ends the error).
    const person = await newPerson(request, 'Halima Toaster');
    await page.goto('/login');
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    const failed = toastOf(page, 'error', MESSAGES.login.failedTitle);
    await expect(failed).toBeVisible();
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toastOf(page, 'success', MESSAGES.login.successTitle)).toBeVisible();
    await expect(failed).toHaveCount(0);

    // Registration: a form with problems, then another page.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const fix = toastOf(page, 'error', MESSAGES.register.fixIssuesTitle);
    await expect(fix).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(fix).toHaveCount(0);
  });

  test('the vote dialog says up front that free votes and credits are gone, and Buy credits comes back to the contest', async ({
    page,
    request,
    consoleErrors,
  }, info) => {
    test.setTimeout(120_000);
    const person = await newPerson(request, 'Tunde Voter');
    const contest = await demoContest(request, VOTING_BOTH);
    const [votedFor, next] = await approvedEntries(request, contest._id);
    // The one free vote of this contest, cast already.
    await post(request, person, '/api/votes', { entryId: votedFor!._id, contestId: contest._id, voteType: 'free', amount: 1 });
    await signInAs(page, person);
    await page.goto(`/contest/${contest._id}`);

    // The cards say where the person voted and what they have left (10 votes at most, 1 used).
    await expect(page.getByRole('article', { name: votedFor!.title }).getByTestId('entry-my-votes')).toHaveText('You voted · 9 votes left');
    await expect(page.getByRole('article', { name: next!.title }).getByTestId('entry-my-votes')).toHaveText('9 votes left');

    await page.getByRole('article', { name: next!.title }).getByRole('button', { name: 'Vote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cast Your Vote' });
    // No free vote left: the dialog starts on Paid, and says before anything is sent that credits are short.
    await expect(dialog.getByRole('radio', { name: /Paid Vote/ })).toBeChecked();
    await expect(dialog).toContainText('Not enough vote credits: this vote costs 10 credits and you have 0 credits.');
    await expect(dialog.getByRole('button', { name: 'Cast 1 Vote' })).toBeDisabled();
    await dialog.getByRole('radio', { name: /Free Vote/ }).check();
    await expect(dialog).toContainText('You have no free votes left in this contest. Choose Paid Vote to vote with credits.');
    await expect(dialog.getByRole('button', { name: 'Cast Vote' })).toBeDisabled();
    await dialog.getByRole('radio', { name: /Paid Vote/ }).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, info, 'dead-ends-vote-dialog-no-credits');

    // Buy credits: the small package through the sandbox checkout, then back to the contest.
    await dialog.getByRole('link', { name: 'Buy credits' }).click();
    await expect(page).toHaveURL(/\/dashboard\/vote-credits$/);
    await page.getByRole('button', { name: 'Buy 50 credits' }).click();
    await expect(page.getByRole('heading', { name: `${PRODUCT_NAME} sandbox checkout` })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment-verification\?reference=vcp-/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    // The spec's debug reset is not for users: a production build has none.
    await expect(page.getByRole('button', { name: 'Reset saved verification state' })).toHaveCount(0);
    await page.getByRole('link', { name: `Back to ${contest.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/contest/${contest._id}$`));

    await page.getByRole('article', { name: next!.title }).getByRole('button', { name: 'Vote' }).click();
    await expect(dialog.getByTestId('vote-balance')).toHaveText('50 vote credits');
    await expect(dialog.getByText(/Not enough vote credits/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cast 1 Vote' }).click();
    await expect(toastOf(page, 'success', 'Vote Cast!')).toBeVisible();
    await expect(page.getByRole('article', { name: next!.title }).getByTestId('entry-my-votes')).toHaveText('You voted · 8 votes left');
    expect(consoleErrors).toEqual([]);
  });

  test('someone who entered a one-entry contest sees their entry instead of the Submit Entry form', async ({ page, request }) => {
    test.setTimeout(90_000);
    const person = await newPerson(request, 'Ngozi Entrant', { profile: true });
    const contest = await demoContest(request, ACCEPTING_ONE_ENTRY);
    expect(contest.settings.allowMultipleEntries).toBe(false);
    const title = `Yaba Evening ${uniqueWord()}`;
    await signInAs(page, person);
    await page.goto(`/contest/${contest._id}`);
    await page.getByRole('button', { name: 'Submit Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Entry' });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Description/).fill('Street lights coming on along Herbert Macaulay Way.');
    await dialog.getByLabel(/^Files/).setInputFiles({ name: 'yaba.png', mimeType: 'image/png', buffer: PHOTO });
    await dialog.getByRole('button', { name: 'Submit Entry' }).click();
    await expect(toastOf(page, 'success', 'Entry Submitted!')).toBeVisible();

    // On the next visit: their entry, no form that would fail at the end.
    await page.reload();
    await expect(page.getByText('You have entered this contest')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Entry' })).toHaveCount(0);
    await page.getByRole('link', { name: 'View your entry' }).click();
    await expect(page).toHaveURL(new RegExp(`/contest/${contest._id}#entry-`));
    await expect(page.getByRole('article', { name: title })).toContainText('Your Entry');
  });

  test('the wallet shows one "credits used" figure on every tab', async ({ page, request }, info) => {
    test.setTimeout(90_000);
    const [person, friend] = await Promise.all([
      newPerson(request, 'Bola Spender', { credits: 'small', nairaKobo: 50_000 }),
      newPerson(request, 'Chidi Friend'),
    ]);
    const contest = await demoContest(request, VOTING_BOTH);
    const [entry] = await approvedEntries(request, contest._id);
    // 20 credits used on two paid votes; 10 more sent to a friend (moved, not used).
    await post(request, person, '/api/votes', { entryId: entry!._id, contestId: contest._id, voteType: 'paid', amount: 2 });
    await post(request, person, '/api/vote-credit-transfers/transfer', {
      recipientEmail: friend.email,
      amount: 10,
      password: person.password,
    });
    await signInAs(page, person);
    await page.goto('/dashboard/wallet');
    const overviewUsed = page.getByRole('tabpanel').getByText('Credits used', { exact: true }).locator('xpath=..');
    await expect(overviewUsed).toContainText('20 credits');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, info, 'dead-ends-wallet');
    await page.getByRole('tab', { name: 'Buy Credits' }).click();
    const creditsUsed = page.getByTestId('credit-stats').getByText('Credits used', { exact: true }).locator('xpath=..');
    await expect(creditsUsed).toContainText('20');
    await expect(creditsUsed).not.toContainText('30');
  });

  test('payment verification without a reference offers Try Again and Browse Contests, and no debug reset', async ({ page, request }) => {
    const person = await newPerson(request, 'Efe Returning');
    await signInAs(page, person);
    await page.goto('/dashboard/payment-verification');
    await expect(page.getByText('No payment reference found in URL')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset saved verification state' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Browse Contests' })).toBeVisible();
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wallet$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Browse Contests' }).click();
    await expect(page).toHaveURL(/\/(browse-)?contests$/);
  });

  test('support WhatsApp is the configured number, and counts are pluralised', async ({ page, request }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/${WHATSAPP_DIGITS}\\?`),
    );
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /WhatsApp support/ })).toHaveAttribute(
      'href',
      `https://wa.me/${WHATSAPP_DIGITS}`,
    );
    await page.goto('/privacy');
    await expect(page.getByText(`WhatsApp support: +${WHATSAPP_DIGITS}, 24 hours a day, 7 days a week.`)).toBeVisible();
    await expect(page.getByText(/800 000 0000/)).toHaveCount(0);

    const contest = await demoContest(request, MAX_ONE_VOTE);
    await page.goto(`/contest/${contest._id}`);
    await expect(page.getByText('Max 1 vote per user')).toBeVisible();
    for (const path of [`/contest/${contest._id}`, '/contests', '/entries']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const text = await page.getByRole('main').innerText();
      expect(text, path).not.toMatch(/\b1 (votes|comments|contests|entries|days|credits|participants)\b/);
      expect(text, path).not.toMatch(/\b(\d+) \1 /);
    }
  });
});
