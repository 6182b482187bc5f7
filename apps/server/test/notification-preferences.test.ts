/**
 * Notification preferences and delivery (issue 14 item 4): the type × channel matrix and the spec's
 * switches (read, write, refusals), mail of the important types sent or not per preference (and
 * security alerts whatever the settings), RFC 8058 one-click unsubscribe without login (valid,
 * tampered, replayed), the daily digest only for people away 24 h, and web push against a local
 * push service (TTL, VAPID authorization, encrypted body, and the subscription dropped on 410).
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILED_NOTIFICATION_TYPES, NOTIFICATION_TYPES, type TNotificationPreferences } from '@contesthub/shared';
import { notificationTypes } from '../src/composition.js';
import { mailOutbox, notificationSettings, pushOutbox, pushSubscriptions, users } from '../src/db/schema/index.js';
import { loadConfig } from '../src/config.js';
import { createPushSender } from '../src/lib/web-push.js';
import { runDigest } from '../src/modules/notifications/digest.js';
import { insertOnce } from '../src/modules/notifications/notifications.repository.js';
import { acceptableEndpoint } from '../src/modules/notifications/preferences.service.js';
import { deliverPushes } from '../src/modules/notifications/push-delivery.js';
import { unsubscribeToken } from '../src/modules/notifications/unsubscribe.js';
import { api } from './contest-fixtures.js';
import { startSmtpServer } from './smtp.js';
import { createContest, createParticipant, smallPng, submit } from './entry-fixtures.js';
import {
  TEST_JWT_SECRET,
  createSignedInUser,
  createTestApp,
  freePort,
  nextIp,
  sandboxCheckout,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';

type Signed = TestUser & LoginResult;

let t: TestApp;
let organizer: Signed;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
});
afterAll(() => t?.close());

const drain = () => t.ctx.events.drain({ settleMs: 10_000 });

async function prefsOf(token: string): Promise<TNotificationPreferences> {
  const res = await api<TNotificationPreferences>(t.app, 'GET', '/api/notifications/preferences', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function setPrefs(token: string, body: unknown) {
  return api<TNotificationPreferences>(t.app, 'PUT', '/api/notifications/preferences', token, body);
}

async function mailsTo(email: string): Promise<Array<{ subject: string; text: string; headers: Record<string, string> | null }>> {
  return t.ctx.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, headers: mailOutbox.headers })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(mailOutbox.createdAt);
}

/** A participant's entry in a review contest, approved by the organizer; the events handled. */
async function approvedEntryOf(participant: Signed, title = 'Sunset over Lagos'): Promise<{ contestId: string; entryId: string }> {
  const contest = await createContest(t.ctx, organizer.userId, {
    entryReview: 'review',
    title: `Lagos Lights ${randomUUID().slice(0, 6)}`,
  });
  const res = await submit(t.app, participant.token, {
    contestId: contest.id,
    title,
    files: [{ data: await smallPng(), filename: 'p.png', contentType: 'image/png' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const entryId = res.json().data.entry._id as string;
  const approve = await api(t.app, 'PATCH', `/api/entries/${entryId}/approve`, organizer.token);
  expect(approve.status).toBe(200);
  await drain();
  return { contestId: contest.id, entryId };
}

describe('the preferences API', () => {
  it('answers the defaults: every type in-app, mail on for the important types only, push per type, digest off', async () => {
    const u = await createSignedInUser(t.app);
    const p = await prefsOf(u.token);
    expect(p.notifications).toEqual({
      email: true,
      push: true,
      contestUpdates: true,
      entryNotifications: true,
      profileViews: false,
      badgeAwards: true,
    });
    expect(p.digest).toBe(false);
    expect(p.pushDevices).toBe(0);
    expect(p.matrix.contest_won).toEqual({ email: true, push: true });
    expect(p.matrix.entry_reviewed).toEqual({ email: true, push: true });
    expect(p.matrix.security_alert).toEqual({ email: true, push: true });
    expect(p.matrix.withdrawal_failed.email).toBe(true);
    expect(p.matrix.comment_received).toEqual({ email: false, push: false });
    expect(p.matrix.vote_received).toEqual({ email: false, push: false });
    expect(Object.keys(p.matrix).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('saves only what is sent, keeps it, and shares the spec switches with the profile', async () => {
    const u = await createSignedInUser(t.app);
    const res = await setPrefs(u.token, {
      matrix: { entry_reviewed: { email: false }, vote_received: { push: true } },
      notifications: { badgeAwards: false },
      digest: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Your notification preferences have been saved');
    expect(res.body.data.matrix.entry_reviewed).toEqual({ email: false, push: true });
    expect(res.body.data.matrix.vote_received).toEqual({ email: false, push: true });
    expect(res.body.data.notifications.badgeAwards).toBe(false);
    expect(res.body.data.digest).toBe(true);

    // A second change leaves the first one's choices alone.
    await setPrefs(u.token, { matrix: { entry_reviewed: { push: false } } });
    const p = await prefsOf(u.token);
    expect(p.matrix.entry_reviewed).toEqual({ email: false, push: false });
    expect(p.matrix.vote_received.push).toBe(true);
    expect(p.digest).toBe(true);

    // The spec's switch is the profile's: the user as /auth/me shows it.
    const me = await api<{ user: { preferences: { notifications: Record<string, boolean> } } }>(t.app, 'GET', '/api/auth/me', u.token);
    expect(me.body.data.user.preferences.notifications.badgeAwards).toBe(false);
    expect(me.body.data.user.preferences.notifications.contestUpdates).toBe(true);
  });

  it('refuses strangers, unknown types, mail for types never mailed, silencing security mail, and empty or odd bodies', async () => {
    const u = await createSignedInUser(t.app);
    expect((await api(t.app, 'GET', '/api/notifications/preferences')).status).toBe(401);
    expect((await api(t.app, 'PUT', '/api/notifications/preferences', undefined, { digest: true })).status).toBe(401);

    const cases: Array<[unknown, string]> = [
      [{ matrix: { not_a_type: { email: true } } }, 'Unrecognized key: \\"not_a_type\\"'],
      [{ matrix: { comment_received: { email: true } } }, 'Email is not available for this notification type'],
      [{ matrix: { security_alert: { email: false } } }, 'Security alerts are always emailed'],
      [{}, 'Nothing to update'],
      [{ digest: 'yes' }, 'digest must be true or false'],
      [{ matrix: { entry_reviewed: { email: true, sms: true } } }, ''],
      [{ notifications: { marketing: true } }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await setPrefs(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    // Nothing changed.
    const p = await prefsOf(u.token);
    expect(p.matrix.security_alert.email).toBe(true);
    expect(p.matrix.comment_received.email).toBe(false);
    expect(p.digest).toBe(false);
    // Turning push on for a type never mailed is fine.
    expect((await setPrefs(u.token, { matrix: { comment_received: { push: true } } })).status).toBe(200);
  });
});

describe('mail of the important types', () => {
  it('mails exactly the types the shared list names (the type files agree with the Preferences table)', () => {
    const mailed: readonly string[] = MAILED_NOTIFICATION_TYPES;
    for (const kind of notificationTypes) expect(mailed.includes(kind.type), kind.type).toBe(kind.mail);
  });

  it('mails an approved entry to its participant, with the link', async () => {
    const p = await createParticipant(t.app, { fullName: 'Pat Participant' });
    const { contestId, entryId } = await approvedEntryOf(p);
    const mails = (await mailsTo(p.email)).filter((m) => m.subject.startsWith('Entry approved'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Entry approved - ContestHub');
    expect(mails[0]!.text).toContain('Hello Pat Participant,');
    expect(mails[0]!.text).toContain('was approved and is now public.');
    expect(mails[0]!.text).toContain(`View entry: ${t.config.publicUrl}/contest/${contestId}#entry-${entryId}`);
    // Transactional: no unsubscribe headers.
    expect(mails[0]!.headers).toBeNull();
    // The organizer's entry_submitted notification is not a mailed type.
    expect((await mailsTo(organizer.email)).filter((m) => m.subject.startsWith('New entry'))).toEqual([]);
  });

  it('sends nothing when the type, the Email Notifications switch or the Entry Notifications switch is off; in-app stays', async () => {
    const byType = await createParticipant(t.app);
    const byMaster = await createParticipant(t.app);
    const byGroup = await createParticipant(t.app);
    expect((await setPrefs(byType.token, { matrix: { entry_reviewed: { email: false } } })).status).toBe(200);
    expect((await setPrefs(byMaster.token, { notifications: { email: false } })).status).toBe(200);
    expect((await setPrefs(byGroup.token, { notifications: { entryNotifications: false } })).status).toBe(200);
    for (const who of [byType, byMaster, byGroup]) {
      await approvedEntryOf(who);
      expect((await mailsTo(who.email)).filter((m) => m.subject.startsWith('Entry approved'))).toEqual([]);
      const inApp = await api<{ notifications: Array<{ type: string }> }>(
        t.app,
        'GET',
        '/api/notifications?type=entry_reviewed',
        who.token,
      );
      expect(inApp.body.data.notifications).toHaveLength(1);
    }
  });

  it('mails a withdrawal paid out (a money result), and the card deposit before it not at all', async () => {
    const u = await createSignedInUser(t.app, { fullName: 'Wale Withdraw' });
    const init = await api<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: 1_000_000 });
    expect(init.status).toBe(200);
    expect((await sandboxCheckout(t.app, 'approve', init.body.data.reference)).statusCode).toBe(302);
    expect((await api(t.app, 'POST', '/api/wallet/verify-deposit', u.token, { reference: init.body.data.reference })).status).toBe(200);
    expect((await api(t.app, 'POST', '/api/wallet/bank-account', u.token, { accountNumber: '0123456789', bankCode: '058' })).status).toBe(
      200,
    );
    const res = await api<{ withdrawal: { status: string } }>(t.app, 'POST', '/api/wallet/withdraw', u.token, {
      amount: 250_000,
      password: u.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drain();
    const mails = await mailsTo(u.email);
    expect(mails.filter((m) => m.subject === 'Withdrawal completed - ContestHub')).toHaveLength(1);
    expect(mails.find((m) => m.subject.startsWith('Withdrawal completed'))!.text).toContain('₦2,500 was paid out to your bank account.');
    expect(mails.filter((m) => m.subject.startsWith('Payment successful'))).toEqual([]);
  });

  it('tells and mails the payer once when a card payment is declined, however often it is verified', async () => {
    const u = await createSignedInUser(t.app, { fullName: 'Dayo Declined' });
    const init = await api<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: 500_000 });
    expect(init.status).toBe(200);
    const reference = init.body.data.reference;
    expect((await sandboxCheckout(t.app, 'decline', reference)).statusCode).toBe(302);
    for (let i = 0; i < 2; i++) {
      const verify = await api(t.app, 'POST', '/api/wallet/verify-deposit', u.token, { reference });
      expect(verify.status).toBe(400);
      await drain();
    }
    const inApp = await api<{ notifications: Array<Record<string, unknown>> }>(
      t.app,
      'GET',
      '/api/notifications?type=payment_failed',
      u.token,
    );
    expect(inApp.body.data.notifications).toEqual([
      expect.objectContaining({
        title: 'Payment failed',
        message: 'Your deposit of ₦5,000 did not go through (Declined). Nothing was added; you can try again with another card.',
        priority: 'high',
        actionUrl: '/dashboard/wallet?tab=naira',
        metadata: { Amount: '₦5,000', Reference: reference },
      }),
    ]);
    const mails = (await mailsTo(u.email)).filter((m) => m.subject === 'Payment failed - ContestHub');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Try again: ${t.config.publicUrl}/dashboard/wallet?tab=naira`);
  });

  it('mails a security alert whatever the settings, once', async () => {
    const u = await createSignedInUser(t.app, { fullName: 'Sade Secure' });
    expect((await setPrefs(u.token, { notifications: { email: false } })).status).toBe(200);
    const res = await api(t.app, 'PUT', '/api/auth/change-password', u.token, {
      currentPassword: 'Passw0rd!23',
      newPassword: 'N3w-Passw0rd!',
      confirmPassword: 'N3w-Passw0rd!',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drain();
    const mails = (await mailsTo(u.email)).filter((m) => /password was changed/i.test(m.subject));
    expect(mails).toHaveLength(1);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const post = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('shows a page on GET without changing anything, and leaves the digest on POST without login, once', async () => {
    const u = await createSignedInUser(t.app);
    expect((await setPrefs(u.token, { digest: true })).status).toBe(200);
    const token = unsubscribeToken(TEST_JWT_SECRET, u.userId, 'digest');

    const page = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}`, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop the daily digest?');
    expect(page.body).toContain('<form method="post"');
    expect((await prefsOf(u.token)).digest).toBe(true);

    const first = await post(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: { list: 'digest', unsubscribed: true } });
    expect((await prefsOf(u.token)).digest).toBe(false);

    // Replayed (a mail client retrying, a second click): the same answer, nothing else changes.
    const again = await post(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ list: 'digest', unsubscribed: false });

    // A browser's form post gets a page.
    const fromPage = await post(token, { accept: 'text/html' });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.body).toContain('You will no longer receive the daily digest.');
  });

  it('refuses a tampered or foreign token, and changes nothing', async () => {
    const u = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    expect((await setPrefs(u.token, { digest: true })).status).toBe(200);
    const token = unsubscribeToken(TEST_JWT_SECRET, u.userId, 'digest');
    const [body, mac] = token.split('.') as [string, string];
    const flipped = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'AB' : 'AA'}`;
    const otherBody = Buffer.from(`${other.userId}:digest`).toString('base64url');
    const bad = [
      flipped,
      `${otherBody}.${mac}`,
      unsubscribeToken('another-secret-0123456789-abcdefghijklmnop', u.userId, 'digest'),
      'not-a-token',
      `${body}.${mac}.extra`,
    ];
    for (const token of bad) {
      const res = await post(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe('This unsubscribe link is not valid. Change your email choices under Profile > Preferences.');
    }
    const page = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${flipped}`, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Link not valid');
    expect((await prefsOf(u.token)).digest).toBe(true);
  });
});

describe('one-click unsubscribe limits', () => {
  it('answers 429 to a 21st POST in a minute from one address', async () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, randomUUID(), 'digest');
    const from = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${token}`,
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      statuses.push(res.statusCode);
    }
    // A valid signature for nobody in particular: accepted and changes nothing, until the limit.
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the daily digest', () => {
  const HOUR = 3_600_000;

  async function unreadFor(userId: string, title: string, at = new Date()) {
    await insertOnce(t.ctx.db, [
      {
        userId,
        type: 'system_announcement',
        title,
        message: `${title} text`,
        priority: 'medium',
        actionUrl: '/dashboard/wallet',
        dedupeKey: `test:${randomUUID()}`,
        createdAt: at,
        updatedAt: at,
      },
    ]);
  }
  const awayFor = (userId: string, ms: number) =>
    t.ctx.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - ms) })
      .where(eq(users.id, userId));

  it('mails only people with the digest on who have been away 24 hours and have something new, once a day, with one-click unsubscribe', async () => {
    const away = await createSignedInUser(t.app, { fullName: 'Away Ada' });
    const here = await createSignedInUser(t.app, { fullName: 'Here Hal' });
    const off = await createSignedInUser(t.app, { fullName: 'Off Obi' });
    const nothingNew = await createSignedInUser(t.app, { fullName: 'Quiet Qudus' });
    for (const u of [away, here, nothingNew]) expect((await setPrefs(u.token, { digest: true })).status).toBe(200);
    await awayFor(away.userId, 25 * HOUR);
    await awayFor(here.userId, 2 * HOUR);
    await awayFor(off.userId, 25 * HOUR);
    await awayFor(nothingNew.userId, 25 * HOUR);
    for (const u of [away, here, off]) await unreadFor(u.userId, 'Maintenance tonight');
    await unreadFor(away.userId, 'New feature');
    // Seen before they left: not news.
    await unreadFor(nothingNew.userId, 'Old news', new Date(Date.now() - 30 * HOUR));

    await runDigest(t.ctx);
    const [mail, ...more] = (await mailsTo(away.email)).filter((m) => m.subject.includes('unread notification'));
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('You have 2 unread notifications on ContestHub');
    expect(mail!.text).toContain('* New feature');
    expect(mail!.text).toContain('* Maintenance tonight');
    const token = unsubscribeToken(TEST_JWT_SECRET, away.userId, 'digest');
    const url = `${t.config.publicUrl}/api/notifications/unsubscribe?token=${token}`;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${url}>, <mailto:no-reply@contesthub.local?subject=${encodeURIComponent(`unsubscribe digest ${token}`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.text).toContain(url);
    for (const u of [here, off, nothingNew]) {
      expect((await mailsTo(u.email)).filter((m) => m.subject.includes('unread notification'))).toEqual([]);
    }

    // Again within the day, even with more news: nothing more.
    await unreadFor(away.userId, 'Third thing');
    await runDigest(t.ctx);
    expect((await mailsTo(away.email)).filter((m) => m.subject.includes('unread notification'))).toHaveLength(1);

    // A day later, still away, with news since the last digest: the next one.
    await t.ctx.db
      .update(notificationSettings)
      .set({ digestSentAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(notificationSettings.userId, away.userId));
    await runDigest(t.ctx);
    expect((await mailsTo(away.email)).filter((m) => m.subject.includes('unread notification'))).toHaveLength(2);

    // The one-click link of the header works.
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await prefsOf(away.token)).digest).toBe(false);
  });
});

describe('web push', () => {
  interface Received {
    url: string;
    headers: IncomingMessage['headers'];
    body: Buffer;
  }
  let server: Server;
  let port: number;
  const received: Received[] = [];
  /** Paths the local push service answers 410 Gone for (an expired subscription). */
  const gone = new Set<string>();

  beforeAll(async () => {
    port = await freePort();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = gone.has(req.url ?? '') ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  /** A browser's subscription: a real P-256 key (the payload is encrypted to it) and a 16-byte secret. */
  function browserSubscription(path: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      endpoint: `http://127.0.0.1:${port}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey('base64url', 'uncompressed'), auth: randomBytes(16).toString('base64url') },
    };
  }

  it('refuses subscriptions that are not https, keys of the wrong shape, strangers, and removing what is not yours', async () => {
    const u = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const good = browserSubscription(`/push/${randomUUID()}`);
    expect((await api(t.app, 'POST', '/api/notifications/push-subscriptions', undefined, good)).status).toBe(401);
    const plainHttp = await api(t.app, 'POST', '/api/notifications/push-subscriptions', u.token, {
      ...good,
      endpoint: 'http://push.example.com/x',
    });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.message).toBe('The push endpoint must be an https URL');
    for (const keys of [{ p256dh: 'short', auth: good.keys.auth }, { p256dh: good.keys.p256dh, auth: 'bad key!' }, {}]) {
      expect((await api(t.app, 'POST', '/api/notifications/push-subscriptions', u.token, { ...good, keys })).status).toBe(400);
    }
    expect((await api(t.app, 'POST', '/api/notifications/push-subscriptions', u.token, { ...good, endpoint: 'not a url' })).status).toBe(
      400,
    );

    const created = await api<{ pushDevices: number }>(t.app, 'POST', '/api/notifications/push-subscriptions', u.token, good);
    expect(created.status).toBe(201);
    expect(created.body.data.pushDevices).toBe(1);
    // Another account cannot remove it.
    expect((await api(t.app, 'DELETE', '/api/notifications/push-subscriptions', other.token, { endpoint: good.endpoint })).status).toBe(
      404,
    );
    expect((await prefsOf(u.token)).pushDevices).toBe(1);
    const removed = await api<{ pushDevices: number }>(t.app, 'DELETE', '/api/notifications/push-subscriptions', u.token, {
      endpoint: good.endpoint,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.pushDevices).toBe(0);
    expect((await api(t.app, 'DELETE', '/api/notifications/push-subscriptions', u.token, { endpoint: good.endpoint })).status).toBe(404);
  });

  it('accepts only public https push services in production (no address literals, internal names or ports)', () => {
    const ok = (url: string) => acceptableEndpoint(url, 'production');
    expect(ok('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(ok('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(ok('https://web.push.apple.com/abc')).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:9000/push',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://localhost/push',
      'https://db/push',
      'https://metrics.internal/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      // A public-looking host can still resolve to an internal address: only the push services.
      'https://push.example.com/p',
      'https://fcm.googleapis.com.evil.example/p',
      'https://evilfcm.googleapis.com.example/p',
    ]) {
      expect(ok(bad), bad).toBe(false);
    }
    // Outside production a local push service on the loopback (these tests) is fine.
    expect(acceptableEndpoint('http://127.0.0.1:9000/push', 'test')).toBe(true);
    expect(acceptableEndpoint('http://push.example.com/x', 'test')).toBe(false);
  });

  it('gives the VAPID public key to signed-in people', async () => {
    const u = await createSignedInUser(t.app);
    const res = await api<{ publicKey: string }>(t.app, 'GET', '/api/notifications/push/public-key', u.token);
    expect(res.status).toBe(200);
    expect(res.body.data.publicKey).toBe(t.config.vapid.publicKey);
    expect(Buffer.from(res.body.data.publicKey, 'base64url')).toHaveLength(65);
    expect(t.config.vapid.subject).toBe('mailto:no-reply@contesthub.local');
  });

  it('keeps the newest ten browsers of a person', async () => {
    const u = await createSignedInUser(t.app);
    const subs = Array.from({ length: 12 }, (_, i) => browserSubscription(`/push/cap-${i}-${randomUUID()}`));
    let devices = 0;
    for (const sub of subs) {
      const res = await api<{ pushDevices: number }>(t.app, 'POST', '/api/notifications/push-subscriptions', u.token, sub);
      expect(res.status).toBe(201);
      devices = res.body.data.pushDevices;
    }
    expect(devices).toBe(10);
    const kept = await t.ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, u.userId));
    // The oldest two made way (within the same millisecond the order is arbitrary; the newest always stays).
    expect(kept).toHaveLength(10);
    expect(kept.map((k) => k.endpoint)).toContain(subs[11]!.endpoint);
  });

  it('never follows a redirect from a push endpoint: the push fails and the other address is not called', async () => {
    const hits: string[] = [];
    const target = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end();
    });
    const redirector = createServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${(target.address() as { port: number }).port}/internal` });
      res.end();
    });
    await Promise.all([target, redirector].map((srv) => new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()))));
    try {
      const sub = browserSubscription('/push/x');
      const endpoint = `http://127.0.0.1:${(redirector.address() as { port: number }).port}/push/x`;
      const outcome = await createPushSender(t.config.vapid).send({ ...sub, endpoint }, '{"title":"x"}', {
        ttlSeconds: 60,
        urgency: 'normal',
      });
      expect(outcome).toMatchObject({ kind: 'failed', status: 307 });
      expect(hits).toEqual([]);
    } finally {
      for (const srv of [target, redirector]) srv.close();
    }
  });

  it('pushes an approved entry to every browser of the participant (TTL, VAPID, encrypted body), and drops a subscription the service says is gone', async () => {
    const p = await createParticipant(t.app, { fullName: 'Pia Push' });
    const laptop = browserSubscription(`/push/${randomUUID()}`);
    const phone = browserSubscription(`/push/${randomUUID()}`);
    gone.add(new URL(phone.endpoint).pathname);
    for (const s of [laptop, phone])
      expect((await api(t.app, 'POST', '/api/notifications/push-subscriptions', p.token, s)).status).toBe(201);
    // Someone else's browser gets nothing of theirs.
    const stranger = await createSignedInUser(t.app);
    const strangers = browserSubscription(`/push/${randomUUID()}`);
    expect((await api(t.app, 'POST', '/api/notifications/push-subscriptions', stranger.token, strangers)).status).toBe(201);

    const { contestId, entryId } = await approvedEntryOf(p);
    const sender = createPushSender(t.config.vapid);
    const result = await deliverPushes(t.ctx, sender);
    expect(result).toMatchObject({ sent: 1, gone: 1, failed: 0 });

    const atLaptop = received.filter((r) => r.url === new URL(laptop.endpoint).pathname);
    expect(atLaptop).toHaveLength(1);
    const req = atLaptop[0]!;
    expect(req.headers.ttl).toBe(String(2 * 24 * 3600));
    expect(req.headers.urgency).toBe('normal');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.vapid.publicKey}$`));
    // The JWT names the push service's origin and our contact.
    const jwt = /t=([^,]+)/.exec(req.headers.authorization!)![1]!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
    expect(claims).toMatchObject({ aud: `http://127.0.0.1:${port}`, sub: 'mailto:no-reply@contesthub.local' });
    // Encrypted: a body, and not the text in clear.
    expect(req.body.length).toBeGreaterThan(100);
    expect(req.body.toString('latin1')).not.toContain('Entry approved');
    expect(received.filter((r) => r.url === new URL(strangers.endpoint).pathname)).toEqual([]);

    // The phone answered 410: its subscription is gone; the laptop's stays, and nothing waits.
    const subs = await t.ctx.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, p.userId));
    expect(subs.map((s) => s.endpoint)).toEqual([laptop.endpoint]);
    expect((await prefsOf(p.token)).pushDevices).toBe(1);
    const waiting = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.userId, p.userId));
    expect(waiting[0]!.n).toBe(0);
    expect(contestId && entryId).toBeTruthy();
  });

  it('pushes nothing for a type turned off, or with Push Notifications off', async () => {
    const typeOff = await createParticipant(t.app);
    const masterOff = await createParticipant(t.app);
    expect((await setPrefs(typeOff.token, { matrix: { entry_reviewed: { push: false } } })).status).toBe(200);
    expect((await setPrefs(masterOff.token, { notifications: { push: false } })).status).toBe(200);
    const paths: string[] = [];
    for (const who of [typeOff, masterOff]) {
      const s = browserSubscription(`/push/${randomUUID()}`);
      paths.push(new URL(s.endpoint).pathname);
      expect((await api(t.app, 'POST', '/api/notifications/push-subscriptions', who.token, s)).status).toBe(201);
      await approvedEntryOf(who);
    }
    await deliverPushes(t.ctx, createPushSender(t.config.vapid));
    expect(received.filter((r) => paths.includes(r.url))).toEqual([]);
    const queued = await t.ctx.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(and(eq(pushSubscriptions.userId, typeOff.userId)));
    expect(queued).toEqual([]);
  });
});

