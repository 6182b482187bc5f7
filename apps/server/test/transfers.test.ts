/**
 * Vote-credit transfers (spec 001 §2 Transfer Credits, §5, §7, §8): POST /api/vote-credit-transfers/transfer
 * moves whole credits to one recipient and ₦100 from the sender's wallet to the platform in one
 * ledger posting; every refusal answers the spec's text and moves nothing; an Idempotency-Key makes
 * a retry move nothing again; concurrent transfers never overspend. History and recipient search
 * read what the transfers wrote.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { TCreditTransferDone, TTransferHistoryPage, TTransferUser, TWallet } from '@contesthub/shared';
import { ledgerEntries, ledgerTransactions, users } from '../src/db/schema/index.js';
import { accounts } from '../src/modules/ledger/accounts.js';
import { balanceOf, checkLedgerIntegrity } from '../src/modules/ledger/ledger.js';
import { creditUnitsOf, fundWallet, giveCredits, walletOf } from './contest-fixtures.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  createTestUser,
  eventsNamed,
  uniqueEmail,
  type TestApp,
  type ApiArgs,
} from './helpers.js';

let t: TestApp;

const api = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

const transfer = (sender: Signed, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api<TCreditTransferDone>('POST', '/api/vote-credit-transfers/transfer', sender.token, payload, headers);

const revenue = () => balanceOf(t.ctx.db, accounts.platformRevenue('NGN'));
const postingsCount = async () => Number((await t.ctx.db.select({ n: count() }).from(ledgerTransactions))[0]!.n);

/** A signed-in verified user holding `credits` vote credits and `naira` in the wallet (wallet opened when naira > 0). */
async function member(name: string, credits: number, naira: number): Promise<Signed> {
  const u = await createSignedInUser(t.app, { fullName: name });
  if (credits > 0) await giveCredits(t.ctx, u.userId, credits);
  if (naira > 0) await fundWallet(t.ctx, u.userId, naira * 100);
  return u;
}

/** Everything a refused transfer must leave alone. */
async function snapshot(...ids: string[]) {
  const per = await Promise.all(ids.map(async (id) => [await creditUnitsOf(t.ctx, id), await walletOf(t.ctx, id)]));
  return { per, revenue: await revenue(), postings: await postingsCount() };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedgerIntegrity(t.ctx.db)).problems).toEqual([]);
});

describe('a transfer', () => {
  it('moves the credits to the recipient and ₦100 from the sender to the platform, in one posting', async () => {
    const sender = await member('Chidi Sender', 100, 1_000);
    const recipient = await member('Ngozi Recipient', 0, 0);
    const revenueBefore = await revenue();

    const res = await transfer(sender, { recipientEmail: recipient.email.toUpperCase(), amount: 25, password: sender.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Vote credits transferred successfully');
    expect(res.body.data).toEqual({
      reference: expect.stringMatching(/^transfer:[0-9a-f-]{36}$/),
      recipient: { id: recipient.userId, fullName: 'Ngozi Recipient', email: recipient.email, profilePicture: null },
      amount: 25,
      fee: 10_000,
      voteCredits: 75,
      balance: 90_000,
    });

    // Exact balances, as the wallet shows them to each side.
    expect(await creditUnitsOf(t.ctx, sender.userId)).toBe(7_500);
    expect(await walletOf(t.ctx, sender.userId)).toBe(90_000);
    expect(await creditUnitsOf(t.ctx, recipient.userId)).toBe(2_500);
    expect(await walletOf(t.ctx, recipient.userId)).toBe(0);
    expect((await revenue()) - revenueBefore).toBe(10_000);
    const senderWallet = await api<{ wallet: TWallet }>('GET', '/api/wallet', sender.token);
    expect(senderWallet.body.data.wallet).toMatchObject({ balance: 90_000, voteCredits: 75 });
    const recipientWallet = await api<{ wallet: TWallet }>('GET', '/api/wallet', recipient.token);
    expect(recipientWallet.body.data.wallet).toMatchObject({ balance: 0, voteCredits: 25 });

    const [posting] = await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, res.body.data.reference));
    expect(posting).toMatchObject({
      kind: 'vote_credit_transfer',
      metadata: { senderId: sender.userId, senderName: 'Chidi Sender', recipientId: recipient.userId, recipientName: 'Ngozi Recipient' },
    });
    const lines = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, posting!.id));
    expect(lines.map((l) => [l.asset, l.amount]).sort()).toEqual(
      [
        ['CREDIT', -2_500],
        ['CREDIT', 2_500],
        ['NGN', -10_000],
        ['NGN', 10_000],
      ].sort(),
    );
  });

  it('accepts the amount as the form sends it (text with separators)', async () => {
    const sender = await member('Bola Text', 2_000, 500);
    const recipient = await member('Kemi Text', 0, 0);
    const res = await transfer(sender, { recipientEmail: ` ${recipient.email} `, amount: '1,500', password: sender.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 1_500, voteCredits: 500, balance: 40_000 });
    expect(await creditUnitsOf(t.ctx, recipient.userId)).toBe(150_000);
  });
});

