/**
 * Direct messages (spec 001 §2 Messages, §3, §7; 000 §8 'Cannot Message Yourself'): every
 * /api/messages endpoint through the API as a client sees it, and every refusal: someone else's
 * conversation, a blocked sender, "who can message me", requests from accounts under 7 days old,
 * the per-user limits (429), a message to oneself, a tombstone against delete-for-me, a read
 * cursor that never moves back, and a report filed with the messages around it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import {
  DIRECT_MESSAGE_TEXTS,
  MESSAGES_PER_30_SECONDS,
  NEW_CONVERSATIONS_PER_DAY,
  conversationIdOf,
  type TBlockList,
  type TBlockState,
  type TConversationList,
  type TConversationPage,
  type TMessageDeleted,
  type TMessageRead,
  type TMessageRequestDecision,
  type TMessageSent,
  type TMessageSettings,
  type TMessageUnreadCount,
  type TMessageUserSearch,
  type TReportContext,
  type TReportSubmitted,
} from '@contesthub/shared';
import { conversations, messages, reports, users } from '../src/db/schema/index.js';
import { advanceClock, now, setClock } from '../src/lib/clock.js';
import { insertContest, insertEntry } from './contest-fixtures.js';
import {
  apiCall,
  createSignedInUser,
  createTestApp,
  createTestUser,
  eventsNamed,
  type ApiArgs,
  type TestApp,
  type TestUser,
} from './helpers.js';

let t: TestApp;
const api = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);

type Member = Awaited<ReturnType<typeof createSignedInUser>>;

const DAY = 24 * 60 * 60 * 1000;
let nameCounter = 0;

/** A signed-in, verified member whose account is `ageDays` old (30 by default: past the request rule). */
async function member(ageDays = 30): Promise<Member> {
  nameCounter += 1;
  const m = await createSignedInUser(t.app, { fullName: `Member ${nameCounter} Okafor` });
  await t.ctx.db
    .update(users)
    .set({ createdAt: new Date(now().getTime() - ageDays * DAY) })
    .where(eq(users.id, m.userId));
  return m;
}

const send = (from: Member, to: string, content: string) =>
  api<TMessageSent>('POST', '/api/messages/send', from.token, { recipientUsername: to, content });

async function sent(from: Member, to: Member, content: string) {
  const res = await send(from, to.email, content);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.message;
}

const page = (who: Member, conversationId: string, query = '') =>
  api<TConversationPage>('GET', `/api/messages/conversation/${conversationId}${query}`, who.token);
const unread = async (who: Member) => (await api<TMessageUnreadCount>('GET', '/api/messages/unread-count', who.token)).body.data;
const list = async (who: Member) => (await api<TConversationList>('GET', '/api/messages/conversations', who.token)).body.data;
const requests = async (who: Member) => (await api<TConversationList>('GET', '/api/messages/requests', who.token)).body.data;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  setClock(null);
});

