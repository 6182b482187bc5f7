/**
 * Drizzle queries of the entries module: the entry read model (TEntry with participant, contest
 * summary, ranking and likedByMe), contest counters and the leaderboard.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unitsToCredits, pageOf } from '@contesthub/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { contests, entries, entryLikes, users, votes } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { statusForDates } from '../contests/phase.js';
import type { TEntry } from './entries.schemas.js';

export type ContestRow = typeof contests.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;

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

/** The participant columns an entry answer shows (ZEntryParticipant once mapped). */
const participantColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  profilePicture: users.profilePicture,
  isVerified: users.isVerified,
};

type ParticipantRow = { id: string; fullName: string; username: string; profilePicture: string | null; isVerified: boolean };

/** participantColumns as the answers show them (ZEntryParticipant). */
const toParticipant = (p: ParticipantRow) => ({
  _id: p.id,
  fullName: p.fullName,
  username: p.username,
  profilePicture: p.profilePicture,
  verified: p.isVerified,
});

function entrySelection(viewerId: string | undefined) {
  return {
    entry: entries,
    contest: {
      id: contests.id,
      title: contests.title,
      category: contests.category,
      status: contests.status,
      entryFee: contests.entryFee,
      entryFeeAmount: contests.entryFeeAmount,
      prizeType: contests.prizeType,
      prizeAmount: contests.prizeAmount,
      badgeTitle: contests.badgeTitle,
      entryStartDate: contests.entryStartDate,
      entryEndDate: contests.entryEndDate,
      votingStartDate: contests.votingStartDate,
      votingEndDate: contests.votingEndDate,
    },
    participant: participantColumns,
    ranking: rankingSql,
    likedByMe: viewerId
      ? sql<boolean>`exists(select 1 from ${entryLikes} where ${entryLikes.entryId} = ${entries.id} and ${entryLikes.userId} = ${viewerId})`
      : sql<null>`null`,
  };
}

type SelectedRow = {
  entry: EntryRow;
  contest: {
    id: string;
    title: string;
    category: string;
    status: ContestRow['status'];
    entryFee: ContestRow['entryFee'];
    entryFeeAmount: number;
    prizeType: ContestRow['prizeType'];
    prizeAmount: number;
    badgeTitle: string | null;
    entryStartDate: Date;
    entryEndDate: Date;
    votingStartDate: Date;
    votingEndDate: Date;
  };
  participant: ParticipantRow;
  ranking: number | null;
  likedByMe: boolean | null;
};

function toEntry(row: SelectedRow, at: Date): TEntry {
  const { entry, contest, participant } = row;
  const created = entry.createdAt.toISOString();
  return {
    _id: entry.id,
    title: entry.title,
    description: entry.description,
    entryType: entry.entryType,
    status: entry.status,
    rejectionReason: entry.rejectionReason,
    media: entry.media.map((m) => ({
      url: m.url,
      ...(m.thumbnailUrl ? { thumbnailUrl: m.thumbnailUrl } : {}),
      kind: m.kind,
      mimeType: m.mimeType,
      size: m.size,
      ...(m.width !== undefined ? { width: m.width } : {}),
      ...(m.height !== undefined ? { height: m.height } : {}),
    })),
    tags: entry.tags,
    settings: { allowSharing: entry.allowSharing },
    votesCount: entry.votesCount,
    weightedVotes: entry.weightedVotes,
    likesCount: entry.likesCount,
    commentsCount: entry.commentsCount,
    ...(row.likedByMe === null ? {} : { likedByMe: row.likedByMe }),
    participant: toParticipant(participant),
    contest: {
      _id: contest.id,
      title: contest.title,
      category: contest.category,
      // What the dates call for now, even if the scheduler has not written it yet.
      status: statusForDates(contest, at),
      entryFee: contest.entryFee,
      entryFeeAmount: unitsToCredits(contest.entryFeeAmount),
      prizeType: contest.prizeType,
      prizeAmount: contest.prizeAmount,
      badgeTitle: contest.badgeTitle,
    },
    ranking: row.ranking === null ? null : Number(row.ranking),
    createdAt: created,
    submittedAt: created,
  };
}

