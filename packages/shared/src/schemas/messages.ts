/**
 * Direct messages (spec 001 §2 Messages, §3 Conversation and Message, §7 Messages): the bodies and
 * queries the web sends and every answer of /api/messages, with the server's texts.
 */
import { z } from 'zod';
import { pageQuery, ZPagination } from './pagination.js';

/** Longest message, in characters (after trimming). */
export const MESSAGE_CONTENT_MAX = 2000;
/** Messages a page of a conversation shows (spec 001 §9). */
export const MESSAGE_PAGE_SIZE = 50;
/** A sender may delete a message for everyone (leaving a tombstone) this long after sending it. */
export const MESSAGE_UNSEND_MINUTES = 15;
/** Accounts younger than this start conversations as requests the recipient accepts or declines. */
export const MESSAGE_REQUEST_ACCOUNT_DAYS = 7;
/** Messages one member may send per 30 seconds (the route's rate limit). */
export const MESSAGES_PER_30_SECONDS = 10;
/** New conversations one member may start per 24 hours. */
export const NEW_CONVERSATIONS_PER_DAY = 20;
/** Fewest characters a user search needs (spec 001 §6). */
export const MESSAGE_SEARCH_MIN = 2;

/** Who may start a conversation with a member: anyone, people who share a contest with them, or no one. */
export const WHO_CAN_MESSAGE = ['everyone', 'contests', 'nobody'] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];

