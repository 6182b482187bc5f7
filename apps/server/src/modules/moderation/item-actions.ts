/**
 * What the queue does to a reported item, through the module that owns it: hide or restore a comment
 * (comments), disqualify an entry with its fee refunded (entries), cancel a contest with every refund
 * (contest-settlement). Each runs in the caller's transaction.
 *
 * Only comments hide today: an entry leaves the public by disqualification; hiding a direct message
 * needs a moderation state on messages (not built yet), so a message's report offers warn and ban.
 */
import type { Tx } from '../../db/client.js';
import { setCommentHidden } from '../comments/moderate-comment.js';
import { cancelContestInTx } from '../contest-settlement/change-status.js';
import { disqualifyEntry } from '../entries/disqualify-entry.js';
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

/** Hides the item; undefined when it cannot hide (gone, or a kind that does not hide). */
export async function hideItem(tx: Tx, type: ItemType, id: string): Promise<Visibility | undefined> {
  return type === 'comment' ? commentVisibility(tx, id, true) : undefined;
}

/** Makes a hidden item visible again; undefined when it is gone or of a kind that does not hide. */
export async function restoreItem(tx: Tx, type: ItemType, id: string): Promise<Visibility | undefined> {
  return type === 'comment' ? commentVisibility(tx, id, false) : undefined;
}

export { cancelContestInTx, disqualifyEntry };
