import type { FastifyInstance } from 'fastify';
import { checkMultipartRequest } from '../lib/multipart.js';

/**
 * Guards every request passes, whatever its route:
 * - a multipart body sent to a route that does not take one answers 415, and one without a usable
 *   boundary 400, before any route hook or handler starts reading it;
 * - a reply sent before the request body was read to its end (a refused upload, a 413 on the
 *   declared size) closes the connection: the unread bytes would otherwise sit in front of the next
 *   request on a kept-alive connection, and that request would never be answered.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => checkMultipartRequest(req));
  app.addHook('onSend', async (req, reply) => {
    if (req.raw.complete === false) reply.header('connection', 'close');
  });
}
