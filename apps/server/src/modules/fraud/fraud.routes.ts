import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FRAUD_MESSAGES,
  ZFraudSignals,
  ZFraudSignalsQuery,
  ZHeldVotePage,
  ZHeldVotesQuery,
  ZReviewedVote,
  ZSecurityLogPage,
  ZSecurityLogQuery,
  ZUserVerificationPage,
  ZUserVerificationQuery,
  ZVoidVote,
  ZVoteIntegrity,
} from '@contesthub/shared';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { countHeldVote, voidHeldVote } from '../votes/review-vote.js';
import { listSecurityLogs, listUserVerification } from './account-reads.js';
import { fraudSignals, listHeldVotes, voteIntegrity } from './fraud-reads.js';

const tags = ['admin'];
const voteParams = z.object({ id: z.uuid({ error: 'Vote ID must be a valid id' }) });
const contestParams = z.object({ id: z.uuid({ error: 'Contest ID is required' }) });
const review = { access: 'moderator', permission: 'votes.review' } as const;

/** /api/admin-tools: held votes, fraud signals, users' verification and security logs (moderators with votes.review). */
export const fraudRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/votes/held',
    {
      schema: {
        tags,
        summary: 'Votes held for review (risk at or above the hold threshold), riskiest first, 10 a page; optional contestId',
        querystring: ZHeldVotesQuery,
        response: { 200: envelope(ZHeldVotePage) },
      },
      config: { ...review, rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await listHeldVotes(app.ctx, req.query)),
  );

  app.put(
    '/votes/:id/count',
    {
      schema: {
        tags,
        summary: "Count a held vote: it joins its entry's and contest's totals (409 when it is not held)",
        params: voteParams,
        response: { 200: envelope(ZReviewedVote) },
      },
      config: { ...review, rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await countHeldVote(app.ctx, staffActor(req), req.params.id), FRAUD_MESSAGES.counted),
  );

  app.put(
    '/votes/:id/void',
    {
      schema: {
        tags,
        summary: 'Void a held vote with a reason: it never counts, its credits are refunded once, the voter is told (409 when not held)',
        params: voteParams,
        body: ZVoidVote,
        response: { 200: envelope(ZReviewedVote) },
      },
      config: { ...review, rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await voidHeldVote(app.ctx, staffActor(req), req.params.id, req.body.reason), FRAUD_MESSAGES.voided),
  );

  app.get(
    '/fraud/signals',
    {
      schema: {
        tags,
        summary: 'Fraud signals: risk distribution (30 days), held and voided totals, flagged groups (paged), top risky voters',
        querystring: ZFraudSignalsQuery,
        response: { 200: envelope(ZFraudSignals) },
      },
      config: { ...review, rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await fraudSignals(app.ctx, req.query)),
  );

  app.get(
    '/users/verification',
    {
      schema: {
        tags,
        summary: "Users' verification states (email, phone on file, 2FA, bank account for payouts), 10 a page",
        querystring: ZUserVerificationQuery,
        response: { 200: envelope(ZUserVerificationPage) },
      },
      config: { ...review, rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await listUserVerification(app.ctx, req.query)),
  );

  app.get(
    '/security-logs',
    {
      schema: {
        tags,
        summary: 'Logins, failed logins, lockouts, 2FA changes and staff actions in one list, newest first; type filter',
        querystring: ZSecurityLogQuery,
        response: { 200: envelope(ZSecurityLogPage) },
      },
      config: { ...review, rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await listSecurityLogs(app.ctx, req.query)),
  );
};

/** /api/contests/{id}/vote-integrity: counted, held and voided votes of a contest (public, like its results). */
export const voteIntegrityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/vote-integrity',
    {
      schema: {
        tags: ['votes'],
        summary: "A contest's votes counted, held for review and voided, with reason counts and the paid share",
        params: contestParams,
        response: { 200: envelope(ZVoteIntegrity) },
      },
      config: { access: 'optional', rateLimit: rateLimits.perAddress(60) },
    },
    async (req) => ok(await voteIntegrity(app.ctx, req.params.id)),
  );
};
