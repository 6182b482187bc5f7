/**
 * The push-delivery job: sends the messages the delivery subscriber queued in push_outbox, each to
 * its browser's push service, outside any transaction. Delivered: the row goes. 404 or 410: the
 * browser unsubscribed or the subscription expired, so the subscription goes (with its other
 * waiting messages). Another failure: tried again later (doubling from 30 s), dropped after 5 tries.
 */
import type { NotificationType, TPushMessage } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import type { PushOptions, PushSender } from '../../lib/web-push.js';
import { claimDuePushes, deletePush, dropPushSubscription, markPushSuccess, retryPushLater } from './delivery.repository.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * How long the push service keeps a message for a browser that is offline, and how urgent it is
 * (per type): an alert about money or the account is still worth seeing days later; a vote count or
 * a new contest is stale within hours.
 */
const PUSH_OPTIONS: Record<NotificationType, Omit<PushOptions, 'topic'>> = {
  security_alert: { ttlSeconds: 7 * DAY, urgency: 'high' },
  payment_failed: { ttlSeconds: 3 * DAY, urgency: 'high' },
  withdrawal_failed: { ttlSeconds: 3 * DAY, urgency: 'high' },
  withdrawal_completed: { ttlSeconds: 3 * DAY, urgency: 'normal' },
  contest_won: { ttlSeconds: 3 * DAY, urgency: 'high' },
  entry_reviewed: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  content_moderated: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  report_outcome: { ttlSeconds: DAY, urgency: 'low' },
  transfer_received: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  vote_voided: { ttlSeconds: 2 * DAY, urgency: 'normal' },
  payment_success: { ttlSeconds: DAY, urgency: 'normal' },
  vote_credit_purchased: { ttlSeconds: DAY, urgency: 'normal' },
  entry_submitted: { ttlSeconds: DAY, urgency: 'normal' },
  contest_ended: { ttlSeconds: DAY, urgency: 'normal' },
  system_announcement: { ttlSeconds: DAY, urgency: 'low' },
  profile_update: { ttlSeconds: DAY, urgency: 'low' },
  message_received: { ttlSeconds: 12 * HOUR, urgency: 'high' },
  comment_received: { ttlSeconds: 12 * HOUR, urgency: 'low' },
  new_contest: { ttlSeconds: 12 * HOUR, urgency: 'low' },
  vote_received: { ttlSeconds: 2 * HOUR, urgency: 'very-low' },
  account_strike: { ttlSeconds: 7 * DAY, urgency: 'high' },
  appeal_decided: { ttlSeconds: 7 * DAY, urgency: 'normal' },
};

export const pushOptionsOf = (type: NotificationType) => PUSH_OPTIONS[type];

/** What the service worker shows: the notification's title and text, and where a click goes. */
export function pushMessageOf(n: {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
}): TPushMessage {
  return { title: n.title, body: n.message, url: n.actionUrl ?? '/dashboard/notifications', tag: n.type, notificationId: n.id };
}

const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 60;
const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

export interface PushRunResult {
  sent: number;
  gone: number;
  failed: number;
}

/** One run: claims due messages in batches and sends them (a few at a time). */
export async function deliverPushes(
  ctx: Pick<AppContext, 'db' | 'log'>,
  sender: PushSender,
  opts: { batch?: number; rounds?: number } = {},
): Promise<PushRunResult> {
  const result: PushRunResult = { sent: 0, gone: 0, failed: 0 };
  for (let round = 0; round < (opts.rounds ?? 10); round++) {
    const claimed = await claimDuePushes(ctx.db, now(), opts.batch ?? 50, LEASE_SECONDS);
    if (claimed.length === 0) break;
    const dropped = new Set<string>();
    for (let i = 0; i < claimed.length; i += 8) {
      await Promise.all(
        claimed.slice(i, i + 8).map(async (p) => {
          if (dropped.has(p.subscriptionId)) return;
          const outcome = await sender.send({ endpoint: p.endpoint, keys: { p256dh: p.p256dh, auth: p.auth } }, JSON.stringify(p.payload), {
            ttlSeconds: p.ttlSeconds,
            urgency: p.urgency,
          });
          if (outcome.kind === 'sent') {
            result.sent += 1;
            await deletePush(ctx.db, p.id);
            await markPushSuccess(ctx.db, p.subscriptionId, now());
          } else if (outcome.kind === 'gone') {
            result.gone += 1;
            dropped.add(p.subscriptionId);
            await dropPushSubscription(ctx.db, p.subscriptionId);
          } else {
            result.failed += 1;
            ctx.log.warn({ status: outcome.status, error: outcome.error, attempts: p.attempts }, 'push delivery failed');
            if (p.attempts >= MAX_ATTEMPTS) await deletePush(ctx.db, p.id);
            else await retryPushLater(ctx.db, p.id, new Date(now().getTime() + retryDelayMs(p.attempts)), outcome.error);
          }
        }),
      );
    }
  }
  return result;
}
