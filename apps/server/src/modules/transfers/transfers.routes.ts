import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreditTransferDone,
  ZCreditTransferRequest,
  ZTransferHistoryPage,
  ZTransferHistoryQuery,
  ZTransferUserSearch,
  ZTransferUserSearchQuery,
} from '@contesthub/shared';
import { envelope, ok, ZIdempotencyHeaders, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as transfers from './transfers.service.js';

const tags = ['vote credit transfers'];

/** /api/vote-credit-transfers: send vote credits to another user, transfer history, recipient search. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/transfer',
    {
      schema: {
        tags,
        summary: 'Send vote credits to one user (₦100 fee from my naira wallet); an Idempotency-Key header makes a retry move them once',
        description:
          'amount is whole vote credits, 10 or more. The account password is checked again. The recipient must be an active, ' +
          'email-verified user other than me. Credits and the fee move in one ledger posting. A retry with the same Idempotency-Key ' +
          'answers the first result; the same key with a different transfer answers 409.',
        body: ZCreditTransferRequest,
        headers: ZIdempotencyHeaders,
        response: { 200: envelope(ZCreditTransferDone) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(30) },
    },
    async (req) =>
      ok(
        await transfers.transferCredits(app.ctx, requireAuth(req).userId, req.body, req.headers['idempotency-key']),
        transfers.TRANSFER_MESSAGES.transferred,
      ),
  );

  app.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'My transfers: credits sent (negative), received (positive) and fees paid (kobo, negative), newest first',
        querystring: ZTransferHistoryQuery,
        response: { 200: envelope(ZTransferHistoryPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await transfers.transferHistory(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/search-users',
    {
      schema: {
        tags,
        summary:
          'People I can send vote credits to: active, verified users whose name contains q or whose email is q (at most 10, by name)',
        description:
          'Names match anywhere, case-insensitive. Emails match only when q is the whole email (case-insensitive): no one can list ' +
          "people by a part of their email such as 'gmail'.",
        querystring: ZTransferUserSearchQuery,
        response: { 200: envelope(ZTransferUserSearch) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await transfers.searchUsers(app.ctx, requireAuth(req).userId, req.query.q)),
  );
};
