/**
 * /api/notifications/stream-ticket and /api/notifications/stream: the real-time stream (issue 14
 * item 3; ADR "realtime stream"). Server-Sent Events written straight to the response (no SSE
 * library: the hub owns the frames, the heartbeat and backpressure), authenticated by the bearer
 * header or a single-use ticket.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStreamQuery, ZStreamTicket } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { envelope, ok, rateLimits } from '../../lib/http.js';
import type { StreamSink } from '../../lib/realtime/index.js';
import { createTicket, redeemTicket } from './stream-ticket.js';

const tags = ['notifications'];

/**
 * What a client may have waiting in its socket before it is dropped (it reconnects with
 * Last-Event-ID and replays from the database): a slow client never makes the server buffer without end.
 */
export const STREAM_MAX_BUFFERED_BYTES = 256 * 1024;

/** What the browser is told to wait before reconnecting (the SSE `retry:` field). */
const RECONNECT_MS = 3_000;

/** `Last-Event-ID` (sent by EventSource on reconnect) or `?lastEventId=`; the header wins. */
function lastEventIdOf(req: FastifyRequest, fromQuery: number | undefined): number | null {
  const header = req.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return fromQuery ?? null;
}

function openStream(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  who: { userId: string; sessionId: string },
  lastEventId: number | null,
) {
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value as string | number | string[];
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and the like pass the frames on at once instead of buffering them.
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RECONNECT_MS}\n\n`);
  const sink: StreamSink = {
    write(chunk) {
      if (res.destroyed || res.writableEnded) return false;
      res.write(chunk);
      return res.writableLength <= STREAM_MAX_BUFFERED_BYTES;
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
  const stream = ctx.realtime.hub.open({ userId: who.userId, sessionId: who.sessionId, lastEventId, sink });
  // The client went away (closed tab, lost network): the hub lets go of it at once.
  res.on('close', () => stream.close());
  req.log.debug({ userId: who.userId }, 'stream opened');
}

export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stream-ticket',
    {
      schema: {
        tags,
        summary: 'A single-use ticket (valid 60 s, bound to this session) to open the stream with EventSource',
        response: { 201: envelope(ZStreamTicket) },
      },
      // A page load asks for one, a reconnect another: 30 a minute is plenty for a person's tabs.
      config: { access: 'signedIn', rateLimit: rateLimits.perUser(30) },
    },
    async (req, reply) => {
      const auth = req.auth;
      if (!auth) throw AppError.unauthorized();
      return reply.status(201).send(ok(await createTicket(app.ctx, auth)));
    },
  );

  app.get(
    '/stream',
    {
      schema: {
        tags,
        summary:
          'Server-Sent Events: `notification`, `message` and `unread` frames with increasing ids (Last-Event-ID replays), a `: ping` comment at least every 25 s. Bearer header or ?ticket=',
        querystring: ZStreamQuery,
      },
      // 'optional': a ticket stands in for the header (checked here); without either the answer is 401.
      config: { access: 'optional', rateLimit: rateLimits.perUser(60) },
      // A HEAD of a stream would hold a connection open with nothing to say.
      exposeHeadRoute: false,
    },
    async (req, reply) => {
      const who = req.auth
        ? { userId: req.auth.userId, sessionId: req.auth.sessionId }
        : req.query.ticket
          ? await redeemTicket(app.ctx, req.query.ticket)
          : undefined;
      if (!who) throw AppError.unauthorized();
      openStream(app.ctx, req, reply, who, lastEventIdOf(req, req.query.lastEventId));
    },
  );
};
