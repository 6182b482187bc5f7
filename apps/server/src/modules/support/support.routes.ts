import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreateSupportTicket, ZSupportTicketCreated } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { createTicket } from './support.service.js';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tickets',
    {
      schema: {
        tags: ['support'],
        summary: 'Open a support ticket (contact form)',
        body: ZCreateSupportTicket,
        response: { 201: envelope(ZSupportTicketCreated) },
      },
      config: { access: 'optional', rateLimit: rateLimits.perAddress(5, '10 minutes') },
    },
    async (req, reply) => {
      const ticket = await createTicket(app.ctx, req.body, {
        ip: req.ip,
        source: 'contact_form',
        ...(req.auth ? { userId: req.auth.userId } : {}),
      });
      return reply.status(201).send(ok(ticket, 'Support ticket created'));
    },
  );
};
