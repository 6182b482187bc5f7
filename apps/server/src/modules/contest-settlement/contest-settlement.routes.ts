/**
 * The routes that end a contest's life: PATCH /api/contests/:id/status (registered under
 * /contests) and POST /api/votes/refund-contest/:contestId (registered under /votes). Their paths
 * are the spec's; they live here because ending and cancelling need contests, entries and votes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContestStatusChange, ZContestStatusChanged, ZRefundContest, ZRefundContestResult } from '@contesthub/shared';
import { envelope, ok } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { cancelContest, changeContestStatus } from './change-status.js';

export const REFUND_MESSAGE = 'The contest has been cancelled and every payment refunded.';

/** Under /contests. */
export const contestStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id/status',
    {
      schema: {
        tags: ['contests'],
        summary: 'Close entries, end or cancel a contest (organizer or admin)',
        description:
          'active → voting closes entries now; voting → ended ends voting now and pays the winner; active or voting → cancelled refunds every payment.',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ZContestStatusChange,
        response: { 200: envelope(ZContestStatusChanged) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const { message, ...data } = await changeContestStatus(app.ctx, requireAuth(req), req.params.id, req.body);
      return ok(data, message);
    },
  );
};

/** Under /votes. */
export const refundContestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refund-contest/:contestId',
    {
      schema: {
        tags: ['votes'],
        summary: 'Cancel a contest and refund its escrow and paid votes (the organizer or an admin)',
        params: z.object({ contestId: z.uuid({ error: 'Contest ID is required' }) }),
        body: ZRefundContest,
        response: { 200: envelope(ZRefundContestResult) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const { contest, refunds } = await cancelContest(app.ctx, req.params.contestId, requireAuth(req), req.body.reason);
      return ok({ contest, refunds: refunds! }, REFUND_MESSAGE);
    },
  );
};