describe('sending', () => {
  it('sends by username or email, answers the message, and records message.sent', async () => {
    const [ada, ben] = [await member(), await member()];
    const byName = await send(ada, ben.user.username.toUpperCase(), '  Hello Ben  ');
    expect(byName.status).toBe(201);
    expect(byName.body.message).toBe(DIRECT_MESSAGE_TEXTS.sent);
    const m = byName.body.data.message;
    expect(byName.body.data.status).toBe('active');
    expect(m).toMatchObject({
      conversationId: conversationIdOf(ada.userId, ben.userId),
      content: 'Hello Ben',
      isMine: true,
      deleted: false,
      sender: { _id: ada.userId, email: ada.email, username: ada.user.username },
    });
    expect(m.conversationId).toBe([ada.userId, ben.userId].sort().join('_'));

    const byEmail = await send(ada, ben.email.toUpperCase(), 'Second');
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.data.message.conversationId).toBe(m.conversationId);

    const events = await eventsNamed(t.ctx, 'message.sent', (p) => p.conversationId === m.conversationId);
    expect(events).toEqual([
      { messageId: m._id, conversationId: m.conversationId, senderId: ada.userId, recipientId: ben.userId, isRequest: false },
      expect.objectContaining({ messageId: byEmail.body.data.message._id, isRequest: false }),
    ]);
  });

  it('refuses a message to oneself, an unknown recipient, empty or over-long content, and no session', async () => {
    const ada = await member();
    const self = await send(ada, ada.email, 'Hi me');
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(DIRECT_MESSAGE_TEXTS.selfMessage);

    const nobody = await send(ada, 'no.such.person@example.test', 'Hello?');
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe(DIRECT_MESSAGE_TEXTS.userNotFound);

    const ben = await member();
    const blank = await send(ada, ben.email, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(DIRECT_MESSAGE_TEXTS.contentRequired);
    const long = await send(ada, ben.email, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(DIRECT_MESSAGE_TEXTS.contentTooLong);
    expect((await send(ada, ben.email, 'x'.repeat(2000))).status).toBe(201);

    const anonymous = await api('POST', '/api/messages/send', undefined, { recipientUsername: ben.email, content: 'Hi' });
    expect(anonymous.status).toBe(401);
    expect((await api('GET', '/api/messages/conversations')).status).toBe(401);
  });

  it('refuses a banned recipient as unknown', async () => {
    const [ada, ben] = [await member(), await member()];
    await t.ctx.db.update(users).set({ status: 'banned' }).where(eq(users.id, ben.userId));
    const res = await send(ada, ben.email, 'Hello');
    expect(res.status).toBe(404);
  });
});

describe('conversations and pages', () => {
  it('lists conversations with the other member, last message and unread count, most recent first', async () => {
    const [ada, ben, chi] = [await member(), await member(), await member()];
    await sent(ben, ada, 'From Ben 1');
    advanceClock(1000);
    await sent(ben, ada, 'From Ben 2');
    advanceClock(1000);
    await sent(chi, ada, 'From Chi');

    const mine = await list(ada);
    expect(mine.conversations.map((c) => c.otherUser._id)).toEqual([chi.userId, ben.userId]);
    const withBen = mine.conversations[1]!;
    expect(withBen).toMatchObject({
      conversationId: conversationIdOf(ada.userId, ben.userId),
      _id: conversationIdOf(ada.userId, ben.userId),
      otherUser: { _id: ben.userId, fullName: ben.user.fullName, email: ben.email, username: ben.user.username },
      lastMessage: { content: 'From Ben 2', isMine: false, deleted: false },
      unreadCount: 2,
      status: 'active',
      requestedByMe: false,
    });
    expect(mine.pagination).toMatchObject({ page: 1, total: 2 });
    expect(await unread(ada)).toEqual({ unreadCount: 3, requestCount: 0 });
    // The sender has nothing unread: their own messages are not counted.
    expect((await list(ben)).conversations[0]).toMatchObject({ unreadCount: 0, lastMessage: { isMine: true } });
    expect(await unread(ben)).toEqual({ unreadCount: 0, requestCount: 0 });
  });

  it('pages a conversation 50 at a time, newest last, with hasMore', async () => {
    const [ada, ben] = [await member(), await member()];
    const first = await sent(ada, ben, 'Message 1');
    // The rest are written as the send would write them (the route limits 10 sends per 30 s).
    for (let i = 2; i <= 55; i += 1) {
      await t.ctx.db.insert(messages).values({
        conversationId: first.conversationId,
        senderId: i % 2 ? ada.userId : ben.userId,
        recipientId: i % 2 ? ben.userId : ada.userId,
        content: `Message ${i}`,
        createdAt: new Date(now().getTime() + i * 1000),
      });
    }
    const one = await page(ben, first.conversationId);
    expect(one.status).toBe(200);
    expect(one.body.data.messages).toHaveLength(50);
    expect(one.body.data.messages[0]!.content).toBe('Message 6');
    expect(one.body.data.messages.at(-1)!.content).toBe('Message 55');
    expect(one.body.data.pagination).toMatchObject({ page: 1, limit: 50, total: 55, totalPages: 2, hasMore: true });
    expect(one.body.data.otherUser._id).toBe(ada.userId);

    const two = await page(ben, first.conversationId, '?page=2');
    expect(two.body.data.messages.map((m) => m.content)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(two.body.data.pagination.hasMore).toBe(false);

    const small = await page(ben, first.conversationId, '?limit=10&page=6');
    expect(small.body.data.pagination).toMatchObject({ totalPages: 6, hasMore: false });
    expect((await page(ben, first.conversationId, '?limit=101')).status).toBe(400);
  });

  it('opens the conversation with a member by id or email, empty before the first message', async () => {
    const [ada, ben] = [await member(), await member()];
    const empty = await api<TConversationPage>('GET', `/api/messages/user/${encodeURIComponent(ben.email)}`, ada.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({
      conversationId: conversationIdOf(ada.userId, ben.userId),
      otherUser: { _id: ben.userId },
      status: null,
      messages: [],
      pagination: { total: 0, totalPages: 1, hasMore: false },
    });
    await sent(ada, ben, 'Hi Ben');
    const byId = await api<TConversationPage>('GET', `/api/messages/user/${ben.userId}`, ada.token);
    expect(byId.body.data.messages.map((m) => m.content)).toEqual(['Hi Ben']);
    expect(byId.body.data.status).toBe('active');

    const self = await api('GET', `/api/messages/user/${ada.userId}`, ada.token);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(DIRECT_MESSAGE_TEXTS.selfMessage);
    expect((await api('GET', '/api/messages/user/nobody@example.test', ada.token)).status).toBe(404);
  });

  it("refuses someone else's conversation, and its messages", async () => {
    const [ada, ben, eve] = [await member(), await member(), await member()];
    const m = await sent(ada, ben, 'Private');
    const peek = await page(eve, m.conversationId);
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe(DIRECT_MESSAGE_TEXTS.conversationNotFound);
    expect((await page(eve, 'not-a-conversation')).status).toBe(400);

    for (const [method, url, body] of [
      ['PUT', `/api/messages/${m._id}/read`, undefined],
      ['DELETE', `/api/messages/${m._id}`, undefined],
      ['POST', `/api/messages/${m._id}/report`, { reason: 'spam', description: 'Not my conversation at all' }],
    ] as const) {
      const res = await api(method, url, eve.token, body);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe(DIRECT_MESSAGE_TEXTS.messageNotFound);
    }
    // Nothing changed for the two of them.
    expect((await page(ben, m.conversationId)).body.data.messages).toHaveLength(1);
    expect((await unread(ben)).unreadCount).toBe(1);
  });
});

describe('read cursor', () => {
  it('moves forward only: reading an older message after a newer one changes nothing', async () => {
    const [ada, ben] = [await member(), await member()];
    const m1 = await sent(ada, ben, 'One');
    const m2 = await sent(ada, ben, 'Two');
    const m3 = await sent(ada, ben, 'Three');
    expect((await unread(ben)).unreadCount).toBe(3);

    const upTo2 = await api<TMessageRead>('PUT', `/api/messages/${m2._id}/read`, ben.token);
    expect(upTo2.status).toBe(200);
    expect(upTo2.body.data).toEqual({ conversationId: m1.conversationId, unreadCount: 1 });

    const back = await api<TMessageRead>('PUT', `/api/messages/${m1._id}/read`, ben.token);
    expect(back.body.data.unreadCount).toBe(1);
    expect((await unread(ben)).unreadCount).toBe(1);

    await api('PUT', `/api/messages/${m3._id}/read`, ben.token);
    expect((await unread(ben)).unreadCount).toBe(0);
    expect((await list(ben)).conversations[0]!.unreadCount).toBe(0);
    // A new message is unread again; the old ones stay read.
    await sent(ada, ben, 'Four');
    expect((await unread(ben)).unreadCount).toBe(1);
    // Replying reads everything up to one's own message.
    await sent(ben, ada, 'Reply');
    expect((await unread(ben)).unreadCount).toBe(0);
    expect((await api('PUT', '/api/messages/not-an-id/read', ben.token)).status).toBe(400);
  });
});

describe('deleting', () => {
  it('the sender within 15 minutes leaves a tombstone both sides see', async () => {
    const [ada, ben] = [await member(), await member()];
    const m = await sent(ada, ben, 'Oops, wrong chat');
    advanceClock(14 * 60_000);
    const del = await api<TMessageDeleted>('DELETE', `/api/messages/${m._id}`, ada.token);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.deletedForEveryone, data: { _id: m._id, scope: 'everyone' } });
    for (const who of [ada, ben]) {
      const [shown] = (await page(who, m.conversationId)).body.data.messages;
      expect(shown).toMatchObject({ _id: m._id, content: '', deleted: true });
    }
    expect((await list(ben)).conversations[0]!.lastMessage).toMatchObject({ content: '', deleted: true });
    // A tombstone is not unread.
    expect((await unread(ben)).unreadCount).toBe(0);
  });

  it('after 15 minutes, or by the recipient, removes it for the caller only', async () => {
    const [ada, ben] = [await member(), await member()];
    const m1 = await sent(ada, ben, 'Keep me for Ben');
    const m2 = await sent(ada, ben, 'Ben hides me');
    // Sent 16 minutes ago (moving the clock that far would also expire the test's access tokens).
    await t.ctx.db
      .update(messages)
      .set({ createdAt: new Date(now().getTime() - 16 * 60_000) })
      .where(eq(messages.id, m1._id));
    const late = await api<TMessageDeleted>('DELETE', `/api/messages/${m1._id}`, ada.token);
    expect(late.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.deletedForMe, data: { scope: 'me' } });
    expect((await page(ada, m1.conversationId)).body.data.messages.map((m) => m.content)).toEqual(['Ben hides me']);
    expect((await page(ben, m1.conversationId)).body.data.messages.map((m) => m.content)).toEqual(['Keep me for Ben', 'Ben hides me']);

    const byRecipient = await api<TMessageDeleted>('DELETE', `/api/messages/${m2._id}`, ben.token);
    expect(byRecipient.body.data.scope).toBe('me');
    expect((await page(ben, m1.conversationId)).body.data.messages.map((m) => m.content)).toEqual(['Keep me for Ben']);
    expect((await page(ada, m1.conversationId)).body.data.messages.map((m) => m.content)).toEqual(['Ben hides me']);
    // A hidden message is not unread for the one who hid it.
    expect((await unread(ben)).unreadCount).toBe(1);
  });
});

