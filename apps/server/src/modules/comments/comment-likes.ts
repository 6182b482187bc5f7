/** Likes on comments: like or unlike, both idempotent (a repeat changes nothing and answers the same action). */
import type { Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isVisible } from './comment-access.js';
import type { TComment } from './comments.dto.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import * as repo from './comments.repository.js';
import { loadComment } from './list-comments.js';

export interface LikeResult {
  comment: TComment;
  likesCount: number;
  action: 'liked' | 'unliked';
}

export async function setLike(ctx: AppContext, viewer: Actor, id: string, like: boolean): Promise<LikeResult> {
  await ctx.db.transaction(async (tx) => {
    const status = await repo.commentStatus(tx, id);
    if (!status || !isVisible(status)) throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (like) {
      if (await repo.insertLike(tx, id, viewer.userId, now())) await repo.moveLikesCount(tx, id, 1);
    } else if (await repo.deleteLike(tx, id, viewer.userId)) {
      await repo.moveLikesCount(tx, id, -1);
    }
  });
  const comment = (await loadComment(ctx.db, id, viewer))!;
  return { comment, likesCount: comment.likes, action: like ? 'liked' : 'unliked' };
}
