import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCastResult,
  ZCastVote,
  ZContestStats,
  ZContestVoteStats,
  ZEntryVoteStats,
  ZMyVoteSummary,
  ZMyVotesQuery,
  ZRemovedVote,
  ZVote,
  ZVoteAnalytics,
  ZVoteAnalyticsQuery,
  ZVoteListQuery,
  ZVotePage,
  ZVotesOf,
  ZVotesOfQuery,
} from '@contesthub/shared';
import { envelope, ok, rateLimits, ZIdempotencyHeaders } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { castVote } from './cast-vote.js';
import { deviceIdOf } from './vote-risk.js';
import { contestOverviewStats } from './contest-stats.js';
import { removeVote } from './remove-vote.js';
import { voteAnalytics } from './vote-analytics.js';
import { contestVotes, entryVotes, getVote, listVotes, myVotes } from './vote-reads.js';
import { contestStats, entryStats, mySummary } from './vote-stats.js';
import { VOTE_MESSAGES } from './votes.messages.js';

const tags = ['votes'];

const idParams = z.object({ id: z.uuid({ error: 'Vote ID is required' }) });
const entryParams = z.object({ id: z.uuid({ error: 'Entry ID is required' }) });
const contestParams = z.object({ id: z.uuid({ error: 'Contest ID is required' }) });

/** Votes served at once; the overflow of a deadline rush gets 429 and retries (see plugins/load-shedding.ts). */
export const VOTES_IN_FLIGHT = 32;

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
        // Measured with bench/votes on 2 cores, one database call per vote (docs/benchmarks.md): 16
        // in flight refused 153 of 30,000 votes offered at 500/s in short stalls (p99 44 ms); 32
        // accepted all 30,000 at p99 38 ms, and a 4x burst at p99 125 ms. (With the contest row
        // hot, before issue 12, 40 in flight gave p99 480 ms.)
        maxInFlight: VOTES_IN_FLIGHT,
      },
    },
    async (req, reply) => {
      const ua = req.headers['user-agent'];
      const result = await castVote(app.ctx, requireAuth(req), req.body, req.headers['idempotency-key'], {
        ip: req.ip,
        deviceId: deviceIdOf(req.headers['x-device-id']),
        userAgent: typeof ua === 'string' ? ua : null,
      });
      return reply.status(result.replayed ? 200 : 201).send(ok(result, VOTE_MESSAGES.cast));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Votes, filtered (admins; a contest organizer for their contest)',
        querystring: ZVoteListQuery,
        response: { 200: envelope(ZVotePage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await listVotes(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/my-votes',
    {
      schema: { tags, summary: 'Votes I cast', querystring: ZMyVotesQuery, response: { 200: envelope(ZVotePage) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await myVotes(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/my-summary',
    {
      schema: { tags, summary: 'My voting totals', response: { 200: envelope(ZMyVoteSummary) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await mySummary(app.ctx, requireAuth(req))),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary: 'Votes per day and type (the contest organizer or an admin)',
        querystring: ZVoteAnalyticsQuery,
        response: { 200: envelope(ZVoteAnalytics) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await voteAnalytics(app.ctx, requireAuth(req), req.query)),
  );

  app.get(
    '/entry/:id',
    {
      schema: {
        tags,
        summary: "An entry's votes: aggregate for everyone, individual votes for its organizer and admins",
        params: entryParams,
        querystring: ZVotesOfQuery,
        response: { 200: envelope(ZVotesOf) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await entryVotes(app.ctx, req.auth, req.params.id, req.query)),
  );

  app.get(
    '/entry/:id/stats',
    {
      schema: {
        tags,
        summary: "An entry's vote statistics and ranking",
        params: entryParams,
        response: { 200: envelope(ZEntryVoteStats) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await entryStats(app.ctx, req.auth, req.params.id)),
  );

  app.get(
    '/contest/:id',
    {
      schema: {
        tags,
        summary: "A contest's votes: aggregate for everyone, individual votes for its organizer and admins",
        params: contestParams,
        querystring: ZVotesOfQuery,
        response: { 200: envelope(ZVotesOf) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await contestVotes(app.ctx, req.auth, req.params.id, req.query)),
  );

  app.get(
    '/contest/:id/stats',
    {
      schema: {
        tags,
        summary: "A contest's vote statistics, leading entries and (signed in) what I may still cast",
        params: contestParams,
        response: { 200: envelope(ZContestVoteStats) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await contestStats(app.ctx, req.auth, req.params.id)),
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
    async (req) => ok(await getVote(app.ctx, requireAuth(req), req.params.id)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Remove a fraudulent vote (admins): deactivated, counters lowered, paid credits refunded',
        params: idParams,
        response: { 200: envelope(ZRemovedVote) },
      },
      config: { access: 'admin' },
    },
    async (req) => {
      const { vote, ...entry } = await removeVote(app.ctx, req.params.id);
      return ok({ vote, entry }, VOTE_MESSAGES.removed);
    },
  );
};

/** GET /api/contests/:id/stats (registered under /contests): the contest's statistics, vote totals included. */
export const contestStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/stats',
    {
      schema: {
        tags: ['contests'],
        summary: 'Entries, votes, voters and top entries of a contest',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelope(ZContestStats) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await contestOverviewStats(app.ctx, req.params.id, req.auth)),
  );
};
