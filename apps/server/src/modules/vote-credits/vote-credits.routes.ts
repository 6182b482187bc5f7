import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZVerifyPaymentRequest,
  ZVoteCreditPackages,
  ZVoteCreditPurchaseBody,
  ZVoteCreditPurchaseStarted,
  ZVoteCreditStats,
  ZVoteCreditTransactionsPage,
  ZVoteCreditTransactionsQuery,
  ZVoteCreditVerified,
} from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as credits from './vote-credits.service.js';

const tags = ['vote-credits'];

/** /api/vote-credits: packages, card purchases of credits, their verification, the credit history and stats. */
export const voteCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/packages',
    {
      schema: {
        tags,
        summary: 'Vote-credit packages priced for me (premium discount, platform fee; kobo)',
        response: { 200: envelope(ZVoteCreditPackages) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await credits.listPackages(app.ctx, requireAuth(req).userId)),
  );

  app.post(
    '/purchase',
    {
      schema: {
        tags,
        summary: 'Start a purchase of vote credits: answers the gateway page (authorizationUrl) and the quote',
        description:
          'Exactly one of package (small, medium, large, xlarge, xxlarge) or amount (whole vote credits at the custom price). ' +
          'The price is quoted on the server from my live tier. callbackUrl is kept only on our own PUBLIC_URL origin; ' +
          'otherwise the payer returns to /dashboard/payment-verification.',
        body: ZVoteCreditPurchaseBody,
        response: { 200: envelope(ZVoteCreditPurchaseStarted) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req) =>
      ok(await credits.startCreditPurchase(app.ctx, requireAuth(req).userId, req.body), credits.VOTE_CREDIT_MESSAGES.initialized),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Verify my purchase with the gateway and add the credits (exactly once)',
        description:
          'Only the buyer may verify. A paid purchase is credited once; verifying it again answers the same success with credited=false. ' +
          "Declined, abandoned, unpaid or mismatched payments answer 400 'Payment verification failed'; an unknown or foreign reference 404.",
        body: ZVerifyPaymentRequest,
        response: { 200: envelope(ZVoteCreditVerified) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(60) },
    },
    async (req) =>
      ok(await credits.verifyCreditPurchase(app.ctx, requireAuth(req).userId, req.body.reference), credits.VOTE_CREDIT_MESSAGES.verified),
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'My vote-credit history: purchases (pending, completed, failed) and every other credit movement, newest first',
        description:
          'Filters: type (vote_credit_purchase, vote_spend for paid votes and entry fees, or another ledger kind), status, ' +
          'startDate and endDate (ISO date-times, inclusive). voteCredits is signed; amount is the kobo paid for a purchase. ' +
          "A purchase is pending only while it may still be paid: one still unpaid a day after it started is failed ('Payment not " +
          "completed'), one paid with an amount that is not ours is failed ('Paid amount did not match'), a declined one is failed " +
          "with the gateway's reason.",
        querystring: ZVoteCreditTransactionsQuery,
        response: { 200: envelope(ZVoteCreditTransactionsPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await credits.listCreditTransactions(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'My vote credits now, completed purchases and credits used on votes and entry fees',
        response: { 200: envelope(ZVoteCreditStats) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await credits.creditStats(app.ctx, requireAuth(req).userId)),
  );
};