/** `request`: waiting for the recipient to accept; `declined`: the recipient said no. */
export const CONVERSATION_STATUSES = ['active', 'request', 'declined'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The server's words for messages; the toasts' titles ('Cannot Message Yourself') are spec 000 §8's. */
export const DIRECT_MESSAGE_TEXTS = {
  sent: 'Message sent',
  requestSent: 'Message request sent',
  selfMessage: 'You cannot send messages to yourself.',
  /** One answer for a block (either way), a declined request and the recipient's setting: the sender learns nothing more. */
  refused: 'You cannot send messages to this user.',
  userNotFound: 'User not found',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  requestNotFound: 'Message request not found',
  tooManyConversations: `You can start at most ${NEW_CONVERSATIONS_PER_DAY} new conversations a day. Please try again later.`,
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment and try again.',
  deletedForEveryone: 'Message deleted for everyone',
  deletedForMe: 'Message deleted for you',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  selfBlock: 'You cannot block yourself',
  accepted: 'Message request accepted',
  declined: 'Message request declined',
  settingsSaved: 'Message settings saved',
  ownMessageReport: 'You cannot report your own message',
  deletedMessageReport: 'This message was deleted and can no longer be reported',
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message cannot exceed ${MESSAGE_CONTENT_MAX} characters`,
  recipientRequired: 'Recipient is required',
  searchTooShort: 'Enter at least 2 characters to search',
} as const;

/** The conversation id of a pair: the two user ids sorted and joined (spec 001 §3). */
export const conversationIdOf = (a: string, b: string): string => [a, b].sort().join('_');

/** POST /api/messages/send: `recipientUsername` is a username or an email (the screen passes the email). */
export const ZSendMessage = z.object({
  recipientUsername: z
    .string({ error: DIRECT_MESSAGE_TEXTS.recipientRequired })
    .trim()
    .min(1, DIRECT_MESSAGE_TEXTS.recipientRequired)
    .max(254, DIRECT_MESSAGE_TEXTS.userNotFound),
  content: z
    .string({ error: DIRECT_MESSAGE_TEXTS.contentRequired })
    .trim()
    .min(1, DIRECT_MESSAGE_TEXTS.contentRequired)
    .max(MESSAGE_CONTENT_MAX, DIRECT_MESSAGE_TEXTS.contentTooLong),
});
export type TSendMessage = z.infer<typeof ZSendMessage>;

/** A member as messages show them (the other side of a conversation, a sender, a search result). */
export const ZMessageUser = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  profilePicture: z.string().nullable(),
});
export type TMessageUser = z.infer<typeof ZMessageUser>;

export const ZMessage = z.object({
  _id: z.string(),
  conversationId: z.string(),
  /** Empty when the sender deleted it for everyone. */
  content: z.string(),
  createdAt: z.string(),
  sender: ZMessageUser,
  isMine: z.boolean(),
  /** The sender deleted it for everyone, or a moderator removed it: a tombstone. */
  deleted: z.boolean(),
  /** A moderator removed it (a report upheld): 'This message was removed by a moderator'. */
  removed: z.boolean().optional(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZConversation = z.object({
  _id: z.string(),
  conversationId: z.string(),
  otherUser: ZMessageUser,
  lastMessage: z.object({ content: z.string(), createdAt: z.string(), deleted: z.boolean(), isMine: z.boolean() }).nullable(),
  unreadCount: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  /** I started it and it is still a request (or was declined). */
  requestedByMe: z.boolean(),
});
export type TConversation = z.infer<typeof ZConversation>;

/** GET /api/messages/conversations and GET /api/messages/requests: the most recent first. */
export const ZConversationsQuery = z.object(pageQuery({ defaultLimit: MESSAGE_PAGE_SIZE }));
export const ZConversationList = z.object({ conversations: z.array(ZConversation), pagination: ZPagination });
export type TConversationList = z.infer<typeof ZConversationList>;

/** GET /api/messages/conversation/:id and /user/:id: page 1 is the newest messages; each page reads oldest to newest. */
export const ZMessagesQuery = z.object(pageQuery({ defaultLimit: MESSAGE_PAGE_SIZE }));
export const ZMessagePagination = ZPagination.extend({ hasMore: z.boolean() });
export const ZConversationPage = z.object({
  conversationId: z.string(),
  otherUser: ZMessageUser,
  /** null before the first message of a pair. */
  status: z.enum(CONVERSATION_STATUSES).nullable(),
  requestedByMe: z.boolean(),
  messages: z.array(ZMessage),
  pagination: ZMessagePagination,
});
export type TConversationPage = z.infer<typeof ZConversationPage>;

/** POST /api/messages/send. `status` is `request` when the message waits for the recipient to accept. */
export const ZMessageSent = z.object({ message: ZMessage, status: z.enum(CONVERSATION_STATUSES) });
export type TMessageSent = z.infer<typeof ZMessageSent>;

/** PUT /api/messages/:id/read: the caller's unread messages left in that conversation. */
export const ZMessageRead = z.object({ conversationId: z.string(), unreadCount: z.number().int() });
export type TMessageRead = z.infer<typeof ZMessageRead>;

/** GET /api/messages/unread-count: unread messages, and message requests waiting for me. */
export const ZMessageUnreadCount = z.object({ unreadCount: z.number().int(), requestCount: z.number().int() });
export type TMessageUnreadCount = z.infer<typeof ZMessageUnreadCount>;

export const ZMessageUserSearchQuery = z.object({
  q: z.string().trim().min(MESSAGE_SEARCH_MIN, DIRECT_MESSAGE_TEXTS.searchTooShort).max(100),
});
export const ZMessageUserSearch = z.object({ users: z.array(ZMessageUser) });
export type TMessageUserSearch = z.infer<typeof ZMessageUserSearch>;

/** DELETE /api/messages/:id: `everyone` left a tombstone; `me` hid it from the caller only. */
export const ZMessageDeleted = z.object({ _id: z.string(), scope: z.enum(['everyone', 'me']) });
export type TMessageDeleted = z.infer<typeof ZMessageDeleted>;

/** POST /api/messages/block. */
export const ZBlockUser = z.object({ userId: z.uuid({ error: DIRECT_MESSAGE_TEXTS.userNotFound }) });
export type TBlockUser = z.infer<typeof ZBlockUser>;
export const ZBlockState = z.object({ userId: z.string(), blocked: z.boolean() });
export type TBlockState = z.infer<typeof ZBlockState>;
/** GET /api/messages/blocks: the people I blocked, most recent first. */
export const ZBlockList = z.object({ users: z.array(ZMessageUser) });
export type TBlockList = z.infer<typeof ZBlockList>;

/** GET and PUT /api/messages/settings. */
export const ZMessageSettings = z.object({
  whoCanMessage: z.enum(WHO_CAN_MESSAGE, { error: 'Choose everyone, contests or nobody' }),
});
export type TMessageSettings = z.infer<typeof ZMessageSettings>;

/** POST /api/messages/requests/:conversationId/accept and /decline. */
export const ZMessageRequestDecision = z.object({ conversationId: z.string(), status: z.enum(CONVERSATION_STATUSES) });
export type TMessageRequestDecision = z.infer<typeof ZMessageRequestDecision>;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The :id of GET /api/messages/conversation/:id and of a request's accept and decline: two user ids joined. */
export const ZConversationIdParams = z.object({
  id: z
    .string()
    .toLowerCase()
    .regex(new RegExp(`^${UUID}_${UUID}$`), DIRECT_MESSAGE_TEXTS.conversationNotFound),
});
/** The :id of GET /api/messages/user/:id: a user id or an email (the screen passes the email). */
export const ZMessageUserParams = z.object({ id: z.string().trim().min(1, DIRECT_MESSAGE_TEXTS.userNotFound).max(254) });
/** The :id of a message. */
export const ZMessageIdParams = z.object({ id: z.uuid({ error: DIRECT_MESSAGE_TEXTS.messageNotFound }) });
/** The :userId of DELETE /api/messages/block/:userId. */
export const ZBlockParams = z.object({ userId: z.uuid({ error: DIRECT_MESSAGE_TEXTS.userNotFound }) });
