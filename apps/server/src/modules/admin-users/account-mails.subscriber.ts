/**
 * The ban and unban mails, sent because user.banned or user.unbanned was recorded (queued in the
 * dispatcher's transaction, once per event, delivered by the mail-delivery job).
 */
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import type { Mailer } from '../../lib/mailer.js';
import { findUserContact } from '../users/users.repository.js';
import { userBanned, userUnbanned } from '../users/users.events.js';
import { banAppealUrl } from '../standing/ban-appeal.js';
import { bannedMail, unbannedMail } from './account-mails.js';

export function accountMailsSubscriber(mailer: Mailer, config: { publicUrl: string; jwtSecret: string }): Subscriber {
  const { publicUrl, jwtSecret } = config;
  return {
    name: 'account-mails',
    events: [userBanned.name, userUnbanned.name],
    startFrom: 'now',
    async handle(tx: Tx, e: StoredEvent) {
      const banned = payloadOf(userBanned, e);
      const unbanned = payloadOf(userUnbanned, e);
      const userId = banned?.userId ?? unbanned?.userId;
      if (!userId) return;
      const user = await findUserContact(tx, userId);
      if (!user) return;
      if (banned) {
        const appealUrl = await banAppealUrl(tx, jwtSecret, publicUrl, userId);
        await mailer.enqueue(tx, bannedMail(user.email, user.fullName, banned.reason, new Date(banned.at), appealUrl, publicUrl));
      }
      if (unbanned) await mailer.enqueue(tx, unbannedMail(user.email, user.fullName, publicUrl));
    },
  };
}
