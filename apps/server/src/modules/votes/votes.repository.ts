/**
 * Every statement on the votes table, and the vote counters it keeps on entries and contests
 * (they always equal the active votes). Other modules read votes through the functions here.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { contests, entries, votes } from '../../db/schema/index.js';

/** Active paid votes of a contest, oldest first. */
export async function activePaidVotes(tx: Tx, contestId: string) {
  return tx
    .select({ id: votes.id, voterId: votes.voterId, entryId: votes.entryId, creditCost: votes.creditCost })
    .from(votes)
    .where(and(eq(votes.contestId, contestId), eq(votes.isActive, true), gt(votes.creditCost, 0)))
    .orderBy(asc(votes.createdAt), asc(votes.id));
}

/** Deactivates every active vote of a contest and sets its counters (contest and entries) to zero. */
export async function deactivateContestVotes(tx: Tx, contestId: string): Promise<void> {
  await tx
    .update(votes)
    .set({ isActive: false })
    .where(and(eq(votes.contestId, contestId), eq(votes.isActive, true)));
  await tx.update(entries).set({ votesCount: 0, weightedVotes: 0 }).where(eq(entries.contestId, contestId));
  await tx.update(contests).set({ totalVotes: 0, totalVoters: 0 }).where(eq(contests.id, contestId));
}

/** A contest's active votes by type (votes, weighted, credit units) and its distinct voters. */
export async function contestVoteTotals(db: DbOrTx, contestId: string) {
  const active = and(eq(votes.contestId, contestId), eq(votes.isActive, true));
  const [byType, [voters]] = await Promise.all([
    db
      .select({
        voteType: votes.voteType,
        votes: sql<number>`coalesce(sum(${votes.amount}), 0)`.mapWith(Number),
        weighted: sql<number>`coalesce(sum(${votes.weightedTotal}), 0)`.mapWith(Number),
        creditUnits: sql<number>`coalesce(sum(${votes.creditCost}), 0)`.mapWith(Number),
      })
      .from(votes)
      .where(active)
      .groupBy(votes.voteType),
    db
      .select({ n: sql<number>`count(distinct ${votes.voterId})`.mapWith(Number) })
      .from(votes)
      .where(active),
  ]);
  const of = (t: 'free' | 'paid') => byType.find((r) => r.voteType === t) ?? { votes: 0, weighted: 0, creditUnits: 0 };
  return { free: of('free'), paid: of('paid'), uniqueVoters: voters?.n ?? 0 };
}
