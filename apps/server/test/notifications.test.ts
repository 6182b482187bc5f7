/**
 * Notifications (issue 14 items 1 and 2): rows made from real actions through the domain events
 * (an entry submitted to a review contest, its review, votes grouped by the hour, a contest won and
 * ended, sign-ins and password changes), the API of spec 001 §7 (list with its filters and pages,
 * unread count, read, read all, delete) with its refusals, and the admins' announcements.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification, TNotificationList } from '@contesthub/shared';
import { mailOutbox, notifications, users } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { eventsByIds } from '../src/lib/events/events.repository.js';
import { advanceClock, setClock } from '../src/lib/clock.js';
import { finalizeContest } from '../src/modules/contest-settlement/finalize-contest.js';
import { insertOnce, type NewNotification } from '../src/modules/notifications/notifications.repository.js';
import { announce } from '../src/modules/notifications/notifications.service.js';
import { api, createContest as postContest, fundWallet, giveCredits } from './contest-fixtures.js';
import { MINUTE, insertContest, insertEntry } from './engagement-fixtures.js';
import { createContest, createParticipant, smallPng, submit } from './entry-fixtures.js';
import {
  bearer,
  createSignedInUser,
  createTestApp,
  login,
  nextIp,
  sandboxCheckout,
  type LoginResult,
  type TestApp,
  type TestUser,
} from './helpers.js';

type Signed = TestUser & LoginResult;

let t: TestApp;
let admin: Signed;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, { fullName: 'Ada Admin', role: 'admin' });
});
afterEach(() => setClock(null));
afterAll(() => t?.close());

const drain = () => t.ctx.events.drain({ settleMs: 10_000 });

async function list(token: string, query = ''): Promise<TNotificationList> {
  const res = await api<TNotificationList>(t.app, 'GET', `/api/notifications${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function unread(token: string): Promise<number> {
  const res = await api<{ unreadCount: number }>(t.app, 'GET', '/api/notifications/unread-count', token);
  expect(res.status).toBe(200);
  return res.body.data.unreadCount;
}

const ofType = async (token: string, type: string) => (await list(token, `?type=${type}`)).notifications;

const file = async () => ({ data: await smallPng(), filename: 'p.png', contentType: 'image/png' });

/** Rows written as the subscriber writes them, one a minute apart (oldest first), for the list's tests. */
async function seed(userId: string, specs: Array<Partial<NewNotification>>): Promise<void> {
  const base = Date.now() - specs.length * MINUTE;
  await insertOnce(
    t.ctx.db,
    specs.map((s, i) => ({
      userId,
      type: 'system_announcement' as const,
      title: `Notice ${i + 1}`,
      message: `Message ${i + 1}`,
      priority: 'medium' as const,
      dedupeKey: `test:${randomUUID()}`,
      createdAt: new Date(base + i * MINUTE),
      updatedAt: new Date(base + i * MINUTE),
      ...s,
    })),
  );
}

