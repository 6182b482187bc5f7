import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  type TCodeSent,
  type TPublicUser,
  type TRegisterResult,
  type TResetRequested,
  type TUserAnswer,
  type TVerifyEmailResult,
} from '@contesthub/shared';
import { STORAGE_KEYS, tokenStore } from '../../../lib/storage';
import { fail, fakeServer, makeUser, ok, renderAt } from '../../../test/harness';

/** Journeys through the real route table, guards and API client; only fetch is faked. Each starts signed out. */

/** A freshly registered account: not verified yet. */
const user = (over: Partial<TPublicUser> = {}): TPublicUser => makeUser({ isVerified: false, ...over });

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('register', () => {
  it('checks with the shared schema, toasts the first error, then ends on /verify-email with the email', async () => {
    const { seen, location } = renderAt('/register?ref=abc12', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect((screen.getByLabelText(/^Referral code/) as HTMLInputElement).value).toBe('ABC12');

    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.register.fixIssuesTitle)).toBeTruthy();
    expect(screen.getAllByText('Please enter your full name').length).toBe(2); // field + toast
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/auth/register')).toBe(false);

    type(/^Full name/, 'Ada Obi');
    expect(screen.queryByText('Please enter your full name', { selector: 'p[id$="-error"]' })).toBeNull();
    type(/^Email address/, 'Ada@X.ng');
    type(/^Phone number/, '0801 234 5678');
    type(/^Password/, 'Secret1');
    type(/^Confirm password/, 'Secret1');
    expect(screen.getAllByTestId('valid-tick').length).toBe(6);

    server.serve(
      'POST /auth/register',
      ok({ user: user(), token: 'tok', refreshToken: 'ref', emailSent: true } satisfies TRegisterResult, undefined, 201),
    );
    server.serve('GET /auth/me', ok({ user: user() } satisfies TUserAnswer));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(location()).toBe('/verify-email?email=ada%40x.ng');
    expect(seen).not.toContain('/dashboard');
    expect(server.last('POST', '/auth/register')?.body).toEqual({
      fullName: 'Ada Obi',
      email: 'ada@x.ng',
      phone: '+2348012345678',
      password: 'Secret1',
      confirmPassword: 'Secret1',
      referralCode: 'ABC12',
    });
    expect(tokenStore.token).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.pendingEmail)).toBe('ada@x.ng');
    expect(screen.getByText('Registration Successful!')).toBeTruthy();
  });

  it('shows a taken email on its field and in the toast', async () => {
    renderAt('/register', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    type(/^Full name/, 'Ada Obi');
    type(/^Email address/, 'ada@x.ng');
    type(/^Phone number/, '08012345678');
    type(/^Password/, 'Secret1');
    type(/^Confirm password/, 'Secret1');
    server.serve('POST /auth/register', fail(409, 'EMAIL_ALREADY_EXISTS', MESSAGES.register.EMAIL_ALREADY_EXISTS));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.register.failedTitle)).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.register.EMAIL_ALREADY_EXISTS).length).toBe(2);
    expect(screen.getByLabelText(/^Email address/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('verify email', () => {
  it('fails, resends with a cooldown and a cleared code, then verifies and opens the dashboard', async () => {
    localStorage.setItem(STORAGE_KEYS.pendingEmail, 'ada@x.ng');
    const { location } = renderAt('/verify-email', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(screen.getByText('ada@x.ng')).toBeTruthy();

    const submit = () => screen.getByRole('button', { name: 'Verify Email' }) as HTMLButtonElement;
    type('Verification code', '12ab34');
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('1234');
    expect(submit().disabled).toBe(true);
    type('Verification code', '123456');
    expect(submit().disabled).toBe(false);

    server.serve('POST /auth/verify-email', fail(400, 'INVALID_CODE', MESSAGES.accounts.codeExpired));
    fireEvent.click(submit());
    await screen.findByRole('heading', { name: 'Verification Failed' });
    expect(screen.getAllByText(/^The verification code is invalid or has expired\./).length).toBe(2); // page + toast
    expect(server.last('POST', '/auth/verify-email')).toMatchObject({ body: { code: '123456', email: 'ada@x.ng' }, auth: undefined });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();

    server.serve('POST /auth/resend-verification', ok({ emailSent: true, retryAfterSeconds: 60 } satisfies TCodeSent));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Verification Code Sent')).toBeTruthy();
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: /Resend code in 60s/ }) as HTMLButtonElement).disabled).toBe(true);

    server.serve(
      'POST /auth/verify-email',
      ok({
        user: user({ isVerified: true }),
        token: 'tv',
        refreshToken: 'rv',
        referral: { bonusCredits: 25 },
      } satisfies TVerifyEmailResult),
    );
    server.serve('GET /auth/me', ok({ user: user({ isVerified: true }) } satisfies TUserAnswer));
    type('Verification code', '654321');
    fireEvent.click(submit());
    await screen.findByRole('heading', { name: 'Email Verified!' });
    expect(screen.getByText('Your email has been verified and 25 bonus vote credits have been added to your account.')).toBeTruthy();
    expect(tokenStore.token).toBe('tv');
    expect(localStorage.getItem(STORAGE_KEYS.pendingEmail)).toBeNull();
    expect(location()).toBe('/verify-email');
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 4000 });
  });

  it('asks for an address when none is known and refuses to resend without one', async () => {
    renderAt('/verify-email', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(screen.getByText(/^No email address found\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Email Not Found')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/auth/resend-verification')).toBe(false);
  });

  it('honours the server wait on a refused resend', async () => {
    renderAt({ pathname: '/verify-email', state: { email: 'ada@x.ng' } }, { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    server.serve(
      'POST /auth/resend-verification',
      fail(429, 'RATE_LIMITED', MESSAGES.accounts.resendCooldown(42), { retryAfterSeconds: 42 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to Send')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Resend code in 42s/ })).toBeTruthy();
  });

  it('sends a verified signed-in user to the dashboard', async () => {
    server.serve('GET /auth/me', ok({ user: user({ isVerified: true }) } satisfies TUserAnswer));
    const { location } = renderAt('/verify-email', { signedIn: { token: 't', refreshToken: 'r' } });
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});

describe('login two-factor step', () => {
  it('switches to the code step, needs a code, sends the backup code, and goes back clearing codes', async () => {
    renderAt('/login', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    type('Email address', 'ada@x.ng');
    type('Password', 'Secret1');
    server.serve('POST /auth/login', fail(401, '2FA_REQUIRED', 'Two-factor code required'));
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(screen.getAllByText(MESSAGES.login['2FA_REQUIRED']).length).toBe(2); // step + info toast
    const totp = screen.getByLabelText('Authentication code') as HTMLInputElement;
    expect(totp.getAttribute('inputmode')).toBe('numeric');
    expect(totp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(totp);

    fireEvent.click(screen.getByRole('button', { name: 'Verify and Log In' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.login.codeRequired);

    fireEvent.click(screen.getByRole('button', { name: 'Backup code' }));
    type('Backup code', 'ab-cd1234xyz');
    expect((screen.getByLabelText('Backup code') as HTMLInputElement).value).toBe('ABCD1234');
    server.serve('POST /auth/login', fail(401, 'INVALID_BACKUP_CODE', 'nope'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify and Log In' }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.login.INVALID_BACKUP_CODE).length).toBeGreaterThan(0));
    expect(server.last('POST', '/auth/login')?.body).toEqual({
      email: 'ada@x.ng',
      password: 'Secret1',
      rememberMe: false,
      backupCode: 'ABCD1234',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@x.ng');
    server.serve('POST /auth/login', fail(401, '2FA_REQUIRED', 'Two-factor code required'));
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(server.last('POST', '/auth/login')?.body).toEqual({ email: 'ada@x.ng', password: 'Secret1', rememberMe: false });
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');
  });

  it('shows the server message when the account is locked', async () => {
    renderAt('/login', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    type('Email address', 'ada@x.ng');
    type('Password', 'Secret1');
    server.serve('POST /auth/login', fail(423, 'ACCOUNT_LOCKED', MESSAGES.accounts.ACCOUNT_LOCKED, { retryAfterSeconds: 900 }));
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MESSAGES.login.failedTitle)).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.accounts.ACCOUNT_LOCKED).length).toBe(2);
  });
});

describe('forgot and reset password', () => {
  it('confirms the request, and Send Another Reset Code returns to the form', async () => {
    renderAt('/forgot-password', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(screen.getByText('Please enter your email address')).toBeTruthy();

    type(/^Email address/, 'Ada@x.ng');
    server.serve('POST /auth/forgot-password', ok({ emailSent: true } satisfies TResetRequested, MESSAGES.accounts.resetRequested));
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(screen.getByText('Reset Email Sent')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter Reset Code' }).getAttribute('href')).toBe('/reset-password?email=ada%40x.ng');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Another Reset Code' }));
    expect((screen.getByLabelText(/^Email address/) as HTMLInputElement).value).toBe('Ada@x.ng');
  });

  it('shows the server wait message on 429 and stays on the form', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/forgot-password?email=ada%40x.ng', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    server.serve('POST /auth/forgot-password', fail(429, 'RATE_LIMITED', 'Too many requests. Please slow down and try again shortly.'));
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please slow down and try again shortly.');
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).toBeNull();
  });

  it('validates the reset form with the live checklist, then shows the failed state on INVALID_CODE', async () => {
    renderAt('/reset-password?email=ada%40x.ng', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Reset password' });
    expect(screen.queryByLabelText(/^Email address/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.toast.validationErrorTitle)).toBeTruthy();
    expect(screen.getByText(MESSAGES.toast.validationErrorMessage)).toBeTruthy();
    expect(screen.getByText('Reset code is required')).toBeTruthy();
    type(/^Reset code/, '12x3456789');
    expect((screen.getByLabelText(/^Reset code/) as HTMLInputElement).value).toBe('123456');
    expect(screen.queryByText('Reset code is required')).toBeNull();

    const list = screen.getByRole('list', { name: 'Password requirements' });
    const met = () => Array.from(list.querySelectorAll('li')).map((li) => `${li.dataset.check}:${li.dataset.met}`);
    type(/^New password/, 'abcdEFG1');
    expect(met()).toEqual(['length:true', 'uppercase:true', 'lowercase:true', 'number:true', 'match:false']);
    type(/^Confirm new password/, 'abcdEFG1');
    expect(within(list).getByText('Passwords match').closest('li')?.dataset.met).toBe('true');

    server.serve('POST /auth/reset-password', fail(400, 'INVALID_CODE', MESSAGES.accounts.resetInvalid));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.accounts.resetInvalid)).toBeTruthy();
    expect(server.last('POST', '/auth/reset-password')?.body).toEqual({ email: 'ada@x.ng', code: '123456', password: 'abcdEFG1' });
    expect(screen.getByRole('link', { name: 'Request New Reset Code' }).getAttribute('href')).toBe('/forgot-password?email=ada%40x.ng');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it('shows success and goes to login after 3 seconds', async () => {
    const { location } = renderAt('/reset-password', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Reset password' });
    type(/^Email address/, 'ada@x.ng');
    type(/^Reset code/, '123456');
    type(/^New password/, 'abcdEFG1');
    type(/^Confirm new password/, 'abcdEFG1');
    server.serve('POST /auth/reset-password', ok(null, MESSAGES.accounts.resetDone));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      await screen.findByRole('heading', { name: 'Password Reset Successfully!' });
      expect(screen.getByText(MESSAGES.accounts.resetDone)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(2900));
      expect(location()).toBe('/reset-password');
      act(() => vi.advanceTimersByTime(200));
      await waitFor(() => expect(location()).toBe('/login'));
    } finally {
      vi.useRealTimers();
    }
  });
});
