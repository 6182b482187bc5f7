/**
 * Profile Settings → Preferences, notifications part (issue 14 item 4): the spec's switches, the
 * type × channel table and the daily digest, saved through PUT /notifications/preferences (only what
 * changed), the states of the section, and the push opt-in that asks permission only on a click.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_MATRIX, type TNotificationPreferences } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const prefsDto = (over: Partial<TNotificationPreferences> = {}): TNotificationPreferences => ({
  notifications: { email: true, push: true, contestUpdates: true, entryNotifications: true, profileViews: false, badgeAwards: true },
  matrix: structuredClone(DEFAULT_NOTIFICATION_MATRIX),
  digest: false,
  pushDevices: 0,
  ...over,
});

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

async function openTab() {
  server.serve('GET /auth/me', ok(meDto()));
  renderAt('/dashboard/profile?tab=preferences');
  return screen.findByRole('table', { name: 'Which notifications reach you by email and push' });
}

describe('Preferences: notifications', () => {
  it('shows the switches and the table, and saves only what changed', async () => {
    server.serve('GET /notifications/preferences', ok(prefsDto()));
    const table = await openTab();
    for (const label of [
      'Email Notifications',
      'Push Notifications',
      'Contest Updates',
      'Entry Notifications',
      'Profile Views',
      'Badge Awards',
      'Daily Digest',
    ]) {
      expect(screen.getByRole('switch', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('switch', { name: 'Daily Digest' }).getAttribute('aria-checked')).toBe('false');
    // Mail only for the important types; security alerts always.
    expect(box('Entry approved or rejected: email').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Comments and replies: email' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Security alerts: email' })).toBeNull();
    const securityRow = within(table).getByRole('row', { name: /Security alerts/ });
    expect(within(securityRow).getAllByText('Always')).toHaveLength(2);
    expect(box('Votes on my entries: push').checked).toBe(false);

    const save = screen.getByRole('button', { name: 'Save Preferences' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(box('Entry approved or rejected: email'));
    fireEvent.click(box('Votes on my entries: push'));
    fireEvent.click(screen.getByRole('switch', { name: 'Daily Digest' }));
    expect(save.disabled).toBe(false);

    server.serve(
      'PUT /notifications/preferences',
      ok(
        prefsDto({
          digest: true,
          matrix: {
            ...DEFAULT_NOTIFICATION_MATRIX,
            entry_reviewed: { email: false, push: true },
            vote_received: { email: false, push: true },
          },
        }),
      ),
    );
    fireEvent.click(save);
    expect(await screen.findByText('Your preferences have been saved')).toBeTruthy();
    expect(server.last('PUT', '/notifications/preferences')?.body).toEqual({
      matrix: { entry_reviewed: { email: false }, vote_received: { push: true } },
      digest: true,
    });
    // The privacy part did not change: the profile is not written.
    expect(server.last('PUT', '/auth/profile')).toBeUndefined();
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(box('Entry approved or rejected: email').checked).toBe(false);
  });

  it('a group switch or a channel switch turned off keeps the choices but disables their boxes', async () => {
    server.serve('GET /notifications/preferences', ok(prefsDto()));
    await openTab();
    fireEvent.click(screen.getByRole('switch', { name: 'Entry Notifications' }));
    expect(box('Entry approved or rejected: email').disabled).toBe(true);
    expect(box('Entry approved or rejected: email').checked).toBe(true);
    expect(screen.getAllByText('Off: in-app only')).toHaveLength(1);
    expect(box('Withdrawal paid: email').disabled).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: 'Push Notifications' }));
    expect(box('Withdrawal paid: push').disabled).toBe(true);
    expect(box('Withdrawal paid: email').disabled).toBe(false);

    server.serve('PUT /notifications/preferences', fail(400, 'VALIDATION_ERROR', 'Nothing to update'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Nothing to update')).toBeTruthy();
    expect(server.last('PUT', '/notifications/preferences')?.body).toEqual({ notifications: { push: false, entryNotifications: false } });

    // Discard brings back what is saved.
    fireEvent.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(screen.getByRole('switch', { name: 'Entry Notifications' }).getAttribute('aria-checked')).toBe('true');
    expect(box('Entry approved or rejected: email').disabled).toBe(false);
  });

  it('shows loading, then a failed load with Try Again', async () => {
    server.serve('GET /notifications/preferences', fail(500, 'SERVER_ERROR', 'boom'), ok(prefsDto()));
    server.serve('GET /auth/me', ok(meDto()));
    renderAt('/dashboard/profile?tab=preferences');
    expect(await screen.findByRole('status', { name: 'Loading notification settings' })).toBeTruthy();
    expect(await screen.findByText('Failed to load notification settings')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Which notifications reach you by email and push' })).toBeTruthy();
  });

  it('asks for push permission only when the button is pressed, then stores the subscription', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    );
    vi.stubGlobal('PushManager', function PushManager() {});
    const json = {
      endpoint: 'https://push.example.com/send/abc',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    };
    let current: null | { endpoint: string; toJSON: () => typeof json; unsubscribe: () => Promise<boolean> } = null;
    const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
      expect(opts.applicationServerKey).toHaveLength(65);
      current = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: vi.fn(async () => true) };
      return current;
    });
    const registration = { pushManager: { getSubscription: vi.fn(async () => current), subscribe } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
        getRegistration: vi.fn(async () => registration),
      },
    });
    server.serve('GET /notifications/preferences', ok(prefsDto()), ok(prefsDto({ pushDevices: 1 })));
    server.serve('GET /notifications/push/public-key', ok({ publicKey: 'BA'.padEnd(87, 'A') }));
    server.serve('POST /notifications/push-subscriptions', ok({ pushDevices: 1 }));
    server.serve('DELETE /notifications/push-subscriptions', ok({ pushDevices: 0 }));
    await openTab();

    const on = await screen.findByRole('button', { name: 'Turn on push notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(on);
    expect(await screen.findByRole('button', { name: 'Turn off on this browser' })).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(server.last('POST', '/notifications/push-subscriptions')?.body).toEqual(json);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off on this browser' }));
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    expect(server.last('DELETE', '/notifications/push-subscriptions')?.body).toEqual({ endpoint: json.endpoint });
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});
