import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBulkApprove,
  ZBulkApproveResult,
  ZBulkReject,
  ZBulkRejectResult,
  ZContestEntriesQuery,
  ZEntryAnswer,
  ZEntryBrowseList,
  ZEntryBrowseQuery,
  ZEntryDecision,
  ZEntryDeleted,
  ZEntryLikeResult,
  ZEntryList,
  ZEntryStats,
  ZLeaderboard,
  ZLeaderboardQuery,
  ZMyEntriesList,
  ZMyEntriesQuery,
  ZRejectEntry,
  ZReviewEntriesPage,
  ZReviewQuery,
  ZReviewStats,
  ZSubmitEntryResult,
  ZUpdateEntry,
} from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import { readEntryForm } from './entry-intake.js';
import { ENTRY_UPLOAD_LIMITS, MAX_FILES_PER_ENTRY } from './entry-media.js';
import type { Actor } from '@contesthub/shared';
import { deleteEntry, updateEntry } from './edit-entry.js';
import { likeEntry, unlikeEntry } from './entry-likes.js';
import * as review from './entry-review.js';
import { contestEntries, contestLeaderboard, entryStats, getEntry, listEntries, myEntries } from './list-entries.js';
import { submitEntry } from './submit-entry.js';

const tags = ['entries'];
const ZEntryId = z.object({ id: z.uuid({ error: 'Invalid entry ID' }) });
const ZContestId = z.object({ id: z.uuid({ error: 'Invalid contest ID' }) });
const ZReviewContestId = z.object({ contestId: z.uuid({ error: 'Invalid contest ID' }) });

/** The caller as the services see it (undefined on an anonymous optional route). */
const actorOf = (req: FastifyRequest): Actor | undefined => (req.auth ? { userId: req.auth.userId, role: req.auth.role } : undefined);
const signedIn = (req: FastifyRequest): Actor => {
  const auth = requireAuth(req);
  return { userId: auth.userId, role: auth.role };
};

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const limitsText = (['photo', 'video', 'audio', 'article'] as const)
  .map((t) => `${t} ${mb(ENTRY_UPLOAD_LIMITS.free[t])} (premium ${mb(ENTRY_UPLOAD_LIMITS.premium[t])})`)
  .join(', ');