describe('blocking', () => {
  it('a blocked sender gets the generic refusal, both ways, until the block is lifted', async () => {
    const [ada, ben] = [await member(), await member()];
    await sent(ada, ben, 'Before the block');
    const block = await api<TBlockState>('POST', '/api/messages/block', ben.token, { userId: ada.userId });
    expect(block.status).toBe(200);
    expect(block.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.blocked, data: { userId: ada.userId, blocked: true } });
    // Twice is the same.
    expect((await api('POST', '/api/messages/block', ben.token, { userId: ada.userId })).status).toBe(200);

    const refused = await send(ada, ben.email, 'Are you there?');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DIRECT_MESSAGE_TEXTS.refused);
    expect(refused.body.message).not.toMatch(/block/i);
    const back = await send(ben, ada.email, 'Nor can I write');
    expect(back.status).toBe(403);

    const blocks = await api<TBlockList>('GET', '/api/messages/blocks', ben.token);
    expect(blocks.body.data.users.map((u) => u._id)).toEqual([ada.userId]);
    // The blocked member does not come up in the blocker's search, nor the blocker in theirs.
    const search = await api<TMessageUserSearch>('GET', `/api/messages/search-users?q=${encodeURIComponent(ada.user.fullName)}`, ben.token);
    expect(search.body.data.users).toEqual([]);

    const lift = await api<TBlockState>('DELETE', `/api/messages/block/${ada.userId}`, ben.token);
    expect(lift.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.unblocked, data: { blocked: false } });
    expect((await send(ada, ben.email, 'Friends again')).status).toBe(201);
    expect((await api<TBlockList>('GET', '/api/messages/blocks', ben.token)).body.data.users).toEqual([]);
  });

  it('refuses blocking oneself or no one', async () => {
    const ada = await member();
    const self = await api('POST', '/api/messages/block', ada.token, { userId: ada.userId });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(DIRECT_MESSAGE_TEXTS.selfBlock);
    expect((await api('POST', '/api/messages/block', ada.token, { userId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await api('POST', '/api/messages/block', ada.token, { userId: 'x' })).status).toBe(400);
  });
});

