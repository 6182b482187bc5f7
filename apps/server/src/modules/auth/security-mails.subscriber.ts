/**
 * The security mails, sent because something happened to an account (domain events), not by the
 * code that changed it: a login from a new browser (when the person keeps login alerts on), a
 * password changed or reset, and two-factor sign-in turned on or off. The mail is queued in the dispatcher's transaction (once per event)
 * and delivered by the mail-delivery job.
 */
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import type { Mailer } from '../../lib/mailer.js';
import { findUserContact } from '../users/users.repository.js';
import { loginNewDevice, passwordChanged, twoFactorChanged } from './auth.events.js';
import { loginAlertMail, passwordChangedMail, twoFactorChangedMail } from './mails.js';

export function securityMailsSubscriber(mailer: Mailer): Subscriber {
  return {
    name: 'security-mails',
    events: [loginNewDevice.name, passwordChanged.name, twoFactorChanged.name],
    // Mail about what happens from now on; never about the history a new subscriber finds.
    startFrom: 'now',
    async handle(tx: Tx, e: StoredEvent) {
      const login = payloadOf(loginNewDevice, e);
      const changed = payloadOf(passwordChanged, e);
      const twoFactor = payloadOf(twoFactorChanged, e);
      const userId = login?.userId ?? changed?.userId ?? twoFactor?.userId;
      if (!userId) return;
      const user = await findUserContact(tx, userId);
      if (!user) return;
      if (login?.alertsOn) {
        await mailer.enqueue(tx, loginAlertMail(user.email, user.fullName, new Date(login.at), login.device, login.ip));
      }
      if (changed) await mailer.enqueue(tx, passwordChangedMail(user.email, user.fullName, new Date(changed.at)));
      if (twoFactor) await mailer.enqueue(tx, twoFactorChangedMail(user.email, user.fullName, new Date(twoFactor.at), twoFactor.enabled));
    },
  };
}