describe('notifications made from real actions', () => {
  it('tells the organizer of a review contest about a new entry, and the participant about its review', async () => {
    const organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
    const participant = await createParticipant(t.app, { fullName: 'Pat Participant' });
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'review', title: 'Lagos Lights' });
    const res = await submit(t.app, participant.token, { contestId: contest.id, title: 'Sunset over Lagos', files: [await file()] });
    expect(res.statusCode, res.body).toBe(201);
    const entryId = res.json().data.entry._id as string;
    await drain();

    const [toReview, ...more] = (await list(organizer.token)).notifications;
    expect(more).toEqual([]);
    expect(toReview).toMatchObject({
      type: 'entry_submitted',
      title: 'New entry to review',
      message: 'Pat Participant submitted "Sunset over Lagos" to "Lagos Lights". It is waiting for your review.',
      priority: 'medium',
      state: 'unseen',
      isRead: false,
      readAt: null,
      isArchived: false,
      actionUrl: `/dashboard/contests/${contest.id}/review`,
      actionText: 'Review entries',
      metadata: { Contest: 'Lagos Lights', Entry: 'Sunset over Lagos' },
      count: 1,
    });
    expect(await unread(organizer.token)).toBe(1);
    // The participant is not told about their own submission.
    expect(await ofType(participant.token, 'entry_submitted')).toEqual([]);

    const approve = await api(t.app, 'PATCH', `/api/entries/${entryId}/approve`, organizer.token);
    expect(approve.status).toBe(200);
    await drain();
    expect(await ofType(participant.token, 'entry_reviewed')).toEqual([
      expect.objectContaining({
        title: 'Entry approved',
        message: 'Your entry "Sunset over Lagos" in "Lagos Lights" was approved and is now public.',
        priority: 'medium',
        actionUrl: `/contest/${contest.id}#entry-${entryId}`,
        metadata: { Contest: 'Lagos Lights', Status: 'Approved' },
      }),
    ]);

    // Another participant's entry, rejected with a reason: the reason reaches them.
    const other = await createParticipant(t.app, { fullName: 'Bola Participant' });
    const second = await submit(t.app, other.token, { contestId: contest.id, title: 'Blurry Bridge', files: [await file()] });
    expect(second.statusCode, second.body).toBe(201);
    const reject = await api(t.app, 'PATCH', `/api/entries/${second.json().data.entry._id}/reject`, organizer.token, {
      reason: 'The photo is out of focus',
    });
    expect(reject.status).toBe(200);
    await drain();
    const [rejected, ...others] = await ofType(other.token, 'entry_reviewed');
    expect(others).toEqual([]);
    expect(rejected).toMatchObject({
      title: 'Entry rejected',
      message: 'Your entry "Blurry Bridge" in "Lagos Lights" was rejected. Reason: The photo is out of focus',
      priority: 'high',
      actionUrl: '/dashboard/entries',
      metadata: { Contest: 'Lagos Lights', Status: 'Rejected', Reason: 'The photo is out of focus' },
    });
    expect(await unread(organizer.token)).toBe(2);
  });

  it('tells the organizer of an open contest nothing: the entry needs no review', async () => {
    const organizer = await createSignedInUser(t.app);
    const participant = await createParticipant(t.app);
    const contest = await createContest(t.ctx, organizer.userId, { entryReview: 'open' });
    const res = await submit(t.app, participant.token, { contestId: contest.id, files: [await file()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('approved');
    await drain();
    expect(await list(organizer.token)).toMatchObject({ notifications: [], pagination: { total: 0 } });
  });

  it('groups the votes on an entry into one notification per hour, counting them', async () => {
    const organizer = await createSignedInUser(t.app);
    const owner = await createSignedInUser(t.app, { fullName: 'Owner' });
    const contest = await insertContest(t.ctx, organizer.userId, { title: 'Vote Rush' });
    const entry = await insertEntry(t.ctx, contest.id, owner.userId, { title: 'Golden Hour' });
    const vote = async (voter: Signed) => {
      const res = await api(t.app, 'POST', '/api/votes', voter.token, { contestId: contest.id, entryId: entry.id, voteType: 'free' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    const voters: Signed[] = [];
    for (let i = 0; i < 4; i++) voters.push(await createSignedInUser(t.app, { fullName: `Voter ${i}` }));

    await vote(voters[0]!);
    await drain();
    const [first, ...none] = await ofType(owner.token, 'vote_received');
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      title: 'New vote',
      message: '1 new vote on "Golden Hour"',
      priority: 'low',
      count: 1,
      actionUrl: `/contest/${contest.id}#entry-${entry.id}`,
      metadata: { Contest: 'Vote Rush', Entry: 'Golden Hour', Votes: '1' },
    });
    expect((await api(t.app, 'PUT', `/api/notifications/${first!._id}/read`, owner.token)).status).toBe(200);
    expect(await unread(owner.token)).toBe(0);

    // Two more within the hour, handled in one batch: the same row, counting 3, unread again.
    await vote(voters[1]!);
    await vote(voters[2]!);
    await drain();
    const grouped = await ofType(owner.token, 'vote_received');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({
      _id: first!._id,
      title: 'New votes',
      message: '3 new votes on "Golden Hour"',
      count: 3,
      isRead: false,
      state: 'unseen',
      metadata: { Votes: '3' },
    });
    expect(Date.parse(grouped[0]!.updatedAt)).toBeGreaterThan(Date.parse(first!.updatedAt));
    expect(await unread(owner.token)).toBe(1);
    // Voters are not told about their own votes.
    expect(await ofType(voters[1]!.token, 'vote_received')).toEqual([]);

    // The row started more than an hour before the next vote: that vote opens a new row.
    await t.ctx.db
      .update(notifications)
      .set({ createdAt: sql`${notifications.createdAt} - interval '61 minutes'` })
      .where(eq(notifications.id, first!._id));
    await vote(voters[3]!);
    await drain();
    const after = await ofType(owner.token, 'vote_received');
    expect(after.map((n) => [n.message, n.count])).toEqual([
      ['1 new vote on "Golden Hour"', 1],
      ['3 new votes on "Golden Hour"', 3],
    ]);

    // The same votes handed over again (a replay, a second delivery): every group already counts them.
    const subscriber = t.ctx.events.subscribers.find((s) => s.name === 'notifications')!;
    const ids = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from domain_events where name = 'vote.cast' and payload->>'entryId' = ${entry.id} order by txid, id`,
    );
    expect(ids).toHaveLength(4);
    const again = await eventsByIds(
      t.ctx.db,
      ids.map((r) => Number(r.id)),
    );
    await t.ctx.db.transaction((tx) => subscriber.handleBatch!(tx, again, () => undefined));
    await t.ctx.db.transaction(async (tx) => {
      for (const e of again) await subscriber.handle(tx, e, () => undefined);
    });
    expect((await ofType(owner.token, 'vote_received')).map((n) => n.count)).toEqual([1, 3]);
  });

  it("tells an entry's owner and a contest's organizer about comments, never the author", async () => {
    const organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
    const owner = await createSignedInUser(t.app, { fullName: 'Owner' });
    const commenter = await createSignedInUser(t.app, { fullName: 'Chidi Commenter' });
    const contest = await insertContest(t.ctx, organizer.userId, { title: 'Talk Cup' });
    const entry = await insertEntry(t.ctx, contest.id, owner.userId, { title: 'Loud Shot' });
    const comment = async (token: string, body: Record<string, unknown>) => {
      const res = await api<{ _id: string }>(t.app, 'POST', '/api/comments', token, { contestId: contest.id, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id;
    };
    const lovely = await comment(commenter.token, { entryId: entry.id, content: 'Lovely light' });
    await comment(commenter.token, { content: 'Who judges?', settings: { isAnonymous: true } });
    // The owner replies on their own entry: the commenter hears of it, the owner does not.
    await comment(owner.token, { entryId: entry.id, parentCommentId: lovely, content: 'Thanks!' });
    await drain();

    expect(await ofType(owner.token, 'comment_received')).toEqual([
      expect.objectContaining({
        title: 'New comment',
        message: 'Chidi Commenter commented on your entry "Loud Shot".',
        priority: 'low',
        actionUrl: `/contest/${contest.id}#entry-${entry.id}`,
      }),
    ]);
    expect(await ofType(organizer.token, 'comment_received')).toEqual([
      expect.objectContaining({ message: 'Someone commented on your contest "Talk Cup".', actionUrl: `/contest/${contest.id}` }),
    ]);
    expect(await ofType(commenter.token, 'comment_received')).toEqual([
      expect.objectContaining({ title: 'New reply', message: 'Owner replied to your comment on "Loud Shot".' }),
    ]);
  });

  it('tells the winner they won and the organizer and other entrants that the contest ended', async () => {
    const organizer = await createSignedInUser(t.app, { fullName: 'Olu Organizer' });
    const [winner, runnerUp, voter] = [
      await createSignedInUser(t.app, { fullName: 'Wale Winner' }),
      await createSignedInUser(t.app, { fullName: 'Remi Runner' }),
      await createSignedInUser(t.app),
    ];
    const contest = await insertContest(t.ctx, organizer.userId, { title: 'Badge Cup', prizeType: 'badge' });
    const top = await insertEntry(t.ctx, contest.id, winner.userId, { title: 'Top Shot' });
    await insertEntry(t.ctx, contest.id, runnerUp.userId, { title: 'Second Shot' });
    const res = await api(t.app, 'POST', '/api/votes', voter.token, { contestId: contest.id, entryId: top.id, voteType: 'free' });
    expect(res.status).toBe(201);
    advanceClock(11 * MINUTE);
    expect(await finalizeContest(t.ctx, contest.id)).toMatchObject({ winnerUserId: winner.userId });
    await drain();

    expect(await ofType(winner.token, 'contest_won')).toEqual([
      expect.objectContaining({
        title: 'You won!',
        message: 'Congratulations! Your entry won "Badge Cup". The contest badge is now on your profile.',
        priority: 'high',
        actionUrl: `/contest/${contest.id}`,
      }),
    ]);
    expect(await ofType(winner.token, 'contest_ended')).toEqual([]);
    const ended = {
      message: '"Badge Cup" has ended. The winner is Wale Winner.',
      metadata: { Contest: 'Badge Cup', Winner: 'Wale Winner' },
    };
    expect(await ofType(organizer.token, 'contest_ended')).toEqual([
      expect.objectContaining({ ...ended, title: 'Your contest has ended' }),
    ]);
    expect(await ofType(runnerUp.token, 'contest_ended')).toEqual([expect.objectContaining({ ...ended, title: 'Contest ended' })]);
    expect(await ofType(voter.token, 'contest_ended')).toEqual([]);
  });

  it('tells the recipient of a credit transfer who sent how many, once per transfer', async () => {
    const sender = await createSignedInUser(t.app, { fullName: 'Tayo Sender' });
    const recipient = await createSignedInUser(t.app, { fullName: 'Rita Recipient' });
    await giveCredits(t.ctx, sender.userId, 100);
    await fundWallet(t.ctx, sender.userId, 100_000);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/vote-credit-transfers/transfer',
        headers: { ...bearer(sender.token), 'idempotency-key': 'gift-1' },
        payload: { recipientEmail: recipient.email, amount: 30, password: sender.password },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200); // the same key again: no second transfer
    await drain();
    expect(await ofType(recipient.token, 'transfer_received')).toEqual([
      expect.objectContaining({
        title: 'Vote credits received',
        message: 'Tayo Sender sent you 30 vote credits.',
        actionUrl: '/dashboard/vote-credit-transfer',
        metadata: { From: 'Tayo Sender', Credits: '30' },
      }),
    ]);
    expect(await ofType(sender.token, 'transfer_received')).toEqual([]);
  });

  /** A card deposit on the sandbox gateway: started, approved at checkout, verified twice (the second changes nothing). */
  async function deposit(u: Signed, kobo: number): Promise<string> {
    const init = await api<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: kobo });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const reference = init.body.data.reference;
    expect((await sandboxCheckout(t.app, 'approve', reference)).statusCode).toBe(302);
    for (let i = 0; i < 2; i++) {
      expect((await api(t.app, 'POST', '/api/wallet/verify-deposit', u.token, { reference })).status).toBe(200);
    }
    return reference;
  }

  it('tells the payer a card deposit went through, once however often it is verified', async () => {
    const u = await createSignedInUser(t.app);
    const reference = await deposit(u, 1_000_000);
    await drain();
    expect(await ofType(u.token, 'payment_success')).toEqual([
      expect.objectContaining({
        title: 'Payment successful',
        message: 'Your deposit of ₦10,000 was added to your wallet.',
        actionUrl: '/dashboard/wallet?tab=naira',
        metadata: { Amount: '₦10,000', Reference: reference },
      }),
    ]);
    expect(await ofType(u.token, 'vote_credit_purchased')).toEqual([]);
  });

  it('tells the person their withdrawal was paid out', async () => {
    const u = await createSignedInUser(t.app);
    await deposit(u, 1_000_000);
    const bank = await api(t.app, 'POST', '/api/wallet/bank-account', u.token, { accountNumber: '0123456789', bankCode: '058' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    const res = await api<{ withdrawal: { reference: string; status: string } }>(t.app, 'POST', '/api/wallet/withdraw', u.token, {
      amount: 250_000,
      password: u.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.withdrawal.status).toBe('success');
    await drain();
    expect(await ofType(u.token, 'withdrawal_completed')).toEqual([
      expect.objectContaining({
        title: 'Withdrawal completed',
        message: '₦2,500 was paid out to your bank account.',
        priority: 'medium',
        actionUrl: '/dashboard/wallet?tab=transactions',
        metadata: { Amount: '₦2,500', Reference: res.body.data.withdrawal.reference },
      }),
    ]);
    expect(await ofType(u.token, 'withdrawal_failed')).toEqual([]);
  });

  it('raises a security alert on a sign-in from a new browser (not the first sign-in) and on a password change', async () => {
    const user = await createSignedInUser(t.app, { fullName: 'Sade Secure' });
    await drain();
    expect(await ofType(user.token, 'security_alert')).toEqual([]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      },
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode).toBe(200);
    const changed = await api(t.app, 'PUT', '/api/auth/change-password', user.token, {
      currentPassword: user.password,
      newPassword: 'N3w-Passw0rd!',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await drain();

    const token = (await login(t.app, user.email, 'N3w-Passw0rd!')).token;
    const alerts = await ofType(token, 'security_alert');
    expect(alerts.map((a) => a.title)).toEqual(['Your password was changed', 'New sign-in to your account']);
    expect(alerts[1]).toMatchObject({ priority: 'high', actionUrl: '/dashboard/security', metadata: { IP: '10.9.8.7' } });
    expect(alerts[1]!.message).toContain('(IP 10.9.8.7)');
  });
});

describe('notifications of the other happenings', () => {
  it('raises a security alert when two-factor sign-in is turned on and off, and when the payout bank account changes', async () => {
    const user = await createSignedInUser(t.app, { fullName: 'Tolu Twofactor' });
    const setup = await api<{ secret: string }>(t.app, 'POST', '/api/auth/2fa/setup', user.token);
    expect(setup.status).toBe(200);
    const code = await generate({ secret: setup.body.data.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await api(t.app, 'POST', '/api/auth/2fa/enable', user.token, { token: code })).status).toBe(200);
    expect((await api(t.app, 'POST', '/api/auth/2fa/disable', user.token, { password: user.password })).status).toBe(200);
    // The first payout account is no news; replacing it is.
    for (const accountNumber of ['0123456789', '0123456780']) {
      const bank = await api(t.app, 'POST', '/api/wallet/bank-account', user.token, { accountNumber, bankCode: '058' });
      expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    }
    await drain();
    const alerts = await ofType(user.token, 'security_alert');
    expect(alerts.map((a) => a.title)).toEqual([
      'Payout bank account changed',
      'Two-factor authentication turned off',
      'Two-factor authentication turned on',
    ]);
    expect(alerts.every((a) => a.priority === 'high')).toBe(true);
    // Mailed too (security alerts always are), once each.
    const subjects = (await t.ctx.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, user.email))).map(
      (m) => m.subject,
    );
    expect(subjects.filter((m) => m.startsWith('Two-factor authentication was turned')).sort()).toEqual([
      'Two-factor authentication was turned off for your ContestHub account',
      'Two-factor authentication was turned on for your ContestHub account',
    ]);
    expect(subjects.filter((m) => m === 'Your payout bank account was changed')).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ actionUrl: '/dashboard/wallet?tab=naira', metadata: { Account: '••••6780' } });
    expect(alerts[0]!.message).toMatch(
      /^Withdrawals now go to .+ account ending 6780 \(changed on .+ WAT\)\. If this wasn't you, contact support at once\.$/,
    );
  });

  it('tells the payer once that a card payment was declined, however often it is verified', async () => {
    const u = await createSignedInUser(t.app);
    const init = await api<{ reference: string }>(t.app, 'POST', '/api/wallet/deposit', u.token, { amount: 500_000 });
    expect(init.status).toBe(200);
    const reference = init.body.data.reference;
    expect((await sandboxCheckout(t.app, 'decline', reference)).statusCode).toBe(302);
    for (let i = 0; i < 3; i++) expect((await api(t.app, 'POST', '/api/wallet/verify-deposit', u.token, { reference })).status).toBe(400);
    await drain();
    expect(await ofType(u.token, 'payment_failed')).toEqual([
      expect.objectContaining({
        title: 'Payment failed',
        message: 'Your deposit of ₦5,000 did not go through (Declined). Nothing was added; you can try again with another card.',
        priority: 'high',
        actionUrl: '/dashboard/wallet?tab=naira',
        actionText: 'Try again',
        metadata: { Amount: '₦5,000', Reference: reference },
      }),
    ]);
    expect(await ofType(u.token, 'payment_success')).toEqual([]);
  });

  it('tells a person their plan changed when a subscription starts', async () => {
    const u = await createSignedInUser(t.app);
    await fundWallet(t.ctx, u.userId, 10_000_000);
    const res = await api(t.app, 'POST', '/api/subscriptions/initialize', u.token, {
      tier: 'basic_premium',
      duration: 'monthly',
      paymentMethod: 'wallet',
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    await drain();
    const [plan] = await ofType(u.token, 'profile_update');
    expect(plan).toMatchObject({
      title: 'Welcome to Basic Premium',
      actionUrl: '/dashboard/subscription',
      metadata: { Plan: 'Basic Premium' },
    });
    expect(plan!.message).toMatch(/^Your Basic Premium plan is active until \d{1,2} \w+ \d{4}\.$/);
  });

  it("announces an organizer's new contest to the people who entered their contests before, not to others", async () => {
    const organizer = await createParticipant(t.app, { fullName: 'Oge Organizer' });
    const earlier = await insertContest(t.ctx, organizer.userId, { title: 'First Light' });
    const fan = await createSignedInUser(t.app);
    const rejected = await createSignedInUser(t.app);
    const stranger = await createSignedInUser(t.app);
    await insertEntry(t.ctx, earlier.id, fan.userId, { title: 'Fan entry' });
    await insertEntry(t.ctx, earlier.id, rejected.userId, { title: 'Rejected entry', status: 'rejected' });
    await fundWallet(t.ctx, organizer.userId, 10_000_000);
    await drain();
    const created = await postContest(t.app, organizer.token, { title: 'Second Light' });
    await drain();
    expect(await ofType(fan.token, 'new_contest')).toEqual([
      expect.objectContaining({
        title: 'New contest',
        message: 'Oge Organizer, whose contest you entered before, opened "Second Light".',
        actionUrl: `/contest/${created._id}`,
        metadata: { Contest: 'Second Light', Organizer: 'Oge Organizer' },
      }),
    ]);
    expect(await ofType(rejected.token, 'new_contest')).toEqual([]);
    expect(await ofType(stranger.token, 'new_contest')).toEqual([]);
    expect(await ofType(organizer.token, 'new_contest')).toEqual([]);
  });

  it('tells the recipient of direct messages, grouped by conversation, a request apart', async () => {
    const ada = await createSignedInUser(t.app, { fullName: 'Ada Sender' });
    const bo = await createSignedInUser(t.app, { fullName: 'Bo Receiver' });
    const send = async (content: string) => {
      const res = await api<{ message: { conversationId: string } }>(t.app, 'POST', '/api/messages/send', ada.token, {
        recipientUsername: bo.email,
        content,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.message.conversationId;
    };
    // A new account's first message is a request.
    const conversationId = await send('Hello, love your photos');
    await drain();
    expect(await ofType(bo.token, 'message_received')).toEqual([
      expect.objectContaining({
        title: 'Message request',
        message: 'Ada Sender wants to message you (1 message waiting).',
        priority: 'medium',
        actionUrl: `/dashboard/messages?with=${ada.userId}`,
      }),
    ]);
    expect((await api(t.app, 'POST', `/api/messages/requests/${conversationId}/accept`, bo.token)).status).toBe(200);
    await send('Thanks!');
    await send('Are you entering the next one?');
    await drain();
    const rows = await ofType(bo.token, 'message_received');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      title: 'New messages',
      message: '2 new messages from Ada Sender',
      count: 2,
      metadata: { From: 'Ada Sender', Messages: '2' },
    });
    expect(rows[0]!.message).not.toContain('Thanks');
    expect(await ofType(ada.token, 'message_received')).toEqual([]);
  });
});