describe('who can message me', () => {
  it('everyone by default; contests lets only people who share a contest start; nobody lets no one', async () => {
    const [ada, ben, chi] = [await member(), await member(), await member()];
    const settings = await api<TMessageSettings>('GET', '/api/messages/settings', ada.token);
    expect(settings.body.data).toEqual({ whoCanMessage: 'everyone' });

    const put = await api<TMessageSettings>('PUT', '/api/messages/settings', ada.token, { whoCanMessage: 'contests' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.settingsSaved, data: { whoCanMessage: 'contests' } });
    expect((await api<TMessageSettings>('GET', '/api/messages/settings', ada.token)).body.data.whoCanMessage).toBe('contests');
    expect((await api('PUT', '/api/messages/settings', ada.token, { whoCanMessage: 'friends' })).status).toBe(400);

    // Ben organizes a contest Ada entered; Chi shares none with her.
    const contestId = await insertContest(t.ctx, ben.userId);
    await insertEntry(t.ctx, contestId, ada.userId);
    expect((await send(ben, ada.email, 'About your entry')).status).toBe(201);
    const stranger = await send(chi, ada.email, 'Hi there');
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(DIRECT_MESSAGE_TEXTS.refused);

    // Two entrants of one contest share it too.
    await insertEntry(t.ctx, contestId, chi.userId);
    expect((await send(chi, ada.email, 'Fellow entrant here')).status).toBe(201);

    await api('PUT', '/api/messages/settings', ada.token, { whoCanMessage: 'nobody' });
    const dan = await member();
    expect((await send(dan, ada.email, 'Hello')).status).toBe(403);
    // The setting decides who starts a conversation; existing ones go on (blocking stops them).
    expect((await send(ben, ada.email, 'Still here')).status).toBe(201);
    // Ada herself can start one with anyone who allows it.
    expect((await send(ada, dan.email, 'I write first')).status).toBe(201);
  });
});

