/** POST /api/comments: a comment on a contest or one of its entries, or a reply, with the anonymous setting. */
import type { Actor, TCreateComment } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { adjustEntryCount, isVisible, visibleContest } from './comment-access.js';
import type { TComment } from './comments.dto.js';
import { commentPosted } from './comments.events.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import * as repo from './comments.repository.js';
import { loadComment } from './list-comments.js';

export async function createComment(ctx: AppContext, viewer: Actor, input: TCreateComment): Promise<TComment> {
  const contest = await visibleContest(ctx.db, input.contestId, viewer);
  if (contest.status === 'cancelled') throw AppError.badRequest(COMMENT_MESSAGES.cancelled);
  if (contest.settings?.allowComments === false) throw AppError.forbidden(COMMENT_MESSAGES.disabled);

  let entryId = input.entryId ?? null;
  if (input.parentCommentId) {
    const parent = await repo.parentComment(ctx.db, input.parentCommentId);
    if (!parent || !isVisible(parent.status)) throw AppError.notFound(COMMENT_MESSAGES.parentNotFound);
    if (parent.contestId !== contest.id) throw AppError.badRequest(COMMENT_MESSAGES.parentOtherContest);
    if (entryId && parent.entryId !== entryId) throw AppError.badRequest(COMMENT_MESSAGES.parentOtherEntry);
    entryId = parent.entryId;
  }
  if (entryId) {
    const entry = await repo.commentedEntry(ctx.db, entryId);
    if (!entry) throw AppError.notFound(COMMENT_MESSAGES.entryNotFound);
    if (entry.contestId !== contest.id) throw AppError.badRequest(COMMENT_MESSAGES.entryOtherContest);
    if (entry.status !== 'approved') throw AppError.badRequest(COMMENT_MESSAGES.entryNotApproved);
  }

  const at = now();
  const id = await ctx.db.transaction(async (tx) => {
    const commentId = await repo.insertComment(tx, {
      contestId: contest.id,
      entryId,
      parentCommentId: input.parentCommentId ?? null,
      authorId: viewer.userId,
      content: input.content,
      isAnonymous: input.settings.isAnonymous,
      createdAt: at,
      updatedAt: at,
    });
    await adjustEntryCount(tx, entryId, null, 'active');
    await recordEvent(
      tx,
      commentPosted,
      {
        commentId,
        contestId: contest.id,
        entryId,
        authorId: viewer.userId,
        parentCommentId: input.parentCommentId ?? null,
        isAnonymous: input.settings.isAnonymous,
      },
      { actorId: viewer.userId },
    );
    return commentId;
  });
  return (await loadComment(ctx.db, id, viewer))!;
}