describe('over SMTP, and the VAPID configuration', () => {
  it('sends the digest over SMTP with the one-click unsubscribe headers, and names MAIL_FROM as the VAPID contact', async () => {
    const smtp = await startSmtpServer();
    const s = await createTestApp({}, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'ContestHub Support <help@contesthub.test>' } });
    try {
      expect(s.config.vapid.subject).toBe('mailto:help@contesthub.test');
      const u = await createSignedInUser(s.app, { fullName: 'Smtp Sola' });
      const put = await api(s.app, 'PUT', '/api/notifications/preferences', u.token, { digest: true });
      expect(put.status).toBe(200);
      await s.ctx.db
        .update(users)
        .set({ lastActiveAt: new Date(Date.now() - 30 * 3_600_000) })
        .where(eq(users.id, u.userId));
      await insertOnce(s.ctx.db, [
        {
          userId: u.userId,
          type: 'system_announcement',
          title: 'Hello',
          message: 'News',
          priority: 'low',
          dedupeKey: `test:${randomUUID()}`,
        },
      ]);
      expect((await runDigest(s.ctx)).mailed).toBe(1);
      await s.ctx.mailer.deliverPending();
      const mail = await smtp.waitFor((m) => m.to.includes(u.email.toLowerCase()));
      const token = unsubscribeToken(TEST_JWT_SECRET, u.userId, 'digest');
      const unfolded = mail.raw.replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toContain(
        `List-Unsubscribe: <${s.config.publicUrl}/api/notifications/unsubscribe?token=${token}>, <mailto:help@contesthub.test?subject=`,
      );
      expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await s.close();
      await smtp.close();
    }
  });

  it('generates the VAPID key pair once into DATA_DIR, takes a configured pair, and refuses half a pair', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'contesthub-vapid-'));
    try {
      const env = { NODE_ENV: 'test', DATA_DIR: dir, JWT_SECRET: TEST_JWT_SECRET };
      const first = loadConfig(env).vapid;
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((statSync(path.join(dir, 'vapid-keys.json')).mode & 0o777).toString(8)).toBe('600');
      expect(loadConfig(env).vapid).toEqual(first);
      const configured = { VAPID_PUBLIC_KEY: t.config.vapid.publicKey, VAPID_PRIVATE_KEY: t.config.vapid.privateKey };
      expect(loadConfig({ ...env, ...configured }).vapid.publicKey).toBe(t.config.vapid.publicKey);
      expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: t.config.vapid.publicKey })).toThrow(/go together/);
      expect(() => loadConfig({ ...env, ...configured, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