describe('refusals: the spec’s text, and nothing moves', () => {
  it('answers 401 without a login and 403 to a sender whose email is not verified', async () => {
    const recipient = await member('Nobody Receives', 0, 0);
    const anonymous = await api('POST', '/api/vote-credit-transfers/transfer', undefined, {
      recipientEmail: recipient.email,
      amount: 10,
      password: 'x',
    });
    expect(anonymous.status).toBe(401);

    const sender = await member('Unverified Sender', 100, 1_000);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, sender.userId));
    const before = await snapshot(sender.userId, recipient.userId);
    const res = await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorType: 'EMAIL_NOT_VERIFIED' });
    expect(await snapshot(sender.userId, recipient.userId)).toEqual(before);
  });

  it('refuses each broken rule with its own text', async () => {
    const sender = await member('Refused Sender', 100, 1_000);
    const recipient = await member('Refused Recipient', 0, 0);
    const unverified = await createTestUser(t.ctx, { fullName: 'Not Verified Yet', isVerified: false });
    const banned = await createTestUser(t.ctx, { fullName: 'Banned Person' });
    await t.ctx.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.user.id));
    const deactivated = await createTestUser(t.ctx, { fullName: 'Deactivated Person' });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
    const good = { recipientEmail: recipient.email, amount: 20, password: sender.password };

    const cases: Array<[string, Record<string, unknown>, number, string, string?]> = [
      ['no fields', {}, 400, 'Please select recipients, enter amount, and password'],
      ['blank fields', { recipientEmail: '', amount: '', password: '' }, 400, 'Please select recipients, enter amount, and password'],
      ['no password', { ...good, password: undefined }, 400, 'Please select recipients, enter amount, and password'],
      ['no recipient', { ...good, recipientEmail: undefined }, 400, 'Please select recipients, enter amount, and password'],
      ['no amount', { ...good, amount: undefined }, 400, 'Please select recipients, enter amount, and password'],
      ['9 credits', { ...good, amount: 9 }, 400, 'Minimum transfer amount is 10 vote credits'],
      ['0 credits', { ...good, amount: 0 }, 400, 'Minimum transfer amount is 10 vote credits'],
      ['a fraction', { ...good, amount: 10.5 }, 400, 'Amount must be a whole number of vote credits'],
      [
        'wrong password',
        { ...good, password: 'Wrong-password-1' },
        400,
        'The password you entered is incorrect. Please try again.',
        'INVALID_PASSWORD',
      ],
      ['more credits than held', { ...good, amount: 101 }, 400, 'Insufficient vote credits. You need 101 credits but only have 100'],
      ['myself', { ...good, recipientEmail: sender.email }, 400, 'You cannot transfer vote credits to yourself'],
      ['unknown email', { ...good, recipientEmail: uniqueEmail('ghost') }, 404, 'Recipient not found'],
      ['unverified recipient', { ...good, recipientEmail: unverified.email }, 404, 'Recipient not found'],
      ['banned recipient', { ...good, recipientEmail: banned.email }, 404, 'Recipient not found'],
      ['deactivated recipient', { ...good, recipientEmail: deactivated.email }, 404, 'Recipient not found'],
    ];
    const ids = [sender.userId, recipient.userId, unverified.user.id, banned.user.id, deactivated.user.id];
    const before = await snapshot(...ids);
    for (const [label, payload, status, message, errorType] of cases) {
      const res = await transfer(sender, payload);
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body, label).toMatchObject({ success: false, message });
      if (errorType) expect(res.body.errorType, label).toBe(errorType);
    }
    expect(await snapshot(...ids)).toEqual(before);

    // The same sender can still transfer once the request is right.
    expect((await transfer(sender, good)).status).toBe(200);
  });

  it('refuses when the naira wallet cannot pay the ₦100 fee', async () => {
    const sender = await member('Short Naira', 500, 50);
    const recipient = await member('Naira Recipient', 0, 0);
    const before = await snapshot(sender.userId, recipient.userId);
    const res = await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Insufficient naira balance. You need ₦100 for fees but only have ₦50',
      errorType: 'INSUFFICIENT_BALANCE',
    });
    expect(await snapshot(sender.userId, recipient.userId)).toEqual(before);
  });

  it('refuses a sender who never set up a wallet', async () => {
    const sender = await member('No Wallet Yet', 300, 0);
    const recipient = await member('Wallet Recipient', 0, 0);
    const before = await snapshot(sender.userId, recipient.userId);
    const res = await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Wallet not found. Please go to the Wallet page to set up your wallet first.',
    });
    expect(await snapshot(sender.userId, recipient.userId)).toEqual(before);

    // Opening the wallet (as the Wallet page does) is enough to get past that; the fee still needs naira.
    expect((await api('POST', '/api/wallet/create', sender.token)).status).toBe(200);
    const after = await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password });
    expect(after.body).toMatchObject({ message: 'Insufficient naira balance. You need ₦100 for fees but only have ₦0' });
  });
});

