import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startMailRelay, type MailRelay } from './e2e/mail-relay';

// The built app runs on its own port with a throwaway embedded database seeded with demo data.
const port = Number(process.env.E2E_PORT ?? 4319);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'contesthub-e2e-'));
const repoRoot = path.resolve(import.meta.dirname, '../..');

// Journeys register people of their own: the server mails their verification codes to an SMTP
// capture started here, in the runner, and relayed to the test workers through a folder
// (e2e/mail-relay.ts). The workers inherit both variables, so only the runner starts a capture;
// globalTeardown closes it and drops the folder.
if (!process.env.E2E_SMTP_URL) {
  const dir = mkdtempSync(path.join(tmpdir(), 'contesthub-e2e-mail-'));
  const smtp = await startMailRelay(dir);
  process.env.E2E_MAIL_DIR = dir;
  process.env.E2E_SMTP_URL = smtp.url;
  (globalThis as { e2eMailRelay?: MailRelay }).e2eMailRelay = { dir, close: () => smtp.close() };
}

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results/playwright'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      // The account, contest and money journeys run once (desktop): the first waits for TOTP time
      // steps, and every page the three visit is also rendered at phone width by the route tests.
      testIgnore: /(accounts|contest-journey|money-journey)\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      // The runner is the proxy in front of the app: the people the fixtures register each send
      // an address of their own (X-Forwarded-For), as real visitors would; the browser's own
      // requests carry none and count as 127.0.0.1.
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: process.env.E2E_SMTP_URL,
      MAIL_FROM: 'ContestHub <no-reply@contesthub.test>',
      // Support's WhatsApp comes from configuration (dead-ends.spec.ts reads it back from the pages).
      SUPPORT_WHATSAPP: '+234 803 000 1234',
    },
  },
});
