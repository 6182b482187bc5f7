import { formatDateTime, paths } from '@contesthub/shared';
import { loginNewDevice, passwordChanged } from '../../auth/auth.events.js';
import { defineNotification } from '../notification-type.js';

/**
 * security_alert: a sign-in from a browser the account never used (shown whatever the login-alert
 * mail setting), and a password changed or reset. The two-factor change has no event yet.
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
