import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiData } from './api';
import { deviceId } from './device-id';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the device id sent with votes', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('is a random id kept in localStorage, the same on every call, replaced when malformed', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(deviceId()).toBe(first);
    localStorage.setItem('deviceId', '<bad>');
    expect(deviceId()).not.toBe('<bad>');
  });

  it('rides on POST /votes only', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, data: {} }));
    await apiData('/votes', { method: 'POST', body: {} });
    await apiData('/votes/my-votes');
    await apiData('/comments', { method: 'POST', body: {} });
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('x-device-id'));
    expect(sent).toEqual([deviceId(), null, null]);
  });
});