describe('message requests', () => {
  it('first messages from an account under 7 days old wait as a request the recipient accepts', async () => {
    const [newbie, ada] = [await member(2), await member()];
    const first = await send(newbie, ada.email, 'Hi, I am new here');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.requestSent, data: { status: 'request' } });
    const conversationId = first.body.data.message.conversationId;
    expect(await eventsNamed(t.ctx, 'message.sent', (p) => p.conversationId === conversationId)).toEqual([
      expect.objectContaining({ isRequest: true, recipientId: ada.userId }),
    ]);

    // The recipient sees it among requests, not in the inbox, and it is not unread there.
    expect((await list(ada)).conversations).toEqual([]);
    const waiting = await requests(ada);
    expect(waiting.conversations).toEqual([
      expect.objectContaining({
        conversationId,
        status: 'request',
        requestedByMe: false,
        unreadCount: 1,
        otherUser: expect.objectContaining({ _id: newbie.userId }),
      }),
    ]);
    expect(await unread(ada)).toEqual({ unreadCount: 0, requestCount: 1 });
    // The sender sees their request in their list.
    expect((await list(newbie)).conversations[0]).toMatchObject({ conversationId, status: 'request', requestedByMe: true });
    // They can still read it before deciding.
    expect((await page(ada, conversationId)).body.data).toMatchObject({ status: 'request', requestedByMe: false });

    const accept = await api<TMessageRequestDecision>('POST', `/api/messages/requests/${conversationId}/accept`, ada.token);
    expect(accept.status).toBe(200);
    expect(accept.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.accepted, data: { conversationId, status: 'active' } });
    expect(await unread(ada)).toEqual({ unreadCount: 1, requestCount: 0 });
    expect((await list(ada)).conversations.map((c) => c.conversationId)).toEqual([conversationId]);
    expect((await send(newbie, ada.email, 'Thanks!')).body.data.status).toBe('active');
  });

  it('a request from someone the recipient blocked is not shown or counted', async () => {
    const [newbie, ada] = [await member(3), await member()];
    await send(newbie, ada.email, 'Hello?');
    expect((await unread(ada)).requestCount).toBe(1);
    await api('POST', '/api/messages/block', ada.token, { userId: newbie.userId });
    expect((await requests(ada)).conversations).toEqual([]);
    expect((await unread(ada)).requestCount).toBe(0);
  });

  it('a declined request refuses the starter; the sender cannot answer their own request', async () => {
    const [newbie, ada] = [await member(1), await member()];
    const conversationId = (await send(newbie, ada.email, 'Buy my course')).body.data.message.conversationId;
    const own = await api('POST', `/api/messages/requests/${conversationId}/accept`, newbie.token);
    expect(own.status).toBe(404);
    expect(own.body.message).toBe(DIRECT_MESSAGE_TEXTS.requestNotFound);

    const decline = await api<TMessageRequestDecision>('POST', `/api/messages/requests/${conversationId}/decline`, ada.token);
    expect(decline.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.declined, data: { status: 'declined' } });
    expect((await requests(ada)).conversations).toEqual([]);
    const again = await send(newbie, ada.email, 'Please?');
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(DIRECT_MESSAGE_TEXTS.refused);
    // Declining twice, or someone else answering, finds no request.
    expect((await api('POST', `/api/messages/requests/${conversationId}/decline`, ada.token)).status).toBe(404);
    const eve = await member();
    expect((await api('POST', `/api/messages/requests/${conversationId}/accept`, eve.token)).status).toBe(404);
  });

  it('the recipient replying accepts the request; an old account starts conversations directly', async () => {
    const [newbie, ada] = [await member(6), await member()];
    const conversationId = (await send(newbie, ada.email, 'Hello!')).body.data.message.conversationId;
    const reply = await send(ada, newbie.email, 'Welcome');
    expect(reply.body.data.status).toBe('active');
    expect((await list(newbie)).conversations[0]).toMatchObject({ conversationId, status: 'active', requestedByMe: false });

    const seasoned = await member(8);
    expect((await send(seasoned, ada.email, 'Hi')).body.data.status).toBe('active');
  });
});

