import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastInput } from './toast';

let api: ReturnType<typeof useToast>;
function Grab() {
  api = useToast();
  return null;
}
const show = (t: ToastInput) => act(() => void api.toast(t));
const count = () => document.querySelectorAll('[data-toast-type]').length;

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows title and message with the type', () => {
    show({ type: 'success', title: 'Vote Cast!', message: 'Your vote has been successfully cast.' });
    expect(screen.getByText('Vote Cast!')).toBeTruthy();
    expect(screen.getByText('Your vote has been successfully cast.')).toBeTruthy();
    expect(document.querySelector('[data-toast-type="success"]')).not.toBeNull();
  });

  it('holds at most 20, dropping the oldest', () => {
    for (let i = 1; i <= 25; i++) show({ type: 'info', title: `Toast ${i}` });
    expect(count()).toBe(20);
    expect(screen.queryByText('Toast 5')).toBeNull();
    expect(screen.getByText('Toast 6')).toBeTruthy();
  });

  it.each([
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 7000],
  ] as const)('a %s toast lasts %i ms, then fades out over 300 ms', (type, ms) => {
    show({ type, title: 'T' });
    act(() => vi.advanceTimersByTime(ms - 1));
    expect(count()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(count()).toBe(1); // fading
    act(() => vi.advanceTimersByTime(300));
    expect(count()).toBe(0);
  });

  it('ends the errors and warnings a form raised once it succeeds, and keeps the rest', () => {
    show({ type: 'error', title: 'Validation Error' });
    show({ type: 'warning', title: 'Login Required' });
    show({ type: 'info', title: 'Two-Factor Authentication' });
    show({ type: 'success', title: 'Profile Updated' });
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Validation Error')).toBeNull();
    expect(screen.queryByText('Login Required')).toBeNull();
    expect(screen.getByText('Two-Factor Authentication')).toBeTruthy();
    expect(screen.getByText('Profile Updated')).toBeTruthy();
    // A form that succeeds with a screen of its own, not a toast.
    show({ type: 'error', title: 'Ticket Not Sent' });
    act(() => api.resolved());
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Ticket Not Sent')).toBeNull();
  });

  it('ends errors and warnings when the page changes, except one explaining that change (until the next)', () => {
    show({ type: 'error', title: 'Failed to load contests' });
    show({ type: 'warning', title: 'Session Expired', keepOnNavigate: true });
    act(() => api.pageChanged());
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Failed to load contests')).toBeNull();
    expect(screen.getByText('Session Expired')).toBeTruthy();
    act(() => api.pageChanged());
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Session Expired')).toBeNull();
  });

  it('offers its action as a button that runs it and dismisses the toast', () => {
    const onClick = vi.fn();
    show({ type: 'warning', title: 'Login Required', action: { label: 'Log in', onClick } });
    act(() => screen.getByRole('button', { name: 'Log in' }).click());
    expect(onClick).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Login Required')).toBeNull();
  });

  it('honours a custom duration', () => {
    show({ type: 'info', title: 'Custom', duration: 10_000 });
    act(() => vi.advanceTimersByTime(9_000));
    expect(count()).toBe(1);
    act(() => vi.advanceTimersByTime(1_300));
    expect(count()).toBe(0);
  });
});
