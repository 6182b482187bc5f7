import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { pendingEmail, resolveVerifyEmail } from './pending-email';
import { digitsOnly, resetPasswordChecks } from './password-rules';
import { validRegisterFields, type RegisterForm } from './register-form';
import { useCountdown } from './use-countdown';
import { act, renderHook } from '@testing-library/react';

describe('resolveVerifyEmail (spec 000 §2: query, then navigation state, then stored address)', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('prefers the query parameter', () => {
    expect(resolveVerifyEmail({ search: q('email=a%40x.ng'), state: { email: 'b@x.ng' }, stored: 'c@x.ng', userEmail: 'd@x.ng' })).toBe(
      'a@x.ng',
    );
  });
  it('then the navigation state', () => {
    expect(resolveVerifyEmail({ search: q(''), state: { email: 'b@x.ng' }, stored: 'c@x.ng', userEmail: 'd@x.ng' })).toBe('b@x.ng');
  });
  it('then the stored pending address, then the signed-in user', () => {
    expect(resolveVerifyEmail({ search: q('email='), state: { other: 1 }, stored: 'c@x.ng', userEmail: 'd@x.ng' })).toBe('c@x.ng');
    expect(resolveVerifyEmail({ search: q(''), state: null, stored: null, userEmail: 'd@x.ng' })).toBe('d@x.ng');
  });
  it('finds nothing when no source has an address (blank and non-string values ignored)', () => {
    expect(resolveVerifyEmail({ search: q('email=%20%20'), state: { email: 42 }, stored: '', userEmail: null })).toBeNull();
  });
});

describe('pendingEmail', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the address under the pending-verification key and removes it', () => {
    pendingEmail.set('ada@x.ng');
    expect(localStorage.getItem(STORAGE_KEYS.pendingEmail)).toBe('ada@x.ng');
    expect(pendingEmail.get()).toBe('ada@x.ng');
    pendingEmail.clear();
    expect(pendingEmail.get()).toBeNull();
  });
});

describe('resetPasswordChecks (the live checklist mirrors ZResetPasswordForm)', () => {
  const met = (p: string, c: string) => Object.fromEntries(resetPasswordChecks(p, c).map((x) => [x.id, x.met]));

  it('ticks nothing for an empty form', () => {
    expect(met('', '')).toEqual({ length: false, uppercase: false, lowercase: false, number: false, match: false });
  });
  it('ticks each rule as it becomes true', () => {
    expect(met('abc', '')).toMatchObject({ lowercase: true, uppercase: false, number: false, length: false });
    expect(met('abcD', '')).toMatchObject({ uppercase: true, length: false });
    expect(met('abcD1234', 'abcD123')).toEqual({ length: true, uppercase: true, lowercase: true, number: true, match: false });
    expect(met('abcD1234', 'abcD1234')).toEqual({ length: true, uppercase: true, lowercase: true, number: true, match: true });
  });
  it('needs 8 characters (the reset minimum, not the registration 6)', () => {
    expect(met('Abcde1a', '').length).toBe(false);
    expect(met('Abcde1ab', '').length).toBe(true);
  });
});

describe('digitsOnly', () => {
  it('keeps digits up to the limit (typed or pasted)', () => {
    expect(digitsOnly('12a3 45-678', 6)).toBe('123456');
    expect(digitsOnly('abc', 6)).toBe('');
  });
});

describe('validRegisterFields (live green ticks)', () => {
  const empty: RegisterForm = { fullName: '', email: '', phone: '', password: '', confirmPassword: '', referralCode: '' };

  it('ticks no empty field', () => {
    expect([...validRegisterFields(empty)]).toEqual([]);
  });
  it('ticks each field that passes ZRegister, whatever the others hold', () => {
    const form = { ...empty, fullName: 'Ada Obi', email: 'not-an-email', phone: '08012345678', password: 'Secret1' };
    expect([...validRegisterFields(form)].sort()).toEqual(['fullName', 'password', 'phone']);
  });
  it('ticks the confirmation only when it matches', () => {
    expect(validRegisterFields({ ...empty, password: 'Secret1', confirmPassword: 'Secret2' }).has('confirmPassword')).toBe(false);
    expect(validRegisterFields({ ...empty, password: 'Secret1', confirmPassword: 'Secret1' }).has('confirmPassword')).toBe(true);
  });
  it('refuses names with digits and numbers that are not Nigerian', () => {
    const v = validRegisterFields({ ...empty, fullName: 'Ada 2', phone: '0601234567' });
    expect(v.has('fullName')).toBe(false);
    expect(v.has('phone')).toBe(false);
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](60));
    expect(result.current[0]).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current[0]).toBe(0);
  });
});
