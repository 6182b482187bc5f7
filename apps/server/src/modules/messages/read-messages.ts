/**
 * The reading side of messages: the conversation list, the requests waiting for me, one
 * conversation's pages, read cursors, the unread count and the user search. A member sees only
 * conversations they are one of the two of: anyone else's is answered 'Conversation not found'.
 */
import {
  DIRECT_MESSAGE_TEXTS,
  conversationIdOf,
  pageOf,
  pageOffset,
  type PageRequest,
  type TConversationList,
  type TConversationPage,
  type TMessageRead,
  type TMessageUnreadCount,
  type TMessageUserSearch,
} from '@contesthub/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { toConversation, toMessage, toMessageUser } from './messages.dto.js';
import * as repo from './messages.repository.js';
import type { MessageUserRow } from './messages.repository.js';
import { selfMessage } from './send-message.js';

/** Most people a user search answers. */
const SEARCH_LIMIT = 10;

const conversationNotFound = () => AppError.notFound(DIRECT_MESSAGE_TEXTS.conversationNotFound);

/** The two members of a conversation id, when the caller is one of them: [caller, other]. */
export function membersOf(conversationId: string, callerId: string): [string, string] {
  const [a, b] = conversationId.split('_') as [string, string];
  if (conversationIdOf(a, b) !== conversationId || a === b) throw conversationNotFound();
  if (a === callerId) return [a, b];
  if (b === callerId) return [b, a];
  throw conversationNotFound();
}

async function listOf(ctx: AppContext, userId: string, kind: 'inbox' | 'requests', q: PageRequest): Promise<TConversationList> {
  const { rows, total } = await repo.listConversations(ctx.db, userId, kind, { limit: q.limit, offset: pageOffset(q) });
  return { conversations: rows.map((r) => toConversation(r, userId)), pagination: pageOf(q, total) };
}

/** GET /api/messages/conversations: my active conversations and the requests I sent, most recent first. */
export const listConversations = (ctx: AppContext, userId: string, q: PageRequest) => listOf(ctx, userId, 'inbox', q);

/** GET /api/messages/requests: message requests waiting for my answer, most recent first. */
export const listRequests = (ctx: AppContext, userId: string, q: PageRequest) => listOf(ctx, userId, 'requests', q);

async function pageWith(
  ctx: AppContext,
  viewerId: string,
  other: MessageUserRow,
  q: PageRequest,
  typed?: string,
): Promise<TConversationPage> {
  const conversationId = conversationIdOf(viewerId, other.id);
  const conversation = await repo.findConversation(ctx.db, conversationId);
  const { rows, total } = conversation
    ? await repo.messagePage(ctx.db, conversationId, viewerId, { limit: q.limit, offset: pageOffset(q) })
    : { rows: [], total: 0 };
  const pagination = pageOf(q, total);
  return {
    conversationId,
    otherUser: toMessageUser(other, typed),
    status: conversation?.status ?? null,
    requestedByMe: conversation !== undefined && conversation.status !== 'active' && conversation.startedBy === viewerId,
    // Fetched newest first; a page reads oldest to newest (newest last).
    messages: rows.reverse().map((r) => toMessage(r, viewerId)),
    pagination: { ...pagination, hasMore: q.page < pagination.totalPages },
  };
}

/** GET /api/messages/conversation/:id: one page of a conversation the caller is in. */
export async function conversationPage(ctx: AppContext, viewerId: string, conversationId: string, q: PageRequest) {
  const [, otherId] = membersOf(conversationId, viewerId);
  const other = await repo.findAnyUserById(ctx.db, otherId);
  if (!other) throw conversationNotFound();
  return pageWith(ctx, viewerId, other, q);
}

/** GET /api/messages/user/:id: the conversation with a member given by id or email (empty before the first message). */
export async function conversationWithUser(ctx: AppContext, viewerId: string, idOrEmail: string, q: PageRequest) {
  const isId = z.uuid().safeParse(idOrEmail).success;
  const other = isId ? await repo.findAnyUserById(ctx.db, idOrEmail.toLowerCase()) : await repo.findUserByHandle(ctx.db, idOrEmail);
  if (!other) throw AppError.notFound(DIRECT_MESSAGE_TEXTS.userNotFound);
  if (other.id === viewerId) throw selfMessage();
  return pageWith(ctx, viewerId, other, q, isId ? undefined : idOrEmail);
}

/** A message of a conversation the caller is in, or 'Message not found'. */
export async function ownMessage(ctx: AppContext, userId: string, messageId: string) {
  const message = await repo.findMessage(ctx.db, messageId);
  if (!message || (message.senderId !== userId && message.recipientId !== userId)) {
    throw AppError.notFound(DIRECT_MESSAGE_TEXTS.messageNotFound);
  }
  return message;
}

/** PUT /api/messages/:id/read: everything up to this message is read; the cursor never moves back. */
export async function markRead(ctx: AppContext, userId: string, messageId: string): Promise<TMessageRead> {
  const message = await ownMessage(ctx, userId, messageId);
  await repo.advanceReadCursor(ctx.db, message.conversationId, userId, message.seq, now());
  ctx.realtime.countsChanged(userId);
  return { conversationId: message.conversationId, unreadCount: await repo.unreadIn(ctx.db, message.conversationId, userId) };
}

/** GET /api/messages/unread-count. */
export async function unreadCount(ctx: AppContext, userId: string): Promise<TMessageUnreadCount> {
  const { unread, requests } = await repo.unreadTotals(ctx.db, userId);
  return { unreadCount: unread, requestCount: requests };
}

/** GET /api/messages/search-users?q. */
export async function searchUsers(ctx: AppContext, userId: string, q: string): Promise<TMessageUserSearch> {
  const found = await repo.searchUsers(ctx.db, userId, q, SEARCH_LIMIT);
  return { users: found.map((u) => toMessageUser(u, q)) };
}
