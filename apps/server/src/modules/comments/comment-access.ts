/**
 * Who sees which comments. 'active' and 'flagged' comments are public (a flag only queues a comment
 * for review); 'hidden' (by a moderator or the organizer) and 'deleted' ones are not. Moderators and
 * admins are staff. entries.commentsCount counts the visible comments on an entry, so every status
 * change adjusts it in the same transaction, under a lock on the comment row.
 */
import type { Actor } from '@contesthub/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import { commentedContest, moveEntryCommentsCount, type CommentStatus } from './comments.repository.js';

export const VISIBLE: CommentStatus[] = ['active', 'flagged'];
export const isVisible = (s: CommentStatus) => s === 'active' || s === 'flagged';
export const isStaff = (v: Actor | undefined) => v?.role === 'admin' || v?.role === 'moderator';

export function assertStaff(viewer: Actor): void {
  if (!isStaff(viewer)) throw AppError.forbidden();
}

/** The contest as the viewer may see it: drafts exist only for their organizer and staff. */
export async function visibleContest(db: DbOrTx, contestId: string, viewer: Actor | undefined) {
  const contest = await commentedContest(db, contestId);
  if (!contest || (contest.status === 'draft' && contest.organizerId !== viewer?.userId && !isStaff(viewer))) {
    throw AppError.notFound(COMMENT_MESSAGES.contestNotFound);
  }
  return contest;
}

/** Keep entries.commentsCount equal to the entry's visible comments across a status change. */
export async function adjustEntryCount(tx: Tx, entryId: string | null, before: CommentStatus | null, after: CommentStatus): Promise<void> {
  if (!entryId) return;
  const delta = (isVisible(after) ? 1 : 0) - (before && isVisible(before) ? 1 : 0);
  if (delta === 0) return;
  await moveEntryCommentsCount(tx, entryId, delta);
}
