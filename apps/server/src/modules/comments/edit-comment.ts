/** Editing my comment, and deleting one (its author, the contest's organizer, a moderator or an admin). */
import type { Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { adjustEntryCount, isStaff } from './comment-access.js';
import type { TComment } from './comments.dto.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import * as repo from './comments.repository.js';
import { loadComment } from './list-comments.js';

export async function updateComment(ctx: AppContext, viewer: Actor, id: string, content: string): Promise<TComment> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockComment(tx, id);
    if (!row || row.c.status === 'deleted') throw AppError.notFound(COMMENT_MESSAGES.notFound);
    if (row.c.authorId !== viewer.userId) throw AppError.forbidden(COMMENT_MESSAGES.editOwnOnly);
    if (row.c.status === 'hidden') throw AppError.badRequest(COMMENT_MESSAGES.hiddenNoEdit);
    const at = now();
    await repo.updateComment(tx, id, { content, editedAt: at, updatedAt: at });
  });
  return (await loadComment(ctx.db, id, viewer))!;
}

/**
 * Soft delete by the author, the contest's organizer, a moderator or an admin.
 * `opts.contestId` serves DELETE /api/contests/:id/comments/:commentId (the comment must belong to it).
 */
export async function deleteComment(
  ctx: AppContext,
  viewer: Actor,
  id: string,
  opts: { contestId?: string } = {},
): Promise<{ _id: string; status: 'deleted' }> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockComment(tx, id);
    if (!row || row.c.status === 'deleted' || (opts.contestId && row.c.contestId !== opts.contestId))
      throw AppError.notFound(COMMENT_MESSAGES.notFound);
    const allowed = row.c.authorId === viewer.userId || row.organizerId === viewer.userId || isStaff(viewer);
    if (!allowed) throw AppError.forbidden();
    await repo.updateComment(tx, id, { status: 'deleted', updatedAt: now() });
    await adjustEntryCount(tx, row.c.entryId, row.c.status, 'deleted');
  });
  return { _id: id, status: 'deleted' };
}
