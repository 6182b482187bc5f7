/**
 * The home page's aggregates over contests and entries (tables owned by those modules, read here in
 * two statements of their own for the public figures). Numbers as text (driver-independent). No rules here.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { contests, entries } from '../../db/schema/index.js';

/** Contests accepting entries or votes, cash prizes of non-draft, non-cancelled contests (kobo), ended ones and those with a winner. */
export async function contestFigures(db: DbOrTx) {
  const [row] = await queryRows<{ active: string; prize: string; ended: string; won: string }>(
    db,
    sql`
      select
        count(*) filter (where status in ('active', 'voting'))::text as active,
        coalesce(sum(prize_amount) filter (where status <> 'cancelled' and status <> 'draft' and prize_type <> 'badge'), 0)::text as prize,
        count(*) filter (where status = 'ended')::text as ended,
        count(*) filter (where status = 'ended' and winner_entry_id is not null)::text as won
      from ${contests}`,
  );
  return row;
}

/** Distinct people who have submitted an entry. */
export async function participantCount(db: DbOrTx) {
  const [row] = await queryRows<{ n: string }>(db, sql`select count(distinct participant_id)::text as n from ${entries}`);
  return row;
}
