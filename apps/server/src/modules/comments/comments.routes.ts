import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZComment,
  ZCommentAnalytics,
  ZCommentDeleted,
  ZCommentLikeResult,
  ZCommentListQuery,
  ZCommentPage,
  ZContestCommentsQuery,
  ZCreateComment,
  ZFlagComment,
  ZFlaggedCommentsQuery,
  ZModerateComment,
  ZMyCommentsQuery,
  ZUpdateComment,
} from '@contesthub/shared';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { commentAnalytics } from './comment-analytics.js';
import { setLike } from './comment-likes.js';
import { COMMENT_MESSAGES } from './comments.messages.js';
import { deleteComment, updateComment } from './edit-comment.js';
import { contestComments, flaggedComments, getComment, listComments, myComments } from './list-comments.js';
import { flagComment, moderateComment } from './moderate-comment.js';
import { createComment } from './post-comment.js';

const tags = ['comments'];
const idParams = z.object({ id: z.uuid({ error: 'Comment ID is required' }) });

/** /api/comments */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { tags, summary: 'Comment on a contest or one of its entries', body: ZCreateComment, response: { 201: envelope(ZComment) } },
      config: { access: 'verified', rateLimit: rateLimits.perUser(30) },
    },
    async (req, reply) => {
      const comment = await createComment(app.ctx, requireAuth(req), req.body);
      return reply.status(201).send(ok(comment, COMMENT_MESSAGES.posted));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Comments, filtered',
        querystring: ZCommentListQuery,
        response: { 200: envelope(ZCommentPage) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await listComments(app.ctx, req.auth, req.query)),
  );

  app.get(
    '/my-comments',
    {
      schema: {
        tags,
        summary: 'My comments',
        querystring: ZMyCommentsQuery,
        response: { 200: envelope(ZCommentPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await myComments(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/flagged',
    {
      schema: {
        tags,
        summary: 'Flagged comments awaiting review (moderators and admins)',
        querystring: ZFlaggedCommentsQuery,
        response: { 200: envelope(ZCommentPage) },
      },
      config: { access: 'moderator' },
    },
    async (req) => ok(await flaggedComments(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary: 'Comment counts by status and the most discussed contests (moderators and admins)',
        response: { 200: envelope(ZCommentAnalytics) },
      },
      config: { access: 'moderator' },
    },
    async (req) => ok(await commentAnalytics(app.ctx, requireAuth(req))),
  );

  app.get(
    '/contest/:id',
    {
      schema: {
        tags,
        summary: "A contest's comments",
        params: z.object({ id: z.uuid({ error: 'Contest ID is required' }) }),
        querystring: ZContestCommentsQuery,
        response: { 200: envelope(ZCommentPage) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await contestComments(app.ctx, req.auth, req.params.id, req.query)),
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'One comment', params: idParams, response: { 200: envelope(ZComment) } },
      config: { access: 'optional' },
    },
    async (req) => ok(await getComment(app.ctx, req.auth, req.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit my comment',
        params: idParams,
        body: ZUpdateComment,
        response: { 200: envelope(ZComment) },
      },
      config: { access: 'verified' },
    },
    async (req) => ok(await updateComment(app.ctx, requireAuth(req), req.params.id, req.body.content), COMMENT_MESSAGES.updated),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment (its author, the contest organizer, a moderator or an admin)',
        params: idParams,
        response: { 200: envelope(ZCommentDeleted) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await deleteComment(app.ctx, requireAuth(req), req.params.id), COMMENT_MESSAGES.deleted),
  );

  for (const [method, like] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/like',
      schema: {
        tags,
        summary: like ? 'Like a comment' : 'Unlike a comment',
        params: idParams,
        response: { 200: envelope(ZCommentLikeResult) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
      handler: async (req) => {
        const result = await setLike(app.ctx, requireAuth(req), req.params.id, like);
        return ok(result, like ? COMMENT_MESSAGES.liked : COMMENT_MESSAGES.unliked);
      },
    });
  }

  app.post(
    '/:id/flag',
    {
      schema: { tags, summary: 'Flag a comment for review', params: idParams, body: ZFlagComment, response: { 200: envelope(ZComment) } },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(20, '10 minutes') },
    },
    async (req) => ok(await flagComment(app.ctx, requireAuth(req), req.params.id, req.body.reason), COMMENT_MESSAGES.flagged),
  );

  app.patch(
    '/:id/moderate',
    {
      schema: {
        tags,
        summary: 'Approve, hide or delete a comment (moderators, admins, or the contest organizer)',
        params: idParams,
        body: ZModerateComment,
        response: { 200: envelope(ZComment) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const comment = await moderateComment(app.ctx, staffActor(req), req.params.id, req.body.action);
      return ok(comment, COMMENT_MESSAGES.moderated[req.body.action]);
    },
  );
};

/**
 * DELETE /api/contests/:id/comments/:commentId (registered under /contests): the contest family's
 * path for removing one comment (spec 000 §7); the same rules as DELETE /api/comments/:id.
 */
export const contestCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id/comments/:commentId',
    {
      schema: {
        tags: ['contests'],
        summary: 'Remove a comment from a contest (author, organizer, moderator or admin)',
        params: z.object({ id: z.uuid({ error: 'Contest ID is required' }), commentId: z.uuid({ error: 'Comment ID is required' }) }),
        response: { 200: envelope(ZCommentDeleted) },
      },
      config: { access: 'signedIn' },
    },
    async (req) =>
      ok(await deleteComment(app.ctx, requireAuth(req), req.params.commentId, { contestId: req.params.id }), 'Comment deleted'),
  );
};
