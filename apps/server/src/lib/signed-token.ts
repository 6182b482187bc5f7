/**
 * Tokens for links in mails that work without a login (a ban appeal): the payload in base64url and an
 * HMAC-SHA-256 over it under a key derived from the server secret and the token's purpose, so a token
 * of one purpose is worthless for another. Checked in constant time; nothing is stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const macOf = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', createHmac('sha256', secret).update(`contesthub/${purpose}/v1`).digest())
    .update(body)
    .digest();

export function signToken(secret: string, purpose: string, payload: string): string {
  const body = Buffer.from(payload).toString('base64url');
  return `${body}.${macOf(secret, purpose, body).toString('base64url')}`;
}

/** The payload of a token we signed for `purpose`; undefined for anything else. */
export function readSignedToken(secret: string, purpose: string, token: string): string | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, purpose, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return Buffer.from(body, 'base64url').toString('utf8');
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