describe('limits', () => {
  it(`answers 429 after ${MESSAGES_PER_30_SECONDS} messages in 30 seconds`, async () => {
    const [ada, ben] = [await member(), await member()];
    for (let i = 1; i <= MESSAGES_PER_30_SECONDS; i += 1) await sent(ada, ben, `Message ${i}`);
    const over = await send(ada, ben.email, 'One too many');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, message: DIRECT_MESSAGE_TEXTS.tooManyMessages, errorType: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Per user: Ben can still answer.
    expect((await send(ben, ada.email, 'Slow down')).status).toBe(201);
  });

  it(`answers 429 to a new conversation beyond ${NEW_CONVERSATIONS_PER_DAY} a day, not to an existing one`, async () => {
    const [ada, ben] = [await member(), await member()];
    await sent(ada, ben, 'An existing conversation');
    // Conversations Ada started in the last 24 hours, as the send writes them (the route allows 10 sends per 30 s).
    // One after another: users made at once with the same name race for the same username on PostgreSQL.
    const others: TestUser[] = [];
    for (let i = 0; i < NEW_CONVERSATIONS_PER_DAY - 1; i++) others.push(await createTestUser(t.ctx));
    const earlierToday = new Date(now().getTime() - 23 * 60 * 60_000);
    for (const o of others) {
      const [userA, userB] = [ada.userId, o.user.id].sort() as [string, string];
      await t.ctx.db.insert(conversations).values({
        id: conversationIdOf(ada.userId, o.user.id),
        userA,
        userB,
        startedBy: ada.userId,
        status: 'active',
        createdAt: earlierToday,
        lastMessageAt: earlierToday,
      });
    }
    const fresh = await member();
    const over = await send(ada, fresh.email, 'Hello stranger');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: DIRECT_MESSAGE_TEXTS.tooManyConversations, errorType: 'RATE_LIMITED' });
    expect(
      await t.ctx.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, conversationIdOf(ada.userId, fresh.userId))),
    ).toEqual([]);
    // An existing conversation is not a new one.
    expect((await send(ada, ben.email, 'Still fine')).status).toBe(201);
    // Once they are more than a day old they no longer count.
    await t.ctx.db
      .update(conversations)
      .set({ createdAt: new Date(now().getTime() - DAY - 60_000) })
      .where(and(eq(conversations.startedBy, ada.userId), ne(conversations.id, conversationIdOf(ada.userId, ben.userId))));
    expect((await send(ada, fresh.email, 'Hello again')).status).toBe(201);
  });
});

