/**
 * Drizzle queries of the dashboard overview. Each reads one source through an index that starts
 * with the user's id (contests_organizer_idx, entries_participant_idx, votes_voter_created_idx,
 * comments_author_idx, user_badges_user_idx); activity sources each take at most `limit` rows and
 * are merged in code.
 */
import { and, count, countDistinct, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contests, entries, reports, userBadges, users, votes } from '../../db/schema/index.js';
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

// ---------- the admin overview (GET /api/dashboard/admin-stats) ----------

/** Every account, and those active since `since` (their last authenticated request). */
export async function userCounts(db: DbOrTx, since: Date): Promise<{ total: number; activeSince: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<string>`count(*) filter (where ${users.lastActiveAt} >= ${since.toISOString()}::timestamptz)::text`,
    })
    .from(users);
  return { total: Number(row?.total ?? 0), activeSince: Number(row?.active ?? 0) };
}

/** Contests open for entries or voting. */
export async function activeContests(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contests)
    .where(inArray(contests.status, ['active', 'voting']));
  return Number(row?.n ?? 0);
}

/** Distinct reported items with a pending report, in all and of users and contests. */
export async function flaggedItems(db: DbOrTx): Promise<{ all: number; users: number; contests: number }> {
  const [row] = await db
    .select({
      all: sql<string>`count(distinct (${reports.targetType}, ${reports.targetId}))::text`,
      users: sql<string>`count(distinct ${reports.targetId}) filter (where ${reports.targetType} = 'user')::text`,
      contests: sql<string>`count(distinct ${reports.targetId}) filter (where ${reports.targetType} = 'contest')::text`,
    })
    .from(reports)
    .where(eq(reports.status, 'pending'));
  return { all: Number(row?.all ?? 0), users: Number(row?.users ?? 0), contests: Number(row?.contests ?? 0) };
}

/** Entries awaiting their organizer's review, across contests that are not over. */
export async function entriesAwaitingReview(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(and(eq(entries.status, 'pending'), notInArray(contests.status, ['ended', 'cancelled'])));
  return Number(row?.n ?? 0);
}
