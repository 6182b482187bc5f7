/**
 * The contest core loop (issue #4), as three people registered for this test, in three browser
 * contexts against the built app: the organizer (₦20,000 deposited) creates a cash-prize contest
 * through the wizard (the prize leaves their wallet), a participant (profile filled in) submits a
 * photo entry, the organizer approves it and closes entries, a voter (50 vote credits bought) casts a
 * free and a paid vote (the fee leaves their credits), the organizer ends the contest, and the
 * winner's wallet shows the prize less the 5% escrow fee.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { ESCROW_FEE_PERCENT, formatNaira, nairaToKobo, type TContestAnswer, type TWallet, type TWalletAnswer } from '@contesthub/shared';
import { expect, newPerson, photoPng, signInAs, snap, test, watchConsole, type Person } from './fixtures';

const PRIZE_NAIRA = 10_000;
const VOTING_FEE = 10;

/** GET /api/wallet with the session the page holds (the page must have loaded an app page). */
async function walletOf(page: Page): Promise<TWallet> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET /api/wallet: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { data: TWalletAnswer }).data.wallet;
}

/** A signed-in page in a context of its own, its console errors collected into `errors`. */
async function personPage(browser: Browser, who: Person, errors: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchConsole(page, errors);
  await signInAs(page, who);
  return page;
}

