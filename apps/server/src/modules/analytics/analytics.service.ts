import type { TPublicStats } from '@contesthub/shared';
import type { DbOrTx } from '../../db/client.js';
import { contestFigures, participantCount } from './analytics.repository.js';

/**
 * Home page statistics, all computed from the database:
 * - activeContests: contests accepting entries or votes;
 * - totalParticipants: distinct people who have submitted an entry;
 * - totalPrizeAmount: cash prizes (kobo) of every contest that was not cancelled;
 * - successRate: percent of ended contests that produced a winner.
 */
export async function publicStats(db: DbOrTx): Promise<TPublicStats> {
  const c = await contestFigures(db);
  const p = await participantCount(db);
  if (!c || !p) throw new Error('aggregate queries return one row');
  const ended = Number(c.ended);
  return {
    activeContests: Number(c.active),
    totalParticipants: Number(p.n),
    totalPrizeAmount: Number(c.prize),
    successRate: ended === 0 ? 0 : Math.round((Number(c.won) / ended) * 1000) / 10,
  };
}
