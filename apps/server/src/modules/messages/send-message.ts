/**
 * POST /api/messages/send: one message from a member to another, found by username or email.
 *
 * The rules, in order:
 * - no message to oneself ('Cannot Message Yourself'; 400);
 * - a block either way refuses with one generic answer (403), so the sender cannot tell a block
 *   from the recipient's setting or a declined request;
 * - a new conversation: the recipient's "who can message me" (everyone, people sharing a contest,
 *   nobody) must allow it, the sender may start at most NEW_CONVERSATIONS_PER_DAY in 24 hours (429),
 *   and a sender whose account is under MESSAGE_REQUEST_ACCOUNT_DAYS days old starts it as a
 *   request the recipient accepts or declines. The setting governs who may start a conversation;
 *   once one exists, blocking is what stops the other side;
 * - in a declined request the starter is refused (the generic answer); the recipient answering a
 *   request (or writing again after declining) accepts it.
 *
 * The send runs in one transaction under the sender's advisory lock (their daily count and the
 * pair's first row cannot race) and records `message.sent` with it, and appends the message to
 * both people's real-time streams. The messages-per-30-seconds
 * limit is the route's rate limit (messages.routes.ts).
 */
import {
  DAY_MS,
  DIRECT_MESSAGE_TEXTS,
  MESSAGE_REQUEST_ACCOUNT_DAYS,
  NEW_CONVERSATIONS_PER_DAY,
  conversationIdOf,
  type TMessageSent,
  type TSendMessage,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events/index.js';
import { appendToStream } from '../../lib/realtime/index.js';
import { toMessage } from './messages.dto.js';
import { messageSent } from './messages.events.js';
import * as repo from './messages.repository.js';
import type { ConversationRow, MessageUserRow } from './messages.repository.js';

export const refused = () => AppError.forbidden(DIRECT_MESSAGE_TEXTS.refused);
export const selfMessage = () => AppError.badRequest(DIRECT_MESSAGE_TEXTS.selfMessage);

/** Whether the recipient's "who can message me" lets this sender start a conversation. */
async function mayStart(tx: Tx, senderId: string, recipientId: string): Promise<boolean> {
  const who = await repo.whoCanMessage(tx, recipientId);
  if (who === 'everyone') return true;
  if (who === 'nobody') return false;
  return repo.shareAContest(tx, senderId, recipientId);
}

/** Opens the pair's conversation (or finds the one the other side opened at the same moment). */
async function startConversation(tx: Tx, sender: MessageUserRow, recipientId: string, at: Date): Promise<ConversationRow> {
  if (!(await mayStart(tx, sender.id, recipientId))) throw refused();
  const started = await repo.countConversationsStartedSince(tx, sender.id, new Date(at.getTime() - DAY_MS));
  if (started >= NEW_CONVERSATIONS_PER_DAY) {
    throw new AppError(429, DIRECT_MESSAGE_TEXTS.tooManyConversations, 'RATE_LIMITED');
  }
  const young = at.getTime() - sender.createdAt.getTime() < MESSAGE_REQUEST_ACCOUNT_DAYS * DAY_MS;
  const [userA, userB] = [sender.id, recipientId].sort() as [string, string];
  const id = conversationIdOf(sender.id, recipientId);
  const inserted = await repo.insertConversation(tx, {
    id,
    userA,
    userB,
    startedBy: sender.id,
    status: young ? 'request' : 'active',
    createdAt: at,
    lastMessageAt: at,
  });
  return inserted ?? (await repo.findConversationForUpdate(tx, id))!;
}

/** The status the conversation has once this sender writes in it, or a refusal. */
function statusAfterSend(conversation: ConversationRow, senderId: string): ConversationRow['status'] {
  if (conversation.startedBy === senderId) {
    if (conversation.status === 'declined') throw refused();
    return conversation.status;
  }
  // The recipient of a request (or of one they declined) writes back: that accepts it.
  return 'active';
}

export async function sendMessage(ctx: AppContext, senderId: string, body: TSendMessage): Promise<TMessageSent> {
  const recipient = await repo.findUserByHandle(ctx.db, body.recipientUsername);
  if (!recipient) throw AppError.notFound(DIRECT_MESSAGE_TEXTS.userNotFound);
  if (recipient.id === senderId) throw selfMessage();
  const sender = await repo.findUserById(ctx.db, senderId);
  if (!sender) throw AppError.unauthorized();

  const sent = await ctx.db.transaction(async (tx) => {
    const at = now();
    await repo.lockSender(tx, senderId);
    if (await repo.blockedEitherWay(tx, senderId, recipient.id)) throw refused();
    const id = conversationIdOf(senderId, recipient.id);
    const conversation = (await repo.findConversationForUpdate(tx, id)) ?? (await startConversation(tx, sender, recipient.id, at));
    const status = statusAfterSend(conversation, senderId);
    if (status !== conversation.status) await repo.setConversationStatus(tx, id, status);

    const message = await repo.insertMessage(tx, {
      conversationId: id,
      senderId,
      recipientId: recipient.id,
      content: body.content,
      createdAt: at,
    });
    await repo.touchConversation(tx, id, at);
    // Writing in a conversation reads everything in it up to one's own message.
    await repo.advanceReadCursor(tx, id, senderId, message.seq, at);
    await recordEvent(
      tx,
      messageSent,
      { messageId: message.id, conversationId: id, senderId, recipientId: recipient.id, isRequest: status === 'request' },
      { actorId: senderId },
    );
    // Last in the transaction: both people's streams (the sender's other tabs and devices too)
    // number the message under their head-row locks, told to the hub once this commits.
    const wakeups = await appendToStream(tx, [
      { userId: senderId, kind: 'message', refId: message.id },
      { userId: recipient.id, kind: 'message', refId: message.id },
    ]);
    return { message, status, wakeups };
  });
  ctx.realtime.published(sent.wakeups);

  const row = {
    ...sent.message,
    senderFullName: sender.fullName,
    senderEmail: sender.email,
    senderUsername: sender.username,
    senderPicture: sender.profilePicture,
  };
  return { message: toMessage(row, senderId), status: sent.status };
}
