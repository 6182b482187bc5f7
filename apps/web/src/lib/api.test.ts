import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@contesthub/shared';
import { apiData, ApiError, authEvents, messageOf } from './api';
import { tokenStore } from './storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('messageOf (spec 000 §7 response handling)', () => {
  it('joins an errors list with commas', () => {
    expect(messageOf({ success: false, message: 'm', errors: ['a', 'b'] })).toBe('a, b');
  });
  it('uses an errors string as is', () => {
    expect(messageOf({ success: false, message: 'm', errors: 'plain' })).toBe('plain');
  });
  it("uses an errors object's first value", () => {
    expect(messageOf({ success: false, message: 'm', errors: { email: 'Bad email', phone: 'Bad phone' } })).toBe('Bad email');
  });
  it('falls back to the message field', () => {
    expect(messageOf({ success: false, message: 'Server said no' })).toBe('Server said no');
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('returns data and sends the stored token', async () => {
    tokenStore.set('tok', 'ref');
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: { ok: 1 } }));
    await expect(apiData('/thing', { query: { page: 2, empty: '' } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/thing?page=2');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('keeps errorType, status, fieldErrors and errorCount of a failure', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        success: false,
        message: 'Name is required',
        errorType: 'VALIDATION_ERROR',
        errors: { name: 'Name is required' },
        errorCount: 1,
      }),
    );
    const err = (await apiData('/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      message: 'Name is required',
      status: 400,
      errorType: 'VALIDATION_ERROR',
      fieldErrors: { name: 'Name is required' },
      errorCount: 1,
    });
  });

  it("answers a non-JSON response with 'Invalid response from server'", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>gateway</html>', { status: 502 }));
    await expect(apiData('/x')).rejects.toThrow(MESSAGES.transport.invalidResponse);
  });

  it('answers a network failure with the network message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiData('/x')).rejects.toThrow(MESSAGES.transport.network);
  });

  it('refreshes an expired login once and retries the call', async () => {
    tokenStore.set('old', 'r1');
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, message: 'expired', errorType: 'TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(json(200, { success: true, data: { token: 'new', refreshToken: 'r2' } }))
      .mockResolvedValueOnce(json(200, { success: true, data: 'again' }));
    await expect(apiData('/me')).resolves.toBe('again');
    expect(tokenStore.token).toBe('new');
    expect(tokenStore.refreshToken).toBe('r2');
    expect((fetchMock.mock.calls[2]![1]!.headers as Record<string, string>).authorization).toBe('Bearer new');
  });

  it('clears the login and raises session-expired when the refresh fails', async () => {
    tokenStore.set('old', 'r1');
    const events: string[] = [];
    const off = authEvents.on((e) => events.push(e.type));
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, message: 'expired', errorType: 'TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(json(401, { success: false, message: 'Please log in again', errorType: 'TOKEN_EXPIRED' }));
    await expect(apiData('/me')).rejects.toBeInstanceOf(ApiError);
    off();
    expect(events).toEqual(['session-expired']);
    expect(tokenStore.token).toBeNull();
  });

  it('a 403 ban clears the login and raises user-banned with the reason', async () => {
    tokenStore.set('tok', 'ref');
    const events: unknown[] = [];
    const off = authEvents.on((e) => events.push(e));
    fetchMock.mockResolvedValueOnce(
      json(403, { success: false, message: 'Your account has been banned: spam', errorType: 'ACCOUNT_BANNED', reason: 'spam' }),
    );
    await expect(apiData('/me')).rejects.toMatchObject({ status: 403, errorType: 'ACCOUNT_BANNED' });
    off();
    expect(events).toEqual([{ type: 'user-banned', message: 'Your account has been banned: spam', reason: 'spam' }]);
    expect(tokenStore.token).toBeNull();
  });
});
