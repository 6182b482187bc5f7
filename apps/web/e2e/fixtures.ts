import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type {
  TAuthResult,
  TCurrentSubscription,
  TPaymentInitialized,
  TRegister,
  TTokens,
  TVerifyEmail,
  TVoteCreditPurchaseStarted,
  VoteCreditPackageId,
} from '@contesthub/shared';
import { waitForMail } from './mail-relay';

/**
 * Demo accounts (apps/server/src/seed/demo.ts), for tests about demo content only (the seeded
 * contests, the admin pages). Journeys that move money or change an account register people of
 * their own (`newPerson`), so no test depends on what another did to a shared account.
 */
export const DEMO = {
  admin: { email: 'admin@contesthub.local', password: 'Admin123!' },
  moderator: { email: 'moderator@contesthub.local', password: 'Moderator123!' },
  organizer: { email: 'organizer@contesthub.local', password: 'Organizer123!' },
  participant: { email: 'participant@contesthub.local', password: 'Participant123!' },
} as const;

const screenshotRoot = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * Saves a screenshot under test-results/screenshots/<project>/<name>.png: the full page, or with
 * `fullPage: false` the screen as the user sees it (an open dialog, the first screen).
 */
export async function snap(page: Page, info: TestInfo, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = path.join(screenshotRoot, info.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`), fullPage });
}

type Tokens = TTokens;
// One login per demo account per worker process: tests share it (the suite ends long before the
// 15-minute access token expires). A test that logs out asks for a fresh session of its own.
const sessions = new Map<string, Tokens>();

/** Stores the tokens the way the web app does, before any page script runs. */
async function storeLogin(page: Page, { token, refreshToken }: Tokens): Promise<void> {
  await page.addInitScript(
    ([t, r]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('refreshToken', r!);
    },
    [token, refreshToken],
  );
}

/** Logs in as a demo account through the API, signed in on `page` from its first script. */
export async function loginAs(page: Page, who: keyof typeof DEMO, opts: { fresh?: boolean } = {}): Promise<void> {
  let data = opts.fresh ? undefined : sessions.get(who);
  if (!data) {
    const res = await page.request.post('/api/auth/login', { data: DEMO[who] });
    expect(res.ok(), `login as ${who}: ${res.status()}`).toBeTruthy();
    data = ((await res.json()) as { data: Tokens }).data;
    if (!opts.fresh) sessions.set(who, data);
  }
  await storeLogin(page, data);
}

/** A person a test registered for itself: verified, with a wallet, signed in through the API. */
export interface Person extends Tokens {
  id: string;
  fullName: string;
  email: string;
  password: string;
}

let registered = 0;

/** A word of letters no other call in this run returns (names take letters and spaces only). */
export function uniqueWord(): string {
  let n = Date.now() * 100 + Number(process.env.TEST_WORKER_INDEX ?? 0) * 10 + (registered++ % 10);
  let word = '';
  while (n > 0) {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** What a call with the person's login answers (data), failing the test on an error answer. */
async function call<T>(
  request: APIRequestContext,
  person: Tokens | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
  from?: string,
) {
  const res = await request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { ...(person ? { authorization: `Bearer ${person.token}` } : {}), ...(from ? { 'x-forwarded-for': from } : {}) },
  });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/**
 * Registers a new person through the API (unique email and phone), verifies the address with the code
 * from the mail the server sent, logs in, waits for the 7-day Basic Premium trial the verification
 * grants (its event is handled within a second or two), so every journey starts from the same state,
 * and opens the wallet. With `profile`, fills enough of the
 * profile to enter contests (spec: 50%); with `nairaKobo`, deposits that much through the sandbox
 * checkout; with `credits`, buys that vote-credit package by card.
 */
export async function newPerson(
  request: APIRequestContext,
  fullName: string,
  opts: { profile?: boolean; nairaKobo?: number; credits?: VoteCreditPackageId } = {},
): Promise<Person> {
  const n = registered++;
  const unique = `${Date.now().toString(36)}${process.env.TEST_WORKER_INDEX ?? 0}${n}`;
  // Each person comes from an address of their own, as people do: the e2e server trusts the runner
  // as its proxy (TRUST_PROXY=loopback in playwright.config.ts), so the per-address limits on
  // registering and logging in count each person apart instead of the whole suite as one visitor.
  const from = `10.${Number(process.env.TEST_WORKER_INDEX ?? 0) % 256}.${(n >> 8) % 256}.${n % 256}`;
  const email = `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}.${unique}@example.test`;
  const password = 'Journey123';
  // A Nigerian mobile number drawn from the unique address.
  const phone = `0803${[...email]
    .reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 10_000_000, 7)
    .toString()
    .padStart(7, '0')}`;
  await call(
    request,
    null,
    'POST',
    '/api/auth/register',
    {
      fullName,
      email,
      phone,
      password,
      confirmPassword: password,
    } satisfies TRegister,
    from,
  );
  const code = (await waitForMail(process.env.E2E_MAIL_DIR!, email)).match(/Subject: (\d{6}) /)![1]!;
  await call(request, null, 'POST', '/api/auth/verify-email', { email, code } satisfies TVerifyEmail, from);
  const { token, refreshToken, user } = await call<TAuthResult>(request, null, 'POST', '/api/auth/login', { email, password }, from);
  const person: Person = { id: user._id, fullName, email, password, token, refreshToken };
  await expect
    .poll(async () => (await call<TCurrentSubscription>(request, person, 'GET', '/api/subscriptions/current')).subscription?.isTrial, {
      message: `the free trial of ${email}`,
    })
    .toBe(true);
  await call(request, person, 'POST', '/api/wallet/create');
  if (opts.profile) {
    await call(request, person, 'PUT', '/api/auth/profile', {
      fullName,
      phone,
      bio: 'Registered by a browser test.',
      gender: 'female',
      dateOfBirth: '1995-05-05',
      location: { state: 'Lagos', city: 'Yaba' },
    });
  }
  if (opts.nairaKobo) {
    const { reference } = await call<TPaymentInitialized>(request, person, 'POST', '/api/wallet/deposit', { amount: opts.nairaKobo });
    await approveSandboxPayment(request, reference);
    await call(request, person, 'POST', '/api/wallet/verify-deposit', { reference });
  }
  if (opts.credits) {
    const { reference } = await call<TVoteCreditPurchaseStarted>(request, person, 'POST', '/api/vote-credits/purchase', {
      package: opts.credits,
    });
    await approveSandboxPayment(request, reference);
    await call(request, person, 'POST', '/api/vote-credits/verify', { reference });
  }
  return person;
}

/** A click on Approve on the sandbox checkout page (a plain form post; its redirect is not followed). */
async function approveSandboxPayment(request: APIRequestContext, reference: string): Promise<void> {
  const res = await request.post('/api/payments/sandbox/checkout/approve', { form: { reference }, maxRedirects: 0 });
  expect(res.status(), `sandbox approve ${reference}`).toBe(302);
}

/** Signs `page` in as `person` from its first script. */
export const signInAs = (page: Page, person: Person) => storeLogin(page, person);

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

/** A real PNG (8-bit RGB, no filter), drawn pixel by pixel: a sunset gradient with a sun. */
export function photoPng(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const sun = (x - width * 0.65) ** 2 + (y - height * 0.45) ** 2 < (height * 0.18) ** 2;
      const t = y / height;
      const [r, g, b] = sun ? [255, 214, 90] : [Math.round(40 + 200 * t), Math.round(30 + 70 * t), Math.round(110 - 60 * t)];
      raw.set([r, g, b], y * row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
