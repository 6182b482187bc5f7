/**
 * DELETE /api/messages/:id. The sender, within MESSAGE_UNSEND_MINUTES of sending, deletes it for
 * everyone: a tombstone stays in the conversation (content gone, `deleted: true`). Otherwise (the
 * recipient, or the sender later) it is hidden for the caller only; the other side still sees it.
 */
import { DIRECT_MESSAGE_TEXTS, MESSAGE_UNSEND_MINUTES, type TMessageDeleted } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import * as repo from './messages.repository.js';
import { ownMessage } from './read-messages.js';

const UNSEND_MS = MESSAGE_UNSEND_MINUTES * 60_000;

export async function deleteMessage(
  ctx: AppContext,
  userId: string,
  messageId: string,
): Promise<{ result: TMessageDeleted; text: string }> {
  const message = await ownMessage(ctx, userId, messageId);
  const at = now();
  const mayUnsend = message.senderId === userId && message.deletedAt === null && at.getTime() - message.createdAt.getTime() <= UNSEND_MS;
  if (mayUnsend && (await ctx.db.transaction((tx) => repo.tombstoneMessage(tx, message.id, at)))) {
    // An unread message taken back no longer counts for the recipient.
    ctx.realtime.countsChanged(message.recipientId);
    return { result: { _id: message.id, scope: 'everyone' }, text: DIRECT_MESSAGE_TEXTS.deletedForEveryone };
  }
  await repo.hideMessage(ctx.db, message.id, userId, at);
  ctx.realtime.countsChanged(userId);
  return { result: { _id: message.id, scope: 'me' }, text: DIRECT_MESSAGE_TEXTS.deletedForMe };
}
