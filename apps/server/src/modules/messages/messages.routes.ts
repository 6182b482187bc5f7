import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DIRECT_MESSAGE_TEXTS,
  MESSAGES_PER_30_SECONDS,
  NEW_CONVERSATIONS_PER_DAY,
  ZBlockList,
  ZBlockParams,
  ZBlockState,
  ZBlockUser,
  ZConversationIdParams,
  ZConversationList,
  ZConversationPage,
  ZConversationsQuery,
  ZMessageDeleted,
  ZMessageIdParams,
  ZMessageRead,
  ZMessageRequestDecision,
  ZMessageSent,
  ZMessageSettings,
  ZMessageUnreadCount,
  ZMessageUserParams,
  ZMessageUserSearch,
  ZMessageUserSearchQuery,
  ZMessagesQuery,
  ZReport,
  ZReportSubmitted,
  ZSendMessage,
} from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { REPORT_MESSAGES } from '../contests/file-report.js';
import { deleteMessage } from './delete-message.js';
import { answerRequest, blockUser, getSettings, listBlocks, saveSettings, unblockUser } from './protection.js';
import * as reads from './read-messages.js';
import { reportMessage } from './report-message.js';
import { sendMessage } from './send-message.js';

const tags = ['messages'];
const signedIn = { access: 'signedIn' as const };
/** Changes a member makes to their own blocks, settings and requests: a person makes a handful. */
const protectionConfig = { access: 'signedIn' as const, rateLimit: rateLimits.perUser(30) };

