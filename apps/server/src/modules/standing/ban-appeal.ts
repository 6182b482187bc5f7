/**
 * The appeal of a ban without a session (a banned person cannot sign in): the ban mail carries a link
 * with a signed token naming the ban strike; its page (server-rendered, no script, like the unsubscribe
 * page) takes the appeal text and files it as the person's appeal of that strike. The link is good
 * for one appeal (the strike's one appeal) within the strike's 20 days; the token alone proves the
 * mail was received.
 */
import { APPEAL_MAX_LENGTH, APPEAL_WINDOW_DAYS, PRODUCT_NAME, STANDING_MESSAGES, ZAppealText } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { now as clockNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml, readSignedToken, signToken } from '../../lib/signed-token.js';
import { appealDeadlineOf } from './standing.dto.js';
import { fileAppeal } from './standing.js';
import { appealOfStrike, findStrike, latestStrikeOfKind, type StrikeRow } from './standing.repository.js';

const PURPOSE = 'ban-appeal';

/** The link of a ban mail: the appeal page of the user's newest ban strike (undefined if none). */
export async function banAppealUrl(db: DbOrTx, secret: string, publicUrl: string, userId: string): Promise<string | undefined> {
  const strike = await latestStrikeOfKind(db, userId, 'ban');
  return strike && `${publicUrl}/api/appeals/ban?token=${signToken(secret, PURPOSE, strike.id)}`;
}

export type BanAppealState = 'form' | 'done' | 'appealed' | 'late' | 'invalid';

/** The strike a token names, if it is a ban strike. */
async function strikeOf(ctx: AppContext, token: string): Promise<StrikeRow | undefined> {
  const id = readSignedToken(ctx.config.jwtSecret, PURPOSE, token);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const strike = await findStrike(ctx.db, id);
  return strike?.kind === 'ban' ? strike : undefined;
}

/** What the page shows for a token (GET). */
export async function banAppealState(ctx: AppContext, token: string): Promise<{ state: BanAppealState; reason?: string }> {
  const strike = await strikeOf(ctx, token);
  if (!strike) return { state: 'invalid' };
  if (await appealOfStrike(ctx.db, strike.id)) return { state: 'appealed' };
  if (clockNow().getTime() > appealDeadlineOf(strike).getTime()) return { state: 'late' };
  return { state: 'form', reason: strike.reason };
}

/** POST: files the appeal; answers the page's state and, for bad text, the message to show on the form. */
export async function submitBanAppeal(
  ctx: AppContext,
  token: string,
  text: string | undefined,
): Promise<{ state: BanAppealState; reason?: string; error?: string }> {
  const strike = await strikeOf(ctx, token);
  if (!strike) return { state: 'invalid' };
  const parsed = ZAppealText.safeParse(text ?? '');
  if (!parsed.success) return { state: 'form', reason: strike.reason, error: parsed.error.issues[0]?.message };
  try {
    await fileAppeal(ctx, strike.userId, strike.id, parsed.data);
    return { state: 'done' };
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return { state: 'appealed' };
    if (err instanceof AppError && err.statusCode === 400) return { state: 'late' };
    throw err;
  }
}

/** The page for each state (no script; the form posts back to the same address). */
export function banAppealPage(
  token: string,
  view: { state: BanAppealState; reason?: string | undefined; error?: string | undefined },
): string {
  const action = `/api/appeals/ban?token=${escapeHtml(encodeURIComponent(token))}`;
  const bodies: Record<BanAppealState, string> = {
    form: `<h1>Appeal your ban</h1><p>Your account was banned for this reason:</p><blockquote>${escapeHtml(view.reason ?? '')}</blockquote>
<p>Tell us why this decision should be reconsidered. A staff member other than the one who banned you will review it, and you will be told the outcome by e-mail. You can appeal once.</p>
<form method="post" action="${action}"><label for="text">Your appeal</label>
<textarea id="text" name="text" required maxlength="${APPEAL_MAX_LENGTH}" rows="8"${view.error ? ' aria-invalid="true" aria-describedby="error"' : ''}></textarea>
${view.error ? `<p id="error" role="alert" class="error">${escapeHtml(view.error)}</p>` : ''}<p class="hint">Up to ${APPEAL_MAX_LENGTH} characters.</p>
<button type="submit">Submit Appeal</button></form>`,
    done: `<h1>Appeal submitted</h1><p>${escapeHtml(STANDING_MESSAGES.appealFiled)}. We will e-mail you when it has been decided.</p>`,
    appealed: `<h1>Already appealed</h1><p>${escapeHtml(STANDING_MESSAGES.appealTwice)}. You will be e-mailed the decision.</p>`,
    late: `<h1>Appeal period over</h1><p>${escapeHtml(STANDING_MESSAGES.appealTooLate)} (${APPEAL_WINDOW_DAYS} days).</p>`,
    invalid: `<h1>Link not valid</h1><p>${escapeHtml(STANDING_MESSAGES.appealLinkInvalid)}.</p>`,
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Ban appeal - ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;justify-content:center;padding:48px 16px;margin:0}main{max-width:32rem;width:100%}h1{font-size:1.5rem}p,label{color:#cbd5e1;line-height:1.5}blockquote{margin:0 0 1rem;padding:8px 12px;border-left:3px solid #f59e0b;color:#f1f5f9}label{display:block;font-weight:600;margin-bottom:4px}textarea{box-sizing:border-box;width:100%;background:#020617;color:#e2e8f0;border:1px solid #475569;border-radius:8px;padding:10px;font:inherit}textarea:focus-visible{outline:3px solid #fde68a}.hint{font-size:.875rem;color:#94a3b8}.error{color:#fca5a5}button{background:#f59e0b;color:#0f172a;border:0;border-radius:8px;padding:12px 20px;font-size:1rem;font-weight:600;cursor:pointer;min-height:44px}button:focus-visible{outline:3px solid #fde68a;outline-offset:2px}</style></head>
<body><main>${bodies[view.state]}</main></body></html>`;
}
