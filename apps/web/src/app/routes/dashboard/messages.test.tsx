/**
 * The Messages screen as a user sees it, against a fake server: the conversation list with its 9+
 * badge, a thread grouped by day with Load More Messages, Enter sends and Shift+Enter does not,
 * the phone's back button, entry with the member passed from a public profile, New Message's
 * debounced search, a refused send shown in the Error panel, and a request's Accept.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  conversationIdOf,
  ZConversation,
  ZConversationPage,
  ZMessage,
  type TConversation,
  type TConversationPage,
  type TMessage,
} from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

const ME = '00000000-0000-4000-8000-00000000000a';
const KEMI = '00000000-0000-4000-8000-00000000000b';
const CID = conversationIdOf(ME, KEMI);
const me = { _id: ME, fullName: 'Ada Obi', email: 'ada@x.ng', username: 'adaobi', profilePicture: null };
const kemi = { _id: KEMI, fullName: 'Kemi Ade', email: 'kemi@x.ng', username: 'kemiade', profilePicture: null };
const DAY = 24 * 60 * 60 * 1000;

let n = 0;
const message = (content: string, at: number, mine = false, over: Partial<TMessage> = {}): TMessage =>
  ZMessage.parse({
    _id: `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`,
    conversationId: CID,
    content,
    createdAt: new Date(at).toISOString(),
    sender: mine ? me : kemi,
    isMine: mine,
    deleted: false,
    ...over,
  });

const conversation = (over: Partial<TConversation> = {}): TConversation =>
  ZConversation.parse({
    _id: CID,
    conversationId: CID,
    otherUser: kemi,
    lastMessage: { content: 'See you at the finals', createdAt: new Date().toISOString(), deleted: false, isMine: false },
    unreadCount: 12,
    status: 'active',
    requestedByMe: false,
    ...over,
  });

const page = (messages: TMessage[], p = 1, hasMore = false, over: Partial<TConversationPage> = {}): TConversationPage =>
  ZConversationPage.parse({
    conversationId: CID,
    otherUser: kemi,
    status: 'active',
    requestedByMe: false,
    messages,
    pagination: { page: p, limit: 50, total: 60, totalPages: hasMore ? 2 : 1, hasMore },
    ...over,
  });

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ _id: ME, profileCompletion: 100 })));
  server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
  server.serve('GET /messages/unread-count', ok({ unreadCount: 12, requestCount: 0 }));
  server.serve(
    'GET /messages/conversations',
    ok({ conversations: [conversation()], pagination: { page: 1, limit: 50, total: 1, totalPages: 1 } }),
  );
  server.serve('GET /messages/requests', ok({ conversations: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 0 } }));
  server.serve('GET /messages/blocks', ok({ users: [] }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sends = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/messages/send');

describe('Messages', { timeout: 20_000 }, () => {
  it('lists conversations with a 9+ badge, opens a thread grouped by day, loads older messages and sends with Enter', async () => {
    const now = Date.now();
    const older = message('From last week', now - 8 * DAY);
    const yesterday = message('Did you enter?', now - DAY - 60_000);
    const today = message('See you at the finals', now - 60_000);
    server.serve('GET /messages/user/' + KEMI, ok(page([yesterday, today], 1, true)), ok(page([older], 2, false)));
    const sent = message('On my way', now, true);
    server.serve('POST /messages/send', ok({ message: sent, status: 'active' }, 'Message sent', 201));
    const { location } = renderAt('/dashboard/messages');

    expect(await screen.findByText('12 unread messages')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const row = within(list).getByRole('button', { name: /Kemi Ade/ });
    expect(row.textContent).toContain('9+');
    expect(row.textContent).toContain('See you at the finals');
    fireEvent.click(row);
    await waitFor(() => expect(location()).toBe(`/dashboard/messages?with=${KEMI}`));

    const thread = await screen.findByRole('region', { name: 'Conversation with Kemi Ade' });
    const messages = await within(thread).findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Yesterday', 'Today']);
    // The newest message from Kemi is marked read.
    await waitFor(() => expect(server.last('PUT', `/messages/${today._id}/read`)).toBeTruthy());

    fireEvent.click(within(thread).getByRole('button', { name: 'Load More Messages' }));
    await waitFor(() => expect(within(thread).getByText('From last week')).toBeTruthy());
    const texts = within(thread)
      .getAllByText(/From last week|Did you enter\?|See you at the finals/)
      .map((p) => p.textContent);
    expect(texts).toEqual(['From last week', 'Did you enter?', 'See you at the finals']);
    expect(server.calls.filter((c) => c.path === `/messages/user/${KEMI}`).map((c) => c.query)).toEqual([
      'page=1&limit=50',
      'page=2&limit=50',
    ]);
    expect(within(thread).queryByRole('button', { name: 'Load More Messages' })).toBeNull();

    const box = within(thread).getByLabelText('Message Kemi Ade');
    fireEvent.change(box, { target: { value: '  On my way\nsee you  ' } });
    // Shift+Enter leaves the key to the textarea (a new line) and sends nothing.
    expect(fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })).toBe(true);
    expect(sends()).toHaveLength(0);
    // Enter sends the trimmed text to the member's email, once.
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]!.body).toEqual({ recipientUsername: 'kemi@x.ng', content: 'On my way\nsee you' });
    expect(await within(thread).findByText('On my way')).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    // Blank text is never sent.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sends()).toHaveLength(1);
  });

  it('shows one pane at a time on a phone: the thread has a back button to the list', async () => {
    server.serve('GET /messages/user/' + KEMI, ok(page([message('Hello', Date.now() - 1000)])));
    const { location } = renderAt(`/dashboard/messages?with=${KEMI}`);
    const thread = await screen.findByRole('region', { name: 'Conversation with Kemi Ade' });
    const listPane = screen.getByRole('list', { name: 'Conversations' }).closest('div.md\\:flex')!;
    expect(listPane.className).toContain('hidden');
    fireEvent.click(within(thread).getByRole('button', { name: 'Back to conversations' }));
    await waitFor(() => expect(location()).toBe('/dashboard/messages'));
    expect(screen.queryByRole('region', { name: /Conversation with/ })).toBeNull();
    expect(screen.getByText('Select a conversation')).toBeTruthy();
    expect(listPane.className).not.toContain('hidden');
  });

  it('opens the member passed from a public profile, and shows a refused send in the Error panel', async () => {
    const stranger = '00000000-0000-4000-8000-00000000000c';
    server.serve(
      'GET /messages/user/' + stranger,
      ok(
        page([], 1, false, {
          conversationId: conversationIdOf(ME, stranger),
          otherUser: { ...kemi, _id: stranger, fullName: 'Tunde Bello', username: 'tunde', email: 'tunde@x.ng' },
          status: null,
        }),
      ),
    );
    server.serve('POST /messages/send', fail(403, 'FORBIDDEN', 'You cannot send messages to this user.'));
    const { location } = renderAt({
      pathname: '/dashboard/messages',
      state: { selectedUser: { _id: stranger, fullName: 'Tunde Bello', username: 'tunde', profilePicture: null } },
    });
    const thread = await screen.findByRole('region', { name: 'Conversation with Tunde Bello' });
    await waitFor(() => expect(location()).toBe(`/dashboard/messages?with=${stranger}`));
    expect(await within(thread).findByText('No messages yet. Say hello to Tunde Bello.')).toBeTruthy();
    const box = within(thread).getByLabelText('Message Tunde Bello');
    fireEvent.change(box, { target: { value: 'Hi Tunde' } });
    fireEvent.click(within(thread).getByRole('button', { name: 'Send message' }));
    const alert = await within(thread).findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('You cannot send messages to this user.');
    expect(sends()[0]!.body).toEqual({ recipientUsername: 'tunde@x.ng', content: 'Hi Tunde' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss error' }));
    expect(within(thread).queryByRole('alert')).toBeNull();
  });

  it('tells a member they cannot message themself', async () => {
    renderAt({
      pathname: '/dashboard/messages',
      state: { selectedUser: { _id: ME, fullName: 'Ada Obi', username: 'adaobi', profilePicture: null } },
    });
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Cannot Message Yourself');
    expect(toast.textContent).toContain('You cannot send messages to yourself.');
    expect(screen.queryByRole('region', { name: /Conversation with/ })).toBeNull();
  });

  it('searches members after 300 ms from 2 characters in New Message', async () => {
    server.serve('GET /messages/search-users', ok({ users: [kemi] }));
    server.serve('GET /messages/user/' + KEMI, ok(page([])));
    const { location } = renderAt('/dashboard/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'New Message' }));
    const field = await screen.findByLabelText('Search users');
    fireEvent.change(field, { target: { value: 'k' } });
    expect(screen.getByText('Enter at least 2 characters to search')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'ke' } });
    fireEvent.change(field, { target: { value: 'kem' } });
    // Nothing before 300 ms without typing; then one search, for the last text.
    await new Promise((r) => setTimeout(r, 250));
    expect(server.calls.filter((c) => c.path === '/messages/search-users')).toHaveLength(0);
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(server.calls.filter((c) => c.path === '/messages/search-users').map((c) => c.query)).toEqual(['q=kem']);
    fireEvent.click(within(results).getByRole('button', { name: /Kemi Ade/ }));
    await waitFor(() => expect(location()).toBe(`/dashboard/messages?with=${KEMI}`));
  });

  it('lets the recipient accept a message request', async () => {
    const req = conversation({ status: 'request', unreadCount: 0 });
    server.serve('GET /messages/requests', ok({ conversations: [req], pagination: { page: 1, limit: 50, total: 1, totalPages: 1 } }));
    server.serve('GET /messages/user/' + KEMI, ok(page([message('Hi, new here', Date.now() - 1000)], 1, false, { status: 'request' })));
    server.serve(`POST /messages/requests/${CID}/accept`, ok({ conversationId: CID, status: 'active' }, 'Message request accepted'));
    renderAt('/dashboard/messages');
    fireEvent.click(await screen.findByRole('radio', { name: /Requests/ }));
    fireEvent.click(await within(await screen.findByRole('list', { name: 'Message requests' })).findByRole('button', { name: /Kemi Ade/ }));
    const banner = await screen.findByRole('region', { name: 'Message request' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(server.last('POST', `/messages/requests/${CID}/accept`)).toBeTruthy());
  });
});
