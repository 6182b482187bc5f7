/**
 * Account Standing on /dashboard/settings, against a fake server: strikes with reasons and dates,
 * the Appeal dialog (2000-character counter, submit disabled while empty), the appeal's status, the
 * closed appeal window, and good standing when there is nothing.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStrikeView } from '@contesthub/shared';
import { fakeServer, meDto, ok, renderAt } from '../../../test/harness';

const strike = (over: Partial<TStrikeView> = {}): TStrikeView => ({
  id: '00000000-0000-4000-8000-000000000051',
  kind: 'warning',
  reason: 'Spam links in comments',
  createdAt: '2026-03-01T10:00:00.000Z',
  relatedType: 'comment',
  relatedId: 'c1',
  appeal: null,
  appealDeadline: '2026-03-21T10:00:00.000Z',
  canAppeal: true,
  ...over,
});

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
  server.serve('GET /messages/unread-count', ok({ unreadCount: 0, requestCount: 0 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Account Standing', () => {
  it('says the account is in good standing when there are no strikes', async () => {
    server.serve('GET /users/me/standing', ok({ strikes: [] }));
    renderAt('/dashboard/settings');
    expect(await screen.findByText('Your account is in good standing.')).toBeTruthy();
  });

  it('lists strikes with their reasons and appeal states, and appeals one with a counted text', async () => {
    const open = strike();
    const decided = strike({
      id: '00000000-0000-4000-8000-000000000052',
      kind: 'content_removed',
      reason: 'Copied photo',
      canAppeal: false,
      appeal: {
        id: '00000000-0000-4000-8000-000000000061',
        strikeId: '00000000-0000-4000-8000-000000000052',
        status: 'rejected',
        text: 'It was mine',
        decisionNote: 'The original is by another photographer.',
        createdAt: '2026-03-02T10:00:00.000Z',
        decidedAt: '2026-03-03T10:00:00.000Z',
      },
    });
    const late = strike({ id: '00000000-0000-4000-8000-000000000053', reason: 'Old warning', canAppeal: false });
    server.serve('GET /users/me/standing', ok({ strikes: [open, decided, late] }));
    server.serve(
      `POST /users/me/strikes/${open.id}/appeal`,
      ok(
        {
          id: 'a',
          strikeId: open.id,
          status: 'pending',
          text: 'x',
          decisionNote: null,
          createdAt: '2026-03-02T10:00:00.000Z',
          decidedAt: null,
        },
        'Your appeal has been submitted',
        201,
      ),
    );
    renderAt('/dashboard/settings');
    const list = await screen.findByRole('list', { name: 'Strikes' });
    expect(within(list).getByText('Spam links in comments')).toBeTruthy();
    expect(within(list).getByText('Appeal rejected')).toBeTruthy();
    expect(within(list).getByText('The original is by another photographer.')).toBeTruthy();
    expect(within(list).getByText(/The appeal period ended/)).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: 'Appeal' })).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal Strike' });
    const submit = within(dialog).getByRole('button', { name: 'Submit Appeal' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(dialog).getByText('0/2000')).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: /Why should this be reconsidered/ }) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(2000);
    fireEvent.change(box, { target: { value: 'The link was to my own portfolio.' } });
    expect(within(dialog).getByText('33/2000')).toBeTruthy();
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(server.last('POST', `/users/me/strikes/${open.id}/appeal`)?.body).toEqual({ text: 'The link was to my own portfolio.' }),
    );
    expect(await screen.findByText('Your appeal has been submitted')).toBeTruthy();
  });
});
