/**
 * GET and PUT /api/notifications/preferences: the spec's switches (kept in users.preferences, the
 * same values PUT /auth/profile writes), the type × channel matrix and the daily digest; and the
 * browsers that receive push notifications (POST and DELETE /api/notifications/push-subscriptions).
 */
import { isIP } from 'node:net';
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

/**
 * An endpoint a push may go to: https on a public host name and the default port (the server POSTs
 * there, so an address literal, localhost or a single-label name would let anyone aim it at the
 * internal network); outside production also plain http on the loopback (a local push service).
 */
export function acceptableEndpoint(endpoint: string, env: AppContext['config']['env']): boolean {
  const url = new URL(endpoint);
  if (env !== 'production' && url.protocol === 'http:' && LOOPBACK.includes(url.hostname)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (env !== 'production') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const internal = isIP(host) !== 0 || host === 'localhost' || !host.includes('.') || /\.(local|internal|localhost)$/i.test(host);
  return !internal && url.port === '';
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
  return { pushDevices: await repo.pushDeviceCount(ctx.db, userId) };
}

export async function unsubscribePush(ctx: AppContext, userId: string, endpoint: string): Promise<{ pushDevices: number }> {
  if (!(await repo.deletePushSubscription(ctx.db, userId, endpoint))) throw AppError.notFound(PUSH_MESSAGES.notFound);
  return { pushDevices: await repo.pushDeviceCount(ctx.db, userId) };
}