describe('the order of the refusals (spec 001 §5): vote credits, then the wallet, then the naira fee', () => {
  it('tells a sender short of credits so, with or without a wallet and naira', async () => {
    const recipient = await member('Order Recipient', 0, 0);
    const noWallet = await member('Order No Wallet', 5, 0);
    const noNaira = await member('Order No Naira', 5, 0);
    expect((await api('POST', '/api/wallet/create', noNaira.token)).status).toBe(200);
    const before = await snapshot(noWallet.userId, noNaira.userId, recipient.userId);
    for (const sender of [noWallet, noNaira]) {
      const res = await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Insufficient vote credits. You need 10 credits but only have 5',
        errorType: 'INSUFFICIENT_CREDITS',
      });
    }
    expect(await snapshot(noWallet.userId, noNaira.userId, recipient.userId)).toEqual(before);
  });

  it('tells a sender with the credits but no wallet about the wallet before the fee', async () => {
    const recipient = await member('Order Recipient Two', 0, 0);
    const sender = await member('Order Credits Only', 10, 0);
    const res = await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Wallet not found. Please go to the Wallet page to set up your wallet first.');
    expect(await creditUnitsOf(t.ctx, sender.userId)).toBe(1_000);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first result and moves nothing again', async () => {
    const sender = await member('Retry Sender', 100, 1_000);
    const recipient = await member('Retry Recipient', 0, 0);
    const payload = { recipientEmail: recipient.email, amount: 30, password: sender.password };
    const key = { 'idempotency-key': 'transfer-7f3a_1' };

    const first = await transfer(sender, payload, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.reference).toBe(`transfer:${sender.userId}:transfer-7f3a_1`);
    const again = await transfer(sender, payload, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);

    expect(await creditUnitsOf(t.ctx, sender.userId)).toBe(7_000);
    expect(await walletOf(t.ctx, sender.userId)).toBe(90_000);
    expect(await creditUnitsOf(t.ctx, recipient.userId)).toBe(3_000);

    // The same key for another transfer is refused; another key is a new transfer.
    const other = await transfer(sender, { ...payload, amount: 40 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, errorType: 'IDEMPOTENCY_CONFLICT' });
    expect((await transfer(sender, payload, { 'idempotency-key': 'transfer-7f3a_2' })).status).toBe(200);
    expect(await creditUnitsOf(t.ctx, recipient.userId)).toBe(6_000);

    // A retry still answers after the balance it spent is gone (nothing is moved to answer it).
    const drained = await member('Drained Sender', 10, 100);
    const once = { recipientEmail: recipient.email, amount: 10, password: drained.password };
    expect((await transfer(drained, once, { 'idempotency-key': 'only-once' })).status).toBe(200);
    const retry = await transfer(drained, once, { 'idempotency-key': 'only-once' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data).toMatchObject({ voteCredits: 0, balance: 0 });
  });

  it('moves credits once when the same request is sent several times at once', async () => {
    const sender = await member('Racing Retry', 100, 1_000);
    const recipient = await member('Racing Recipient', 0, 0);
    const payload = { recipientEmail: recipient.email, amount: 60, password: sender.password };
    const answers = await Promise.all([1, 2, 3].map(() => transfer(sender, payload, { 'idempotency-key': 'double-click' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.reference)).size).toBe(1);
    expect(await creditUnitsOf(t.ctx, sender.userId)).toBe(4_000);
    expect(await creditUnitsOf(t.ctx, recipient.userId)).toBe(6_000);
    expect(await walletOf(t.ctx, sender.userId)).toBe(90_000);
  });

  it('refuses a malformed key', async () => {
    const sender = await member('Bad Key', 100, 1_000);
    const recipient = await member('Bad Key Recipient', 0, 0);
    const before = await snapshot(sender.userId, recipient.userId);
    for (const bad of ['has space', 'x'.repeat(101), 'semi;colon']) {
      const res = await transfer(
        sender,
        { recipientEmail: recipient.email, amount: 10, password: sender.password },
        { 'idempotency-key': bad },
      );
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Idempotency-Key must be 1 to 100 letters, digits, _ or -');
    }
    expect(await snapshot(sender.userId, recipient.userId)).toEqual(before);
  });
});

