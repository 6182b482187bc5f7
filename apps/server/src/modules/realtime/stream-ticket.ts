/**
 * Stream tickets: EventSource cannot send an Authorization header, so a signed-in client first asks
 * for a ticket (POST /api/notifications/stream-ticket) and opens the stream with `?ticket=`. A ticket
 * is 256 random bits (only its sha256 is stored), valid STREAM_TICKET_TTL_MS, used once (taking it
 * deletes it), and worth only what its session is worth when it is used: a session revoked or a
 * person banned since then is refused like a bad token.
 */
import { MESSAGES, STREAM_TICKET_TTL_MS, type TStreamTicket } from '@contesthub/shared';
import type { AppContext, AuthInfo } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { insertTicket, takeTicket } from '../../lib/realtime/stream.repository.js';
import { newOpaqueToken, sha256 } from '../../lib/tokens.js';
import { findLiveSessionOf } from '../auth/sessions.repository.js';

export const STREAM_TEXTS = {
  badTicket: 'This stream ticket is not valid: ask for a new one',
} as const;

export async function createTicket(ctx: Pick<AppContext, 'db'>, auth: AuthInfo): Promise<TStreamTicket> {
  const ticket = newOpaqueToken();
  const expiresAt = new Date(now().getTime() + STREAM_TICKET_TTL_MS);
  await insertTicket(ctx.db, { tokenHash: sha256(ticket), userId: auth.userId, sessionId: auth.sessionId, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Whose stream a ticket opens; refused (401) when it is unknown, used, expired or its session ended (403 for a ban). */
export async function redeemTicket(ctx: Pick<AppContext, 'db'>, ticket: string): Promise<{ userId: string; sessionId: string }> {
  const at = now();
  const taken = await takeTicket(ctx.db, sha256(ticket), at);
  if (!taken) throw AppError.unauthorized(STREAM_TEXTS.badTicket);
  const session = await findLiveSessionOf(ctx.db, taken.sessionId, taken.userId, at);
  if (!session) throw AppError.unauthorized('Your session has ended. Please log in again.');
  if (session.status === 'banned') {
    throw AppError.forbidden(`Your account has been banned${session.banReason ? `: ${session.banReason}` : ''}`, 'ACCOUNT_BANNED');
  }
  if (!session.isActive) throw AppError.forbidden(MESSAGES.login.ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
  return taken;
}
