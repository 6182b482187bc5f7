/**
 * /api/admin-tools/contests/* and /api/admin-tools/withdrawals/* (issue 15 items 5 and 7): the
 * Contest Management page and the withdrawals that need a person. Reads and contest settings need
 * contests.manage_any, money (prize holds, withdrawals) payouts.manage: both admin-only. Every
 * action is audited in its own transaction by the operation it calls.
 */
import { integrityFlags } from '../fraud/fraud-reads.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTEST_OPS_MESSAGES,
  ZAttentionWithdrawalsPage,
  ZAttentionWithdrawalsQuery,
  ZContestFeature,
  ZContestPhaseAction,
  ZContestPrize,
  ZStaffContestSettings,
  ZStaffContestSettingsPage,
  ZStaffContestSettingsQuery,
  ZPendingEntriesPage,
  ZPendingEntriesQuery,
  ZPrizesPage,
  ZPrizesQuery,
  ZStaffReason,
  ZVotingMonitor,
  ZWithdrawalActionAnswer,
} from '@contesthub/shared';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { changeContestPhase } from '../contest-settlement/contest-phase.js';
import { holdPayout, listPrizes, releasePayout } from '../contest-settlement/payout-hold.js';
import { listContestSettings, setContestFeatured } from '../contests/contest-settings.js';
import { failWithdrawal, listAttentionWithdrawals, retryWithdrawal } from '../wallet/withdrawal-attention.js';
import { listPendingEntries } from './pending-entries.js';
import { votingMonitor } from './voting-monitor.js';

const tags = ['admin'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const manage = { access: 'admin', permission: 'contests.manage_any' } as const;
const payouts = { access: 'admin', permission: 'payouts.manage' } as const;
const reads = rateLimits.perUser(120);
const actions = rateLimits.perUser(30);

/** Under /admin-tools. */
export const contestOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contests/pending-entries',
    {
      schema: {
        tags,
        summary: 'Entries awaiting review, per contest, with the link to its review page (10 contests a page)',
        querystring: ZPendingEntriesQuery,
        response: { 200: envelope(ZPendingEntriesPage) },
      },
      config: { ...manage, rateLimit: reads },
    },
    async (req) => ok(await listPendingEntries(app.ctx, req.query)),
  );

  app.get(
    '/contests/voting-monitor',
    {
      schema: {
        tags,
        summary: 'Per live contest: votes per minute (10 and 60 minutes), paid, new-account and top-voter shares, risk flags',
        response: { 200: envelope(ZVotingMonitor) },
      },
      config: { ...manage, rateLimit: reads },
    },
    async () => ok(await votingMonitor(app.ctx, (ids) => integrityFlags(app.ctx, ids))),
  );

  app.get(
    '/contests/settings',
    {
      schema: {
        tags,
        summary: 'Running contests (active or voting) with their featured flag and phase dates (10 a page)',
        querystring: ZStaffContestSettingsQuery,
        response: { 200: envelope(ZStaffContestSettingsPage) },
      },
      config: { ...manage, rateLimit: reads },
    },
    async (req) => ok(await listContestSettings(app.ctx, req.query)),
  );

  app.get(
    '/contests/prizes',
    {
      schema: {
        tags,
        summary: 'Cash and hybrid prizes: escrow held, payout status, hold, winner (10 a page)',
        querystring: ZPrizesQuery,
        response: { 200: envelope(ZPrizesPage) },
      },
      config: { ...payouts, rateLimit: reads },
    },
    async (req) => ok(await listPrizes(app.ctx, req.query)),
  );

  app.put(
    '/contests/:id/payout-hold',
    {
      schema: {
        tags,
        summary: 'Hold a prize payout while a dispute is open (the prize stays in escrow)',
        params: idParams,
        body: ZStaffReason,
        response: { 200: envelope(ZContestPrize) },
      },
      config: { ...payouts, rateLimit: actions },
    },
    async (req) => ok(await holdPayout(app.ctx, staffActor(req), req.params.id, req.body.reason), CONTEST_OPS_MESSAGES.held),
  );

  app.put(
    '/contests/:id/payout-release',
    {
      schema: {
        tags,
        summary: 'Release a held prize payout (paid now when the contest has ended, exactly once)',
        params: idParams,
        body: ZStaffReason,
        response: { 200: envelope(ZContestPrize) },
      },
      config: { ...payouts, rateLimit: actions },
    },
    async (req) => ok(await releasePayout(app.ctx, staffActor(req), req.params.id, req.body.reason), CONTEST_OPS_MESSAGES.released),
  );

  app.put(
    '/contests/:id/feature',
    {
      schema: {
        tags,
        summary: 'Feature a contest on the home page (featured contests show first)',
        params: idParams,
        body: ZContestFeature,
        response: { 200: envelope(ZStaffContestSettings) },
      },
      config: { ...manage, rateLimit: actions },
    },
    async (req) => {
      const settings = await setContestFeatured(app.ctx, staffActor(req), req.params.id, req.body.featured);
      return ok(settings, req.body.featured ? CONTEST_OPS_MESSAGES.featured : CONTEST_OPS_MESSAGES.unfeatured);
    },
  );

  app.put(
    '/contests/:id/phase',
    {
      schema: {
        tags,
        summary: "Extend a phase's end (until) or close it now (closing voting ends and settles the contest); reason required",
        params: idParams,
        body: ZContestPhaseAction,
        response: { 200: envelope(ZStaffContestSettings) },
      },
      config: { ...manage, rateLimit: actions },
    },
    async (req) => {
      const settings = await changeContestPhase(app.ctx, staffActor(req), req.params.id, req.body);
      return ok(settings, req.body.action === 'extend' ? CONTEST_OPS_MESSAGES.extended : CONTEST_OPS_MESSAGES.closed);
    },
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        tags,
        summary: 'Withdrawals that need a person: held (owner banned), refused by the gateway, or stuck (10 a page)',
        querystring: ZAttentionWithdrawalsQuery,
        response: { 200: envelope(ZAttentionWithdrawalsPage) },
      },
      config: { ...payouts, rateLimit: reads },
    },
    async (req) => ok(await listAttentionWithdrawals(app.ctx, req.query)),
  );

  app.put(
    '/withdrawals/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a pending withdrawal to the gateway again with the same reference (lifts a hold)',
        params: idParams,
        response: { 200: envelope(ZWithdrawalActionAnswer) },
      },
      config: { ...payouts, rateLimit: actions },
    },
    async (req) =>
      ok({ withdrawal: await retryWithdrawal(app.ctx, staffActor(req), req.params.id) }, CONTEST_OPS_MESSAGES.withdrawalRetried),
  );

  app.put(
    '/withdrawals/:id/fail',
    {
      schema: {
        tags,
        summary: 'Mark a pending withdrawal failed and refund amount + fee to the wallet, once',
        params: idParams,
        body: ZStaffReason,
        response: { 200: envelope(ZWithdrawalActionAnswer) },
      },
      config: { ...payouts, rateLimit: actions },
    },
    async (req) =>
      ok(
        { withdrawal: await failWithdrawal(app.ctx, staffActor(req), req.params.id, req.body.reason) },
        CONTEST_OPS_MESSAGES.withdrawalFailed,
      ),
  );
};
