/**
 * The money journey (issue #5), as a person registered for this test (on the 7-day Basic Premium trial every new person
 * gets, so vote credits are 10 % off) on the default sandbox gateway, clicking
 * through the real pages of the built app: a card deposit through the sandbox checkout, a vote-credit
 * package paid by card, a credit transfer (its ₦100 fee from the naira wallet), a Basic Premium month
 * paid from the wallet (it replaces the trial), and a withdrawal to a newly added bank account (₦100 fee on top). After every
 * step the balances the pages show AND those GET /api/wallet answers are exactly the starting ones
 * moved by what the step costs, so the test does not depend on the seed's figures.
 */
import type { Page, TestInfo } from '@playwright/test';
import {
  creditPurchaseQuote,
  formatNaira,
  formatNumber,
  nairaToKobo,
  PRODUCT_NAME,
  subscriptionQuote,
  TRANSFER_FEE_KOBO,
  withdrawalQuote,
  type TWallet,
  type TWalletAnswer,
} from '@contesthub/shared';
import { expect, newPerson, signInAs, snap, test, uniqueWord } from './fixtures';

const DEPOSIT_NAIRA = 10_000;
const TRANSFER_CREDITS = 10;
const WITHDRAW_NAIRA = 1_000;
/** The sandbox resolves any 10-digit number: the 9th digit picks the first name, the 10th the surname. */
const BANK = { search: 'guaranty', name: 'Guaranty Trust Bank', accountNumber: '0123456705', accountName: 'FASHOLA ADAEZE' };

/** The wallet's balance (kobo) and vote credits (may hold hundredths). */
type Balances = Pick<TWallet, 'balance' | 'voteCredits'>;

/** GET /api/wallet with the session the page holds (the page must have loaded an app page). */
async function walletOf(page: Page): Promise<Balances> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/wallet', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET /api/wallet: ${res.status()}`).toBeTruthy();
  const { balance, voteCredits } = ((await res.json()) as { data: TWalletAnswer }).data.wallet;
  return { balance, voteCredits };
}

/** Credits hold hundredths: add them in hundredths so no float residue creeps into an exact comparison. */
const addCredits = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/** A full-page screenshot taken from the top, so fixed headers and open dialogs sit where a user sees them. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, info, name);
}

const toast = (page: Page, title: string) => page.locator('[data-toast-type="success"]').filter({ hasText: title });

/** The Overview tab of the wallet shows exactly these balances. */
async function expectOverview(page: Page, expected: Balances): Promise<void> {
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatNaira(expected.balance));
  await expect(page.getByTestId('wallet-credits')).toHaveText(formatNumber(expected.voteCredits));
}

