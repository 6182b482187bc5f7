/**
 * What a member controls about who reaches them: blocks (POST /api/messages/block, DELETE
 * /api/messages/block/:userId, GET /api/messages/blocks), "who can message me" (GET and PUT
 * /api/messages/settings) and the answer to a message request (POST
 * /api/messages/requests/:id/accept and /decline). A block works both ways for sending and is
 * never revealed to the blocked member (send-message.ts answers them generically).
 */
import {
  DIRECT_MESSAGE_TEXTS,
  type TBlockList,
  type TBlockState,
  type TMessageRequestDecision,
  type TMessageSettings,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { toMessageUser } from './messages.dto.js';
import * as repo from './messages.repository.js';
import { membersOf } from './read-messages.js';

export async function blockUser(ctx: AppContext, blockerId: string, userId: string): Promise<TBlockState> {
  if (userId === blockerId) throw AppError.badRequest(DIRECT_MESSAGE_TEXTS.selfBlock);
  const target = await repo.findAnyUserById(ctx.db, userId);
  if (!target) throw AppError.notFound(DIRECT_MESSAGE_TEXTS.userNotFound);
  await repo.insertBlock(ctx.db, blockerId, target.id, now());
  return { userId: target.id, blocked: true };
}

export async function unblockUser(ctx: AppContext, blockerId: string, userId: string): Promise<TBlockState> {
  await repo.deleteBlock(ctx.db, blockerId, userId);
  return { userId, blocked: false };
}

export async function listBlocks(ctx: AppContext, blockerId: string): Promise<TBlockList> {
  return { users: (await repo.listBlocked(ctx.db, blockerId)).map((u) => toMessageUser(u)) };
}

export async function getSettings(ctx: AppContext, userId: string): Promise<TMessageSettings> {
  return { whoCanMessage: await repo.whoCanMessage(ctx.db, userId) };
}

export async function saveSettings(ctx: AppContext, userId: string, body: TMessageSettings): Promise<TMessageSettings> {
  await repo.saveWhoCanMessage(ctx.db, userId, body.whoCanMessage, now());
  return { whoCanMessage: body.whoCanMessage };
}

/**
 * Accepts or declines a request sent to the caller. A declined request can still be accepted later;
 * an accepted one is an ordinary conversation (blocking is the way to stop it).
 */
export async function answerRequest(
  ctx: AppContext,
  userId: string,
  conversationId: string,
  answer: 'accept' | 'decline',
): Promise<TMessageRequestDecision> {
  const notFound = () => AppError.notFound(DIRECT_MESSAGE_TEXTS.requestNotFound);
  try {
    membersOf(conversationId, userId);
  } catch {
    throw notFound();
  }
  return ctx.db.transaction(async (tx) => {
    const conversation = await repo.findConversationForUpdate(tx, conversationId);
    const waiting = answer === 'accept' ? ['request', 'declined'] : ['request'];
    if (!conversation || conversation.startedBy === userId || !waiting.includes(conversation.status)) throw notFound();
    const status = answer === 'accept' ? 'active' : 'declined';
    await repo.setConversationStatus(tx, conversationId, status);
    return { conversationId, status };
  });
}
