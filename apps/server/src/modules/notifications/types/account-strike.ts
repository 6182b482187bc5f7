import { STRIKE_KIND_LABELS, paths } from '@contesthub/shared';
import { strikeIssued } from '../../standing/standing.events.js';
import { defineNotification } from '../notification-type.js';

/** account_strike: a staff member gave the account a strike (a warning, content removed, a ban), with its reason. */
export const accountStrikeNotification = defineNotification({
  type: 'account_strike',
  event: strikeIssued,
  // A ban is mailed by its own mail (the account-mails subscriber); warnings stay in the app.
  mail: false,
  drafts(p) {
    return [
      {
        userId: p.userId,
        title: STRIKE_KIND_LABELS[p.kind],
        message: `A moderator recorded a strike on your account: ${p.reason}. You can appeal it from your Account Standing within 20 days.`,
        priority: 'high',
        actionUrl: paths.dashboard.settings(),
        actionText: 'View account standing',
        metadata: { Reason: p.reason },
        key: `account_strike:${p.strikeId}`,
      },
    ];
  },
});