test('deposit, buy credits, transfer, subscribe and withdraw: every balance moves exactly', async ({
  page,
  request,
  consoleErrors,
}, info) => {
  test.setTimeout(180_000);
  // The payer starts with an empty wallet; the recipient is found by a name no one else has.
  const payer = await newPerson(request, 'Adaeze Fashola');
  const recipientName = `Emeka ${uniqueWord()}`;
  await newPerson(request, recipientName);
  const password = payer.password;
  await signInAs(page, payer);

  await page.goto('/dashboard/wallet');
  await expect(page.getByRole('heading', { level: 2, name: 'Wallet', exact: true })).toBeVisible();
  const start = await walletOf(page);
  await expectOverview(page, start);
  let expected: Balances = { ...start };

  // --- 1. Deposit ₦10,000 by card through the sandbox checkout. ---
  const deposit = nairaToKobo(DEPOSIT_NAIRA);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const depositDialog = page.getByRole('dialog', { name: 'Deposit Money' });
  await depositDialog.getByLabel(/^Amount/).fill(String(DEPOSIT_NAIRA));
  await expect(depositDialog.getByLabel(/^Amount/)).toHaveValue(formatNumber(DEPOSIT_NAIRA));
  await shot(page, info, 'money-journey-01-deposit-dialog');
  await depositDialog.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?reference=dep-[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: `${PRODUCT_NAME} sandbox checkout` })).toBeVisible();
  await expect(page.getByText(formatNaira(deposit), { exact: true })).toBeVisible();
  await shot(page, info, 'money-journey-02-deposit-checkout');
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment-verification\?reference=dep-/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText(`${formatNaira(deposit)} has been added to your wallet.`)).toBeVisible();
  expected = { ...expected, balance: expected.balance + deposit };
  await expect(page.getByTestId('verified-balance')).toHaveText(formatNaira(expected.balance));
  await shot(page, info, 'money-journey-03-deposit-verified');

  await page.getByRole('link', { name: 'View Wallet' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  await expectOverview(page, expected);
  expect(await walletOf(page)).toEqual(expected);
  await shot(page, info, 'money-journey-04-wallet-after-deposit');

  // --- 2. Buy the small package (50 credits) by card: credits +50, naira unchanged. ---
  // On the trial: ₦2,500 − 10 % = ₦2,250, plus the 5 % fee (₦112.50 → ₦113).
  const small = creditPurchaseQuote({ package: 'small', premium: true });
  expect(small.credits).toBe(50);
  expect(small.totalKobo).toBe(nairaToKobo(2_363));
  await page.getByRole('tab', { name: 'Buy Credits' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet\?tab=credits$/);
  await expect(page.getByTestId('credit-stats-current')).toHaveText(formatNumber(expected.voteCredits));
  const buySmall = page.getByRole('button', { name: `Buy ${formatNumber(small.credits)} credits` });
  const smallCard = page.getByTestId('credit-package').filter({ has: buySmall });
  await expect(smallCard).toContainText(`Total${formatNaira(small.totalKobo)}`);
  await shot(page, info, 'money-journey-05-buy-credits');
  await buySmall.click();

  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\?reference=vcp-[0-9a-f]{32}$/);
  await expect(page.getByText(formatNaira(small.totalKobo), { exact: true })).toBeVisible();
  await shot(page, info, 'money-journey-06-credits-checkout');
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment-verification\?reference=vcp-/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText(`${formatNumber(small.credits)} vote credits have been added to your account.`)).toBeVisible();
  await expect(toast(page, 'Payment Verified!')).toContainText(`${formatNumber(small.credits)} vote credits added.`);
  expected = { ...expected, voteCredits: addCredits(expected.voteCredits, small.credits) };
  await expect(page.getByTestId('verified-credits')).toHaveText(formatNumber(expected.voteCredits));
  await shot(page, info, 'money-journey-07-credits-verified');

  await page.getByRole('link', { name: 'View Wallet' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet\?tab=credits$/);
  await expect(page.getByTestId('credit-stats-current')).toHaveText(formatNumber(expected.voteCredits));
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expectOverview(page, expected);
  expect(await walletOf(page)).toEqual(expected);
  await shot(page, info, 'money-journey-08-wallet-after-credits');

  // --- 3. Transfer 10 credits to another member: credits −10, naira −₦100 (the fee). ---
  await page.goto('/dashboard/vote-credit-transfer');
  await expect(page.getByTestId('transfer-credits')).toHaveText(formatNumber(expected.voteCredits));
  await expect(page.getByTestId('transfer-balance')).toHaveText(formatNaira(expected.balance));
  await page.getByLabel(/^Find recipients/).fill(recipientName);
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: `Add ${recipientName}` })
    .click();
  await expect(page.getByTestId('selected-recipient')).toHaveText(new RegExp(recipientName));
  await page.getByLabel(/^Credits per recipient/).fill(String(TRANSFER_CREDITS));
  await page.getByLabel(/^Account password/).fill(password);
  await expect(page.getByTestId('summary-credits')).toHaveText(`${TRANSFER_CREDITS} credits × 1 = ${TRANSFER_CREDITS} credits`);
  await expect(page.getByTestId('summary-fees')).toHaveText(`${formatNaira(TRANSFER_FEE_KOBO)} × 1 = ${formatNaira(TRANSFER_FEE_KOBO)}`);
  await expect(page.getByTestId('summary-credits-after')).toHaveText(formatNumber(addCredits(expected.voteCredits, -TRANSFER_CREDITS)));
  await expect(page.getByTestId('summary-balance-after')).toHaveText(formatNaira(expected.balance - TRANSFER_FEE_KOBO));
  await shot(page, info, 'money-journey-09-transfer-form');
  await page.getByRole('button', { name: 'Transfer Credits' }).click();

  await expect(toast(page, 'Successfully transferred to 1 recipient(s)')).toBeVisible();
  await expect(page.getByTestId('transfer-result')).toHaveText(`${recipientName} received ${TRANSFER_CREDITS} credits`);
  await expect(page.getByTestId('selected-recipient')).toHaveCount(0);
  expected = { balance: expected.balance - TRANSFER_FEE_KOBO, voteCredits: addCredits(expected.voteCredits, -TRANSFER_CREDITS) };
  await expect(page.getByTestId('transfer-credits')).toHaveText(formatNumber(expected.voteCredits));
  await expect(page.getByTestId('transfer-balance')).toHaveText(formatNaira(expected.balance));
  expect(await walletOf(page)).toEqual(expected);
  await shot(page, info, 'money-journey-10-transfer-sent');

  await page.getByRole('tab', { name: 'Transfer History' }).click();
  const rows = page.getByTestId('transfer-row');
  const sent = rows.filter({ has: page.getByTestId('transfer-type').getByText('Sent', { exact: true }) });
  const fee = rows.filter({ has: page.getByTestId('transfer-type').getByText('Transfer Fee', { exact: true }) });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(`To ${recipientName}`);
  await expect(sent.getByTestId('transfer-figure')).toHaveText(`−${TRANSFER_CREDITS} credits`);
  await expect(fee).toHaveCount(1);
  await expect(fee.getByTestId('transfer-figure')).toHaveText(`−${formatNaira(TRANSFER_FEE_KOBO)}`);
  await shot(page, info, 'money-journey-11-transfer-history');

  // --- 4. Basic Premium, monthly, paid from the wallet during the trial: naira −₦2,500, the trial gives way. ---
  const plan = subscriptionQuote('basic_premium', 'monthly');
  expect(plan.amountKobo).toBe(nairaToKobo(2_500));
  await page.goto('/dashboard/subscription');
  const current = page.getByRole('region', { name: 'Current subscription' });
  await expect(current.getByTestId('subscription-status')).toHaveText('Trial');
  await page.getByRole('radiogroup', { name: 'Billing period' }).getByRole('radio', { name: 'Monthly' }).click();
  await page.getByTestId('plan-basic_premium').getByRole('radio').check();
  await page.getByRole('radio', { name: /^Wallet/ }).check();
  await expect(page.getByTestId('wallet-balance-note')).toHaveText(`Balance ${formatNaira(expected.balance)}`);
  await expect(page.getByTestId('plan-total')).toHaveText(`Basic Premium, monthly: ${formatNaira(plan.amountKobo)}`);
  await shot(page, info, 'money-journey-12-subscription-plan');
  await page.getByRole('button', { name: 'Pay from Wallet' }).click();

  await expect(toast(page, 'Subscription activated successfully!')).toBeVisible();
  await expect(current.getByRole('heading', { name: 'Basic Premium' })).toBeVisible();
  await expect(current.getByTestId('subscription-status')).toHaveText('Active');
  await expect(current.getByTestId('days-remaining')).toHaveText(String(plan.durationDays));
  expected = { ...expected, balance: expected.balance - plan.amountKobo };
  await expect(page.getByTestId('wallet-balance-note')).toHaveText(`Balance ${formatNaira(expected.balance)}`);
  expect(await walletOf(page)).toEqual(expected);
  await shot(page, info, 'money-journey-13-subscription-active');

  // --- 5. Add a bank account, then withdraw ₦1,000: naira −₦1,100 (₦100 fee on top). ---
  const withdrawal = withdrawalQuote(nairaToKobo(WITHDRAW_NAIRA));
  await page.goto('/dashboard/wallet');
  await page.getByRole('tab', { name: 'Naira Wallet' }).click();
  await expect(page.getByTestId('naira-balance')).toHaveText(formatNaira(expected.balance));
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const bankDialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  await bankDialog.getByRole('searchbox', { name: 'Search banks' }).fill(BANK.search);
  await expect(bankDialog.getByRole('radiogroup', { name: 'Banks' }).getByRole('radio')).toHaveCount(1);
  await bankDialog.getByRole('radio', { name: BANK.name }).check();
  await bankDialog.getByLabel(/^Account number/).fill(BANK.accountNumber);
  await expect(bankDialog.getByLabel(/^Account name/)).toHaveValue(BANK.accountName);
  await expect(bankDialog.getByText('Account name confirmed by the bank')).toBeVisible();
  await shot(page, info, 'money-journey-14-add-bank-account');
  await bankDialog.getByRole('button', { name: 'Save Account' }).click();

  await expect(toast(page, 'Bank account added successfully')).toContainText(
    `Withdrawals will be paid to ${BANK.accountName}, ${BANK.name}.`,
  );
  await expect(bankDialog).toBeHidden();
  const bankCard = page.getByTestId('bank-account');
  await expect(bankCard).toContainText(BANK.accountName);
  await expect(bankCard).toContainText(BANK.name);
  await expect(bankCard).toContainText(BANK.accountNumber);
  await expect(bankCard).toContainText('Verified');

  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdrawDialog = page.getByRole('dialog', { name: 'Withdraw Money' });
  await expect(withdrawDialog).toContainText(BANK.accountName);
  await withdrawDialog.getByLabel(/^Amount/).fill(String(WITHDRAW_NAIRA));
  await withdrawDialog.getByLabel(/^Account password/).fill(password);
  await expect(withdrawDialog.getByTestId('withdraw-total')).toHaveText(formatNaira(withdrawal.totalKobo));
  await shot(page, info, 'money-journey-15-withdraw-dialog');
  await withdrawDialog.getByRole('button', { name: 'Withdraw', exact: true }).click();

  await expect(toast(page, 'Withdrawal processed successfully')).toContainText(
    `${formatNaira(withdrawal.amountKobo)} has been sent to ${BANK.name} (${BANK.accountNumber}).`,
  );
  await expect(withdrawDialog).toBeHidden();
  expected = { ...expected, balance: expected.balance - withdrawal.totalKobo };
  await expect(page.getByTestId('naira-balance')).toHaveText(formatNaira(expected.balance));
  const paid = page.getByTestId('withdrawal').filter({ hasText: BANK.accountNumber });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('Successful');
  await expect(paid).toContainText(`−${formatNaira(withdrawal.amountKobo)}`);
  expect(await walletOf(page)).toEqual(expected);
  await shot(page, info, 'money-journey-16-withdrawn');

  // Altogether: +₦10,000 − ₦100 − ₦2,500 − ₦1,100 naira, +50 − 10 credits.
  expect(expected).toEqual({
    balance: start.balance + deposit - TRANSFER_FEE_KOBO - plan.amountKobo - withdrawal.totalKobo,
    voteCredits: addCredits(start.voteCredits, small.credits - TRANSFER_CREDITS),
  });
  expect(consoleErrors).toEqual([]);
});
