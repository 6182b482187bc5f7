/**
 * Running the platform (issue 15), as staff do it in the browser: a participant reports a comment and
 * a moderator hides it from Content Moderation, after which the contest page no longer shows it; an
 * admin bans a member with a reason, whose open session is refused on its next request with that
 * reason and whose login shows it, then unbans them; and the financial report's revenue is the
 * reconciliation's.
 */
import type { Browser, Page } from '@playwright/test';
import { formatNaira, type TContest, type TContestList, type TFinancialReport, type TReconciliationReport } from '@contesthub/shared';
import { settled } from './axe';
import { expect, loginAs, newPerson, signInAs, snap, test, uniqueWord, type Person } from './fixtures';

async function commentableContest(page: Page): Promise<TContest> {
  const res = await page.request.get('/api/contests?status=voting&limit=50');
  expect(res.ok()).toBeTruthy();
  const found = ((await res.json()) as { data: TContestList }).data.contests.find((c) => c.isVotingActive && c.settings.allowComments);
  expect(found, 'the demo data has a contest taking comments').toBeTruthy();
  return found!;
}

async function apiAs<T>(page: Page, person: { token: string }, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${person.token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** A page of its own for `person` (their own browser context: their session, their storage). */
async function pageOf(browser: Browser, person: Person, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await signInAs(page, person);
  return page;
}

test('a moderator hides a reported comment: it leaves the contest page', async ({ page, browser, request, baseURL }, info) => {
  test.setTimeout(150_000);
  const contest = await commentableContest(page);
  const author = await newPerson(request, `Spammy ${uniqueWord()}`);
  const reporter = await newPerson(request, `Careful ${uniqueWord()}`);
  const text = `Cheap followers at spam.example ${uniqueWord()}`;
  await apiAs(page, author, 'POST', '/api/comments', { content: text, contestId: contest._id });

  // The participant reports it from the contest page's Comments tab.
  const mine = await pageOf(browser, reporter, baseURL);
  await mine.goto(`/contest/${contest._id}`);
  await settled(mine);
  await mine.getByRole('tab', { name: /^Comments/ }).click();
  await expect(mine.getByText(text)).toBeVisible();
  await mine
    .getByRole('button', { name: `Report comment by ${author.fullName}` })
    .first()
    .click();
  const report = mine.getByRole('dialog');
  await report.getByLabel('Reason').selectOption('spam');
  await report.getByLabel(/^Description/).fill('Selling followers in the comments.');
  await report.getByRole('button', { name: 'Submit Report' }).click();
  await expect(mine.getByText('Report Submitted')).toBeVisible();
  await mine.context().close();

  // The moderator resolves it from Admin Tools → Content Moderation, hiding the comment.
  await loginAs(page, 'moderator');
  await page.goto('/dashboard/admin');
  await settled(page);
  await page.getByRole('tab', { name: 'Content Moderation' }).click();
  const card = page
    .locator('li, article')
    .filter({ hasText: text.slice(0, 30) })
    .filter({ has: page.getByRole('button', { name: 'Resolve' }) })
    .first();
  await expect(card).toBeVisible();
  await snap(page, info, 'moderation-queue');
  await card.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve Report' });
  await resolve.getByLabel(/^Admin notes/).fill('Follower-selling spam.');
  await resolve.getByLabel(/^Actions taken/).fill('The comment was removed.');
  await resolve.getByLabel('Hide the content').check();
  await snap(page, info, 'moderation-resolve', { fullPage: false });
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Report has been resolved successfully')).toBeVisible();

  // Gone from the contest page for everyone.
  const visitor = await browser.newContext({ baseURL: baseURL ?? '' });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/contest/${contest._id}`);
  await settled(publicPage);
  await publicPage.getByRole('tab', { name: /^Comments/ }).click();
  await expect(publicPage.getByRole('tabpanel')).toBeVisible();
  await expect(publicPage.getByText(text)).toHaveCount(0);
  await visitor.close();
});

test('an admin bans a member with a reason: their session is refused, their login says why; unbanned, they are back', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const member = await newPerson(request, `Banned ${uniqueWord()}`);
  const memberPage = await pageOf(browser, member, baseURL);
  await memberPage.goto('/dashboard');
  await settled(memberPage);

  await loginAs(page, 'admin');
  await page.goto('/dashboard/admin');
  await settled(page);
  await page.getByLabel('Search users').fill(member.email);
  const ban = page.getByRole('button', { name: `Ban ${member.fullName}` });
  await expect(ban.first()).toBeVisible();
  await ban.first().click();
  const dialog = page.getByRole('dialog', { name: 'Ban User' });
  await expect(dialog.getByRole('button', { name: 'Ban User' })).toBeDisabled();
  const reason = `Selling votes for cash (${uniqueWord()})`;
  await dialog.getByLabel(/^Reason for ban/).fill(reason);
  await snap(page, info, 'ban-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(page.getByText('User banned successfully')).toBeVisible();

  // The member's open session: the next request is refused with the reason, and the app signs them out.
  await memberPage.goto('/dashboard/wallet');
  await expect(memberPage.getByText(reason).first()).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login/);
  // Every call the page had in flight was refused; the person is told once.
  await expect(memberPage.getByText('Account Banned')).toHaveCount(1);
  await snap(memberPage, info, 'banned-session', { fullPage: false });
  // Logging in again shows the reason too.
  await memberPage.getByLabel(/^Email/).fill(member.email);
  await memberPage.getByLabel(/^Password/).fill(member.password);
  await memberPage.getByRole('button', { name: /^(Log in|Sign in|Login)$/i }).click();
  await expect(memberPage.getByText(new RegExp(`banned.*${reason.replace(/[()]/g, '\\$&')}`)).first()).toBeVisible();
  await snap(memberPage, info, 'banned-login', { fullPage: false });

  // Unbanned: the login works again.
  await page
    .getByRole('button', { name: `Unban ${member.fullName}` })
    .first()
    .click();
  await expect(page.getByText('User unbanned successfully')).toBeVisible();
  const again = await memberPage.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
    headers: { 'x-forwarded-for': '10.250.0.1' },
  });
  expect(again.status()).toBe(200);
  await memberPage.context().close();
});

test("the financial report's revenue is the reconciliation's", async ({ page }, info) => {
  await loginAs(page, 'admin');
  await page.goto('/dashboard/admin');
  await settled(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('tab', { name: 'Financial Reports' }).click();
  await settled(page);
  const headers = { authorization: `Bearer ${token}` };
  const recon = ((await (await page.request.get('/api/admin/reconciliation', { headers })).json()) as { data: TReconciliationReport }).data;
  const finance = (
    (await (await page.request.get('/api/admin-tools/financial-reports?period=30', { headers })).json()) as { data: TFinancialReport }
  ).data;
  expect(finance.revenue.allTimeKobo).toBe(recon.totals.revenueKobo);
  // The page shows that same figure in naira.
  await expect(page.getByTestId('fin-revenue-all-time')).toContainText(formatNaira(recon.totals.revenueKobo));
  await snap(page, info, 'financial-reports');
});
