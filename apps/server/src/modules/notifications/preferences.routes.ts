import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PREFERENCE_MESSAGES,
  ZNotificationPreferences,
  ZNotificationPreferencesUpdate,
  ZPushDevices,
  ZPushPublicKey,
  ZPushSubscription,
  ZPushUnsubscribe,
  ZUnsubscribePageQuery,
  ZUnsubscribeQuery,
  ZUnsubscribeResult,
} from '@contesthub/shared';
import { envelope, formPageCsp, ok, rateLimits, acceptFormPosts } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as prefs from './preferences.service.js';
import { UNSUBSCRIBE_MESSAGES, readUnsubscribeToken, unsubscribe, unsubscribePage } from './unsubscribe.js';

const tags = ['notifications'];

/**
 * /api/notifications: preferences (the type × channel matrix and the spec's switches), the browsers
 * that receive push notifications, and RFC 8058 one-click unsubscribe from the daily digest.
 */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: the one-click POST's body is "List-Unsubscribe=One-Click", form-encoded or multipart.
  // The token in the URL is what counts, so the body is read and set aside.
  acceptFormPosts(app);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

  app.get(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'My notification preferences: the switches, the type × channel matrix, the digest',
        response: { 200: envelope(ZNotificationPreferences) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(60) },
    },
    async (req) => ok(await prefs.getPreferences(app.ctx, requireAuth(req).userId)),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Change my notification preferences (only what is sent changes)',
        description: 'In-app is always on. Email exists only for the important types; security alerts are always emailed.',
        body: ZNotificationPreferencesUpdate,
        response: { 200: envelope(ZNotificationPreferences) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(30) },
    },
    async (req) => ok(await prefs.updatePreferences(app.ctx, requireAuth(req).userId, req.body), PREFERENCE_MESSAGES.saved),
  );

  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (applicationServerKey for pushManager.subscribe)",
        response: { 200: envelope(ZPushPublicKey) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(30) },
    },
    async () => ok({ publicKey: app.ctx.config.vapid.publicKey }),
  );

  app.post(
    '/push-subscriptions',
    {
      schema: {
        tags,
        summary: "Receive push notifications in this browser (its PushSubscription's JSON)",
        body: ZPushSubscription,
        response: { 201: envelope(ZPushDevices) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(20) },
    },
    async (req, reply) => {
      const data = await prefs.subscribePush(app.ctx, requireAuth(req).userId, req.body, req.headers['user-agent']);
      return reply.status(201).send(ok(data, prefs.PUSH_MESSAGES.subscribed));
    },
  );

  app.delete(
    '/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Stop push notifications in this browser',
        body: ZPushUnsubscribe,
        response: { 200: envelope(ZPushDevices) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => ok(await prefs.unsubscribePush(app.ctx, requireAuth(req).userId, req.body.endpoint), prefs.PUSH_MESSAGES.unsubscribed),
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe page of a digest mail (HTML; changes nothing)',
        description: 'Shows a button that sends the one-click POST. No login.',
        querystring: ZUnsubscribePageQuery,
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(30) },
    },
    async (req, reply) => {
      const token = req.query.token ?? '';
      const valid = readUnsubscribeToken(app.ctx.config.jwtSecret, token) !== undefined;
      const page = unsubscribePage(app.ctx, token, valid ? 'confirm' : 'invalid');
      reply.header('content-security-policy', formPageCsp(app.ctx.config.publicUrl)).header('cache-control', 'no-store');
      return reply
        .status(valid ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(page);
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): leave the daily digest, without login',
        description:
          'The token comes from the List-Unsubscribe header; the body is List-Unsubscribe=One-Click. Idempotent: a second call answers unsubscribed false.',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        querystring: ZUnsubscribeQuery,
        // JSON (the envelope of ZUnsubscribeResult) or, for a browser's form (Accept: text/html), a page.
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(20) },
    },
    async (req, reply) => {
      const wantsPage = (req.headers.accept ?? '').includes('text/html');
      try {
        const result = await unsubscribe(app.ctx, req.query.token);
        if (!wantsPage) return ok(ZUnsubscribeResult.parse(result), UNSUBSCRIBE_MESSAGES.done);
        return reply
          .header('content-security-policy', formPageCsp(app.ctx.config.publicUrl))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(app.ctx, req.query.token, 'done'));
      } catch (err) {
        if (!wantsPage) throw err;
        return reply
          .status(400)
          .header('content-security-policy', formPageCsp(app.ctx.config.publicUrl))
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(app.ctx, req.query.token, 'invalid'));
      }
    },
  );
};
