import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built app runs on its own port with a throwaway embedded database seeded with demo data.
const port = Number(process.env.E2E_PORT ?? 4319);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'contesthub-e2e-'));
const repoRoot = path.resolve(import.meta.dirname, '../..');

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
      // The account journey runs once (desktop): it waits for TOTP time steps and every page it
      // visits is also rendered at phone width by the route tests. The contest journey runs once
      // too: it checks exact balances of shared demo accounts, which a second run at once would move.
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
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