describe('GET /api/notifications', () => {
  it('pages 20 at a time, newest first, with the spec pagination', async () => {
    const u = await createSignedInUser(t.app);
    await seed(
      u.userId,
      Array.from({ length: 23 }, () => ({})),
    );
    const first = await list(u.token);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]!.title).toBe('Notice 23');
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2, current: 1, pages: 2 });
    const times = first.notifications.map((n) => Date.parse(n.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await list(u.token, '?page=2');
    expect(second.notifications.map((n) => n.title)).toEqual(['Notice 3', 'Notice 2', 'Notice 1']);
    expect((await list(u.token, '?page=2&limit=5')).notifications.map((n) => n.title)).toEqual([
      'Notice 18',
      'Notice 17',
      'Notice 16',
      'Notice 15',
      'Notice 14',
    ]);
  });

  it('filters by type, priority, read and archived (archived rows only when asked for)', async () => {
    const u = await createSignedInUser(t.app);
    await seed(u.userId, [
      { type: 'security_alert', priority: 'high', title: 'Alert' },
      { type: 'payment_success', priority: 'medium', title: 'Paid' },
      { type: 'vote_received', priority: 'low', title: 'Votes', state: 'read', readAt: new Date() },
      { type: 'system_announcement', priority: 'low', title: 'Old news', state: 'archived', readAt: new Date() },
    ]);
    const titles = async (q: string) => (await list(u.token, q)).notifications.map((n) => n.title);
    expect(await titles('')).toEqual(['Votes', 'Paid', 'Alert']);
    expect(await titles('?type=security_alert')).toEqual(['Alert']);
    expect(await titles('?priority=low')).toEqual(['Votes']);
    expect(await titles('?isRead=true')).toEqual(['Votes']);
    expect(await titles('?isRead=false')).toEqual(['Paid', 'Alert']);
    expect(await titles('?isArchived=true')).toEqual(['Old news']);
    expect(await titles('?isArchived=false')).toEqual(['Votes', 'Paid', 'Alert']);
    expect(await titles('?priority=low&isArchived=true')).toEqual(['Old news']);
    const [archived] = (await list(u.token, '?isArchived=true')).notifications;
    expect(archived).toMatchObject({ isArchived: true, isRead: true, state: 'archived' });
    expect(await unread(u.token)).toBe(2);
  });

  it('refuses bad input with 400 and strangers with 401', async () => {
    const u = await createSignedInUser(t.app);
    const cases: Array<[string, string]> = [
      ['?page=0', 'Page must be a positive integer'],
      ['?limit=101', 'Limit must be between 1 and 100'],
      ['?limit=ten', 'Limit must be between 1 and 100'],
      ['?type=party_invite', 'Unknown notification type'],
      ['?priority=urgent', 'Priority must be low, medium or high'],
      ['?isRead=maybe', 'isRead must be true or false'],
      ['?isArchived=1', 'isArchived must be true or false'],
    ];
    for (const [query, message] of cases) {
      const res = await api(t.app, 'GET', `/api/notifications${query}`, u.token);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/mark-all-read'],
      ['PUT', `/api/notifications/${randomUUID()}/read`],
      ['DELETE', `/api/notifications/${randomUUID()}`],
    ] as const) {
      expect((await api(t.app, method, url)).status, `${method} ${url}`).toBe(401);
    }
  });
});

