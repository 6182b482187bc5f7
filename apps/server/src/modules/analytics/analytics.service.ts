import { sql } from 'drizzle-orm';
import type { TPublicStats } from '@contesthub/shared';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { contests, entries } from '../../db/schema/index.js';

/**
 * Home page statistics, all computed from the database:
 * - activeContests: contests accepting entries or votes;
 * - totalParticipants: distinct people who have submitted an entry;
 * - totalPrizeAmount: cash prizes (kobo) of every contest that was not cancelled;
 * - successRate: percent of ended contests that produced a winner.
 */
export async function publicStats(db: DbOrTx): Promise<TPublicStats> {
  const [c] = await queryRows<{ active: string; prize: string; ended: string; won: string }>(
    db,
    sql`
      select
        count(*) filter (where status in ('active', 'voting'))::text as active,
        coalesce(sum(prize_amount) filter (where status <> 'cancelled' and status <> 'draft' and prize_type <> 'badge'), 0)::text as prize,
        count(*) filter (where status = 'ended')::text as ended,
        count(*) filter (where status = 'ended' and winner_entry_id is not null)::text as won
      from ${contests}`,
  );
  const [p] = await queryRows<{ n: string }>(db, sql`select count(distinct participant_id)::text as n from ${entries}`);
  if (!c || !p) throw new Error('aggregate queries return one row');
  const ended = Number(c.ended);
  return {
    activeContests: Number(c.active),
    totalParticipants: Number(p.n),
    totalPrizeAmount: Number(c.prize),
    successRate: ended === 0 ? 0 : Math.round((Number(c.won) / ended) * 1000) / 10,
  };
}