/** /api/messages: direct messages between members (spec 001 §2, §3, §7). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/send',
    {
      schema: {
        tags,
        summary: 'Send a message to a member given by username or email',
        description:
          `At most ${MESSAGES_PER_30_SECONDS} messages per 30 seconds and ${NEW_CONVERSATIONS_PER_DAY} new conversations a day (429). The first message ` +
          'from an account under 7 days old opens a message request (`status: request`) the recipient accepts or declines. ' +
          'A block either way, a declined request or the recipient’s “who can message me” refuses with one generic 403.',
        body: ZSendMessage,
        response: { 201: envelope(ZMessageSent) },
      },
      config: {
        access: 'verified',
        rateLimit: rateLimits.perUserSaying(MESSAGES_PER_30_SECONDS, '30 seconds', DIRECT_MESSAGE_TEXTS.tooManyMessages),
      },
    },
    async (req, reply) => {
      const sent = await sendMessage(app.ctx, requireAuth(req).userId, req.body);
      const text = sent.status === 'request' ? DIRECT_MESSAGE_TEXTS.requestSent : DIRECT_MESSAGE_TEXTS.sent;
      return reply.status(201).send(ok(sent, text));
    },
  );

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'My conversations (active ones and requests I sent), the most recent first',
        querystring: ZConversationsQuery,
        response: { 200: envelope(ZConversationList) },
      },
      config: signedIn,
    },
    async (req) => ok(await reads.listConversations(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/requests',
    {
      schema: {
        tags,
        summary: 'Message requests waiting for my answer, the most recent first',
        querystring: ZConversationsQuery,
        response: { 200: envelope(ZConversationList) },
      },
      config: signedIn,
    },
    async (req) => ok(await reads.listRequests(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/conversation/:id',
    {
      schema: {
        tags,
        summary: 'One page of a conversation I am in (page 1 = the newest 50; each page oldest to newest)',
        params: ZConversationIdParams,
        querystring: ZMessagesQuery,
        response: { 200: envelope(ZConversationPage) },
      },
      config: signedIn,
    },
    async (req) => ok(await reads.conversationPage(app.ctx, requireAuth(req).userId, req.params.id, req.query)),
  );

  app.get(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'My conversation with a member given by id or email (empty before the first message)',
        params: ZMessageUserParams,
        querystring: ZMessagesQuery,
        response: { 200: envelope(ZConversationPage) },
      },
      config: signedIn,
    },
    async (req) => ok(await reads.conversationWithUser(app.ctx, requireAuth(req).userId, req.params.id, req.query)),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a conversation read up to this message (the read position never moves back)',
        params: ZMessageIdParams,
        response: { 200: envelope(ZMessageRead) },
      },
      config: signedIn,
    },
    async (req) => ok(await reads.markRead(app.ctx, requireAuth(req).userId, req.params.id)),
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags,
        summary: 'Unread messages in my conversations, and message requests waiting for me',
        response: { 200: envelope(ZMessageUnreadCount) },
      },
      config: signedIn,
    },
    async (req) => ok(await reads.unreadCount(app.ctx, requireAuth(req).userId)),
  );

  app.get(
    '/search-users',
    {
      schema: {
        tags,
        summary: 'Members to message: name or username contains q, or email is q (at most 10)',
        querystring: ZMessageUserSearchQuery,
        response: { 200: envelope(ZMessageUserSearch) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await reads.searchUsers(app.ctx, requireAuth(req).userId, req.query.q)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a message: for everyone by its sender within 15 minutes (a tombstone stays), otherwise for me only',
        params: ZMessageIdParams,
        response: { 200: envelope(ZMessageDeleted) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => {
      const { result, text } = await deleteMessage(app.ctx, requireAuth(req).userId, req.params.id);
      return ok(result, text);
    },
  );

  app.post(
    '/:id/report',
    {
      schema: {
        tags,
        summary: 'Report a message I received (filed with the surrounding messages for the moderators)',
        params: ZMessageIdParams,
        body: ZReport,
        response: { 201: envelope(ZReportSubmitted) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(20, '10 minutes') },
    },
    async (req, reply) => {
      const result = await reportMessage(app.ctx, requireAuth(req).userId, req.params.id, req.body);
      return reply.status(201).send(ok(result, REPORT_MESSAGES.submitted));
    },
  );

  app.post(
    '/block',
    {
      schema: {
        tags,
        summary: 'Block a member: neither of us can message the other',
        body: ZBlockUser,
        response: { 200: envelope(ZBlockState) },
      },
      config: protectionConfig,
    },
    async (req) => ok(await blockUser(app.ctx, requireAuth(req).userId, req.body.userId), DIRECT_MESSAGE_TEXTS.blocked),
  );

  app.delete(
    '/block/:userId',
    {
      schema: { tags, summary: 'Lift a block', params: ZBlockParams, response: { 200: envelope(ZBlockState) } },
      config: protectionConfig,
    },
    async (req) => ok(await unblockUser(app.ctx, requireAuth(req).userId, req.params.userId), DIRECT_MESSAGE_TEXTS.unblocked),
  );

  app.get(
    '/blocks',
    { schema: { tags, summary: 'The members I blocked, most recent first', response: { 200: envelope(ZBlockList) } }, config: signedIn },
    async (req) => ok(await listBlocks(app.ctx, requireAuth(req).userId)),
  );

  app.get(
    '/settings',
    {
      schema: { tags, summary: 'Who can start a conversation with me', response: { 200: envelope(ZMessageSettings) } },
      config: signedIn,
    },
    async (req) => ok(await getSettings(app.ctx, requireAuth(req).userId)),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Set who can start a conversation with me: everyone, people I share a contest with, or nobody',
        body: ZMessageSettings,
        response: { 200: envelope(ZMessageSettings) },
      },
      config: protectionConfig,
    },
    async (req) => ok(await saveSettings(app.ctx, requireAuth(req).userId, req.body), DIRECT_MESSAGE_TEXTS.settingsSaved),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/requests/:id/${answer}`,
      {
        schema: {
          tags,
          summary: answer === 'accept' ? 'Accept a message request sent to me' : 'Decline a message request sent to me',
          params: ZConversationIdParams,
          response: { 200: envelope(ZMessageRequestDecision) },
        },
        config: protectionConfig,
      },
      async (req) =>
        ok(
          await answerRequest(app.ctx, requireAuth(req).userId, req.params.id, answer),
          answer === 'accept' ? DIRECT_MESSAGE_TEXTS.accepted : DIRECT_MESSAGE_TEXTS.declined,
        ),
    );
  }
};
