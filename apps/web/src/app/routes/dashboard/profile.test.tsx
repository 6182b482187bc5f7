import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAddReferralResult, TProfilePictureUploaded, TUserAnswer } from '@contesthub/shared';
import { referralStatsDto } from '../../../test/fixtures';
import { fail, fakeServer, makeUser, meDto, ok, renderAt } from '../../../test/harness';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const pick = (f: File) => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [f] } });

describe('Profile settings', () => {
  it('previews a picked picture, uploads it only on Save Changes, then saves the profile', async () => {
    const me = makeUser();
    server.serve('GET /auth/me', ok({ user: me } satisfies TUserAnswer));
    renderAt('/dashboard/profile');
    expect(await screen.findByText('Your profile is', { exact: false })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('Email cannot be changed')).toBeTruthy();
    expect(screen.getAllByRole('option', { name: /./ }).filter((o) => o.closest('select')?.id === 'profile-state')).toHaveLength(38);

    pick(file('notes.txt', 'text/plain', 10));
    expect(await screen.findByText('Invalid File')).toBeTruthy();
    pick(file('huge.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('File Too Large')).toBeTruthy();
    pick(file('me.png', 'image/png', 1000));
    expect(await screen.findByText('me.png will be uploaded when you save.')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/auth/upload-profile-picture')).toBe(false);

    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'I make films.' } });
    expect(screen.getByText('13/500')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Lagos' } });
    fireEvent.change(screen.getByLabelText('Phone', { exact: false }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/Please enter a valid Nigerian phone number/)).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/auth/upload-profile-picture')).toBe(false);

    fireEvent.change(screen.getByLabelText('Phone', { exact: false }), { target: { value: '0801 234 5678' } });
    const saved = makeUser({
      bio: 'I make films.',
      profilePicture: '/media/p.png',
      location: { state: 'Lagos', city: null },
      profileCompletion: 67,
    });
    server.serve(
      'POST /auth/upload-profile-picture',
      ok({ profilePicture: '/media/p.png', user: { ...me, profilePicture: '/media/p.png' } } satisfies TProfilePictureUploaded),
    );
    server.serve('PUT /auth/profile', ok({ user: saved } satisfies TUserAnswer));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile and picture have been updated successfully')).toBeTruthy();

    const upload = server.last('POST', '/auth/upload-profile-picture');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('profilePicture') as File).name).toBe('me.png');
    const put = server.last('PUT', '/auth/profile')?.body as Record<string, unknown>;
    expect(put).toMatchObject({
      fullName: 'Ada Obi',
      phone: '+2348012345678',
      bio: 'I make films.',
      location: { state: 'Lagos', city: null },
    });
    expect(server.calls.findIndex((c) => c.path === '/auth/upload-profile-picture')).toBeLessThan(
      server.calls.findIndex((c) => c.path === '/auth/profile'),
    );
    // Back to view mode with the saved values; the banner follows the new completion.
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getAllByText('67%', { selector: 'span' })).toHaveLength(2); // completion card and banner
  });

  it('adds a referral code once, upper-cased, and then shows the notice', async () => {
    server.serve('GET /auth/me', ok(meDto()), ok(meDto({ referral: { referredBy: 'u2' } })));
    server.serve('GET /referrals/stats', ok(referralStatsDto()));
    renderAt('/dashboard/profile?tab=referral');
    expect(await screen.findByRole('tab', { name: 'Referral Code', selected: true })).toBeTruthy();
    expect(((await screen.findByLabelText('Referral link')) as HTMLInputElement).value).toBe('http://x/register?ref=ADA12345');

    fireEvent.click(screen.getByRole('button', { name: 'Add Code' }));
    expect(await screen.findByText('Please enter a referral code')).toBeTruthy();

    const input = screen.getByLabelText('Referral code', { selector: 'input:not([readonly])' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'bad' } });
    expect(input.value).toBe('BAD');
    server.serve('POST /referrals/add-code', fail(404, 'INVALID_REFERRAL_CODE', 'Invalid referral code'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Code' }));
    expect((await screen.findAllByText('Invalid referral code')).length).toBeGreaterThan(0);

    fireEvent.change(input, { target: { value: 'tunde777' } });
    server.serve(
      'POST /referrals/add-code',
      ok({ refereeBonus: 25, referrerBonus: 50, referrerName: 'Tunde', refereeBonusPending: false } satisfies TAddReferralResult),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Code' }));
    expect(
      await screen.findByText('Referral code added! You both received bonus credits immediately: 25 credits for you and 50 for Tunde.'),
    ).toBeTruthy();
    expect(server.last('POST', '/referrals/add-code')?.body).toEqual({ referralCode: 'TUNDE777' });
    expect(await screen.findByText('Referral code already added')).toBeTruthy();
  });

  it('switches tabs with the arrow keys', async () => {
    server.serve('GET /auth/me', ok(meDto()));
    renderAt('/dashboard/profile');
    const personal = await screen.findByRole('tab', { name: 'Personal Info' });
    personal.focus();
    fireEvent.keyDown(personal, { key: 'ArrowRight' });
    const prefs = screen.getByRole('tab', { name: 'Preferences' });
    expect(prefs.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(prefs);
    const panel = screen.getByRole('tabpanel', { name: 'Preferences' });
    expect(within(panel).getByRole('switch', { name: 'Show Phone' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.keyDown(prefs, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Referral Code' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/profile?tab=referral'));
  });
});
