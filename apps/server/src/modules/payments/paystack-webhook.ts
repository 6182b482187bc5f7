/**
 * POST /api/payments/paystack/webhook (issue 5). Paystack signs the raw body with HMAC-SHA512 of our
 * secret key in `x-paystack-signature`; a missing or wrong signature is refused with 401 and nothing
 * happens. The event body is never taken as proof of payment: its reference is settled through the same
 * path as the payer's own verify, which asks the gateway and gives value once, so a repeated event, or
 * one racing the payer's return, has one effect.
 *
 * The event is handled BEFORE the answer (one verify call and one transaction: well inside Paystack's
 * time limit), and a failure answers 503 so Paystack sends it again. Acknowledging first would lose
 * the events nothing else looks for, such as a bank reversing a payout we had already marked paid.
 */
import { rateLimits } from '../../lib/http.js';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../lib/errors.js';
import { settleAnyPayment } from './purposes.js';

interface PaystackEvent {
  event?: unknown;
  data?: { reference?: unknown } | null;
}

/** Events we act on; every other signed event is acknowledged and ignored. */
const CHARGE_EVENTS = new Set(['charge.success']);
const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

/** Handles one signed event. Exported for tests; errors are the caller's to log. */
export async function handlePaystackEvent(ctx: AppContext, body: PaystackEvent): Promise<'payment' | 'withdrawal' | 'ignored'> {
  const event = typeof body.event === 'string' ? body.event : '';
  const reference = typeof body.data?.reference === 'string' ? body.data.reference : '';
  if (!reference) return 'ignored';
  if (CHARGE_EVENTS.has(event)) {
    return (await settleAnyPayment(ctx, reference)) ? 'payment' : 'ignored';
  }
  if (TRANSFER_EVENTS.has(event)) {
    await ctx.payments.settleTransfer(ctx, reference);
    return 'withdrawal';
  }
  return 'ignored';
}

const MAX_BODY_BYTES = 256 * 1024;

export const paystackWebhookRoutes: FastifyPluginAsync = async (app) => {
  // The signature covers the exact bytes Paystack sent: keep them (this plugin's scope only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_req, body, done) => {
    done(null, body);
  });

  app.post(
    '/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Paystack webhook (signed with x-paystack-signature)',
        description:
          'charge.success settles the payment with that reference (verified again with Paystack); transfer.success, ' +
          'transfer.failed and transfer.reversed settle the withdrawal. 200 once handled (or ignored); 401 for a bad ' +
          'signature; 503 when it could not be handled now (Paystack retries).',
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(600) },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['x-paystack-signature'];
      if (!app.ctx.gateway.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.status(401).send({ success: false, message: 'Invalid signature', errorType: 'UNAUTHORIZED' });
      }
      let body: PaystackEvent;
      try {
        body = JSON.parse(raw.toString('utf8')) as PaystackEvent;
      } catch {
        return reply.status(400).send({ success: false, message: 'Invalid JSON', errorType: 'VALIDATION_ERROR' });
      }
      try {
        const outcome = await handlePaystackEvent(app.ctx, body);
        req.log.info({ event: body.event, outcome }, 'paystack webhook handled');
      } catch (err) {
        // A refusal (unpaid, declined, another amount) is an answer: sending the event again changes nothing.
        if (isAppError(err) && err.statusCode < 500) {
          req.log.warn({ event: body.event, reason: err.message }, 'paystack webhook event refused');
          return reply.send({ success: true, message: 'Received' });
        }
        // The gateway or the database is unavailable: Paystack retries a non-2xx answer, and settling
        // again is harmless.
        req.log.warn({ err, event: body.event }, 'paystack webhook event not handled; Paystack will retry');
        return reply.status(503).send({ success: false, message: 'Try again later', errorType: 'SERVICE_UNAVAILABLE' });
      }
      return reply.send({ success: true, message: 'Received' });
    },
  );
};
