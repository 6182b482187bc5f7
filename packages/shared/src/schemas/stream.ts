/**
 * The real-time stream (GET /api/notifications/stream; issue 14 item 3): the ticket for EventSource,
 * the stream's query, and what each frame's `data:` carries.
 *
 * Frames: `id: <n>` (n increases per person; `Last-Event-ID` or `?lastEventId=` replays after it),
 * `event: notification` (ZNotification), `event: message` (ZStreamMessage), `event: unread`
 * (ZStreamUnread, once on connect and after each change; its id repeats the position so far), and a
 * `: ping` comment line at least every STREAM_HEARTBEAT_MAX_MS.
 */
import { z } from 'zod';
import { ZMessage } from './messages.js';

/** How long a stream ticket may be used (single use, bound to the session that asked for it). */
export const STREAM_TICKET_TTL_MS = 60_000;
/** The longest gap between two heartbeat comments on an open stream. */
export const STREAM_HEARTBEAT_MAX_MS = 25_000;

export const ZStreamTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export type TStreamTicket = z.infer<typeof ZStreamTicket>;

export const ZStreamQuery = z.object({
  ticket: z.string().min(16).max(128).optional(),
  /** For EventSource reconnects built by hand; the `Last-Event-ID` header wins when both are sent. */
  lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TStreamQuery = z.infer<typeof ZStreamQuery>;

/** `event: unread`: unread notifications and unread direct messages. */
export const ZStreamUnread = z.object({ notifications: z.number().int(), messages: z.number().int() });
export type TStreamUnread = z.infer<typeof ZStreamUnread>;

/** `event: message`: a message of one of my conversations, as one item of GET /api/messages/conversation/{id}. */
export const ZStreamMessage = z.object({ conversationId: z.string(), message: ZMessage });
export type TStreamMessage = z.infer<typeof ZStreamMessage>;
