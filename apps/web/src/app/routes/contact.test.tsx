import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, meDto, ok, renderAt } from '../../test/harness';
// Loaded up front so the lazy route resolves at once.
import './contact';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto()));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Contact page', () => {
  it('opens filled in from a link (an entry appeal): subject and a known category', async () => {
    renderAt(`/contact?category=Contest%20Issues&subject=${encodeURIComponent('Appeal: rejected entry "Blurry Bridge"')}`);
    const subject = await screen.findByLabelText(/^Subject/);
    expect((subject as HTMLInputElement).value).toBe('Appeal: rejected entry "Blurry Bridge"');
    expect((screen.getByLabelText(/^Category/) as HTMLSelectElement).value).toBe('Contest Issues');
  });

  it('ignores a category it does not know', async () => {
    renderAt('/contact?category=Free%20Money');
    expect(((await screen.findByLabelText(/^Category/)) as HTMLSelectElement).value).toBe('');
  });
});