describe('concurrent transfers from one sender', () => {
  it('lets exactly the affordable number through when credits run out', async () => {
    const sender = await member('Busy Sender', 75, 5_000);
    const recipients = await Promise.all([1, 2, 3].map((i) => member(`Busy Recipient ${i}`, 0, 0)));
    const revenueBefore = await revenue();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transfer(sender, { recipientEmail: recipients[i % 3]!.email, amount: 10, password: sender.password }),
      ),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Insufficient vote credits. You need 10 credits but only have 5');
    }
    expect(await creditUnitsOf(t.ctx, sender.userId)).toBe(500);
    expect(await walletOf(t.ctx, sender.userId)).toBe(500_000 - 7 * 10_000);
    const received = await Promise.all(recipients.map((r) => creditUnitsOf(t.ctx, r.userId)));
    expect(received.reduce((a, b) => a + b, 0)).toBe(7 * 1_000);
    expect((await revenue()) - revenueBefore).toBe(7 * 10_000);
  });

  it('lets exactly the affordable number through when naira for fees runs out', async () => {
    const sender = await member('Fee Bound Sender', 1_000, 550);
    const recipient = await member('Fee Bound Recipient', 0, 0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Insufficient naira balance. You need ₦100 for fees but only have ₦50');
    }
    expect(await walletOf(t.ctx, sender.userId)).toBe(5_000);
    expect(await creditUnitsOf(t.ctx, sender.userId)).toBe(95_000);
    expect(await creditUnitsOf(t.ctx, recipient.userId)).toBe(5_000);
  });
});