describe('user search', () => {
  it('finds members by name or username (2+ characters) or whole email, never the caller, and keeps private emails private', async () => {
    const ada = await member();
    const zed = await createSignedInUser(t.app, { fullName: 'Zebulun Nwachukwu' });
    const byName = await api<TMessageUserSearch>('GET', '/api/messages/search-users?q=zebul', ada.token);
    expect(byName.status).toBe(200);
    expect(byName.body.data.users).toEqual([
      { _id: zed.userId, fullName: 'Zebulun Nwachukwu', email: zed.email, username: zed.user.username, profilePicture: null },
    ]);
    const byEmail = await api<TMessageUserSearch>('GET', `/api/messages/search-users?q=${encodeURIComponent(zed.email)}`, ada.token);
    expect(byEmail.body.data.users.map((u) => u._id)).toEqual([zed.userId]);
    const partEmail = await api<TMessageUserSearch>('GET', '/api/messages/search-users?q=example.test', ada.token);
    expect(partEmail.body.data.users).toEqual([]);
    const self = await api<TMessageUserSearch>('GET', '/api/messages/search-users?q=zebulun', zed.token);
    expect(self.body.data.users).toEqual([]);

    // A member who keeps their email private: a name search does not show it; typing it does.
    const quiet = await createSignedInUser(t.app, { fullName: 'Zebedee Quiet' });
    await t.ctx.db
      .update(users)
      .set({ preferences: { showEmail: false } })
      .where(eq(users.id, quiet.userId));
    const hidden = await api<TMessageUserSearch>('GET', '/api/messages/search-users?q=zebedee', ada.token);
    expect(hidden.body.data.users).toEqual([expect.objectContaining({ _id: quiet.userId, email: '' })]);
    const byId = await api<{ otherUser: { email: string } }>('GET', `/api/messages/user/${quiet.userId}`, ada.token);
    expect(byId.status).toBe(200);
    expect(byId.body.data.otherUser.email).toBe('');
    const typed = await api<TMessageUserSearch>('GET', `/api/messages/search-users?q=${encodeURIComponent(quiet.email)}`, ada.token);
    expect(typed.body.data.users).toEqual([expect.objectContaining({ _id: quiet.userId, email: quiet.email })]);

    const short = await api('GET', '/api/messages/search-users?q=%20z%20', ada.token);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(DIRECT_MESSAGE_TEXTS.searchTooShort);
  });
});

