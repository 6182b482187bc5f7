/**
 * A banned user's pending withdrawals are held for a person (issue 15 item 7): on user.banned, in
 * the dispatcher's transaction, every pending withdrawal of theirs is marked held, so the follow-up
 * and every transfer claim skip it. user.unbanned releases nothing: staff retry or fail each one.
 */
import type { Tx } from '../../db/client.js';
import { payloadOf, type StoredEvent, type Subscriber } from '../../lib/events/index.js';
import { userBanned } from '../users/users.events.js';
import { holdWithdrawalsOfBannedUser } from './withdrawal-attention.js';

export const walletHoldsSubscriber: Subscriber = {
  name: 'wallet-holds',
  events: [userBanned.name],
  startFrom: 'now',
  async handle(tx: Tx, e: StoredEvent) {
    const banned = payloadOf(userBanned, e);
    if (!banned) return;
    await holdWithdrawalsOfBannedUser(tx, banned.userId, banned.reason, new Date(banned.at));
  },
};
