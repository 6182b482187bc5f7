import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/ui/dialog';
import type { TSessionList, TTwoFactorSetup, TTwoFactorState, TTwoFactorStatus } from '@contesthub/shared';
import { sessionDto } from '../../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function DialogHost({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Change Password"
        description="Pick a new one"
      >
        <input aria-label="Inside" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens with showModal, is labelled by its title, and closes on the native cancel (Escape)', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    Object.defineProperty(HTMLDialogElement.prototype, 'close', { value: close, configurable: true });
    Object.defineProperty(HTMLDialogElement.prototype, 'open', {
      get(this: HTMLDialogElement) {
        return this.hasAttribute('open');
      },
      configurable: true,
    });
    try {
      const onClose = vi.fn();
      render(<DialogHost onClose={onClose} />);
      expect(screen.queryByRole('dialog')).toBeNull();
      const opener = screen.getByRole('button', { name: 'Open it' });
      opener.focus();
      fireEvent.click(opener);
      expect(showModal).toHaveBeenCalledTimes(1);
      const dialog = screen.getByRole('dialog', { name: 'Change Password' });
      expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
      expect(within(dialog).getByText('Pick a new one')).toBeTruthy();

      const cancel = new Event('cancel', { cancelable: true });
      act(() => void dialog.dispatchEvent(cancel));
      expect(cancel.defaultPrevented).toBe(true);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(close).toHaveBeenCalled();
      expect(screen.queryByLabelText('Inside')).toBeNull();
      expect(document.activeElement).toBe(opener);
    } finally {
      for (const key of ['showModal', 'close', 'open'] as const)
        delete (HTMLDialogElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });

  it('falls back to the open attribute where showModal is missing (Escape and the close button still work)', () => {
    const onClose = vi.fn();
    render(<DialogHost onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    expect(dialog.hasAttribute('open')).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Inside'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Inside')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

const SETUP = {
  qrCodeUrl: 'otpauth://totp/ContestHub:ada%40x.ng?secret=JBSWY3DPEHPK3PXP&issuer=ContestHub',
  qrCodeImage: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXP',
  backupCodes: Array.from({ length: 10 }, (_, i) => `CODE${String(i).padStart(4, '0')}`),
} satisfies TTwoFactorSetup;

describe('Security settings', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    server.serve('GET /auth/me', ok(meDto()));
    server.serve('GET /auth/2fa/status', ok({ enabled: false, backupCodesRemaining: 0 } satisfies TTwoFactorStatus));
    server.serve(
      'GET /auth/sessions',
      ok({
        sessions: [
          sessionDto({
            userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
            ipAddress: '102.89.1.2',
          }),
          sessionDto({
            sessionId: 's2',
            userAgent:
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
            ipAddress: '105.112.3.4',
            lastActivity: new Date(Date.now() - 3 * 3600_000).toISOString(),
            location: { city: 'Ikeja', state: 'Lagos' },
            current: false,
          }),
        ],
      } satisfies TSessionList),
    );
  });

  it('lists sessions with friendly device names and removes another one', async () => {
    renderAt('/dashboard/settings');
    expect(await screen.findByText('Chrome on Windows')).toBeTruthy();
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
    expect(screen.getByText('Current session')).toBeTruthy();
    expect(screen.getByText('Last active 3h ago')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    server.serve('DELETE /auth/sessions/s2', ok(null, 'Session revoked'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove session Safari on iOS' }));
    await waitFor(() => expect(server.last('DELETE', '/auth/sessions/s2')).toBeTruthy());
  });

  it('enables 2FA in three steps: automatic setup, code check, backup codes', async () => {
    server.serve('POST /auth/2fa/setup', fail(500, 'INTERNAL', 'Something went wrong. Please try again later'), ok(SETUP));
    renderAt('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Enable 2FA' }));

    // Step 1 starts on open; a failure offers Retry Setup.
    expect(await screen.findByText('Setup Failed')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Setup' }));

    // Step 2: our own QR image and the secret.
    const qr = (await screen.findByAltText(/QR code/)) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(SETUP.qrCodeImage);
    expect(screen.getByText(SETUP.secret)).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/auth/2fa/setup')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expect(await screen.findByText('Verification Required')).toBeTruthy();
    expect(server.last('POST', '/auth/2fa/enable')).toBeUndefined();

    server.serve(
      'POST /auth/2fa/enable',
      fail(400, 'INVALID_2FA_TOKEN', 'The 2FA code you entered is incorrect. Please try again.'),
      ok({ enabled: true } satisfies TTwoFactorState),
    );
    fireEvent.change(screen.getByLabelText('Verification Code'), { target: { value: '12a3456' } });
    expect((screen.getByLabelText('Verification Code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expect(await screen.findByText('Verification Failed')).toBeTruthy();

    server.serve('GET /auth/2fa/status', ok({ enabled: true, backupCodesRemaining: 10 } satisfies TTwoFactorStatus));
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expect(await screen.findByText('2FA Enabled')).toBeTruthy();
    expect(server.last('POST', '/auth/2fa/enable')?.body).toEqual({ token: '123456' });
    const codes = screen.getByRole('list', { name: 'Backup codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Disable 2FA' })).toBeTruthy();
  });

  it('checks the change-password form with the shared schema before calling the server', async () => {
    renderAt('/dashboard/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Password' });
    fireEvent.change(within(dialog).getByLabelText(/^Current Password/), { target: { value: 'Secret1' } });
    fireEvent.change(within(dialog).getByLabelText(/^New Password/), { target: { value: 'Secret2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Confirm New Password/), { target: { value: 'Secret3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
    expect(server.last('PUT', '/auth/change-password')).toBeUndefined();

    server.serve('PUT /auth/change-password', ok(null, 'Your password has been updated successfully'));
    fireEvent.change(within(dialog).getByLabelText(/^Confirm New Password/), { target: { value: 'Secret2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password Changed')).toBeTruthy();
    expect(server.last('PUT', '/auth/change-password')?.body).toEqual({ currentPassword: 'Secret1', newPassword: 'Secret2' });
  });
});
