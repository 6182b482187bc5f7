/**
 * What the queue does to a reported item, through the module that owns it: hide or restore a comment
 * (comments), disqualify an entry with its fee refunded (entries), cancel a contest with every refund
 * (contest-settlement). Each runs in the caller's transaction.
 *
 * Comments and direct messages hide (a message is removed for both members and can be restored);
 * an entry leaves the public by disqualification.
 */
import type { Tx } from '../../db/client.js';
import { setCommentHidden } from '../comments/moderate-comment.js';
import { cancelContestInTx } from '../contest-settlement/change-status.js';
import { disqualifyEntry } from '../entries/disqualify-entry.js';
import { setMessageRemovedByModerator } from '../messages/remove-message.js';
import * as repo from './moderation.repository.js';
import type { ItemType } from './moderation.repository.js';

export interface Visibility {
  /** False when the item already was in that state. */
  changed: boolean;
  before: string;
  after: string;
  authorId: string;
  contestId: string | null;
  title: string;
}

async function commentVisibility(tx: Tx, id: string, hidden: boolean): Promise<Visibility | undefined> {
  const r = await setCommentHidden(tx, id, hidden);
  if (!r) return undefined;
  const item = await repo.itemNow(tx, 'comment', id);
  return {
    changed: r.before !== r.after,
    before: r.before,
    after: r.after,
    authorId: r.authorId,
    contestId: r.contestId,
    title: item?.title ?? '',
  };
}

async function messageVisibility(tx: Tx, id: string, hidden: boolean): Promise<Visibility | undefined> {
  const r = await setMessageRemovedByModerator(tx, id, hidden);
  if (!r) return undefined;
  const item = await repo.itemNow(tx, 'message', id);
  return {
    changed: r.before !== r.after,
    before: r.before,
    after: r.after,
    authorId: r.senderId,
    contestId: null,
    title: item?.title ?? '',
  };
}

function visibility(tx: Tx, type: ItemType, id: string, hidden: boolean): Promise<Visibility | undefined> {
  if (type === 'comment') return commentVisibility(tx, id, hidden);
  if (type === 'message') return messageVisibility(tx, id, hidden);
  return Promise.resolve(undefined);
}

/** Hides the item; undefined when it cannot hide (gone, or a kind that does not hide). */
export const hideItem = (tx: Tx, type: ItemType, id: string) => visibility(tx, type, id, true);

/** Makes a hidden item visible again; undefined when it is gone or of a kind that does not hide. */
export const restoreItem = (tx: Tx, type: ItemType, id: string) => visibility(tx, type, id, false);

export { cancelContestInTx, disqualifyEntry };
