import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCurrentSubscription,
  ZPageQuery,
  ZSubscriptionAnswer,
  ZSubscriptionCancelRequest,
  ZSubscriptionExtendRequest,
  ZSubscriptionHistory,
  ZSubscriptionInitializeRequest,
  ZSubscriptionInitialized,
  ZSubscriptionPricing,
  ZVerifyPaymentRequest,
} from '@contesthub/shared';
import { envelope, ok, ZIdempotencyHeaders, rateLimits } from '../../lib/http.js';
import { requireAuth } from '../../plugins/auth.js';
import * as subscriptions from './subscriptions.service.js';

const tags = ['subscriptions'];
const M = subscriptions.SUBSCRIPTION_MESSAGES;

/** /api/subscriptions: pricing, starting (wallet or card), verify, current, history, cancel, extend. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pricing',
    {
      schema: {
        tags,
        summary: 'Subscription plans with their monthly and yearly prices (kobo)',
        response: { 200: envelope(ZSubscriptionPricing) },
      },
      config: { access: 'public' },
    },
    async () => ok(subscriptions.subscriptionPricing()),
  );

  app.post(
    '/initialize',
    {
      schema: {
        tags,
        summary: 'Subscribe: wallet pays and activates at once; paystack answers the gateway page (authorizationUrl)',
        description:
          'One running subscription per user. The same tier running is refused (extend it instead); a lower tier running is ' +
          'upgraded (its unused part, amount × remaining / total floored to the kobo, is taken off the price and it becomes ' +
          'replaced); a higher tier running is refused. Card payers return to /dashboard/subscription-verification?reference=…',
        body: ZSubscriptionInitializeRequest,
        response: { 200: envelope(ZSubscriptionInitialized) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => {
      const result = await subscriptions.initializeSubscription(app.ctx, requireAuth(req).userId, req.body);
      return ok(result, result.paymentMethod === 'wallet' ? M.activated : M.paymentStarted);
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Verify my subscription card payment with the gateway and start the subscription (exactly once)',
        description:
          "A declined payment answers 400 'Payment verification failed' and its pending subscription becomes failed; an unfinished " +
          '(pending or abandoned) one answers the same 400 and stays pending. An unknown or foreign reference 404. Verifying a ' +
          'started subscription again answers it again. 409 when another subscription started before the payment was confirmed ' +
          '(the payment then went to the wallet).',
        body: ZVerifyPaymentRequest,
        response: { 200: envelope(ZSubscriptionAnswer) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(30) },
    },
    async (req) => ok(await subscriptions.verifySubscription(app.ctx, requireAuth(req).userId, req.body.reference), M.activated),
  );

  app.get(
    '/current',
    {
      schema: {
        tags,
        summary: 'My running subscription (active, or cancelled until its end date) and the tier whose benefits apply now',
        response: { 200: envelope(ZCurrentSubscription) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await subscriptions.currentSubscription(app.ctx, requireAuth(req).userId)),
  );

  app.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'All my subscriptions, newest first',
        querystring: ZPageQuery,
        response: { 200: envelope(ZSubscriptionHistory) },
      },
      config: { access: 'signedIn' },
    },
    async (req) => ok(await subscriptions.subscriptionHistory(app.ctx, requireAuth(req).userId, req.query)),
  );

  app.post(
    '/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my subscription: no renewal, the benefits stay until the end date',
        body: ZSubscriptionCancelRequest,
        response: { 200: envelope(ZSubscriptionAnswer) },
      },
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => ok(await subscriptions.cancelSubscription(app.ctx, requireAuth(req).userId, req.body.reason), M.cancelled),
  );

  app.post(
    '/extend',
    {
      schema: {
        tags,
        summary: 'Extend my subscription by a month or a year, paid from the wallet',
        description:
          'The running tier at the chosen duration’s price; the end date moves by 30 or 365 days and a cancelled subscription ' +
          'runs again. An Idempotency-Key header makes a retried request charge once (the first answer is repeated). Without ' +
          'one, an extension within 10 seconds of my last one without a key is taken for a double click: 409, nothing charged.',
        headers: ZIdempotencyHeaders,
        body: ZSubscriptionExtendRequest,
        response: { 200: envelope(ZSubscriptionAnswer) },
      },
      config: { access: 'verified', rateLimit: rateLimits.perUser(20) },
    },
    async (req) => {
      const { subscription } = await subscriptions.extendSubscription(
        app.ctx,
        requireAuth(req).userId,
        req.body.duration,
        req.headers['idempotency-key'],
      );
      return ok({ subscription }, M.extended);
    },
  );
};
