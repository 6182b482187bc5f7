/**
 * Drizzle queries of the entries module: loads and locks, the ranking, submission, edit, deletion
 * and review writes, contest counters and the counts other modules read. The entry read model
 * (TEntry, pages, leaderboard) is in entry-reads.repository.ts, likes in entry-likes.repository.ts.
 */
import type { CreditUnits } from '@contesthub/shared';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, entries, users, votes } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';

export type ContestRow = typeof contests.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;
export type NewEntry = typeof entries.$inferInsert;
export type { ContestRestrictions, EntryMedia } from '../../db/schema/index.js';
type UserRow = typeof users.$inferSelect;

/** The user row (the participant's profile and tier decide what they may enter). */
export async function loadUser(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A contest by id (private loader: the contests module owns contests, this module only reads them). */
export async function loadContest(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<ContestRow | undefined> {
  const query = db.select().from(contests).where(eq(contests.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function loadEntry(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<EntryRow | undefined> {
  const query = db.select().from(entries).where(eq(entries.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Ranking of approved entries within a contest (the contest leaderboard, My Entries' position and
 * the winner): higher weightedVotes first; on a tie the entry submitted EARLIER wins; on a tie of
 * both, the lower id (uuid byte order) wins. Deterministic, so every reader agrees on a rank.
 */
export const RANKING_ORDER = [desc(entries.weightedVotes), asc(entries.createdAt), asc(entries.id)];

/**
 * 1 + the number of approved entries of the same contest that rank above this one (RANKING_ORDER).
 * The outer row's columns are named through the table (`"entries".x`): drizzle leaves columns
 * unqualified in a single-table select, where they would bind to the subquery's `r` instead.
 */
const outer = (column: string) => sql`${entries}.${sql.identifier(column)}`;
export const rankingSql = sql<number | null>`case when ${outer('status')} = 'approved' then 1 + (
  select count(*)::int from ${entries} r
  where r.contest_id = ${outer('contest_id')} and r.status = 'approved'
    and (r.weighted_votes > ${outer('weighted_votes')}
      or (r.weighted_votes = ${outer('weighted_votes')} and (r.created_at, r.id) < (${outer('created_at')}, ${outer('id')})))
) end`;

/**
 * The winner among approved entries: the first in RANKING_ORDER (docs/decisions/004). An approved
 * entry wins even with no votes at all (the organizer promised the prize to the best entry, and the
 * only one is the best); a contest with no approved entry has no winner.
 */
export async function pickWinner(db: DbOrTx, contestId: string) {
  const [winner] = await db
    .select({ id: entries.id, participantId: entries.participantId, title: entries.title })
    .from(entries)
    .where(and(eq(entries.contestId, contestId), eq(entries.status, 'approved')))
    .orderBy(...RANKING_ORDER)
    .limit(1);
  return winner;
}

/** The rank of one entry among its contest's approved entries (RANKING_ORDER); null when not approved. */
export async function rankOf(db: DbOrTx, entryId: string): Promise<number | null> {
  const [row] = await db.select({ rank: rankingSql }).from(entries).where(eq(entries.id, entryId));
  return row?.rank ?? null;
}

// ---------- submission, edit, deletion, review ----------

/** Whether the user has an entry in one of `statuses` in the contest. */
export async function hasEntryIn(
  db: DbOrTx,
  contestId: string,
  userId: string,
  statuses: ReadonlyArray<EntryRow['status']>,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.contestId, contestId), eq(entries.participantId, userId), inArray(entries.status, [...statuses])))
    .limit(1);
  return !!existing;
}

export async function insertEntry(tx: Tx, values: NewEntry): Promise<void> {
  await tx.insert(entries).values(values);
}

export async function updateEntryRow(tx: Tx, id: string, set: Partial<NewEntry>): Promise<void> {
  await tx.update(entries).set(set).where(eq(entries.id, id));
}

/** Vote rows of an entry (active or not) and the credit units its active votes cost. */
export async function entryVoteRows(tx: Tx, entryId: string): Promise<{ rows: number; paidUnits: CreditUnits }> {
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      paid: sql<number>`coalesce(sum(${votes.creditCost}) filter (where ${votes.isActive}), 0)::bigint`,
    })
    .from(votes)
    .where(eq(votes.entryId, entryId));
  return { rows: Number(row?.n ?? 0), paidUnits: Number(row?.paid ?? 0) };
}

/** Deletes an entry (its votes, likes and comments cascade). */
export async function deleteEntryRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(entries).where(eq(entries.id, id));
}

/** A deleted entry's votes went with it: take its weight off the contest and recount the voters. */
export async function takeVotesOffContest(tx: Tx, contestId: string, weightedVotes: number): Promise<void> {
  await tx
    .update(contests)
    .set({
      totalVotes: sql`greatest(${contests.totalVotes} - ${weightedVotes}, 0)`,
      totalVoters: sql`(select count(distinct ${votes.voterId})::int from ${votes} where ${votes.contestId} = ${contestId} and ${votes.isActive})`,
    })
    .where(eq(contests.id, contestId));
}

export async function entryStatus(db: DbOrTx, entryId: string): Promise<EntryRow['status'] | undefined> {
  const [row] = await db.select({ status: entries.status }).from(entries).where(eq(entries.id, entryId));
  return row?.status;
}

/** Sets a review decision on the given entries of a contest that are still pending; returns the changed ones. */
export async function decidePending(
  tx: Tx,
  contestId: string,
  entryIds: string[],
  set: Pick<NewEntry, 'status' | 'rejectionReason' | 'reviewedAt' | 'reviewedBy' | 'updatedAt'>,
): Promise<Array<{ id: string; participantId: string }>> {
  return tx
    .update(entries)
    .set(set)
    .where(and(eq(entries.contestId, contestId), inArray(entries.id, entryIds), eq(entries.status, 'pending')))
    .returning({ id: entries.id, participantId: entries.participantId });
}

// ---------- counters ----------

/** The statuses that hold a participant's place in a contest (a rejected entry frees it). */
export const ACTIVE_ENTRY_STATUSES = ['pending', 'approved'] as const;

/**
 * Recomputes the contest's entry counters from the entries table: totalEntries counts approved
 * entries, totalParticipants the distinct people with a pending or approved entry. The caller
 * holds the contest row lock, so concurrent writers cannot interleave.
 */
export async function refreshContestCounters(tx: Tx, contestId: string): Promise<{ totalEntries: number; totalParticipants: number }> {
  const [row] = await tx
    .select({
      approved: sql<number>`count(*) filter (where ${entries.status} = 'approved')::int`,
      participants: sql<number>`count(distinct ${entries.participantId}) filter (where ${inArray(entries.status, [...ACTIVE_ENTRY_STATUSES])})::int`,
    })
    .from(entries)
    .where(eq(entries.contestId, contestId));
  const totals = { totalEntries: Number(row?.approved ?? 0), totalParticipants: Number(row?.participants ?? 0) };
  await tx
    .update(contests)
    .set({ ...totals, updatedAt: now() })
    .where(eq(contests.id, contestId));
  return totals;
}

/** Distinct people holding a place (pending or approved entry) in a contest, and whether `userId` is one of them. */
export async function participantsOf(db: DbOrTx, contestId: string, userId: string): Promise<{ count: number; includesUser: boolean }> {
  const [row] = await db
    .select({
      n: sql<number>`count(distinct ${entries.participantId})::int`,
      mine: sql<boolean>`coalesce(bool_or(${entries.participantId} = ${userId}), false)`,
    })
    .from(entries)
    .where(and(eq(entries.contestId, contestId), inArray(entries.status, [...ACTIVE_ENTRY_STATUSES])));
  return { count: Number(row?.n ?? 0), includesUser: !!row?.mine };
}

/** Free and paid votes (active ones) on an entry and how many people cast them. */
export async function voteBreakdown(db: DbOrTx, entryId: string): Promise<{ free: number; paid: number; uniqueVoters: number }> {
  const [row] = await queryRows<{ free: number; paid: number; voters: number }>(
    db,
    sql`select coalesce(sum(${votes.amount}) filter (where ${votes.voteType} = 'free'), 0)::int as free,
               coalesce(sum(${votes.amount}) filter (where ${votes.voteType} = 'paid'), 0)::int as paid,
               count(distinct ${votes.voterId})::int as voters
        from ${votes} where ${votes.entryId} = ${entryId} and ${votes.isActive}`,
  );
  return { free: Number(row?.free ?? 0), paid: Number(row?.paid ?? 0), uniqueVoters: Number(row?.voters ?? 0) };
}

/** Approved entries per contest (what a ranking is out of), for the given contests; absent ones have 0. */
export async function approvedCounts(db: DbOrTx, contestIds: string[]): Promise<Map<string, number>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .select({ contestId: entries.contestId, n: count() })
    .from(entries)
    .where(and(inArray(entries.contestId, contestIds), eq(entries.status, 'approved')))
    .groupBy(entries.contestId);
  return new Map(rows.map((r) => [r.contestId, Number(r.n)]));
}

/** Entry counts by status for a contest (review tiles). */
export async function statusCounts(db: DbOrTx, contestId: string) {
  const rows = await db
    .select({ status: entries.status, n: count() })
    .from(entries)
    .where(eq(entries.contestId, contestId))
    .groupBy(entries.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<EntryRow['status'], number>>;
  const pending = by.pending ?? 0;
  const approved = by.approved ?? 0;
  const rejected = by.rejected ?? 0;
  const disqualified = by.disqualified ?? 0;
  return { total: pending + approved + rejected + disqualified, pending, approved, rejected, disqualified };
}

// ---------- a contest's entries, counted (contest statistics) ----------

/** Entries of a contest by status. */
export async function entryStatusCounts(db: DbOrTx, contestId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: entries.status, n: count() })
    .from(entries)
    .where(eq(entries.contestId, contestId))
    .groupBy(entries.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** People with at least one entry in the contest. */
export async function participantCount(db: DbOrTx, contestId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${entries.participantId})`.mapWith(Number) })
    .from(entries)
    .where(eq(entries.contestId, contestId));
  return row?.n ?? 0;
}

/** The first `limit` approved entries in RANKING_ORDER, with their participant. */
export async function topApprovedEntries(db: DbOrTx, contestId: string, limit: number) {
  return db
    .select({
      id: entries.id,
      title: entries.title,
      votesCount: entries.votesCount,
      weightedVotes: entries.weightedVotes,
      participantId: users.id,
      participantName: users.fullName,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.participantId))
    .where(and(eq(entries.contestId, contestId), eq(entries.status, 'approved')))
    .orderBy(...RANKING_ORDER)
    .limit(limit);
}

/** Titles of entries by id (read models take names in one query). */
export async function entryTitles(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: entries.id, title: entries.title }).from(entries).where(inArray(entries.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Title, owner and contest of entries by id (notifications: who to tell about a vote or a comment). */
export async function entrySummaries(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { title: string; participantId: string; contestId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: entries.id, title: entries.title, participantId: entries.participantId, contestId: entries.contestId })
    .from(entries)
    .where(inArray(entries.id, ids));
  return new Map(rows.map((r) => [r.id, { title: r.title, participantId: r.participantId, contestId: r.contestId }]));
}

/** The people with an entry in each contest (rejected and disqualified entries left out), by contest id. */
export async function entrantsOf(db: DbOrTx, contestIds: string[]): Promise<Map<string, string[]>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ contestId: entries.contestId, participantId: entries.participantId })
    .from(entries)
    .where(and(inArray(entries.contestId, contestIds), notInArray(entries.status, ['rejected', 'disqualified'])));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.contestId, [...(out.get(r.contestId) ?? []), r.participantId]);
  return out;
}

/** How many people an organizer's new contest is announced to, at most (the most recent entrants first). */
export const AUDIENCE_LIMIT = 5_000;

/**
 * The people who entered an organizer's contests before (an entry not rejected or disqualified),
 * most recent first, at most AUDIENCE_LIMIT each: who hears about the organizer's next contest.
 */
export async function audienceOf(db: DbOrTx, organizerIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const organizerId of new Set(organizerIds)) {
    const rows = await queryRows<{ participant_id: string }>(
      db,
      sql`select e.participant_id from ${entries} e join ${contests} c on c.id = e.contest_id
          where c.organizer_id = ${organizerId} and e.participant_id <> ${organizerId}
            and e.status not in ('rejected', 'disqualified')
          group by e.participant_id order by max(e.created_at) desc limit ${AUDIENCE_LIMIT}`,
    );
    out.set(
      organizerId,
      rows.map((r) => r.participant_id),
    );
  }
  return out;
}

/** Sets an entry's status (a disqualification by staff) with who decided and when. */
export async function setEntryStatus(
  tx: Tx,
  entryId: string,
  set: Pick<NewEntry, 'status' | 'rejectionReason' | 'reviewedAt' | 'reviewedBy' | 'updatedAt'>,
): Promise<void> {
  await tx.update(entries).set(set).where(eq(entries.id, entryId));
}
