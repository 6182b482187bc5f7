import { PASSWORD_MIN } from '@contesthub/shared';

export interface PasswordCheck {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'match';
  label: string;
  met: boolean;
}

/**
 * The live checklist of the reset form: the same rules ZResetPasswordForm enforces
 * (8+ characters with upper case, lower case and a digit; the confirmation matches).
 */
export function resetPasswordChecks(password: string, confirmPassword: string): PasswordCheck[] {
  return [
    { id: 'length', label: `At least ${PASSWORD_MIN.reset} characters`, met: password.length >= PASSWORD_MIN.reset },
    { id: 'uppercase', label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { id: 'lowercase', label: 'One lowercase letter', met: /[a-z]/.test(password) },
    { id: 'number', label: 'One number', met: /\d/.test(password) },
    { id: 'match', label: 'Passwords match', met: confirmPassword.length > 0 && password === confirmPassword },
  ];
}

/** Keeps the digits of a typed or pasted code, at most `max` of them. */
export const digitsOnly = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max);
