import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VOTE_TYPES, ZCastVote, ZPagination, ZRefundContest } from '@contesthub/shared';
import { envelope, ok, rateLimits, ZIdempotencyHeaders } from '../../lib/http.js';
import { pageQueryFields } from '../../lib/pagination.js';
import { requireAuth } from '../../plugins/auth.js';
import * as votes from './votes.service.js';

const tags = ['votes'];

const ZVoter = z.object({ _id: z.string(), fullName: z.string(), username: z.string(), profilePicture: z.string().nullable() });
export const ZVote = z.object({
  _id: z.string(),
  entryId: z.string(),
  contestId: z.string(),
  voteType: z.enum(VOTE_TYPES),
  /** Votes in this call (paid 1–10, free 1). */
  amount: z.number().int(),
  /** 1 for free, 5 for paid. */
  weight: z.number().int(),
  weightedTotal: z.number().int(),
  /** Vote credits. */
  creditsSpent: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Only in answers to the contest's organizer, admins (and the voter's own vote). */
  voter: ZVoter.optional(),
  entry: z.object({ _id: z.string(), title: z.string() }).optional(),
  contest: z.object({ _id: z.string(), title: z.string() }).optional(),
});
const ZRemaining = z.object({ freeVotes: z.number().int(), totalVotes: z.number().int().nullable() });
const ZEntryCounters = z.object({ _id: z.string(), votesCount: z.number().int(), weightedVotes: z.number().int() });
const ZCastResult = z.object({ vote: ZVote, entry: ZEntryCounters, remaining: ZRemaining, replayed: z.boolean() });
const ZVotePage = z.object({ votes: z.array(ZVote), pagination: ZPagination });
const ZAggregate = z.object({
  votes: z.number().int(),
  freeVotes: z.number().int(),
  paidVotes: z.number().int(),
  weightedVotes: z.number().int(),
  /** Null unless the caller is the contest's organizer or an admin. */
  creditsSpent: z.number().nullable(),
  uniqueVoters: z.number().int(),
  lastVoteAt: z.string().nullable(),
});
const ZVotesOf = ZVotePage.extend({ summary: ZAggregate, votersVisible: z.boolean() });

const idParams = z.object({ id: z.uuid({ error: 'Vote ID is required' }) });
const entryParams = z.object({ id: z.uuid({ error: 'Entry ID is required' }) });
const contestParams = z.object({ id: z.uuid({ error: 'Contest ID is required' }) });
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid date');

/** Votes served at once; the overflow of a deadline rush gets 429 and retries (see plugins/load-shedding.ts). */
export const VOTES_IN_FLIGHT = 16;