describe('reading and deleting', () => {
  it('marks one read (once), all read, and keeps the unread count in step', async () => {
    const u = await createSignedInUser(t.app);
    await seed(u.userId, [{}, {}, {}]);
    expect(await unread(u.token)).toBe(3);
    const [newest] = (await list(u.token)).notifications;

    const read = await api<TNotification>(t.app, 'PUT', `/api/notifications/${newest!._id}/read`, u.token);
    expect(read.status).toBe(200);
    expect(read.body.message).toBe('Notification marked as read');
    expect(read.body.data).toMatchObject({ _id: newest!._id, isRead: true, state: 'read' });
    expect(read.body.data.readAt).not.toBeNull();
    expect(await unread(u.token)).toBe(2);
    // Again: still read, the first reading time kept.
    const again = await api<TNotification>(t.app, 'PUT', `/api/notifications/${newest!._id}/read`, u.token);
    expect(again.status).toBe(200);
    expect(again.body.data.readAt).toBe(read.body.data.readAt);
    expect(await unread(u.token)).toBe(2);

    const all = await api<{ markedCount: number }>(t.app, 'PUT', '/api/notifications/mark-all-read', u.token);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ message: 'All notifications marked as read', data: { markedCount: 2 } });
    expect(await unread(u.token)).toBe(0);
    expect((await list(u.token)).notifications.every((n) => n.isRead && n.readAt !== null)).toBe(true);
    expect((await api(t.app, 'PUT', '/api/notifications/mark-all-read', u.token)).body.data).toEqual({ markedCount: 0 });
  });

  it('marks unseen ones seen when the bell opens (still unread), and archives one out of the default list', async () => {
    const [u, other] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    await seed(u.userId, [{ title: 'One' }, { title: 'Two' }]);
    const seen = await api<{ markedCount: number }>(t.app, 'PUT', '/api/notifications/mark-all-seen', u.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({ markedCount: 2 });
    expect((await list(u.token)).notifications.map((n) => [n.state, n.isRead])).toEqual([
      ['seen', false],
      ['seen', false],
    ]);
    expect(await unread(u.token)).toBe(2);
    expect((await api(t.app, 'PUT', '/api/notifications/mark-all-seen', u.token)).body.data).toEqual({ markedCount: 0 });

    const [two] = (await list(u.token)).notifications;
    expect((await api(t.app, 'PUT', `/api/notifications/${two!._id}/archive`, other.token)).status).toBe(404);
    const archived = await api<TNotification>(t.app, 'PUT', `/api/notifications/${two!._id}/archive`, u.token);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ message: 'Notification archived', data: { state: 'archived', isArchived: true, isRead: true } });
    expect(archived.body.data.readAt).not.toBeNull();
    expect((await list(u.token)).notifications.map((n) => n.title)).toEqual(['One']);
    expect((await list(u.token, '?isArchived=true')).notifications.map((n) => n.title)).toEqual(['Two']);
    expect(await unread(u.token)).toBe(1);
  });

  it("deletes one; another person's notification is not found and stays untouched", async () => {
    const [owner, other] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    await seed(owner.userId, [{ title: 'Keep' }, { title: 'Drop' }]);
    await seed(other.userId, [{ title: 'Theirs' }]);
    const [drop, keep] = (await list(owner.token)).notifications;
    expect([drop!.title, keep!.title]).toEqual(['Drop', 'Keep']);

    for (const [method, url] of [
      ['PUT', `/api/notifications/${keep!._id}/read`],
      ['DELETE', `/api/notifications/${keep!._id}`],
    ] as const) {
      const res = await api(t.app, method, url, other.token);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message).toBe('Notification not found');
    }
    // Marking all read marks only one's own.
    await api(t.app, 'PUT', '/api/notifications/mark-all-read', other.token);
    expect(await unread(owner.token)).toBe(2);

    const del = await api(t.app, 'DELETE', `/api/notifications/${drop!._id}`, owner.token);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ message: 'Notification deleted', data: { _id: drop!._id } });
    expect((await list(owner.token)).notifications.map((n) => n.title)).toEqual(['Keep']);
    expect((await api(t.app, 'DELETE', `/api/notifications/${drop!._id}`, owner.token)).status).toBe(404);
    expect((await api(t.app, 'PUT', `/api/notifications/${randomUUID()}/read`, owner.token)).status).toBe(404);
    for (const url of ['/api/notifications/not-an-id/read', '/api/notifications/not-an-id']) {
      const res = await api(t.app, url.endsWith('/read') ? 'PUT' : 'DELETE', url, owner.token);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Invalid notification ID');
    }
    expect((await list(other.token)).notifications.map((n) => n.title)).toEqual(['Theirs']);
  });
});

