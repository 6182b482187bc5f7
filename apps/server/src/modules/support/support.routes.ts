import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreateSupportTicket, ZSupportContact, ZSupportTicketCreated } from '@contesthub/shared';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import { createTicket } from './support.service.js';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'The support channels this deployment offers (WhatsApp number from SUPPORT_WHATSAPP, or null)',
        response: { 200: envelope(ZSupportContact) },
      },
      config: { access: 'public' },
    },
    async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(ok({ whatsapp: app.ctx.config.supportWhatsApp ?? null })),
  );

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
