/**
 * The account journey against its own server instance, wired to a real SMTP server started here:
 * register → code from the mail → verify → log out → log in → enable 2FA with a TOTP computed in
 * the test → log in with it → reset the password → log in with a backup code → revoke a session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { startSmtpServer, type TestSmtp } from '../../server/test/smtp';
import type { TTokens } from '@contesthub/shared';
import { expect, snap, test } from './fixtures';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let smtp: TestSmtp;
let server: ChildProcess;
let base: string;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'contesthub-e2e-accounts-'));
  server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ContestHub <no-reply@contesthub.test>',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('account journey server did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const codeIn = (raw: string) => raw.match(/Subject: (\d{6}) /)?.[1] ?? raw.match(/\b(\d{6})\b/)![1]!;

/** A TOTP for the next 30-second step, so it was never used before (codes work once). */
async function freshTotp(secret: string): Promise<string> {
  const msIntoStep = Date.now() % 30_000;
  await new Promise((r) => setTimeout(r, 30_000 - msIntoStep + 500));
  return generate({ secret });
}

test('register, verify, 2FA, reset and revoke, as a new user', async ({ page, browser, consoleErrors }, info) => {
  test.setTimeout(180_000);
  const email = `journey.${Date.now()}@example.test`;
  const password = 'Journey123';
  const newPassword = 'Journey456x';

  // Register.
  await page.goto(`${base}/register`);
  await page.getByLabel('Full name').fill('Ifeoma Journey');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill(`0803${String(Date.now()).slice(-7)}`);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await snap(page, info, 'journey-01-register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-email\?email=/);

  // Verify with the code from the mail the SMTP server received.
  const verification = await smtp.waitFor((m) => m.to.includes(email));
  await page.getByLabel('Verification code').fill(codeIn(verification.raw));
  await snap(page, info, 'journey-02-verify-email');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByText('Welcome to ContestHub, Ifeoma!')).toBeVisible();
  await snap(page, info, 'journey-03-dashboard');

  const logout = async () => {
    await page.getByRole('button', { name: /Account menu for Ifeoma Journey/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`^${base}/$`));
  };
  const fillLogin = async (pw: string) => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(pw);
    await page.getByRole('button', { name: 'Log In' }).click();
  };

  // Log out, log in.
  await logout();
  await fillLogin(password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Enable 2FA with a code computed here from the secret the page shows.
  await page.goto(`${base}/dashboard/settings`);
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const secret = (await page.locator('code[aria-labelledby="tfa-secret-label"]').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: /QR/i })).toBeVisible();
  await snap(page, info, 'journey-04-2fa-setup');
  await page.getByLabel('Verification Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify & Enable' }).click();
  const backupList = page.getByRole('list', { name: 'Backup codes' });
  await expect(backupList).toBeVisible();
  const backupCodes = (await backupList.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(backupCodes).toHaveLength(10);
  await snap(page, info, 'journey-05-2fa-backup-codes');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

  // Log in again: the two-factor step takes a fresh TOTP.
  await logout();
  await fillLogin(password);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await snap(page, info, 'journey-06-login-2fa');
  await page.getByLabel('Authentication code').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Verify and Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Reset the password with the mailed code.
  await logout();
  await page.goto(`${base}/forgot-password`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await snap(page, info, 'journey-07-forgot-password');
  const resetMail = await smtp.waitFor((m) => m.to.includes(email) && /reset code/i.test(m.raw));
  await page.getByRole('link', { name: 'Enter Reset Code' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await page.getByLabel('Reset code').fill(codeIn(resetMail.raw));
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await snap(page, info, 'journey-08-reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successfully!' })).toBeVisible();
  await snap(page, info, 'journey-09-reset-done');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  // The old password is gone; the new one plus a backup code works.
  await fillLogin(password);
  await expect(page.getByRole('alert').filter({ hasText: 'The password you entered is incorrect' }).first()).toBeVisible();
  await fillLogin(newPassword);
  await page.getByRole('button', { name: 'Backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Verify and Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A second device signs in; this device revokes it and that device is logged out.
  const other = await browser.newContext({ baseURL: base });
  const otherPage = await other.newPage();
  const res = await otherPage.request.post(`${base}/api/auth/login`, {
    data: { email, password: newPassword, backupCode: backupCodes[1] },
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    },
  });
  expect(res.ok()).toBeTruthy();
  const { data } = (await res.json()) as { data: TTokens };
  await otherPage.addInitScript(
    ([t, r]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('refreshToken', r!);
    },
    [data.token, data.refreshToken],
  );
  await otherPage.goto(`${base}/dashboard`);
  await expect(otherPage.getByText('Welcome back, Ifeoma!')).toBeVisible();

  await page.goto(`${base}/dashboard/settings`);
  await expect(page.getByText('Current session')).toBeVisible();
  await page.getByRole('button', { name: /^Remove session Safari on iOS/ }).click();
  await expect(page.getByRole('button', { name: /^Remove session Safari on iOS/ })).toHaveCount(0);
  await snap(page, info, 'journey-10-sessions');

  await otherPage.goto(`${base}/dashboard`);
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
  expect(consoleErrors.filter((e) => !/401|Unauthorized|status of 4\d\d/.test(e))).toEqual([]);
});
