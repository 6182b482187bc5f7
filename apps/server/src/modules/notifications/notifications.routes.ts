import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAnnouncementBody,
  ZAnnouncementResult,
  ZNotification,
  ZNotificationDeleted,
  ZNotificationIdParams,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationsMarkedRead,
  ZNotificationUnreadCount,
} from '@contesthub/shared';
import { envelope, ok, rateLimits, staffActor } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as notifications from './notifications.service.js';

const tags = ['notifications'];
const { NOTIFICATION_MESSAGES: M } = notifications;

/** /api/notifications: the caller's notifications (spec 001 §7). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (page, limit 20, type, isRead, priority, isArchived)',
        querystring: ZNotificationListQuery,
        response: { 200: envelope(ZNotificationList) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(120) },
    },
    async (req) => ok(await notifications.listNotifications(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.get(
    '/unread-count',
    {
      schema: { tags, summary: 'How many of my notifications are unread', response: { 200: envelope(ZNotificationUnreadCount) } },
      // Polled every 30 s by each open tab, and after each change.
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(240) },
    },
    async (req) => ok(await notifications.unreadCount(app.ctx, requireAuth(req).userId)),
  );

  // Declared before '/:id/read' is matched: a static segment wins in find-my-way anyway.
  app.put(
    '/mark-all-read',
    {
      schema: { tags, summary: 'Mark all my notifications read', response: { 200: envelope(ZNotificationsMarkedRead) } },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await notifications.readAll(app.ctx, requireAuth(req).userId), M.allRead),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: ZNotificationIdParams,
        response: { 200: envelope(ZNotification) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(120) },
    },
    async (req) => ok(await notifications.readNotification(app.ctx, requireAuth(req).userId, req.params.id), M.read),
  );

  // Beyond spec 001 §7: the states unseen → seen (the bell opened) and archived.
  app.put(
    '/mark-all-seen',
    {
      schema: {
        tags,
        summary: 'Mark all my unseen notifications seen (the bell was opened)',
        response: { 200: envelope(ZNotificationsMarkedRead) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await notifications.seeAll(app.ctx, requireAuth(req).userId), M.allSeen),
  );

  app.put(
    '/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive one of my notifications',
        params: ZNotificationIdParams,
        response: { 200: envelope(ZNotification) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(120) },
    },
    async (req) => ok(await notifications.archiveNotification(app.ctx, requireAuth(req).userId, req.params.id), M.archived),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my notifications',
        params: ZNotificationIdParams,
        response: { 200: envelope(ZNotificationDeleted) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(120) },
    },
    async (req) => ok(await notifications.deleteNotification(app.ctx, requireAuth(req).userId, req.params.id), M.deleted),
  );
};

/** /api/admin-tools/announcements: a system_announcement to everyone or one tier (admins only). */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/announcements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a system announcement to everyone or to the members of one tier',
        body: ZAnnouncementBody,
        response: { 201: envelope(ZAnnouncementResult) },
      },
      config: { access: 'admin', permission: 'announcements.send', rateLimit: rateLimits.perUser(10) },
    },
    async (req, reply) => reply.status(201).send(ok(await notifications.announce(app.ctx, staffActor(req), req.body), M.announced)),
  );
};
