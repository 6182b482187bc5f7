/**
 * Likes on entries: POST and DELETE /api/entries/:id/like. Both idempotent: the (entry, user) key
 * holds one like, and the counter moves only when a like row was really inserted or removed, in the
 * same transaction.
 */
import type { Actor } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { ENTRY_MESSAGES } from './entries.messages.js';
import * as likes from './entry-likes.repository.js';
import { matchingEntryStatus } from './entry-reads.repository.js';
import { visibleTo } from './list-entries.js';

export async function likeEntry(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const status = await matchingEntryStatus(tx, { id, visibleTo: visibleTo(actor) });
    if (!status) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    if (status !== 'approved') throw AppError.conflict(ENTRY_MESSAGES.notApprovedForLikes);
    const count = (await likes.insertLike(tx, id, actor.userId, now()))
      ? await likes.moveLikesCount(tx, id, 1)
      : await likes.likesCount(tx, id);
    return { likesCount: count ?? 0, action: 'liked' as const };
  });
}

export async function unlikeEntry(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const status = await matchingEntryStatus(tx, { id, visibleTo: visibleTo(actor) });
    if (!status) throw AppError.notFound(ENTRY_MESSAGES.notFound);
    const count = (await likes.deleteLike(tx, id, actor.userId)) ? await likes.moveLikesCount(tx, id, -1) : await likes.likesCount(tx, id);
    return { likesCount: count ?? 0, action: 'unliked' as const };
  });
}