describe('crossing transfers', () => {
  it('two users sending to each other at the same time all succeed, to the kobo', async () => {
    const a = await member('Crossing Ada', 100, 1_000);
    const b = await member('Crossing Bayo', 100, 1_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        return transfer(from, { recipientEmail: to.email, amount: 10 + i, password: from.password });
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    // a sent 10+12+14+16+18 = 70 and received 11+13+15+17+19 = 75.
    expect(await creditUnitsOf(t.ctx, a.userId)).toBe(10_500);
    expect(await creditUnitsOf(t.ctx, b.userId)).toBe(9_500);
    expect(await walletOf(t.ctx, a.userId)).toBe(50_000);
    expect(await walletOf(t.ctx, b.userId)).toBe(50_000);
  });
});

describe('history', () => {
  it('lists sent, fee and received rows for each side, newest first, paginated', async () => {
    const ada = await member('Ada History', 200, 1_000);
    const obi = await member('Obi History', 50, 1_000);
    expect((await transfer(ada, { recipientEmail: obi.email, amount: 40, password: ada.password })).status).toBe(200);
    expect((await transfer(obi, { recipientEmail: ada.email, amount: 15, password: obi.password })).status).toBe(200);

    const mine = await api<TTransferHistoryPage>('GET', '/api/vote-credit-transfers/history', ada.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(mine.body.data.transactions).toEqual([
      expect.objectContaining({
        type: 'vote_credit_transfer_received',
        voteCredits: 15,
        amount: 0,
        description: 'Received 15 vote credits from Obi History',
        metadata: expect.objectContaining({ senderName: 'Obi History' }),
      }),
      expect.objectContaining({
        type: 'vote_credit_transfer_sent',
        voteCredits: -40,
        amount: 0,
        description: 'Sent 40 vote credits to Obi History',
        metadata: expect.objectContaining({ recipientName: 'Obi History' }),
      }),
      expect.objectContaining({
        type: 'vote_credit_transfer_fee',
        voteCredits: 0,
        amount: -10_000,
        metadata: expect.objectContaining({ recipientName: 'Obi History' }),
      }),
    ]);
    const [received, sent, fee] = mine.body.data.transactions;
    expect(sent!.reference).toBe(fee!.reference);
    expect(received!.reference).not.toBe(sent!.reference);

    const theirs = await api<TTransferHistoryPage>('GET', '/api/vote-credit-transfers/history', obi.token);
    expect(theirs.body.data.transactions.map((r) => [r.type, r.voteCredits, r.amount])).toEqual([
      ['vote_credit_transfer_sent', -15, 0],
      ['vote_credit_transfer_fee', 0, -10_000],
      ['vote_credit_transfer_received', 40, 0],
    ]);

    const page2 = await api<TTransferHistoryPage>('GET', '/api/vote-credit-transfers/history?page=2&limit=2', ada.token);
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page2.body.data.transactions.map((r) => r.type)).toEqual(['vote_credit_transfer_fee']);

    // Deposits and promotional credits are not transfers.
    const fresh = await member('Never Transferred', 100, 100);
    const empty = await api<TTransferHistoryPage>('GET', '/api/vote-credit-transfers/history', fresh.token);
    expect(empty.body.data).toEqual({ transactions: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 1 } });
  });

  it('refuses a bad page and an anonymous caller', async () => {
    const u = await member('Pager', 0, 0);
    const bad = await api('GET', '/api/vote-credit-transfers/history?limit=500', u.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Limit must be between 1 and 100');
    expect((await api('GET', '/api/vote-credit-transfers/history')).status).toBe(401);
  });
});

describe('recipient search', () => {
  const search = (token: string, q: string) =>
    api<{ users: TTransferUser[] }>('GET', `/api/vote-credit-transfers/search-users?q=${encodeURIComponent(q)}`, token);

  it('finds active, verified users by a part of their name or by their whole email, never the caller', async () => {
    const caller = await member('Zainab Quorra', 0, 0);
    const match = await member('Zainab Quorrel', 0, 0);
    const byEmail = await createTestUser(t.ctx, { fullName: 'Emeka Other', email: `quorra.mail.${Date.now()}@example.test` });
    await createTestUser(t.ctx, { fullName: 'Quorra Unverified', isVerified: false });
    const banned = await createTestUser(t.ctx, { fullName: 'Quorra Banned' });
    await t.ctx.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.user.id));

    // A part of a name finds by name only: Emeka's email contains 'quorr' but that finds no one by email.
    const res = await search(caller.token, '  QUORR ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.users).toEqual([{ id: match.userId, fullName: 'Zainab Quorrel', email: match.email, profilePicture: null }]);
    // The whole email, in any case, finds its owner.
    expect((await search(caller.token, ` ${byEmail.email.toUpperCase()} `)).body.data.users).toEqual([
      { id: byEmail.user.id, fullName: 'Emeka Other', email: byEmail.email, profilePicture: null },
    ]);
    // The caller finds themself nowhere, even by their exact email.
    expect((await search(caller.token, caller.email)).body.data.users).toEqual([]);
    expect((await search(match.token, caller.email)).body.data.users.map((u) => u.id)).toEqual([caller.userId]);
  });

  it("never lists people by a part of their email such as 'gmail'", async () => {
    const caller = await member('Gmail Seeker', 0, 0);
    const stamp = Date.now();
    const owner = await createTestUser(t.ctx, { fullName: 'Halima Mailbox', email: `halima.${stamp}@gmail.com` });
    await createTestUser(t.ctx, { fullName: 'Tunde Mailbox', email: `tunde.${stamp}@gmail.com` });
    for (const q of ['gmail', 'gmail.com', '@gmail.com', `halima.${stamp}`, `${stamp}@gmail`]) {
      const res = await search(caller.token, q);
      expect(res.status, q).toBe(200);
      expect(res.body.data.users, q).toEqual([]);
    }
    expect((await search(caller.token, `halima.${stamp}@gmail.com`)).body.data.users.map((u) => u.id)).toEqual([owner.user.id]);
  });

  it('takes % and _ literally', async () => {
    const caller = await member('Wildcard Caller', 0, 0);
    await member('Percent%%Person', 0, 0);
    expect((await search(caller.token, '%%')).body.data.users.map((u) => u.fullName)).toEqual(['Percent%%Person']);
    expect((await search(caller.token, '__')).body.data.users).toEqual([]);
  });

  it('answers at most 10, ordered by name', async () => {
    const caller = await member('Listing Caller', 0, 0);
    const names = Array.from({ length: 12 }, (_, i) => `Yakubu Listed ${String.fromCharCode(76 - i)}`); // L … A
    for (const fullName of names) await createTestUser(t.ctx, { fullName });
    const res = await search(caller.token, 'yakubu listed');
    expect(res.body.data.users.map((u) => u.fullName)).toEqual([...names].sort().slice(0, 10));
  });

  it('needs 2 characters after trimming, a login and a verified email', async () => {
    const caller = await member('Short Query', 0, 0);
    for (const q of ['a', '  b  ', '']) {
      const res = await search(caller.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe('Enter at least 2 characters to search');
    }
    expect((await api('GET', '/api/vote-credit-transfers/search-users?q=ab')).status).toBe(401);
    await t.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, caller.userId));
    expect((await search(caller.token, 'ab')).status).toBe(403);
  });
});

