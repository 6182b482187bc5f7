/**
 * The stream wired into the app: with a fake EventSource, a ticket from the fake server, events move
 * the bell's count, put a new notification in the bell and a toast, and add a message to the open
 * conversation without any reload; logout closes the stream.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationIdOf, ZConversationPage, ZMessage, ZNotification } from '@contesthub/shared';
import { fakeServer, meDto, ok, renderAt } from '../../test/harness';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(ev: MessageEvent) => void>>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(kind: string, fn: (ev: MessageEvent) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(kind: string, data: unknown, id: string) {
    for (const fn of this.listeners.get(kind) ?? []) fn(new MessageEvent(kind, { data: JSON.stringify(data), lastEventId: id }));
  }
}

const ME = '00000000-0000-4000-8000-00000000000a';
const KEMI = '00000000-0000-4000-8000-00000000000b';
const CID = conversationIdOf(ME, KEMI);
const kemi = { _id: KEMI, fullName: 'Kemi Ade', email: 'kemi@x.ng', username: 'kemiade', profilePicture: null };

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  // One tab, no other to share with: this tab holds the stream itself.
  vi.stubGlobal('BroadcastChannel', undefined);
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ _id: ME, profileCompletion: 100 })));
  server.serve(
    'POST /notifications/stream-ticket',
    ok({ ticket: 'tick-1', expiresAt: new Date(Date.now() + 60_000).toISOString() }, undefined, 201),
  );
  server.serve('GET /notifications/unread-count', ok({ unreadCount: 0 }));
  server.serve('GET /messages/unread-count', ok({ unreadCount: 0, requestCount: 0 }));
  server.serve('GET /messages/conversations', ok({ conversations: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 0 } }));
  server.serve('GET /messages/requests', ok({ conversations: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 0 } }));
  server.serve('GET /messages/blocks', ok({ users: [] }));
  server.serve('POST /auth/logout', ok(null));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the live stream in the app', { timeout: 20_000 }, () => {
  it('moves the bell, shows a new notification and a new message at once, and closes on logout', async () => {
    server.serve(
      'GET /messages/user/' + KEMI,
      ok(
        ZConversationPage.parse({
          conversationId: CID,
          otherUser: kemi,
          status: 'active',
          requestedByMe: false,
          messages: [],
          pagination: { page: 1, limit: 50, total: 0, totalPages: 0, hasMore: false },
        }),
      ),
    );
    renderAt(`/dashboard/messages?with=${KEMI}`);
    const thread = await screen.findByRole('region', { name: 'Conversation with Kemi Ade' });
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.all[0]!;
    expect(source.url).toBe('/api/notifications/stream?ticket=tick-1');
    expect(server.last('POST', '/notifications/stream-ticket')).toBeTruthy();
    // The stream is up: nothing polls the counts beyond the screen's own first reads.
    source.onopen?.();

    const notification = ZNotification.parse({
      _id: '00000000-0000-4000-8000-000000000001',
      type: 'entry_reviewed',
      title: 'Entry approved',
      message: 'Your entry "Sunset" in "Lagos Lights" was approved and is now public.',
      priority: 'medium',
      state: 'unseen',
      isRead: false,
      readAt: null,
      isArchived: false,
      actionUrl: '/contest/c1',
      actionText: 'View entry',
      metadata: {},
      count: 1,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    server.serve(
      'GET /notifications',
      ok({ notifications: [notification], pagination: { page: 1, limit: 10, total: 1, totalPages: 1, current: 1, pages: 1 } }),
    );
    source.emit('notification', notification, '41');
    source.emit('unread', { notifications: 3, messages: 0 }, '42');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    // Announced in a toast (a polite live region) with its action.
    await waitFor(() => expect(document.querySelector('[data-toast-type="info"]')).toBeTruthy());
    const toast = document.querySelector<HTMLElement>('[data-toast-type="info"]')!;
    expect(toast.getAttribute('role')).toBe('status');
    expect(toast.textContent).toContain('Entry approved');
    expect(within(toast).getByRole('button', { name: 'View entry' })).toBeTruthy();

    const message = ZMessage.parse({
      _id: '00000000-0000-4000-9000-000000000001',
      conversationId: CID,
      content: 'Are you coming to the finals?',
      createdAt: new Date().toISOString(),
      sender: kemi,
      isMine: false,
      deleted: false,
    });
    source.emit('message', { conversationId: CID, message }, '43');
    expect(await within(thread).findByText('Are you coming to the finals?')).toBeTruthy();
    // The thread shows it, so it is read.
    await waitFor(() => expect(server.last('PUT', `/messages/${message._id}/read`)).toBeTruthy());

    // Logout closes the stream.
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(source.closed).toBe(true));
  });
});
