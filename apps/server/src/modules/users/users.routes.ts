import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProfileListQuery, ZPublicProfile, ZUserContestsPage, ZUserContestsQuery, ZUserEntriesPage } from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import * as profiles from './public-profile.service.js';

const tags = ['users'];
const params = z.object({ id: z.string().min(1).max(64) });

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
        querystring: ZUserContestsQuery,
        response: { 200: envelope(ZUserContestsPage) },
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
        querystring: ZProfileListQuery,
        response: { 200: envelope(ZUserEntriesPage) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await profiles.userEntries(app.ctx, req.params.id, req.auth?.userId, req.query)),
  );
};
