/**
 * GET and PUT /api/notifications/preferences: the spec's switches (kept in users.preferences, the
 * same values PUT /auth/profile writes), the type × channel matrix and the daily digest; and the
 * browsers that receive push notifications (POST and DELETE /api/notifications/push-subscriptions).
 */
import {
  effectiveMatrix,
  type NotificationType,
  type StoredMatrix,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  type TPushSubscription,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import { effectivePreferences } from '../users/users.service.js';
import * as repo from './delivery.repository.js';

export const PUSH_MESSAGES = {
  subscribed: 'Push notifications are on for this browser',
  unsubscribed: 'Push notifications are off for this browser',
  notFound: 'This browser is not subscribed to push notifications',
  httpsOnly: 'The push endpoint must be an https URL',
} as const;

async function answer(ctx: AppContext, userId: string): Promise<TNotificationPreferences> {
  const [user, settings, pushDevices] = await Promise.all([
    findUserById(ctx.db, userId),
    repo.settingsOf(ctx.db, userId),
    repo.pushDeviceCount(ctx.db, userId),
  ]);
  if (!user) throw AppError.unauthorized();
  const n = effectivePreferences(user.preferences).notifications!;
  return {
    notifications: {
      email: n.email!,
      push: n.push!,
      contestUpdates: n.contestUpdates!,
      entryNotifications: n.entryNotifications!,
      profileViews: n.profileViews!,
      badgeAwards: n.badgeAwards!,
    },
    matrix: effectiveMatrix(settings?.matrix),
    digest: settings?.digest ?? false,
    pushDevices,
  };
}

export const getPreferences = (ctx: AppContext, userId: string) => answer(ctx, userId);

/** Merges the change over what is stored: only the choices named change. */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  input: TNotificationPreferencesUpdate,
): Promise<TNotificationPreferences> {
  const at = now();
  await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw AppError.unauthorized();
    if (input.notifications) {
      const stored = user.preferences ?? {};
      await updateUser(tx, userId, {
        preferences: { ...stored, notifications: { ...stored.notifications, ...input.notifications } },
        updatedAt: at,
      });
    }
    if (input.matrix || input.digest !== undefined) {
      const current = await repo.settingsOf(tx, userId);
      const matrix: StoredMatrix = { ...current?.matrix };
      for (const [type, choice] of Object.entries(input.matrix ?? {}) as Array<[NotificationType, { email?: boolean; push?: boolean }]>) {
        matrix[type] = { ...matrix[type], ...choice };
      }
      await repo.saveSettings(tx, userId, { matrix, digest: input.digest ?? current?.digest ?? false }, at);
    }
  });
  return answer(ctx, userId);
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** Push subscriptions kept per person (the newest). */
export const PUSH_DEVICES_PER_PERSON = 10;

/**
 * The browsers' push services (Chrome, Edge, Firefox, Safari, and the Chromium-based rest through
 * FCM). In production a subscription must point at one of them: the server POSTs to the endpoint,
 * and a host name that looks public can still resolve to an internal address.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;

/**
 * An endpoint a push may go to: in production https on one of the browsers' push services, on the
 * default port; outside production any https endpoint, or plain http on the loopback (a local push
 * service). Pushes never follow redirects (lib/web-push.ts).
 */
export function acceptableEndpoint(endpoint: string, env: AppContext['config']['env']): boolean {
  const url = new URL(endpoint);
  if (env !== 'production' && url.protocol === 'http:' && LOOPBACK.includes(url.hostname)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (env !== 'production') return true;
  const host = url.hostname.toLowerCase();
  return url.port === '' && PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

export async function subscribePush(
  ctx: AppContext,
  userId: string,
  sub: TPushSubscription,
  userAgent: string | undefined,
): Promise<{ pushDevices: number }> {
  if (!acceptableEndpoint(sub.endpoint, ctx.config.env)) {
    throw AppError.badRequest(PUSH_MESSAGES.httpsOnly, { errors: { endpoint: PUSH_MESSAGES.httpsOnly } });
  }
  await repo.upsertPushSubscription(
    ctx.db,
    { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null },
    now(),
  );
  // Browsers come and go without unsubscribing: the oldest make way, so one person cannot pile up endpoints.
  await repo.keepNewestPushSubscriptions(ctx.db, userId, PUSH_DEVICES_PER_PERSON);
  return { pushDevices: await repo.pushDeviceCount(ctx.db, userId) };
}

export async function unsubscribePush(ctx: AppContext, userId: string, endpoint: string): Promise<{ pushDevices: number }> {
  if (!(await repo.deletePushSubscription(ctx.db, userId, endpoint))) throw AppError.notFound(PUSH_MESSAGES.notFound);
  return { pushDevices: await repo.pushDeviceCount(ctx.db, userId) };
}
