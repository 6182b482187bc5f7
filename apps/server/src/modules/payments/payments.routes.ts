/**
 * /api/payments: the sandbox gateway's checkout (only when the sandbox is the gateway; 404 when
 * Paystack is configured). The page is served by our own server so the whole payment flow is
 * real end to end without any outside service.
 */
import { formPageCsp, rateLimits, acceptFormPosts } from '../../lib/http.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@contesthub/shared';
import { AppError } from '../../lib/errors.js';
import { SandboxGateway, isGatewayError } from '../../lib/payments/index.js';
import { checkoutPage, notFoundPage } from './sandbox-checkout.page.js';

const tags = ['payments'];

const ZReference = z.string().trim().min(1).max(100);

/** The callback with `reference` and `trxref` added, as Paystack sends them. */
export function callbackWithReference(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = (): SandboxGateway => {
    const gateway = app.ctx.gateway;
    if (!(gateway instanceof SandboxGateway)) throw AppError.notFound(MESSAGES.server.notFound);
    return gateway;
  };

  // The checkout's forms post application/x-www-form-urlencoded (works without JavaScript).
  acceptFormPosts(app);

  app.get(
    '/sandbox/checkout',
    {
      schema: {
        tags,
        summary: 'Sandbox checkout page (HTML): approve or decline a test payment',
        querystring: z.object({ reference: z.string().optional() }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const gateway = sandbox();
      reply.header('content-security-policy', formPageCsp(app.ctx.config.publicUrl)).header('cache-control', 'no-store');
      reply.type('text/html; charset=utf-8');
      const reference = ZReference.safeParse(req.query.reference);
      if (!reference.success) return reply.status(404).send(notFoundPage());
      try {
        return reply.send(checkoutPage(await gateway.getPayment(reference.data)));
      } catch (err) {
        if (isGatewayError(err) && err.code === 'not_found') return reply.status(404).send(notFoundPage());
        throw err;
      }
    },
  );

  app.post(
    '/sandbox/checkout/:decision',
    {
      schema: {
        tags,
        summary: 'Approve or decline a sandbox payment, then go back to its callback URL',
        description: 'Answers 302 to the callback URL with ?reference=…&trxref=…. A payment already decided stays as it is.',
        params: z.object({ decision: z.enum(['approve', 'decline']) }),
        body: z.object({
          reference: ZReference,
          card: z
            .string()
            .trim()
            .max(23, { message: 'Enter a test card number of 12 to 19 digits', abort: true })
            .regex(/^(?:\d[ ]?){12,19}$|^$/, 'Enter a test card number of 12 to 19 digits')
            .optional(),
        }),
      },
      config: { access: 'public', rateLimit: rateLimits.perAddress(60) },
    },
    async (req, reply) => {
      const gateway = sandbox();
      const { reference, card } = req.body;
      try {
        const payment =
          req.params.decision === 'approve' ? await gateway.approve(reference, card || undefined) : await gateway.decline(reference);
        return reply.header('cache-control', 'no-store').redirect(callbackWithReference(payment.callbackUrl, payment.reference), 302);
      } catch (err) {
        if (isGatewayError(err) && err.code === 'not_found') {
          return reply
            .status(404)
            .header('content-security-policy', formPageCsp(app.ctx.config.publicUrl))
            .type('text/html; charset=utf-8')
            .send(notFoundPage());
        }
        throw err;
      }
    },
  );
};