/** /api/entries: submit, browse, review, edit, delete, like. */
export const entryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart parsing exists only in this plugin's scope; limits are set per request from the tier.
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Submit an entry',
        description:
          'multipart/form-data: contestId, title, description, entryType, tags (JSON array string or repeated fields), ' +
          `settings (JSON string, e.g. {"allowSharing":true}) and 1–${MAX_FILES_PER_ENTRY} file parts (\`files\`). Send the fields ` +
          'before the files so a refusal comes before the upload. Files are recognised by their content: photo JPG/PNG/GIF/WEBP ' +
          '(re-encoded to WebP with a thumbnail, metadata removed), video MP4/AVI/MOV/WEBM, audio MP3/WAV/OGG/M4A/AAC/WEBM, ' +
          `article PDF/DOC/DOCX/TXT. Per-file limits: ${limitsText}. A paid contest charges its entry fee in vote credits.`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(ZSubmitEntryResult) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(10) },
    },
    async (req, reply) => {
      const { message, ...result } = await submitEntry(app.ctx, requireAuth(req).userId, (opts) => readEntryForm(req, opts));
      return reply.status(201).send(ok(result, message));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Browse entries',
        description:
          'Approved entries; a signed-in caller also sees their own and those of contests they organize (admins see all). ' +
          'sortBy newest | oldest | popular (likes) | votes (weighted votes, ranking order) | title; sortOrder reverses the natural order. ' +
          'minVotes filters on weighted votes.',
        querystring: ZEntryBrowseQuery,
        response: { 200: envelope(ZEntryBrowseList) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await listEntries(app.ctx, actorOf(req), req.query)),
  );

  app.get(
    '/my-entries',
    {
      schema: {
        tags,
        summary: 'My entries with their contest, ranking and the approved entries it is out of',
        description:
          'status: pending | approved | rejected | disqualified | voting (contest in its voting period) | completed (contest ended).',
        querystring: ZMyEntriesQuery,
        response: { 200: envelope(ZMyEntriesList) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await myEntries(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/contest/:id',
    {
      schema: {
        tags,
        summary: "A contest's entries",
        description: 'Approved entries plus the caller’s own; the organizer and admins see every entry.',
        params: ZContestId,
        querystring: ZContestEntriesQuery,
        response: { 200: envelope(ZEntryList) },
      },
      config: { access: 'optional' },
    },
    async (req) => ok(await contestEntries(app.ctx, actorOf(req), req.params.id, req.query)),
  );

  app.get(
    '/contest/:id/leaderboard',
    {
      schema: {
        tags,
        summary: "A contest's leaderboard",
        description:
          'Approved entries by weighted votes; ties go to the entry submitted earlier, then to the lower id. limit 1–50 (default 10).',
        params: ZContestId,
        querystring: ZLeaderboardQuery,
        response: { 200: envelope(ZLeaderboard) },
      },
      config: { access: 'public' },
    },
    async (req) => ok(await contestLeaderboard(app.ctx, req.params.id, req.query.limit)),
  );

  app.get(
    '/review/:contestId',
    {
      schema: {
        tags,
        summary: 'Entries to review (organizer or admin)',
        params: ZReviewContestId,
        querystring: ZReviewQuery,
        response: { 200: envelope(ZReviewEntriesPage) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await review.reviewList(app.ctx, signedIn(req), req.params.contestId, req.query)),
  );

  app.get(
    '/review-stats/:contestId',
    {
      schema: { tags, summary: 'Review tiles (organizer or admin)', params: ZReviewContestId, response: { 200: envelope(ZReviewStats) } },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await review.reviewStats(app.ctx, signedIn(req), req.params.contestId)),
  );

  app.patch(
    '/bulk-approve',
    {
      schema: {
        tags,
        summary: 'Approve several pending entries (organizer or admin)',
        body: ZBulkApprove,
        response: { 200: envelope(ZBulkApproveResult) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const result = await review.bulkApprove(app.ctx, signedIn(req), req.body);
      return ok(result, review.REVIEW_MESSAGES.approvedMany(result.approvedCount));
    },
  );

  app.patch(
    '/bulk-reject',
    {
      schema: {
        tags,
        summary: 'Reject several pending entries with a reason (organizer or admin); paid fees are refunded',
        body: ZBulkReject,
        response: { 200: envelope(ZBulkRejectResult) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => {
      const result = await review.bulkReject(app.ctx, signedIn(req), req.body);
      return ok(result, review.REVIEW_MESSAGES.rejectedMany(result.rejectedCount));
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'One entry', params: ZEntryId, response: { 200: envelope(ZEntryAnswer) } },
      config: { access: 'optional' },
    },
    async (req) => ok({ entry: await getEntry(app.ctx, actorOf(req), req.params.id) }),
  );

  app.get(
    '/:id/stats',
    {
      schema: { tags, summary: "An entry's vote, like and ranking figures", params: ZEntryId, response: { 200: envelope(ZEntryStats) } },
      config: { access: 'optional' },
    },
    async (req) => ok(await entryStats(app.ctx, actorOf(req), req.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit my entry (title, description, tags, sharing) while the contest accepts entries',
        params: ZEntryId,
        body: ZUpdateEntry,
        response: { 200: envelope(ZEntryAnswer) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok({ entry: await updateEntry(app.ctx, signedIn(req), req.params.id, req.body) }, 'Entry updated successfully'),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete an entry',
        description:
          'The participant, while the contest accepts entries and the entry has no votes (the entry fee is refunded); ' +
          'the organizer or an admin at any time unless the entry holds paid votes.',
        params: ZEntryId,
        response: { 200: envelope(ZEntryDeleted) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await deleteEntry(app.ctx, signedIn(req), req.params.id), 'Entry deleted successfully'),
  );

  app.patch(
    '/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending entry (organizer or admin)',
        params: ZEntryId,
        response: { 200: envelope(ZEntryDecision) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await review.approveEntry(app.ctx, signedIn(req), req.params.id), review.REVIEW_MESSAGES.approvedOne),
  );

  app.patch(
    '/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending entry with a reason (organizer or admin); a paid fee is refunded',
        params: ZEntryId,
        body: ZRejectEntry,
        response: { 200: envelope(ZEntryDecision) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await review.rejectEntry(app.ctx, signedIn(req), req.params.id, req.body), review.REVIEW_MESSAGES.rejectedOne),
  );

  const likeConfig = { access: 'signedIn' as const, rateLimit: rateLimits.perUser(60) };
  app.post(
    '/:id/like',
    {
      schema: { tags, summary: 'Like an approved entry (idempotent)', params: ZEntryId, response: { 200: envelope(ZEntryLikeResult) } },
      config: likeConfig,
    },
    async (req) => ok(await likeEntry(app.ctx, signedIn(req), req.params.id), 'Entry liked'),
  );
  app.delete(
    '/:id/like',
    {
      schema: { tags, summary: 'Remove my like (idempotent)', params: ZEntryId, response: { 200: envelope(ZEntryLikeResult) } },
      config: likeConfig,
    },
    async (req) => ok(await unlikeEntry(app.ctx, signedIn(req), req.params.id), 'Entry unliked'),
  );
};

/**
 * DELETE /api/contests/:id/entries/:entryId (registered under /contests): the contest family's path
 * for removing one entry (spec 000 §7); the same rules as DELETE /api/entries/:id.
 */
export const contestEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id/entries/:entryId',
    {
      schema: {
        tags: ['contests'],
        summary: 'Remove an entry from a contest (participant, organizer or admin)',
        params: z.object({ id: z.uuid({ error: 'Contest ID is required' }), entryId: z.uuid({ error: 'Entry ID is required' }) }),
        response: { 200: envelope(ZEntryDeleted) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await deleteEntry(app.ctx, requireAuth(req), req.params.entryId, { contestId: req.params.id }), 'Entry deleted'),
  );
};
