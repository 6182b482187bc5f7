import { cleanup, screen, waitFor } from '@testing-library/react';
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

  it("offers WhatsApp at the server's configured number, and no WhatsApp at all when none is configured", async () => {
    server.serve('GET /support/contact', ok({ whatsapp: '2348031234567' }));
    renderAt('/contact');
    const chat = await screen.findByRole('link', { name: 'Chat on WhatsApp' });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=/);
    cleanup();

    server.serve('GET /support/contact', ok({ whatsapp: null }));
    renderAt('/contact');
    expect((await screen.findAllByRole('link', { name: 'support@contesthub.ng' })).length).toBeGreaterThan(0);
    // The answer is in (null): still no WhatsApp.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/support/contact')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Chat on WhatsApp' })).toBeNull();
    expect(screen.queryByText(/WhatsApp/)).toBeNull();
  });

  it('ignores a category it does not know', async () => {
    renderAt('/contact?category=Free%20Money');
    expect(((await screen.findByLabelText(/^Category/)) as HTMLSelectElement).value).toBe('');
  });
});
