/**
 * Drizzle queries of the dashboard overview. Each reads one source through an index that starts
 * with the user's id (contests_organizer_idx, entries_participant_idx, votes_voter_created_idx,
 * comments_author_idx, user_badges_user_idx); activity sources each take at most `limit` rows and
 * are merged in code.
 */
import { and, count, countDistinct, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, contests, entries, userBadges, votes } from '../../db/schema/index.js';
import { RANKING_ORDER } from '../entries/entries.repository.js';

export async function contestsCreated(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contests).where(eq(contests.organizerId, userId));
  return Number(row?.n ?? 0);
}

/** Entries submitted and the distinct contests they went to. */
export async function entryCounts(db: DbOrTx, userId: string): Promise<{ entries: number; contests: number }> {
  const [row] = await db
    .select({ entries: count(), contests: countDistinct(entries.contestId) })
    .from(entries)
    .where(eq(entries.participantId, userId));
  return { entries: Number(row?.entries ?? 0), contests: Number(row?.contests ?? 0) };
}

/** Votes the user cast that still count (a cancelled contest's refunded votes do not). */
export async function votesCast(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${votes.amount}), 0)::text` })
    .from(votes)
    .where(and(eq(votes.voterId, userId), eq(votes.isActive, true)));
  return Number(row?.n ?? 0);
}

/** Settled contests the user's entry won. */
export async function wins(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(entries)
    .innerJoin(contests, and(eq(contests.id, entries.contestId), eq(contests.winnerEntryId, entries.id)))
    .where(and(eq(entries.participantId, userId), eq(contests.status, 'ended'), isNotNull(contests.finalizedAt)));
  return Number(row?.n ?? 0);
}

/**
 * The best position of the user's approved entries, each ranked among its contest's approved
 * entries in RANKING_ORDER (the leaderboard's order), over contests that are not cancelled.
 * Null when the user has no such entry.
 */
export async function bestRank(db: DbOrTx, userId: string): Promise<number | null> {
  const mine = db
    .selectDistinct({ contestId: entries.contestId })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(and(eq(entries.participantId, userId), eq(entries.status, 'approved'), notInArray(contests.status, ['cancelled', 'draft'])));
  const ranked = db
    .select({
      participantId: entries.participantId,
      position: sql<number>`row_number() over (partition by ${entries.contestId} order by ${sql.join(RANKING_ORDER, sql`, `)})`.as(
        'position',
      ),
    })
    .from(entries)
    .where(and(inArray(entries.contestId, mine), eq(entries.status, 'approved')))
    .as('ranked');
  const [row] = await db
    .select({ best: sql<number | null>`min(${ranked.position})::int` })
    .from(ranked)
    .where(eq(ranked.participantId, userId));
  return row?.best ?? null;
}

export async function badges(db: DbOrTx, userId: string) {
  return db
    .select({ title: userBadges.title, contestId: userBadges.contestId, contestTitle: contests.title, awardedAt: userBadges.awardedAt })
    .from(userBadges)
    .innerJoin(contests, eq(contests.id, userBadges.contestId))
    .where(eq(userBadges.userId, userId))
    .orderBy(desc(userBadges.awardedAt));
}

// ---------------------------------------------------------------------------------------------
// Recent activity sources, newest first, `limit` rows each

export async function recentContests(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: contests.id, title: contests.title, status: contests.status, at: contests.createdAt })
    .from(contests)
    .where(eq(contests.organizerId, userId))
    .orderBy(desc(contests.createdAt))
    .limit(limit);
}

export async function recentEntries(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: entries.id, title: entries.title, contestTitle: contests.title, at: entries.createdAt })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(eq(entries.participantId, userId))
    .orderBy(desc(entries.createdAt))
    .limit(limit);
}

/** Decisions an organizer made on the user's entries (auto-approved entries of open contests have no reviewer). */
export async function recentReviews(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: entries.id, title: entries.title, status: entries.status, at: entries.reviewedAt })
    .from(entries)
    .where(
      and(
        eq(entries.participantId, userId),
        inArray(entries.status, ['approved', 'rejected']),
        isNotNull(entries.reviewedBy),
        isNotNull(entries.reviewedAt),
      ),
    )
    .orderBy(desc(entries.reviewedAt))
    .limit(limit);
}

export async function recentVotes(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: votes.id,
      amount: votes.amount,
      contestId: votes.contestId,
      entryTitle: entries.title,
      contestTitle: contests.title,
      at: votes.createdAt,
    })
    .from(votes)
    .innerJoin(entries, eq(entries.id, votes.entryId))
    .innerJoin(contests, eq(contests.id, votes.contestId))
    .where(eq(votes.voterId, userId))
    .orderBy(desc(votes.createdAt))
    .limit(limit);
}

export async function recentWins(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ contestId: contests.id, contestTitle: contests.title, at: contests.finalizedAt })
    .from(entries)
    .innerJoin(contests, and(eq(contests.id, entries.contestId), eq(contests.winnerEntryId, entries.id)))
    .where(and(eq(entries.participantId, userId), eq(contests.status, 'ended'), isNotNull(contests.finalizedAt)))
    .orderBy(desc(contests.finalizedAt))
    .limit(limit);
}

export async function recentComments(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: comments.id, contestId: comments.contestId, contestTitle: contests.title, at: comments.createdAt })
    .from(comments)
    .innerJoin(contests, eq(contests.id, comments.contestId))
    .where(and(eq(comments.authorId, userId), ne(comments.status, 'deleted')))
    .orderBy(desc(comments.createdAt))
    .limit(limit);
}
