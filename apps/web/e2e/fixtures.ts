import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@contesthub.local', password: 'Admin123!' },
  organizer: { email: 'organizer@contesthub.local', password: 'Organizer123!' },
  participant: { email: 'participant@contesthub.local', password: 'Participant123!' },
  // A demo person (apps/server/src/seed/demo.ts) with vote credits left after seeding: a voter.
  funmilayo: { email: 'funmilayo@contesthub.local', password: 'Demo1234!' },
  // A free-tier demo person with a naira wallet whose exact balances only the money journey asserts.
  adaeze: { email: 'adaeze@contesthub.local', password: 'Demo1234!' },
} as const;

const screenshotRoot = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** Saves a full-page screenshot under test-results/screenshots/<project>/<name>.png. */
export async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = path.join(screenshotRoot, info.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`), fullPage: true });
}

type Tokens = { token: string; refreshToken: string };
// One login per demo account per worker process: tests share it (the suite ends long before the
// 15-minute access token expires). A test that logs out asks for a fresh session of its own.
const sessions = new Map<string, Tokens>();

/** Logs in through the API and stores the tokens the way the web app does, before any page script runs. */
export async function loginAs(page: Page, who: keyof typeof DEMO, opts: { fresh?: boolean } = {}): Promise<void> {
  let data = opts.fresh ? undefined : sessions.get(who);
  if (!data) {
    const res = await page.request.post('/api/auth/login', { data: DEMO[who] });
    expect(res.ok(), `login as ${who}: ${res.status()}`).toBeTruthy();
    data = ((await res.json()) as { data: Tokens }).data;
    if (!opts.fresh) sessions.set(who, data);
  }
  await page.addInitScript(
    ([token, refreshToken]) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('refreshToken', refreshToken!);
    },
    [data.token, data.refreshToken],
  );
}

/** Adds a page's console errors and uncaught exceptions to `errors` (for pages of other contexts). */
export function watchConsole(page: Page, errors: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
}

/** Collects console errors and uncaught exceptions; a test asserts the list is empty. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

export { expect };

/** The page's background as RGB, whatever colour syntax the CSS used. */
export async function backgroundRgb(page: Page): Promise<[number, number, number]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}

export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