export interface EntryQuery {
  where?: SQL | undefined;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  viewerId?: string | undefined;
}

/** Entries with everything TEntry shows, in the order asked. */
export async function findEntries(db: DbOrTx, q: EntryQuery): Promise<TEntry[]> {
  let query = db
    .select(entrySelection(q.viewerId))
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .innerJoin(users, eq(users.id, entries.participantId))
    .where(q.where)
    .orderBy(...(q.orderBy ?? [desc(entries.createdAt), desc(entries.id)]))
    .$dynamic();
  if (q.limit !== undefined) query = query.limit(q.limit);
  if (q.offset !== undefined) query = query.offset(q.offset);
  const rows = (await query) as SelectedRow[];
  const at = now();
  return rows.map((r) => toEntry(r, at));
}

export async function findEntry(db: DbOrTx, id: string, viewerId?: string): Promise<TEntry | undefined> {
  const [entry] = await findEntries(db, { where: eq(entries.id, id), viewerId, limit: 1 });
  return entry;
}

/** How many entries match, and the sum of their votesCount. */
export async function countEntries(db: DbOrTx, where: SQL | undefined): Promise<{ total: number; totalVotes: number }> {
  const [row] = await db
    .select({ total: count(), totalVotes: sql<number>`coalesce(sum(${entries.votesCount}), 0)::int` })
    .from(entries)
    .innerJoin(contests, eq(contests.id, entries.contestId))
    .where(where);
  return { total: Number(row?.total ?? 0), totalVotes: Number(row?.totalVotes ?? 0) };
}

/**
 * One page (`page` from 1, `limit` a page) of the entries matching `where`, as the entry lists
 * answer it, and the sum of votesCount over every match (only GET /api/entries shows it).
 */
export async function entryPage(
  db: DbOrTx,
  q: { where: SQL | undefined; orderBy?: SQL[]; page: number; limit: number; viewerId: string | undefined },
) {
  const [rows, counts] = await Promise.all([
    findEntries(db, { where: q.where, orderBy: q.orderBy, limit: q.limit, offset: (q.page - 1) * q.limit, viewerId: q.viewerId }),
    countEntries(db, q.where),
  ]);
  const { total } = counts;
  const pagination = pageOf(q, total);
  return {
    list: { entries: rows, total, totalPages: pagination.totalPages, pagination },
    totalVotes: counts.totalVotes,
  };
}

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

export interface LeaderboardRow {
  rank: number;
  entry: {
    _id: string;
    title: string;
    entryType: EntryRow['entryType'];
    thumbnailUrl: string | null;
    createdAt: string;
    participant: { _id: string; fullName: string; username: string; profilePicture: string | null; verified: boolean };
  };
  votes: number;
  votesCount: number;
}

/** The top `limit` approved entries of a contest in RANKING_ORDER, ranked 1…n (ties still get distinct ranks). */
export async function leaderboard(db: DbOrTx, contestId: string, limit: number): Promise<LeaderboardRow[]> {
  const rows = await db
    .select({
      entry: entries,
      participant: participantColumns,
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.participantId))
    .where(and(eq(entries.contestId, contestId), eq(entries.status, 'approved')))
    .orderBy(...RANKING_ORDER)
    .limit(limit);
  return rows.map(({ entry, participant }, i) => {
    const first = entry.media[0];
    return {
      rank: i + 1,
      entry: {
        _id: entry.id,
        title: entry.title,
        entryType: entry.entryType,
        thumbnailUrl: first?.thumbnailUrl ?? (first?.kind === 'image' ? first.url : null),
        createdAt: entry.createdAt.toISOString(),
        participant: toParticipant(participant),
      },
      votes: entry.weightedVotes,
      votesCount: entry.votesCount,
    };
  });
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
