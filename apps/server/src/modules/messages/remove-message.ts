/**
 * A moderator removes a direct message for both members (a report upheld), or restores it: the
 * moderation queue calls this in its decision's transaction. The message shows as a tombstone
 * ('removed by a moderator'); its content stays in the row, for the restore and the report's record.
 */
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { setMessageRemoved } from './messages.repository.js';

export interface MessageRemoval {
  before: 'visible' | 'removed';
  after: 'visible' | 'removed';
  senderId: string;
  conversationId: string;
}

export async function setMessageRemovedByModerator(tx: Tx, id: string, removed: boolean): Promise<MessageRemoval | undefined> {
  const r = await setMessageRemoved(tx, id, removed, now());
  return r && { ...r, after: removed ? 'removed' : 'visible' };
}
