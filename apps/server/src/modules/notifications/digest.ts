/**
 * The daily digest (off by default; a preference): one mail of the unread notifications, sent only to
 * people who have not visited for 24 hours, at most once a day, and only when something arrived
 * since their last visit and their last digest. A scheduled job (composition.ts): on PostgreSQL it
 * runs on one instance at a time (pg-boss), and each digest is claimed in its own transaction
 * (digest_sent_at) together with its queued mail, so even two runs at once mail it once.
 */
import type { AppContext } from '../../context.js';
import { now } from '../../lib/clock.js';
import { claimDigest, digestCandidates, unreadForDigest } from './delivery.repository.js';
import { digestMail } from './delivery-mails.js';
import { unsubscribeLinks } from './unsubscribe.js';

export const DIGEST_AWAY_MS = 24 * 60 * 60 * 1000;
const DIGEST_ITEMS = 10;

export async function runDigest(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  opts: { batch?: number } = {},
): Promise<{ mailed: number }> {
  const at = now();
  const awaySince = new Date(at.getTime() - DIGEST_AWAY_MS);
  let mailed = 0;
  let after: string | null = null;
  for (;;) {
    const people = await digestCandidates(ctx.db, awaySince, after, opts.batch ?? 200);
    if (people.length === 0) break;
    for (const p of people) {
      const sent = await ctx.db.transaction(async (tx) => {
        if (!(await claimDigest(tx, p.userId, awaySince, at))) return false;
        const unread = await unreadForDigest(tx, p.userId, DIGEST_ITEMS);
        await ctx.mailer.enqueue(tx, digestMail(p, unread, unsubscribeLinks(ctx, p.userId, 'digest')));
        return true;
      });
      if (sent) mailed += 1;
    }
    after = people[people.length - 1]!.userId;
  }
  return { mailed };
}
