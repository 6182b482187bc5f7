import { PRODUCT_NAME, RESET_CODE_TTL_MINUTES, formatDateTime, paths } from '@contesthub/shared';
import type { Mail } from '../../lib/mailer.js';

const signature = ['', `The ${PRODUCT_NAME} team`].join('\n');

export function verificationMail(to: string, fullName: string, code: string): Mail {
  return {
    to,
    subject: `${code} is your ${PRODUCT_NAME} verification code`,
    text: [
      `Hello ${fullName},`,
      '',
      `Welcome to ${PRODUCT_NAME}! Your email verification code is:`,
      '',
      `    ${code}`,
      '',
      'Enter it on the verification page to activate your account. The code expires in 30 minutes.',
      'If you did not create an account, you can ignore this email.',
      signature,
    ].join('\n'),
  };
}

export function resetMail(to: string, fullName: string, code: string, publicUrl: string): Mail {
  return {
    to,
    subject: `${code} is your ${PRODUCT_NAME} password reset code`,
    text: [
      `Hello ${fullName},`,
      '',
      'We received a request to reset your password. Your reset code is:',
      '',
      `    ${code}`,
      '',
      `It expires in ${RESET_CODE_TTL_MINUTES} minutes. Reset your password at ${publicUrl}${paths.resetPassword({ email: to })}`,
      'If you did not ask for this, ignore this email: your password stays the same.',
      signature,
    ].join('\n'),
  };
}

export function loginAlertMail(to: string, fullName: string, at: Date, device: string, ip: string): Mail {
  return {
    to,
    subject: `New login to your ${PRODUCT_NAME} account`,
    text: [
      `Hello ${fullName},`,
      '',
      'Your account was just accessed from a device we have not seen before:',
      '',
      `  When:   ${formatDateTime(at)} (WAT)`,
      `  Device: ${device}`,
      `  IP:     ${ip}`,
      '',
      'If this was you, there is nothing to do. If not, change your password now and remove the session under Settings > Active Sessions.',
      signature,
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, fullName: string, at: Date): Mail {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: [
      `Hello ${fullName},`,
      '',
      `Your password was changed on ${formatDateTime(at)} (WAT). All other sessions have been signed out.`,
      'If you did not do this, reset your password immediately and contact support.',
      signature,
    ].join('\n'),
  };
}

export function twoFactorChangedMail(to: string, fullName: string, at: Date, enabled: boolean): Mail {
  return {
    to,
    subject: `Two-factor authentication was turned ${enabled ? 'on' : 'off'} for your ${PRODUCT_NAME} account`,
    text: [
      `Hello ${fullName},`,
      '',
      enabled
        ? `Two-factor authentication was turned on for your account on ${formatDateTime(at)} (WAT). Keep your backup codes somewhere safe.`
        : `Two-factor authentication was turned off for your account on ${formatDateTime(at)} (WAT).`,
      enabled
        ? 'If you did not do this, reset your password immediately and contact support.'
        : 'If you did not do this, reset your password now, turn two-factor authentication back on under Settings > Security, and contact support.',
      signature,
    ].join('\n'),
  };
}
