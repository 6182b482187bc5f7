/**
 * What every subscription change starts and ends with: the user's row locked (one change at a time per
 * user), what has ended expired first, and the tier mirror on the user row (users.subscription_tier and
 * subscription_expires_at) written with its subscription.changed event. Shared by the paid
 * subscriptions (subscriptions.service.ts) and the free trial (trial.ts).
 */
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { subscriptionChanged } from './subscriptions.events.js';
import * as repo from './subscriptions.repository.js';
import type { SubscriptionRow, UserRow } from './subscriptions.repository.js';

/** True while the subscription gives its benefits at `at` (active or cancelled, before its end). */
export function isRunningAt(row: Pick<SubscriptionRow, 'status' | 'endDate'>, at: Date): boolean {
  return (row.status === 'active' || row.status === 'cancelled') && !!row.endDate && row.endDate > at;
}

/**
 * Writes the user's tier mirror (the user row is locked by the caller) and, when the tier or its end
 * changed, records subscription.changed in the same transaction.
 */
export async function setTier(
  tx: Tx,
  userId: string,
  tier: UserRow['subscriptionTier'],
  until: Date | null,
  at: Date,
  cause: 'started' | 'extended' | 'expired',
): Promise<void> {
  const before = await repo.findUser(tx, userId);
  await repo.setUserTier(tx, userId, tier, until, at);
  if (!before || (before.subscriptionTier === tier && before.subscriptionExpiresAt?.getTime() === until?.getTime())) return;
  await recordEvent(tx, subscriptionChanged, {
    userId,
    fromTier: before.subscriptionTier,
    toTier: tier,
    until: until?.toISOString() ?? null,
    cause,
  });
}

/** The user's mirror set from their running subscription (free when none runs), after an expiry. */
async function mirrorRunning(tx: Tx, userId: string, at: Date): Promise<void> {
  const running = await repo.findRunning(tx, userId);
  if (running && isRunningAt(running, at)) await setTier(tx, userId, running.tier, running.endDate, at, 'expired');
  else await setTier(tx, userId, 'free', null, at, 'expired');
}

/** Under the user's lock: a running subscription that has ended becomes expired, and the mirror follows. */
export async function expireEnded(tx: Tx, userId: string, at: Date): Promise<number> {
  const expired = await repo.expireEndedOf(tx, userId, at);
  if (expired > 0) await mirrorRunning(tx, userId, at);
  return expired;
}

/** Locks the user's row and settles what ended: the start of every subscription change. */
export async function lockForChange(tx: Tx, userId: string, at: Date): Promise<UserRow> {
  const user = await repo.lockUser(tx, userId);
  if (!user) throw AppError.unauthorized();
  await expireEnded(tx, userId, at);
  return user;
}