/** A full-page screenshot taken from the top, so fixed headers and open dialogs sit where a user sees them. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, info, name);
}

const toast = (page: Page, title: string) => page.locator('[data-toast-type="success"]').filter({ hasText: title });

test('a cash-prize contest from the wizard to the winner’s wallet', async ({ page, browser, request, consoleErrors }, info) => {
  test.setTimeout(180_000);
  const [organizerPerson, participantPerson, voterPerson] = await Promise.all([
    newPerson(request, 'Bisi Organizer', { nairaKobo: nairaToKobo(2 * PRIZE_NAIRA) }),
    newPerson(request, 'Chiamaka Entrant', { profile: true }),
    newPerson(request, 'Funmilayo Voter', { credits: 'small' }),
  ]);
  const title = `Lagos Lights Photo Walk ${Date.now().toString(36)}`;
  const entryTitle = 'Sunset over Third Mainland';
  const prize = nairaToKobo(PRIZE_NAIRA);
  const winnerShare = prize - Math.floor((prize * ESCROW_FEE_PERCENT) / 100);
  const others: string[] = [];

  // --- The organizer creates the contest through the six wizard steps. ---
  const organizer = page;
  await signInAs(organizer, organizerPerson);
  await organizer.goto('/dashboard/create');
  await expect(organizer.getByRole('heading', { name: 'Step 1: Basic Info' })).toBeVisible();
  const organizerBefore = await walletOf(organizer);
  expect(organizerBefore.balance).toBeGreaterThanOrEqual(prize);

  await organizer.getByLabel(/^Contest title/).fill(title);
  await organizer
    .getByLabel(/^Description/)
    .fill('Show us Lagos after dark: bridges, markets and streets in their evening light. One photo per person.');
  await organizer.getByLabel(/^Category/).selectOption('photography');
  await organizer.getByLabel(/^Cover image/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: photoPng(640, 360) });
  await shot(organizer, info, 'contest-journey-01-wizard-basic-info');
  await organizer.getByRole('button', { name: 'Next' }).click();

  await expect(organizer.getByRole('heading', { name: 'Step 2: Prize' })).toBeVisible();
  await organizer.getByRole('radio', { name: 'Cash', exact: true }).check();
  await organizer.getByLabel(/^Prize amount/).fill(String(PRIZE_NAIRA));
  await expect(organizer.getByTestId('wallet-cover')).toContainText(`Wallet balance: ${formatNaira(organizerBefore.balance)}`);
  await expect(organizer.getByTestId('wallet-cover')).toContainText(`${formatNaira(winnerShare)} of ${formatNaira(prize)}`);
  await shot(organizer, info, 'contest-journey-02-wizard-prize');
  await organizer.getByRole('button', { name: 'Next' }).click();

  await expect(organizer.getByRole('heading', { name: 'Step 3: Entry' })).toBeVisible();
  await organizer.getByRole('radio', { name: 'Free', exact: true }).check();
  await organizer.getByLabel(/^Entry type/).selectOption('photo');
  await organizer.getByRole('radio', { name: 'Review', exact: true }).check();
  await shot(organizer, info, 'contest-journey-03-wizard-entry');
  await organizer.getByRole('button', { name: 'Next' }).click();

  // The default timeline opens entries today; closing them early below starts voting now.
  await expect(organizer.getByRole('heading', { name: 'Step 4: Timeline' })).toBeVisible();
  await expect(organizer.getByLabel(/^Entry start date/)).not.toHaveValue('');
  await shot(organizer, info, 'contest-journey-04-wizard-timeline');
  await organizer.getByRole('button', { name: 'Next' }).click();

  await expect(organizer.getByRole('heading', { name: 'Step 5: Voting' })).toBeVisible();
  await organizer.getByRole('radio', { name: 'Both', exact: true }).check();
  await organizer.getByLabel(/^Voting fee/).fill(String(VOTING_FEE));
  await organizer.getByLabel(/^Free votes per user/).fill('1');
  await organizer.getByLabel(/^Maximum votes per user/).fill('3');
  await shot(organizer, info, 'contest-journey-05-wizard-voting');
  await organizer.getByRole('button', { name: 'Next' }).click();

  await expect(organizer.getByRole('heading', { name: 'Step 6: Restrictions' })).toBeVisible();
  await organizer.getByLabel(/^Rules/).fill('Original work taken in Lagos');
  await organizer.getByRole('button', { name: 'Add rule' }).click();
  await organizer.getByLabel(/^Tags/).fill('lagos-at-night');
  await organizer.getByRole('button', { name: 'Add tag' }).click();
  await expect(organizer.getByRole('list', { name: 'Rules' })).toContainText('Original work taken in Lagos');
  await shot(organizer, info, 'contest-journey-06-wizard-restrictions');

  const created = organizer.waitForResponse((r) => r.url().endsWith('/api/contests') && r.request().method() === 'POST');
  await organizer.getByRole('button', { name: 'Create Contest' }).click();
  const createdRes = await created;
  expect(createdRes.status()).toBe(201);
  const contestId = ((await createdRes.json()) as { data: TContestAnswer }).data.contest._id;
  await expect(organizer).toHaveURL(/\/dashboard\/contests$/);
  await expect(toast(organizer, 'Contest Created!')).toBeVisible();
  const card = organizer.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText(formatNaira(prize));
  await shot(organizer, info, 'contest-journey-07-my-contests-created');
  // The prize moved from the organizer's wallet into escrow, exactly.
  expect((await walletOf(organizer)).balance).toBe(organizerBefore.balance - prize);

  // --- A participant submits a photo entry; it waits for review. ---
  const participant = await personPage(browser, participantPerson, others);
  await participant.goto(`/contest/${contestId}`);
  await expect(participant.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(participant.getByTestId('cover-fallback')).toHaveCount(0);
  const participantBefore = await walletOf(participant);
  await participant.getByRole('button', { name: 'Submit Entry' }).click();
  const submitDialog = participant.getByRole('dialog', { name: 'Submit Entry' });
  await expect(submitDialog).toBeVisible();
  await submitDialog.getByLabel(/^Title/).fill(entryTitle);
  await submitDialog.getByLabel(/^Description/).fill('The bridge at dusk from the Oworonshoki end, lights just coming on.');
  await submitDialog.getByLabel(/^Files/).setInputFiles({ name: 'third-mainland.png', mimeType: 'image/png', buffer: photoPng(320, 240) });
  await expect(submitDialog.getByRole('list', { name: 'Selected files' })).toContainText('third-mainland.png');
  await shot(participant, info, 'contest-journey-08-submit-entry');
  await submitDialog.getByRole('button', { name: 'Submit Entry' }).click();
  await expect(toast(participant, 'Entry Submitted!')).toContainText('awaiting approval');
  const ownEntry = participant.getByRole('article', { name: entryTitle });
  await expect(ownEntry).toContainText('Pending');
  await expect(ownEntry).toContainText('Your Entry');
  await expect(ownEntry.getByRole('img', { name: entryTitle })).toBeVisible();
  await shot(participant, info, 'contest-journey-09-entry-pending');

  // --- The organizer approves it from Review. ---
  await card.getByRole('link', { name: 'Review' }).click();
  await expect(organizer).toHaveURL(new RegExp(`/dashboard/contests/${contestId}/review$`));
  const row = organizer.getByRole('row').filter({ hasText: entryTitle });
  await expect(row).toContainText('Pending');
  await shot(organizer, info, 'contest-journey-10-review-pending');
  await row.getByRole('button', { name: 'Approve' }).click();
  // The list shows pending entries by default: the approved one leaves it.
  await expect(organizer.getByText('No entries waiting for review')).toBeVisible();
  await organizer.getByLabel('Status').selectOption('approved');
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await shot(organizer, info, 'contest-journey-11-review-approved');

  // --- The organizer closes entries: voting opens now. ---
  await organizer.goto('/dashboard/contests');
  await card.getByRole('button', { name: 'Close entries' }).click();
  const closeDialog = organizer.getByRole('dialog', { name: 'Close entries now?' });
  await expect(closeDialog).toBeVisible();
  await shot(organizer, info, 'contest-journey-12-close-entries');
  await closeDialog.getByRole('button', { name: 'Start voting now' }).click();
  await expect(toast(organizer, 'Entries Closed')).toBeVisible();
  await expect(card.getByText('Voting', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'End contest' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Close entries' })).toHaveCount(0);
  await shot(organizer, info, 'contest-journey-13-my-contests-voting');

  // --- A voter casts a free vote, then a paid one. ---
  const voter = await personPage(browser, voterPerson, others);
  await voter.goto(`/contest/${contestId}`);
  await expect(voter.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const voterBefore = await walletOf(voter);
  expect(voterBefore.voteCredits).toBeGreaterThanOrEqual(VOTING_FEE);
  const entryCard = voter.getByRole('article', { name: entryTitle });
  await expect(entryCard.getByTestId('entry-votes')).toHaveText('0 votes');

  await entryCard.getByRole('button', { name: 'Vote' }).click();
  let voteDialog = voter.getByRole('dialog', { name: 'Cast Your Vote' });
  await expect(voteDialog.getByRole('radio', { name: 'Free Vote' })).toBeChecked();
  await expect(voteDialog.getByTestId('vote-weight')).toHaveText('1x');
  await shot(voter, info, 'contest-journey-14-vote-free');
  await voteDialog.getByRole('button', { name: 'Cast Vote' }).click();
  await expect(toast(voter, 'Vote Cast!')).toBeVisible();
  await expect(voteDialog).toBeHidden();
  await expect(entryCard.getByTestId('entry-votes')).toHaveText('1 vote');

  await entryCard.getByRole('button', { name: 'Vote' }).click();
  voteDialog = voter.getByRole('dialog', { name: 'Cast Your Vote' });
  await voteDialog.getByRole('radio', { name: 'Paid Vote' }).check();
  await voteDialog.getByLabel('Number of votes').fill('1');
  await expect(voteDialog.getByTestId('vote-weight')).toHaveText('5x');
  await expect(voteDialog.getByTestId('vote-cost')).toHaveText(`${VOTING_FEE} vote credits`);
  await expect(voteDialog.getByTestId('vote-balance')).toHaveText(`${voterBefore.voteCredits} vote credits`);
  await shot(voter, info, 'contest-journey-15-vote-paid');
  await voteDialog.getByRole('button', { name: 'Cast 1 Vote' }).click();
  await expect(voteDialog).toBeHidden();
  // A free vote weighs 1, a paid vote 5.
  await expect(entryCard.getByTestId('entry-votes')).toHaveText('6 votes');
  await shot(voter, info, 'contest-journey-16-contest-voted');
  expect((await walletOf(voter)).voteCredits).toBe(voterBefore.voteCredits - VOTING_FEE);

  // --- The organizer ends the contest: the winner is paid. ---
  await organizer.reload();
  await expect(card.getByText('Voting', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'End contest' }).click();
  const endDialog = organizer.getByRole('dialog', { name: 'End this contest now?' });
  await expect(endDialog).toContainText(`The winner is paid ${formatNaira(winnerShare)}`);
  await shot(organizer, info, 'contest-journey-17-end-contest');
  await endDialog.getByRole('button', { name: 'Finalize results' }).click();
  await expect(toast(organizer, 'Contest Ended')).toContainText(`The winner received ${formatNaira(winnerShare)}.`);
  await expect(card.getByText('Ended', { exact: true })).toBeVisible();
  await shot(organizer, info, 'contest-journey-18-my-contests-ended');
  // The escrowed prize went to the winner, none of it back to the organizer.
  expect((await walletOf(organizer)).balance).toBe(organizerBefore.balance - prize);

  // --- The winner's wallet shows the prize less 5%, and the contest page the winner. ---
  await participant.goto('/dashboard/wallet');
  await expect(participant.getByTestId('wallet-balance')).toHaveText(formatNaira(participantBefore.balance + winnerShare));
  await expect(participant.getByTestId('wallet-winnings')).toHaveText(formatNaira(participantBefore.totalWinnings + winnerShare));
  const payout = participant.getByTestId('wallet-transaction').filter({ hasText: `Prize for winning "${title}"` });
  await expect(payout).toContainText(`+${formatNaira(winnerShare)}`);
  await expect(payout).toContainText('Prize won');
  await shot(participant, info, 'contest-journey-19-winner-wallet');

  await participant.goto(`/contest/${contestId}`);
  await expect(participant.getByRole('status').filter({ hasText: `Winner: ${entryTitle}` })).toContainText(participantPerson.fullName);
  await expect(participant.getByRole('article', { name: entryTitle }).getByTestId('entry-votes')).toHaveText('6 votes');
  await expect(participant.getByRole('button', { name: 'Submit Entry' })).toHaveCount(0);
  await shot(participant, info, 'contest-journey-20-contest-ended');

  await participant.context().close();
  await voter.context().close();
  expect(consoleErrors).toEqual([]);
  expect(others).toEqual([]);
});
