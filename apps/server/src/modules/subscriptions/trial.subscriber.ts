/**
 * The free trial follows the email verification (user.email_verified), not a call from the code that
 * verifies: granted in the dispatcher's transaction, so once per event (trial.ts has the rules).
 */
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import { emailVerified } from '../auth/auth.events.js';
import { grantTrial } from './trial.js';

export const trialSubscriber: Subscriber = {
  name: 'subscription-trials',
  events: [emailVerified.name],
  // Verifications from now on; nobody verified before the trial existed is owed one by this subscriber.
  startFrom: 'now',
  async handle(tx: Tx, e: StoredEvent) {
    const verified = payloadOf(emailVerified, e);
    // The trial runs 7 days from when it is granted (normally within a second of the verification).
    if (verified) await grantTrial(tx, verified.userId, now());
  },
};
