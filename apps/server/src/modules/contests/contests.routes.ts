import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContestAnswer,
  ZContestBrowseQuery,
  ZContestCategories,
  ZContestDeleted,
  ZContestList,
  ZContestSearchQuery,
  ZCreateContest,
  ZFeaturedContests,
  ZFeaturedContestsQuery,
  ZMyContests,
  ZOwnerContestsQuery,
  ZUpdateContest,
} from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { getContest, myContests, organizerContests } from './contest-reads.js';
import { CONTEST_MESSAGES } from './contests.messages.js';
import { createContest } from './create-contest.js';
import { deleteContest } from './delete-contest.js';
import { contestCategories, featuredContests, listContests, searchContests } from './list-contests.js';
import { updateContest } from './update-contest.js';
import { coverOf, registerContestForms } from './contests.upload.js';

const tags = ['contests'];
const params = z.object({ id: z.string().min(1).max(64) });
const contestAnswer = envelope(ZContestAnswer);
const formNote =
  'JSON, or multipart/form-data with the same fields (lists and objects as JSON strings) and an optional `coverImage` file ' +
  '(JPEG, PNG, GIF or WebP by content, at most 5 MB; stored as WebP at most 1600 px wide without metadata).';

/** /api/contests: create, browse, search, read, edit, delete and change status. */
export const contestRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerContestForms(app);

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a contest (six-step wizard)',
        description: `${formNote} Free tier: 3 contests per calendar month (WAT). Badge prize: 500 vote credits. Cash prizes move from the wallet into escrow.`,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZCreateContest,
        response: { 201: contestAnswer },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const contest = await createContest(app.ctx, { userId: auth.userId, role: auth.role }, req.body, coverOf(req));
      return reply.status(201).send(ok({ contest }, CONTEST_MESSAGES.created));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Browse contests',
        description:
          'Filters, full-text search with typo tolerance, sorts (newest, oldest, deadline, entries, prize, votes, relevance) and pages. Drafts are never listed.',
        querystring: ZContestBrowseQuery,
        response: { 200: envelope(ZContestList) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await listContests(app.ctx, req.query)),
  );

  app.get(
    '/featured',
    {
      schema: {
        tags,
        summary: 'Featured contests, then the busiest open ones',
        querystring: ZFeaturedContestsQuery,
        response: { 200: envelope(ZFeaturedContests) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok({ contests: await featuredContests(app.ctx, req.query.limit) }),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Categories with their number of contests',
        response: { 200: envelope(ZContestCategories) },
      },
      config: { access: 'optional' },
    },
    async () => ok({ categories: await contestCategories(app.ctx) }),
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary: 'Search contests by relevance',
        querystring: ZContestSearchQuery,
        response: { 200: envelope(ZContestList) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await searchContests(app.ctx, req.query)),
  );

  app.get(
    '/my-contests',
    {
      schema: { tags, summary: 'Contests I organise', querystring: ZOwnerContestsQuery, response: { 200: envelope(ZMyContests) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await myContests(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/organizer/:id',
    {
      schema: {
        tags,
        summary: "An organizer's published contests",
        params,
        querystring: ZOwnerContestsQuery,
        response: { 200: envelope(ZMyContests) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await organizerContests(app.ctx, req.params.id, req.query)),
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'One contest', params, response: { 200: contestAnswer } },
      config: { access: 'optional' },
    },
    async (req) => ok({ contest: await getContest(app.ctx, req.params.id, req.auth) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a contest (organizer or admin)',
        description: `${formNote} Prize, fees, entry type and voting rules cannot change; dates follow the edit rules.`,
        consumes: ['application/json', 'multipart/form-data'],
        params,
        body: ZUpdateContest,
        response: { 200: contestAnswer },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => {
      const auth = requireAuth(req);
      const contest = await updateContest(app.ctx, { userId: auth.userId, role: auth.role }, req.params.id, req.body, coverOf(req));
      return ok({ contest }, CONTEST_MESSAGES.updated);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a contest without entries (organizer or admin); escrow and badge fee are returned',
        params,
        response: { 200: envelope(ZContestDeleted) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const auth = requireAuth(req);
      return ok(await deleteContest(app.ctx, { userId: auth.userId, role: auth.role }, req.params.id), CONTEST_MESSAGES.deleted);
    },
  );
};
