import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_USER_MESSAGES,
  STANDING_MESSAGES,
  ZAdminDashboardStats,
  ZAdminUser,
  ZAdminUserDetail,
  ZAdminUsersPage,
  ZAdminUsersQuery,
  ZAppealDecision,
  ZAppealsPage,
  ZAppealsQuery,
  ZAppealView,
  ZUserRoleChange,
  ZUserStatusChange,
} from '@contesthub/shared';
import { requireAuth } from '../../plugins/auth.js';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { appealsPage } from '../standing/standing.js';
import { decideAppeal } from './decide-appeal.js';
import { adminUserDetail, dashboardStats, listAdminUsers } from './user-reads.js';
import { changeRole } from './user-role.js';
import { banUser, unbanUser } from './user-status.js';
import { verifyUser } from './verify-user.js';

const tags = ['admin'];
const userParams = z.object({ id: z.uuid({ error: ADMIN_USER_MESSAGES.userNotFound }) });
const appealParams = z.object({ id: z.uuid({ error: STANDING_MESSAGES.appealNotFound }) });
const read = rateLimits.perUser(60);
const act = rateLimits.perUser(30);

/** /api/admin-tools: the top cards, user administration and the appeals queue (spec 002 §2.1, §7). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard-stats',
    {
      schema: {
        tags,
        summary: 'Active, recently active (30 days) and banned users; this month’s platform revenue in kobo (finance.read only, else null)',
        response: { 200: envelope(ZAdminDashboardStats) },
      },
      config: { access: 'moderator', permission: 'users.moderate', rateLimit: read },
    },
    async (req) => ok(await dashboardStats(app.ctx, requireAuth(req))),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first: page, limit (10), search (name, username, email), status, role',
        querystring: ZAdminUsersQuery,
        response: { 200: envelope(ZAdminUsersPage) },
      },
      config: { access: 'moderator', permission: 'users.moderate', rateLimit: read },
    },
    async (req) => ok(await listAdminUsers(app.ctx, req.query)),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user: their counts, strikes, appeals, open sessions and the latest staff actions about them',
        params: userParams,
        response: { 200: envelope(ZAdminUserDetail) },
      },
      config: { access: 'moderator', permission: 'users.moderate', rateLimit: read },
    },
    async (req) => ok(await adminUserDetail(app.ctx, req.params.id)),
  );

  app.put(
    '/users/:id/status',
    {
      schema: {
        tags,
        summary: 'Ban (reason required: sessions revoked, streams closed, a ban strike, a mail) or unban a user',
        params: userParams,
        body: ZUserStatusChange,
        response: { 200: envelope(ZAdminUser) },
      },
      config: { access: 'moderator', permission: 'users.moderate', rateLimit: act },
    },
    async (req) => {
      const actor = staffActor(req);
      const { status, reason } = req.body;
      if (status === 'banned')
        return ok(await banUser(app.ctx, actor, { userId: req.params.id, reason: reason! }), ADMIN_USER_MESSAGES.banned);
      return ok(await unbanUser(app.ctx, actor, req.params.id, reason ?? null), ADMIN_USER_MESSAGES.unbanned);
    },
  );

  app.put(
    '/users/:id/role',
    {
      schema: {
        tags,
        summary: 'Change a user’s role (admins only; not one’s own; never the last admin)',
        params: userParams,
        body: ZUserRoleChange,
        response: { 200: envelope(ZAdminUser) },
      },
      config: { access: 'admin', permission: 'roles.manage', rateLimit: act },
    },
    async (req) => ok(await changeRole(app.ctx, staffActor(req), req.params.id, req.body.role), ADMIN_USER_MESSAGES.roleUpdated),
  );

  app.put(
    '/users/:id/verify',
    {
      schema: { tags, summary: 'Mark a user verified', params: userParams, response: { 200: envelope(ZAdminUser) } },
      config: { access: 'moderator', permission: 'users.moderate', rateLimit: act },
    },
    async (req) => ok(await verifyUser(app.ctx, staffActor(req), req.params.id), ADMIN_USER_MESSAGES.verified),
  );

  app.get(
    '/appeals',
    {
      schema: {
        tags,
        summary: 'Appeals of strikes: pending first (oldest first), then decided',
        querystring: ZAppealsQuery,
        response: { 200: envelope(ZAppealsPage) },
      },
      config: { access: 'moderator', permission: 'appeals.manage', rateLimit: read },
    },
    async (req) => ok(await appealsPage(app.ctx, req.query)),
  );

  app.put(
    '/appeals/:id',
    {
      schema: {
        tags,
        summary: 'Approve or reject an appeal (not by the strike’s issuer); approving a ban’s appeal unbans',
        params: appealParams,
        body: ZAppealDecision,
        response: { 200: envelope(ZAppealView) },
      },
      config: { access: 'moderator', permission: 'appeals.manage', rateLimit: act },
    },
    async (req) => {
      const { appeal, message } = await decideAppeal(app.ctx, staffActor(req), req.params.id, req.body);
      return ok(appeal, message);
    },
  );
};