describe('reporting', () => {
  it('files a report with the five messages either side for the moderation queue', async () => {
    const [ada, ben] = [await member(), await member()];
    const first = await sent(ada, ben, 'Message 1');
    // Twelve messages in all, written as the send writes them (the route allows 10 sends per 30 s).
    const ids = [first._id];
    for (let i = 2; i <= 12; i += 1) {
      const [row] = await t.ctx.db
        .insert(messages)
        .values({
          conversationId: first.conversationId,
          senderId: ada.userId,
          recipientId: ben.userId,
          content: `Message ${i}`,
          createdAt: new Date(now().getTime() + i * 1000),
        })
        .returning({ id: messages.id });
      ids.push(row!.id);
    }
    const reported = ids[6]!; // 'Message 7'
    const res = await api<TReportSubmitted>('POST', `/api/messages/${reported}/report`, ben.token, {
      reason: 'harassment',
      description: 'Keeps insulting me after I asked to stop',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ targetType: 'message', targetId: reported, status: 'pending', priority: 'medium' });

    const [row] = await t.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, 'message'), eq(reports.targetId, reported)));
    expect(row).toMatchObject({ reporterId: ben.userId, reason: 'harassment', contestId: null });
    const context = row!.context as TReportContext;
    expect(context.messages.map((m) => m.content)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => `Message ${i}`));
    expect(context.messages.filter((m) => m.reported).map((m) => m.id)).toEqual([reported]);
    expect(context.messages.every((m) => m.senderId === ada.userId)).toBe(true);
    expect(await eventsNamed(t.ctx, 'report.filed', (p) => p.targetId === reported)).toEqual([
      expect.objectContaining({ targetType: 'message', reporterId: ben.userId, contestId: null, reason: 'harassment' }),
    ]);

    // Once per reporter and message; never one's own message; the body is checked.
    expect(
      (await api('POST', `/api/messages/${reported}/report`, ben.token, { reason: 'spam', description: 'Reporting it once more' })).status,
    ).toBe(409);
    const own = await api('POST', `/api/messages/${first._id}/report`, ada.token, { reason: 'spam', description: 'My own message here' });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(DIRECT_MESSAGE_TEXTS.ownMessageReport);
    expect((await api('POST', `/api/messages/${ids[1]}/report`, ben.token, { reason: 'spam', description: 'short' })).status).toBe(400);
  });

  it('keeps the context when the messages are deleted later, and refuses a tombstone', async () => {
    const [ada, ben] = [await member(), await member()];
    await sent(ada, ben, 'Before');
    const bad = await sent(ada, ben, 'Something abusive');
    const res = await api('POST', `/api/messages/${bad._id}/report`, ben.token, {
      reason: 'harassment',
      description: 'Abusive message to me',
    });
    expect(res.status).toBe(201);
    expect((await api('DELETE', `/api/messages/${bad._id}`, ada.token)).body).toMatchObject({ data: { scope: 'everyone' } });
    const [row] = await t.ctx.db.select().from(reports).where(eq(reports.targetId, bad._id));
    expect((row!.context as TReportContext).messages.map((m) => m.content)).toEqual(['Before', 'Something abusive']);

    const gone = await sent(ada, ben, 'Deleted at once');
    await api('DELETE', `/api/messages/${gone._id}`, ada.token);
    const late = await api('POST', `/api/messages/${gone._id}/report`, ben.token, { reason: 'spam', description: 'It was spam before' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(DIRECT_MESSAGE_TEXTS.deletedMessageReport);
  });
});