/** /api/votes */
export const voteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Cast a vote (free or paid); an Idempotency-Key header makes a retried vote count once',
        body: ZCastVote,
        headers: ZIdempotencyHeaders,
        response: { 201: envelope(ZCastResult), 200: envelope(ZCastResult) },
      },
      // Per voter, not per address: many voters may share a network. The per-contest and daily
      // limits are the real caps; this only stops a runaway client.
      config: {
        access: 'verified',
        rateLimit: rateLimits.perUser(120),
        // Measured with bench/votes on 2 cores: 8 in flight gave 277 votes/s at p99 54 ms, 16 gave
        // 311/s at p99 133 ms, 40 gave 209/s at p99 480 ms (more transactions queueing on the
        // contest row and competing for the CPU).
        maxInFlight: VOTES_IN_FLIGHT,
      },
    },
    async (req, reply) => {
      const result = await votes.castVote(app.ctx, requireAuth(req), req.body, req.headers['idempotency-key']);
      return reply.status(result.replayed ? 200 : 201).send(ok(result, votes.VOTE_MESSAGES.cast));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Votes, filtered (admins; a contest organizer for their contest)',
        querystring: z.object({
          ...pageQueryFields,
          contest: z.uuid().optional(),
          entry: z.uuid().optional(),
          voter: z.uuid().optional(),
          voteType: z.enum(VOTE_TYPES).optional(),
          isActive: booleanQuery.optional(),
          sortBy: z.enum(['createdAt', 'amount', 'weightedTotal']).default('createdAt'),
          sortOrder: z.enum(['asc', 'desc']).default('desc'),
        }),
        response: { 200: envelope(ZVotePage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await votes.listVotes(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/my-votes',
    {
      schema: {
        tags,
        summary: 'Votes I cast',
        querystring: z.object({ ...pageQueryFields, contest: z.uuid().optional(), voteType: z.enum(VOTE_TYPES).optional() }),
        response: { 200: envelope(ZVotePage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await votes.myVotes(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/my-summary',
    {
      schema: {
        tags,
        summary: 'My voting totals',
        response: {
          200: envelope(
            z.object({
              totalVotes: z.number().int(),
              freeVotes: z.number().int(),
              paidVotes: z.number().int(),
              weightedVotes: z.number().int(),
              votesCast: z.number().int(),
              creditsSpent: z.number(),
              creditsRefunded: z.number(),
              contestsVotedIn: z.number().int(),
              entriesVotedFor: z.number().int(),
              lastVoteAt: z.string().nullable(),
              freeVotesToday: z.number().int(),
              dailyFreeVoteLimit: z.number().int(),
            }),
          ),
        },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await votes.mySummary(app.ctx, requireAuth(req))),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary: 'Votes per day and type (the contest organizer or an admin)',
        querystring: z.object({
          contest: z.uuid().optional(),
          entry: z.uuid().optional(),
          voteType: z.enum(VOTE_TYPES).optional(),
          dateFrom: isoDate.optional(),
          dateTo: isoDate.optional(),
        }),
        response: {
          200: envelope(
            z.object({
              contestId: z.string().nullable(),
              entryId: z.string().nullable(),
              voteType: z.enum(VOTE_TYPES).nullable(),
              range: z.object({ from: z.string(), to: z.string() }),
              daily: z.array(
                z.object({
                  date: z.string(),
                  free: z.number().int(),
                  paid: z.number().int(),
                  weighted: z.number().int(),
                  casts: z.number().int(),
                }),
              ),
              totals: ZAggregate.omit({ lastVoteAt: true }).extend({ creditsSpent: z.number() }),
            }),
          ),
        },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await votes.voteAnalytics(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/entry/:id',
    {
      schema: {
        tags,
        summary: "An entry's votes: aggregate for everyone, individual votes for its organizer and admins",
        params: entryParams,
        querystring: z.object({ ...pageQueryFields, voteType: z.enum(VOTE_TYPES).optional() }),
        response: { 200: envelope(ZVotesOf) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await votes.entryVotes(app.ctx, req.auth, req.params.id, req.query)),
  );

  app.get(
    '/entry/:id/stats',
    {
      schema: {
        tags,
        summary: "An entry's vote statistics and ranking",
        params: entryParams,
        response: {
          200: envelope(
            z.object({
              entryId: z.string(),
              contestId: z.string(),
              votesCount: z.number().int(),
              weightedVotes: z.number().int(),
              freeVotes: z.number().int(),
              paidVotes: z.number().int(),
              uniqueVoters: z.number().int(),
              creditsSpent: z.number().nullable(),
              lastVoteAt: z.string().nullable(),
              ranking: z.number().int().nullable(),
            }),
          ),
        },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await votes.entryStats(app.ctx, req.auth, req.params.id)),
  );

  app.get(
    '/contest/:id',
    {
      schema: {
        tags,
        summary: "A contest's votes: aggregate for everyone, individual votes for its organizer and admins",
        params: contestParams,
        querystring: z.object({ ...pageQueryFields, voteType: z.enum(VOTE_TYPES).optional() }),
        response: { 200: envelope(ZVotesOf) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await votes.contestVotes(app.ctx, req.auth, req.params.id, req.query)),
  );

  app.get(
    '/contest/:id/stats',
    {
      schema: {
        tags,
        summary: "A contest's vote statistics, leading entries and (signed in) what I may still cast",
        params: contestParams,
        response: {
          200: envelope(
            z.object({
              contestId: z.string(),
              totalVotes: z.number().int(),
              votesCount: z.number().int(),
              freeVotes: z.number().int(),
              paidVotes: z.number().int(),
              uniqueVoters: z.number().int(),
              creditsSpent: z.number().nullable(),
              votingFee: z.number(),
              dailyFreeVoteLimit: z.number().int(),
              lastVoteAt: z.string().nullable(),
              topEntries: z.array(
                z.object({
                  _id: z.string(),
                  title: z.string(),
                  votesCount: z.number().int(),
                  weightedVotes: z.number().int(),
                  rank: z.number().int(),
                }),
              ),
              me: z.object({ votesCast: z.number().int(), freeVotesUsed: z.number().int(), remaining: ZRemaining }).nullable(),
            }),
          ),
        },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await votes.contestStats(app.ctx, req.auth, req.params.id)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One vote (its voter, the contest organizer or an admin)',
        params: idParams,
        response: { 200: envelope(ZVote) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await votes.getVote(app.ctx, requireAuth(req), req.params.id)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Remove a fraudulent vote (admins): deactivated, counters lowered, paid credits refunded',
        params: idParams,
        response: { 200: envelope(z.object({ vote: ZVote, entry: ZEntryCounters })) },
      },
      config: { access: 'admin' },
    },
    async (req) => {
      const { vote, ...entry } = await votes.removeVote(app.ctx, req.params.id);
      return ok({ vote, entry }, votes.VOTE_MESSAGES.removed);
    },
  );

  app.post(
    '/refund-contest/:contestId',
    {
      schema: {
        tags,
        summary: 'Cancel a contest and refund its escrow and paid votes (the organizer or an admin)',
        params: z.object({ contestId: z.uuid({ error: 'Contest ID is required' }) }),
        body: ZRefundContest,
        response: { 200: envelope(votes.ZRefundContestResult) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const result = await votes.refundContest(app.ctx, requireAuth(req), req.params.contestId, req.body.reason);
      return ok(result, votes.VOTE_MESSAGES.refunded);
    },
  );
};
