import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddReferralResult,
  ZPageQuery,
  ZReferralCodeBody,
  ZReferralCodeCheck,
  ZReferralLeaderboard,
  ZReferralRewards,
  ZReferralStats,
} from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as referrals from './referrals.service.js';

const tags = ['referrals'];

/** /api/referrals: stats, leaderboard, rewards, validate, add-code, process. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: { tags, summary: 'My referral code, link and referrals', response: { 200: envelope(ZReferralStats) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await referrals.stats(app.ctx, requireAuth(req).userId)),
  );

  app.get(
    '/leaderboard',
    {
      schema: {
        tags,
        summary: 'Top referrers',
        querystring: ZPageQuery,
        response: { 200: envelope(ZReferralLeaderboard) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await referrals.leaderboard(app.ctx, req.query.page, req.query.limit)),
  );

  app.get(
    '/rewards',
    {
      schema: {
        tags,
        summary: 'Referral rewards I earned',
        querystring: ZPageQuery,
        response: { 200: envelope(ZReferralRewards) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await referrals.rewards(app.ctx, requireAuth(req).userId, req.query.page, req.query.limit)),
  );

  app.get(
    '/validate/:code',
    {
      schema: {
        tags,
        summary: 'Is this referral code valid?',
        params: z.object({ code: z.string().trim().min(1).max(32) }),
        response: { 200: envelope(ZReferralCodeCheck) },
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(30) },
    },
    async (req) => ok(await referrals.validateCode(app.ctx.db, req.params.code)),
  );

  for (const path of ['/add-code', '/process']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Add the referral code of the friend who invited me',
          body: ZReferralCodeBody,
          response: { 200: envelope(ZAddReferralResult) },
        },
        config: { access: 'signedIn', rateLimit: rateLimits.perAddress(10) },
      },
      async (req) => ok(await referrals.addCode(app.ctx, requireAuth(req).userId, req.body.referralCode), 'Referral code added'),
    );
  }
};