describe('rate limits', () => {
  it('counts transfers per user, whatever the address', async () => {
    const u = await member('Limited Sender', 0, 0);
    const other = await member('Unlimited Sender', 0, 0);
    // Every call comes from a new client address (apiCall); refused bodies still count.
    for (let i = 0; i < 30; i++) expect((await transfer(u, {})).status, `#${i + 1}`).toBe(400);
    const limited = await transfer(u, {});
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });
    expect((await transfer(other, {})).status).toBe(400);
  });
});

describe('the password re-check', () => {
  it('counts wrong transfer passwords toward the login lockout: after 5, even the right one is refused and login is locked', async () => {
    const sender = await member('Locked Sender', 100, 1_000);
    const recipient = await member('Waiting Recipient', 0, 0);
    const before = await snapshot(sender.userId, recipient.userId);
    const wrong = { recipientEmail: recipient.email, amount: 10, password: 'Wrong-password-1' };
    for (let i = 0; i < 4; i++) {
      const res = await transfer(sender, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorType: 'INVALID_PASSWORD', attemptsRemaining: 4 - i });
    }
    const locked = 'Too many failed login attempts. Your account is locked for 15 minutes. Try again later or reset your password.';
    const fifth = await transfer(sender, wrong);
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ success: false, errorType: 'ACCOUNT_LOCKED', message: locked });

    const right = await transfer(sender, { ...wrong, password: sender.password });
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ errorType: 'ACCOUNT_LOCKED', message: locked });
    const login = await api('POST', '/api/auth/login', undefined, { email: sender.email, password: sender.password });
    expect(login.status).toBe(423);
    expect(await snapshot(sender.userId, recipient.userId)).toEqual(before);
  });
});

describe('the transfer.completed event', () => {
  const fromUser = (sender: Signed) => (p: Record<string, unknown>) => p.fromUserId === sender.userId;

  it('is recorded once per transfer, not again for a retry under the same key or for racing twins', async () => {
    const sender = await member('Event Sender', 100, 1_000);
    const recipient = await member('Event Recipient', 0, 0);
    const payload = { recipientEmail: recipient.email, amount: 20, password: sender.password };
    const first = await transfer(sender, payload, { 'idempotency-key': 'event-once' });
    expect(first.status).toBe(200);
    await transfer(sender, payload, { 'idempotency-key': 'event-once' });
    await Promise.all([1, 2, 3].map(() => transfer(sender, payload, { 'idempotency-key': 'event-race' })));
    expect(await eventsNamed(t.ctx, 'transfer.completed', fromUser(sender))).toEqual([
      { reference: first.body.data.reference, fromUserId: sender.userId, toUserId: recipient.userId, credits: 20, feeKobo: 10_000 },
      expect.objectContaining({ reference: `transfer:${sender.userId}:event-race`, credits: 20 }),
    ]);
  });

  it('is not recorded for a refused transfer', async () => {
    const sender = await member('Refused Event Sender', 500, 50);
    const recipient = await member('Refused Event Recipient', 0, 0);
    expect((await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: sender.password })).status).toBe(400);
    expect((await transfer(sender, { recipientEmail: recipient.email, amount: 10, password: 'wrong-password' })).status).toBe(400);
    expect(await eventsNamed(t.ctx, 'transfer.completed', fromUser(sender))).toEqual([]);
  });
});
