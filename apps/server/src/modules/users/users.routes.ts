import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTEST_STATUSES, PAGE_SIZES, ZPagination, ZPublicProfile, pageQuery } from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import * as profiles from './public-profile.service.js';

const tags = ['users'];
const params = z.object({ id: z.string().min(1).max(64) });
const listQuery = z.object({
  ...pageQuery({ defaultLimit: PAGE_SIZES.profileLists, maxLimit: 50 }),
});

/** /api/users: public profiles and their contest and entry lists. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/public',
    {
      schema: { tags, summary: "A member's public profile", params, response: { 200: envelope(ZPublicProfile) } },
      config: { access: 'optional' },
    },
    async (req) => ok(await profiles.publicProfile(app.ctx, req.params.id, req.auth?.userId)),
  );

  app.get(
    '/:id/contests',
    {
      schema: {
        tags,
        summary: 'Contests a member organised',
        params,
        querystring: listQuery.extend({ status: z.enum(CONTEST_STATUSES).optional() }),
        response: {
          200: envelope(
            z.object({
              contests: z.array(
                z.object({
                  _id: z.string(),
                  title: z.string(),
                  status: z.string(),
                  category: z.string(),
                  coverImage: z.string().nullable(),
                  entriesCount: z.number(),
                  prizeType: z.string(),
                  createdAt: z.string(),
                }),
              ),
              pagination: ZPagination,
            }),
          ),
        },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await profiles.userContests(app.ctx, req.params.id, req.auth?.userId, req.query)),
  );

  app.get(
    '/:id/entries',
    {
      schema: {
        tags,
        summary: 'Entries a member submitted',
        params,
        querystring: listQuery,
        response: {
          200: envelope(
            z.object({
              entries: z.array(
                z.object({
                  _id: z.string(),
                  title: z.string(),
                  description: z.string(),
                  entryType: z.string(),
                  status: z.string(),
                  totalVotes: z.number(),
                  createdAt: z.string(),
                  contest: z.object({ _id: z.string(), title: z.string() }),
                }),
              ),
              pagination: ZPagination,
            }),
          ),
        },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await profiles.userEntries(app.ctx, req.params.id, req.auth?.userId, req.query)),
  );
};