describe('POST /api/admin-tools/announcements', () => {
  const post = (token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin-tools/announcements',
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
      remoteAddress: nextIp(),
    });

  it('is for admins only', async () => {
    const participant = await createSignedInUser(t.app);
    const moderator = await createSignedInUser(t.app, { role: 'moderator' });
    const body = { title: 'Hello', message: 'World', audience: 'everyone' };
    expect((await post(undefined, body)).statusCode).toBe(401);
    expect((await post(participant.token, body)).statusCode).toBe(403);
    expect((await post(moderator.token, body)).statusCode).toBe(403);
    expect(await ofType(participant.token, 'system_announcement')).toEqual([]);
  });

  it('refuses a missing title or message and an unknown audience', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ message: 'm', audience: 'everyone' }, 'Title is required'],
      [{ title: '   ', message: 'm', audience: 'everyone' }, 'Title is required'],
      [{ title: 't', message: '', audience: 'everyone' }, 'Message is required'],
      [{ title: 't'.repeat(121), message: 'm', audience: 'everyone' }, 'Title cannot exceed 120 characters'],
      [{ title: 't', message: 'm', audience: 'vip' }, 'Audience must be everyone, free, basic_premium or professional'],
      [{ title: 't', message: 'm', audience: 'everyone', priority: 'urgent' }, 'Priority must be low, medium or high'],
    ];
    for (const [body, message] of cases) {
      const res = await post(admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it("reaches one tier's active members only", async () => {
    const [pro1, pro2, bannedPro, free] = [
      await createSignedInUser(t.app, { subscriptionTier: 'professional' }),
      await createSignedInUser(t.app, { subscriptionTier: 'professional' }),
      await createSignedInUser(t.app, { subscriptionTier: 'professional' }),
      await createSignedInUser(t.app),
    ];
    await t.ctx.db.update(users).set({ status: 'banned', banReason: 'spam' }).where(eq(users.id, bannedPro.userId));
    const [proCount] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.subscriptionTier, 'professional'), eq(users.status, 'active')));
    const pros = proCount!.n;

    const res = await post(admin.token, {
      title: 'Pro webinar',
      message: 'Join us on Friday.',
      audience: 'professional',
      priority: 'high',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Announcement sent', data: { audience: 'professional', recipients: pros } });
    expect(pros).toBeGreaterThanOrEqual(2);
    for (const u of [pro1, pro2]) {
      expect(await ofType(u.token, 'system_announcement')).toEqual([
        expect.objectContaining({ title: 'Pro webinar', message: 'Join us on Friday.', priority: 'high', isRead: false, actionUrl: null }),
      ]);
    }
    expect(await ofType(free.token, 'system_announcement')).toEqual([]);
    const banned = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, bannedPro.userId));
    expect(banned.filter((n) => n.type === 'system_announcement')).toEqual([]);
  });

  it('reaches everyone, in batches, once each', async () => {
    const u = await createSignedInUser(t.app);
    const [activeCount] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.status, 'active'), eq(users.isActive, true)));
    const active = activeCount!.n;
    expect(active).toBeGreaterThan(5);

    // Batches of 2 users: every active account gets exactly one row.
    const result = await announce(
      t.ctx,
      null,
      { title: 'Maintenance', message: 'Tonight 1am WAT.', audience: 'everyone', priority: 'medium' },
      { batchSize: 2 },
    );
    expect(result.recipients).toBe(active);
    const [written] = await t.ctx.db
      .select({ rows: sql<number>`count(*)::int`, people: sql<number>`count(distinct ${notifications.userId})::int` })
      .from(notifications)
      .where(eq(notifications.title, 'Maintenance'));
    expect(written).toEqual({ rows: active, people: active });

    const res = await post(admin.token, { title: 'Hello all', message: 'Welcome to the new season.', audience: 'everyone' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.recipients).toBe(active);
    expect((await ofType(u.token, 'system_announcement')).map((n) => [n.title, n.priority])).toEqual([
      ['Hello all', 'medium'],
      ['Maintenance', 'medium'],
    ]);
  });
});
