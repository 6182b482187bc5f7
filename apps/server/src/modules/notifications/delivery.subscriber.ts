/**
 * The mail and push channels, fed by the rows the notifications subscriber writes: each
 * `notification.created` event names new rows; this subscriber reads them with their person's
 * settings and, in the dispatcher's transaction (once per event), queues a mail in mail_outbox and
 * a push per subscribed browser in push_outbox. The mail-delivery and push-delivery jobs send them.
 *
 * Mail: only the important types (the type file's `mail` flag), when the person's preferences let it
 * through (shared `deliversOn`). Security alerts are mailed by the auth module's security-mails
 * subscriber with their own templates (always for a password change; a new sign-in per the spec's
 * Login Alerts switch), so this channel leaves them to it rather than mail twice.
 */
import { deliversOn, effectiveMatrix, type NotificationType } from '@contesthub/shared';
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import type { Mailer } from '../../lib/mailer.js';
import { effectivePreferences } from '../users/users.service.js';
import { enqueuePushes, pushSubscriptionsOf, rowsForDelivery, type DeliveryRow, type NewPushMessage } from './delivery.repository.js';
import { notificationMail } from './delivery-mails.js';
import type { AnyNotificationKind } from './notification-type.js';
import { notificationsCreated } from './notifications.events.js';
import { pushMessageOf, pushOptionsOf } from './push-delivery.js';

/** Types whose mail another subscriber sends (see above). */
const MAILED_BY_THEIR_MODULE: ReadonlySet<NotificationType> = new Set(['security_alert']);

function channelsOf(row: DeliveryRow) {
  const n = effectivePreferences(row.preferences).notifications!;
  const masters = {
    email: n.email!,
    push: n.push!,
    contestUpdates: n.contestUpdates!,
    entryNotifications: n.entryNotifications!,
    badgeAwards: n.badgeAwards!,
  };
  const matrix = effectiveMatrix(row.matrix);
  return {
    email: deliversOn(row.type, 'email', matrix, masters),
    push: deliversOn(row.type, 'push', matrix, masters),
  };
}

export function deliverySubscriber(opts: { mailer: Mailer; publicUrl: string; kinds: readonly AnyNotificationKind[] }): Subscriber {
  const mailed = new Set(opts.kinds.filter((k) => k.mail).map((k) => k.type));

  async function handleBatch(tx: Tx, events: StoredEvent[]): Promise<void> {
    const ids = events.flatMap((e) => payloadOf(notificationsCreated, e)?.ids ?? []);
    const rows = await rowsForDelivery(tx, ids);
    if (rows.length === 0) return;
    const decided = rows.map((row) => ({ row, on: channelsOf(row) }));
    const pushUsers = [...new Set(decided.filter((d) => d.on.push).map((d) => d.row.userId))];
    const subscriptions = await pushSubscriptionsOf(tx, pushUsers);
    const pushes: NewPushMessage[] = [];
    for (const { row, on } of decided) {
      if (on.email && mailed.has(row.type) && !MAILED_BY_THEIR_MODULE.has(row.type)) {
        await opts.mailer.enqueue(tx, notificationMail(row, row, opts.publicUrl));
      }
      if (on.push) {
        const options = pushOptionsOf(row.type);
        for (const s of subscriptions) {
          if (s.userId !== row.userId) continue;
          pushes.push({
            subscriptionId: s.id,
            notificationId: row.id,
            payload: pushMessageOf(row),
            ttlSeconds: options.ttlSeconds,
            urgency: options.urgency,
          });
        }
      }
    }
    await enqueuePushes(tx, pushes);
  }

  return {
    name: 'notification-delivery',
    events: [notificationsCreated.name],
    startFrom: 'now',
    handle: (tx, e) => handleBatch(tx, [e]),
    handleBatch,
  };
}
