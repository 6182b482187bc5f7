/**
 * The payout-account warning mail, sent because the account was replaced (wallet.bank_account_changed)
 * rather than by the request that changed it: queued in the dispatcher's transaction, once per event,
 * and delivered by the mail-delivery job.
 */
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import type { Mailer } from '../../lib/mailer.js';
import { findUserContact } from '../users/users.repository.js';
import { bankAccountChangedMail } from './mails.js';
import { bankAccountChanged } from './wallet.events.js';

export function walletMailsSubscriber(mailer: Mailer): Subscriber {
  return {
    name: 'wallet-mails',
    events: [bankAccountChanged.name],
    startFrom: 'now',
    async handle(tx: Tx, e: StoredEvent) {
      const changed = payloadOf(bankAccountChanged, e);
      if (!changed) return;
      const user = await findUserContact(tx, changed.userId);
      if (!user) return;
      await mailer.enqueue(
        tx,
        bankAccountChangedMail(
          user.email,
          user.fullName,
          { bankName: changed.bankName, accountLast4: changed.accountLast4 },
          new Date(changed.at),
        ),
      );
    },
  };
}
