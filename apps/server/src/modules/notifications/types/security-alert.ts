import { formatDateTime, paths } from '@contesthub/shared';
import { loginNewDevice, passwordChanged, twoFactorChanged } from '../../auth/auth.events.js';
import { bankAccountChanged } from '../../wallet/wallet.events.js';
import { defineNotification } from '../notification-type.js';

/**
 * security_alert: a sign-in from a browser the account never used (shown whatever the login-alert
 * mail setting), a password changed or reset, two-factor sign-in turned on or off, and a new payout
 * bank account.
 */
export const newDeviceNotification = defineNotification({
  type: 'security_alert',
  event: loginNewDevice,
  mail: true,
  // The very first login is from a new browser by definition: nothing to warn about (older events lack the flag).
  drafts: (p, _look, e) =>
    p.firstLogin === true
      ? []
      : [
          {
            userId: p.userId,
            title: 'New sign-in to your account',
            message: `Your account was signed in from ${p.device} (IP ${p.ip}) on ${formatDateTime(new Date(p.at))} WAT. If this wasn't you, change your password and end that session.`,
            priority: 'high',
            actionUrl: paths.dashboard.security(),
            actionText: 'Review security',
            metadata: { Device: p.device, IP: p.ip },
            key: `security_alert:${e.id}`,
          },
        ],
});

export const passwordChangedNotification = defineNotification({
  type: 'security_alert',
  event: passwordChanged,
  mail: true,
  drafts: (p, _look, e) => [
    {
      userId: p.userId,
      title: p.how === 'reset' ? 'Your password was reset' : 'Your password was changed',
      message: `Your password was ${p.how === 'reset' ? 'reset' : 'changed'} on ${formatDateTime(new Date(p.at))} WAT. If this wasn't you, reset it now and contact support.`,
      priority: 'high',
      actionUrl: paths.dashboard.security(),
      actionText: 'Review security',
      metadata: {},
      key: `security_alert:${e.id}`,
    },
  ],
});

export const twoFactorChangedNotification = defineNotification({
  type: 'security_alert',
  event: twoFactorChanged,
  mail: true,
  drafts: (p, _look, e) => [
    {
      userId: p.userId,
      title: p.enabled ? 'Two-factor authentication turned on' : 'Two-factor authentication turned off',
      message: p.enabled
        ? `Two-factor authentication was turned on for your account on ${formatDateTime(new Date(p.at))} WAT. Keep your backup codes somewhere safe.`
        : `Two-factor authentication was turned off for your account on ${formatDateTime(new Date(p.at))} WAT. If this wasn't you, change your password and turn it back on now.`,
      priority: 'high',
      actionUrl: paths.dashboard.security(),
      actionText: 'Review security',
      metadata: {},
      key: `security_alert:${e.id}`,
    },
  ],
});

/** A new payout bank account: where withdrawals go, so a change is worth knowing about at once. */
export const bankAccountChangedNotification = defineNotification({
  type: 'security_alert',
  event: bankAccountChanged,
  mail: true,
  drafts: (p, _look, e) => [
    {
      userId: p.userId,
      title: 'Payout bank account changed',
      message: `Withdrawals now go to ${p.bankName} account ending ${p.accountLast4} (changed on ${formatDateTime(new Date(p.at))} WAT). If this wasn't you, contact support at once.`,
      priority: 'high',
      actionUrl: paths.dashboard.wallet({ tab: 'naira' }),
      actionText: 'View wallet',
      metadata: { Bank: p.bankName, Account: `••••${p.accountLast4}` },
      key: `security_alert:${e.id}`,
    },
  ],
});
