import type { FastifyInstance } from 'fastify';
import { checkMultipartRequest } from '../lib/multipart.js';

/**
 * Guards every request passes, whatever its route:
 * - a multipart body sent to a route that does not take one answers 415, and one without a usable
 *   boundary 400, before any route hook or handler starts reading it;
 * - a reply sent after the request body was partly read (an upload refused mid-way) closes the
 *   connection: the unread bytes would otherwise sit in front of the next request on a kept-alive
 *   connection, and that request would never be answered.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => checkMultipartRequest(req));
  app.addHook('onSend', async (req, reply) => {
    // Only a body someone started reading and left (an upload refused mid-way): Node drains a body
    // nobody touched by itself (a vote refused with 429 before its body was read), and closing those
    // connections would make every client reconnect under load.
    if (req.raw.complete === false && req.raw.readableFlowing !== null) reply.header('connection', 'close');
  });
}
