import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBanAppealForm, ZBanAppealQuery } from '@contesthub/shared';
import { formPageCsp, rateLimits, acceptFormPosts } from '../../lib/http.js';
import { banAppealPage, banAppealState, submitBanAppeal, type BanAppealState } from './ban-appeal.js';

const tags = ['users'];
const STATUS: Record<BanAppealState, number> = { form: 200, done: 200, appealed: 409, late: 400, invalid: 400 };

/** /api/appeals/ban: the ban mail's appeal page and its form post (no login: a banned person has none). */
export const banAppealRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormPosts(app);

  app.get(
    '/ban',
    {
      schema: { tags, summary: 'The ban appeal page of a ban mail (HTML; changes nothing)', querystring: ZBanAppealQuery },
      config: { access: 'public', rateLimit: rateLimits.perAddress(30) },
    },
    async (req, reply) => {
      const token = req.query.token ?? '';
      const view = await banAppealState(app.ctx, token);
      return reply
        .status(STATUS[view.state])
        .header('content-security-policy', formPageCsp(app.ctx.config.publicUrl))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(banAppealPage(token, view));
    },
  );

  app.post(
    '/ban',
    {
      schema: {
        tags,
        summary: 'File the appeal of a ban from its mail’s link: once, within 20 days, 1 to 2000 characters (HTML answer)',
        consumes: ['application/x-www-form-urlencoded'],
        querystring: ZBanAppealQuery,
        body: ZBanAppealForm,
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(10) },
    },
    async (req, reply) => {
      const token = req.query.token ?? '';
      const view = await submitBanAppeal(app.ctx, token, req.body.text);
      return reply
        .status(view.state === 'form' ? 400 : STATUS[view.state])
        .header('content-security-policy', formPageCsp(app.ctx.config.publicUrl))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(banAppealPage(token, view));
    },
  );
};
