import { TIER_LABELS, formatDate, paths } from '@contesthub/shared';
import { subscriptionChanged } from '../../subscriptions/subscriptions.events.js';
import { defineNotification } from '../notification-type.js';

/** profile_update: the account's plan changed (a subscription or trial started, was extended, or ended). */
export const planChangedNotification = defineNotification({
  type: 'profile_update',
  event: subscriptionChanged,
  mail: false,
  drafts(p, _look, e) {
    const plan = TIER_LABELS[p.toTier];
    const until = p.until ? formatDate(new Date(p.until)) : null;
    const text =
      p.cause === 'expired'
        ? {
            title: 'Your plan has ended',
            message: `Your ${TIER_LABELS[p.fromTier]} plan has ended; you are on the ${plan} plan now. Renew any time to keep the premium features.`,
          }
        : p.cause === 'extended'
          ? { title: 'Your plan was extended', message: `Your ${plan} plan now runs until ${until ?? 'further notice'}.` }
          : { title: `Welcome to ${plan}`, message: `Your ${plan} plan is active${until ? ` until ${until}` : ''}.` };
    return [
      {
        userId: p.userId,
        ...text,
        priority: p.cause === 'expired' ? 'medium' : 'low',
        actionUrl: paths.dashboard.subscription(),
        actionText: p.cause === 'expired' ? 'Renew' : 'View plan',
        metadata: { Plan: plan, ...(until ? { Until: until } : {}) },
        key: `profile_update:${e.id}`,
      },
    ];
  },
});
