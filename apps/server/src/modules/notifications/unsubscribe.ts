/**
 * One-click unsubscribe (RFC 8058) for non-transactional mail (the daily digest). The link carries a
 * signed token (the person and the list, HMAC-SHA-256 under a key derived from the JWT secret):
 * no login, nothing guessable, compared in constant time. POST leaves the list (idempotent: a second
 * POST answers the same); GET only shows a page whose button sends that POST.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_LISTS, PRODUCT_NAME, paths, type MailList } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { turnDigestOff } from './delivery.repository.js';

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Change your email choices under Profile > Preferences.',
  done: 'You will no longer receive the daily digest.',
} as const;

const keyOf = (secret: string) => createHmac('sha256', secret).update('contesthub/unsubscribe/v1').digest();
const macOf = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest();

export function unsubscribeToken(secret: string, userId: string, list: MailList): string {
  const body = Buffer.from(`${userId}:${list}`).toString('base64url');
  return `${body}.${macOf(secret, body).toString('base64url')}`;
}

/** The person and list of a token signed by us; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; list: MailList } | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [userId, list] = Buffer.from(body, 'base64url').toString('utf8').split(':');
  if (!userId || !(MAIL_LISTS as readonly string[]).includes(list ?? '')) return undefined;
  return { userId, list: list as MailList };
}

export function unsubscribeLinks(ctx: Pick<AppContext, 'config'>, userId: string, list: MailList) {
  const token = unsubscribeToken(ctx.config.jwtSecret, userId, list);
  const address = /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom;
  return {
    publicUrl: ctx.config.publicUrl,
    unsubscribeUrl: `${ctx.config.publicUrl}/api/notifications/unsubscribe?token=${token}`,
    unsubscribeMailto: `mailto:${address.trim()}?subject=${encodeURIComponent(`unsubscribe ${list} ${token}`)}`,
  };
}

/** POST: leaves the list. Answers whether this call changed anything (false: already left). */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ list: MailList; unsubscribed: boolean }> {
  const read = readUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!read) throw AppError.badRequest(UNSUBSCRIBE_MESSAGES.invalid);
  const changed = await turnDigestOff(ctx.db, read.userId, now());
  return { list: read.list, unsubscribed: changed };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pages: 'confirm' (GET with a valid token: a button that POSTs the one-click body; changes nothing), 'done', 'invalid'. */
export function unsubscribePage(ctx: AppContext, token: string, state: 'confirm' | 'done' | 'invalid'): string {
  const body =
    state === 'done'
      ? `<h1>Unsubscribed</h1><p>${UNSUBSCRIBE_MESSAGES.done}</p>`
      : state === 'confirm'
        ? `<h1>Stop the daily digest?</h1><p>You will still see every notification in ${PRODUCT_NAME}, and important emails (security alerts, wins, payments) keep coming.</p>
<form method="post" action="/api/notifications/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
        : `<h1>Link not valid</h1><p>${escapeHtml(UNSUBSCRIBE_MESSAGES.invalid)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Unsubscribe - ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;justify-content:center;padding:48px 16px;margin:0}main{max-width:28rem}h1{font-size:1.5rem}p{color:#cbd5e1;line-height:1.5}button{background:#f59e0b;color:#0f172a;border:0;border-radius:8px;padding:12px 20px;font-size:1rem;font-weight:600;cursor:pointer;min-height:44px}button:focus-visible{outline:3px solid #fde68a;outline-offset:2px}a{color:#fbbf24}</style></head>
<body><main>${body}<p><a href="${escapeHtml(ctx.config.publicUrl + paths.dashboard.profile({ tab: 'preferences' }))}">Email preferences</a></p></main></body></html>`;
}
